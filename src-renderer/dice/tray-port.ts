import { createStore } from 'zustand/vanilla'
import type { TraySceneProps } from './TrayScene'

/**
 * Where the dice tray is to be drawn: a DOM element of the Dice panel whose
 * rectangle the table's own canvas draws the tray into (one WebGL context for
 * the table and the tray), and what to show there. Null while no roll is shown.
 */
export interface TrayRequest {
  readonly target: HTMLElement
  readonly props: TraySceneProps
}

export const trayPort = createStore<{ request: TrayRequest | null }>(() => ({ request: null }))

/** The target's rectangle in the canvas's CSS pixels, y from the bottom (as `setViewport` takes it); null when nothing of it shows. */
export function trayViewport(
  canvas: { left: number; top: number; width: number; height: number },
  target: { left: number; top: number; width: number; height: number },
): { x: number; y: number; width: number; height: number } | null {
  if (target.width < 1 || target.height < 1) return null
  const x = target.left - canvas.left
  const y = canvas.top + canvas.height - (target.top + target.height)
  if (x >= canvas.width || y >= canvas.height || x + target.width <= 0 || y + target.height <= 0) return null
  return { x, y, width: target.width, height: target.height }
}
