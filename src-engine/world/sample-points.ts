import type { Vec3 } from '../util/geometry'
import type { Body } from './types'

/** Height of a standing figure model, inches (25–28 mm miniatures are about an inch tall). */
export const FIGURE_HEIGHT_IN = 1.1
/** Height of a prone figure's back above its base. */
export const PRONE_HEIGHT_IN = 0.25
/** A rectangular base's corner points are taken this far in from its edges (as a fraction of each half size), on the figure rather than the base's rim. */
const RECT_CORNER_INSET = 0.9

/** SMLE-SHOOT-02: the firer's eye is at 90% of figure height, 50% when prone. */
export function eyePoint(b: Pick<Body, 'position' | 'prone' | 'heightIn'>): Vec3 {
  const h = b.prone ? PRONE_HEIGHT_IN * 2 : (b.heightIn ?? FIGURE_HEIGHT_IN)
  return { x: b.position.x, y: b.position.y + h * (b.prone ? 0.5 : 0.9), z: b.position.z }
}

/**
 * SMLE-SHOOT-02: the five points of a standing target (head, chest, waist,
 * left and right shoulder); two points on the back of a prone one.
 *
 * A rectangular base (SMR-GEN-06) fills its base more than a round one's
 * figure does (a horse and rider, a figure with its front edge marking its
 * facing), so it is sampled over the whole base: the head above the
 * centre, the middle of its front edge at chest height, and its four
 * corners (just inside the rim) at waist height. Prone on a rectangle: two
 * points along its depth, as on a round base.
 */
export function bodySamplePoints(b: Body): Vec3[] {
  const { x, y, z } = b.position
  const yaw = (b.facingDeg * Math.PI) / 180
  // Facing direction on the table and the figure's right hand.
  const fx = Math.sin(yaw)
  const fz = -Math.cos(yaw)
  const rx = -fz
  const rz = fx
  const rect = b.footprint?.kind === 'rect' ? b.footprint : null
  if (b.prone) {
    const back = (rect ? rect.depthIn / 2 : b.baseRadiusIn) * 0.45
    return [
      { x: x + fx * back, y: y + PRONE_HEIGHT_IN, z: z + fz * back },
      { x: x - fx * back, y: y + PRONE_HEIGHT_IN, z: z - fz * back },
    ]
  }
  const h = b.heightIn ?? FIGURE_HEIGHT_IN
  if (rect) {
    const hd = (rect.depthIn / 2) * RECT_CORNER_INSET
    const hw = (rect.widthIn / 2) * RECT_CORNER_INSET
    const at = (ahead: number, right: number, height: number): Vec3 => ({
      x: x + fx * ahead + rx * right,
      y: y + height,
      z: z + fz * ahead + rz * right,
    })
    return [
      at(0, 0, h * 0.95),
      at(hd, 0, h * 0.75),
      at(hd, -hw, h * 0.55),
      at(hd, hw, h * 0.55),
      at(-hd, hw, h * 0.55),
      at(-hd, -hw, h * 0.55),
    ]
  }
  const s = b.baseRadiusIn * 0.35
  return [
    { x, y: y + h * 0.95, z },
    { x, y: y + h * 0.75, z },
    { x, y: y + h * 0.55, z },
    { x: x - rx * s, y: y + h * 0.8, z: z - rz * s },
    { x: x + rx * s, y: y + h * 0.8, z: z + rz * s },
  ]
}
