/** Renderers that draw WebGL on the processor: no graphics card (virtual machines, remote desktops, test machines). */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i

/** Whether a WebGL renderer's name is one of a software renderer. */
export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERER.test(name)
}

/** Whether a WebGL context is drawn in software; null when it cannot tell (no name to read). */
export function contextInSoftware(gl: WebGL2RenderingContext | WebGLRenderingContext): boolean | null {
  const info = gl.getExtension('WEBGL_debug_renderer_info')
  const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)
  return typeof name === 'string' && name !== '' ? isSoftwareRenderer(name) : null
}

/** Where the page remembers whether its table is drawn with multisampling. */
export const ANTIALIAS_KEY = 'smle-table.antialias'

/**
 * Whether to ask the table's context for multisampling, as this page learnt
 * the last time it drew (`learnAntialias`). Not at first: a software renderer
 * (no graphics card) pays four samples a pixel with about a third of its first
 * frame's time and three quarters of every frame's, where a graphics card has
 * them almost for nothing; asking another context first would cost as much.
 */
export function rememberedAntialias(): boolean {
  try {
    return localStorage.getItem(ANTIALIAS_KEY) === 'on'
  } catch {
    return false
  }
}

/**
 * Whether the table should be multisampled, now its context can say what
 * draws it (a graphics card: yes; software: no; cannot tell: yes); kept for
 * the next time the page opens.
 */
export function learnAntialias(gl: WebGL2RenderingContext | WebGLRenderingContext): boolean {
  const wanted = contextInSoftware(gl) !== true
  try {
    localStorage.setItem(ANTIALIAS_KEY, wanted ? 'on' : 'off')
  } catch {
    // Nowhere to keep it: the next page learns it again.
  }
  return wanted
}
