/**
 * The table's graphics context, made as the page starts. Making a WebGL
 * context has the graphics process start one (on a software renderer, a
 * good part of the table's first frame); made at once, that runs while the
 * page loads its game, connects to the host and paints the ground, instead
 * of after the canvas has been laid out. The table's canvas takes it
 * (`takeTableContext`); one not taken soon is let go.
 */
interface EarlyContext {
  readonly canvas: HTMLCanvasElement
  readonly context: WebGL2RenderingContext
  readonly antialias: boolean
}

/** A context not taken by then is let go (the page may open on no game). */
const KEEP_MS = 20_000

let early: EarlyContext | null = null

/** The attributes three.js asks for (its defaults, with the table's own choices). */
export function tableContextAttributes(antialias: boolean): WebGLContextAttributes {
  return {
    alpha: true,
    depth: true,
    stencil: false,
    antialias,
    premultipliedAlpha: true,
    preserveDrawingBuffer: true,
    powerPreference: 'high-performance',
    failIfMajorPerformanceCaveat: false,
  }
}

/** Makes the table's context now, with the multisampling the page remembers. */
export function startTableContext(antialias: boolean): void {
  if (early) return
  const canvas = document.createElement('canvas')
  // Marked, so a test can tell it is the table's.
  canvas.dataset.context = 'early'
  const context = canvas.getContext('webgl2', tableContextAttributes(antialias))
  if (!context) return
  const made = { canvas, context, antialias }
  early = made
  setTimeout(() => {
    if (early !== made) return
    early = null
    context.getExtension('WEBGL_lose_context')?.loseContext()
  }, KEEP_MS)
}

/**
 * The context made at the start, for a table drawn with this multisampling,
 * or null (none made, already taken, lost, or made with the other setting,
 * in which case it is let go).
 */
export function takeTableContext(
  antialias: boolean,
): { canvas: HTMLCanvasElement; context: WebGL2RenderingContext } | null {
  const made = early
  early = null
  if (!made) return null
  if (made.antialias !== antialias || made.context.isContextLost()) {
    made.context.getExtension('WEBGL_lose_context')?.loseContext()
    return null
  }
  return made
}
