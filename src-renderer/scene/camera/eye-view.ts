import { eyePoint, type FigureState } from '../../../src-engine/index'

/**
 * Where the camera stands and looks for a figure's-eye view: at the figure's
 * eye (the same point the rules use for line of sight, SMLE-SHOOT-02),
 * looking along its facing, turned by the player's yaw and pitch (radians).
 */
export function eyeView(
  figure: FigureState,
  yaw: number,
  pitch: number,
): { eye: { x: number; y: number; z: number }; lookAt: { x: number; y: number; z: number } } {
  const eye = eyePoint(figure)
  const heading = (figure.facingDeg * Math.PI) / 180 - yaw
  const dx = Math.sin(heading) * Math.cos(pitch)
  const dz = -Math.cos(heading) * Math.cos(pitch)
  const dy = Math.sin(pitch)
  return { eye, lookAt: { x: eye.x + dx * 10, y: eye.y + dy * 10, z: eye.z + dz * 10 } }
}
