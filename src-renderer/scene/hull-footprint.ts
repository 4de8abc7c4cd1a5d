import type { Vec3, VehicleHull } from '../../src-engine/index'

/** Whether a point lies over a vehicle's hull footprint (its length along its facing, its width across). */
export function overHull(h: VehicleHull, p: Vec3): boolean {
  const a = (h.facingDeg * Math.PI) / 180
  // Facing is clockwise from north (−Z): the front is (sin a, −cos a), the right side (cos a, sin a).
  const dx = p.x - h.position.x
  const dz = p.z - h.position.z
  const along = dx * Math.sin(a) - dz * Math.cos(a)
  const across = dx * Math.cos(a) + dz * Math.sin(a)
  return Math.abs(along) <= h.lengthIn / 2 + 1e-6 && Math.abs(across) <= h.widthIn / 2 + 1e-6
}

/** The hulls not over any of `points`: those that may stand between a camera and what it looks at. */
export function hullsApartFrom(hulls: readonly VehicleHull[], ...points: readonly Vec3[]): readonly VehicleHull[] {
  if (hulls.length === 0) return hulls
  return hulls.filter((h) => !points.some((p) => overHull(h, p)))
}
