import type { Vec3 } from '../util/geometry'
import type { Body } from './types'

/** Height of a standing figure model, inches (25–28 mm miniatures are about an inch tall). */
export const FIGURE_HEIGHT_IN = 1.1
/** Height of a prone figure's back above its base. */
export const PRONE_HEIGHT_IN = 0.25

/** SMLE-SHOOT-02: the firer's eye is at 90% of figure height, 50% when prone. */
export function eyePoint(b: Body): Vec3 {
  const h = b.prone ? PRONE_HEIGHT_IN * 2 : FIGURE_HEIGHT_IN
  return { x: b.position.x, y: b.position.y + h * (b.prone ? 0.5 : 0.9), z: b.position.z }
}

/**
 * SMLE-SHOOT-02: the five points of a standing target (head, chest, waist,
 * left and right shoulder); two points on the back of a prone one.
 */
export function bodySamplePoints(b: Body): Vec3[] {
  const { x, y, z } = b.position
  const yaw = (b.facingDeg * Math.PI) / 180
  // Facing direction on the table and the figure's right hand.
  const fx = Math.sin(yaw)
  const fz = -Math.cos(yaw)
  const rx = -fz
  const rz = fx
  if (b.prone) {
    const back = b.baseRadiusIn * 0.45
    return [
      { x: x + fx * back, y: y + PRONE_HEIGHT_IN, z: z + fz * back },
      { x: x - fx * back, y: y + PRONE_HEIGHT_IN, z: z - fz * back },
    ]
  }
  const h = FIGURE_HEIGHT_IN
  const s = b.baseRadiusIn * 0.35
  return [
    { x, y: y + h * 0.95, z },
    { x, y: y + h * 0.75, z },
    { x, y: y + h * 0.55, z },
    { x: x - rx * s, y: y + h * 0.8, z: z - rz * s },
    { x: x + rx * s, y: y + h * 0.8, z: z + rz * s },
  ]
}
