import type { Vec2 } from '../../util/geometry'
import { pointInPolygon, type Rect2 } from '../geometry/polygon'
import type { Blocker } from '../types'

/**
 * Obstacles to a moving base, on the table plane: a segment with a
 * thickness (walls, door leaves, linear features), or a solid polygon
 * (vehicles, stairs, impassable areas).
 */
export type NavShape =
  | { readonly kind: 'capsule'; readonly a: Vec2; readonly b: Vec2; readonly radius: number }
  | { readonly kind: 'polygon'; readonly points: readonly Vec2[]; readonly convex: boolean }

/** An obstacle on one level of the table. */
export interface NavObstacle {
  readonly shape: NavShape
  readonly blocker: Blocker
  /** Door leaves: the door's slot; the leaf is there only while the door is shut. −1 otherwise. */
  readonly doorSlot: number
  /**
   * Crossable features (hedges, low walls, parapets): a base may not stand
   * on one, but a move may cross it, paying `climbIn` (SMLE-GEN-05).
   */
  readonly climbIn: number | null
}

/** Slack allowed when a base touches an obstacle. */
export const TOUCH_EPS = 1e-6

/** Distance from point (px, pz) to the segment (ax, az)–(bx, bz). Inlined arithmetic: this is the inner loop of every move check. */
function pointSeg(px: number, pz: number, ax: number, az: number, bx: number, bz: number): number {
  const dx = bx - ax
  const dz = bz - az
  const len2 = dx * dx + dz * dz
  let t = len2 > 0 ? ((px - ax) * dx + (pz - az) * dz) / len2 : 0
  t = t < 0 ? 0 : t > 1 ? 1 : t
  const ex = px - (ax + t * dx)
  const ez = pz - (az + t * dz)
  return Math.sqrt(ex * ex + ez * ez)
}

/** Distance between two segments on the plane (0 when they cross). */
export function segSegDistance(a: Vec2, b: Vec2, c: Vec2, d: Vec2): number {
  const d1 = (d.x - c.x) * (a.z - c.z) - (d.z - c.z) * (a.x - c.x)
  const d2 = (d.x - c.x) * (b.z - c.z) - (d.z - c.z) * (b.x - c.x)
  const d3 = (b.x - a.x) * (c.z - a.z) - (b.z - a.z) * (c.x - a.x)
  const d4 = (b.x - a.x) * (d.z - a.z) - (b.z - a.z) * (d.x - a.x)
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return 0
  return Math.min(
    pointSeg(a.x, a.z, c.x, c.z, d.x, d.z),
    pointSeg(b.x, b.z, c.x, c.z, d.x, d.z),
    pointSeg(c.x, c.z, a.x, a.z, b.x, b.z),
    pointSeg(d.x, d.z, a.x, a.z, b.x, b.z),
  )
}

function outlineDistance(p: Vec2, pts: readonly Vec2[]): number {
  let d = Infinity
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++)
    d = Math.min(d, pointSeg(p.x, p.z, pts[j]!.x, pts[j]!.z, pts[i]!.x, pts[i]!.z))
  return d
}

/** Distance from a point to a shape's body (0 inside a polygon). */
export function pointShapeDistance(p: Vec2, s: NavShape): number {
  if (s.kind === 'capsule') return Math.max(0, pointSeg(p.x, p.z, s.a.x, s.a.z, s.b.x, s.b.z) - s.radius)
  return pointInPolygon(p, s.points) ? 0 : outlineDistance(p, s.points)
}

/** Distance from a segment to a shape's body. */
export function segmentShapeDistance(a: Vec2, b: Vec2, s: NavShape): number {
  if (s.kind === 'capsule') return Math.max(0, segSegDistance(a, b, s.a, s.b) - s.radius)
  if (pointInPolygon(a, s.points) || pointInPolygon(b, s.points)) return 0
  let d = Infinity
  const pts = s.points
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) d = Math.min(d, segSegDistance(a, b, pts[j]!, pts[i]!))
  return d
}

/** True when a base of radius `r` at `p` overlaps the shape. */
export function baseOverlaps(p: Vec2, r: number, s: NavShape): boolean {
  return pointShapeDistance(p, s) < r - TOUCH_EPS
}

/** True when a base of radius `r` moving from `a` to `b` sweeps over the shape (bounds first: most candidates are near misses). */
export function sweepOverlaps(a: Vec2, b: Vec2, r: number, s: NavShape, bounds?: Rect2): boolean {
  if (
    bounds &&
    (Math.max(a.x, b.x) < bounds.minX ||
      Math.min(a.x, b.x) > bounds.maxX ||
      Math.max(a.z, b.z) < bounds.minZ ||
      Math.min(a.z, b.z) > bounds.maxZ)
  )
    return false
  return segmentShapeDistance(a, b, s) < r - TOUCH_EPS
}

/** The shape's bounds, grown by `pad`. */
export function shapeBounds(s: NavShape, pad: number): Rect2 {
  if (s.kind === 'capsule') {
    const g = s.radius + pad
    return {
      minX: Math.min(s.a.x, s.b.x) - g,
      minZ: Math.min(s.a.z, s.b.z) - g,
      maxX: Math.max(s.a.x, s.b.x) + g,
      maxZ: Math.max(s.a.z, s.b.z) + g,
    }
  }
  let minX = Infinity
  let minZ = Infinity
  let maxX = -Infinity
  let maxZ = -Infinity
  for (const p of s.points) {
    minX = Math.min(minX, p.x)
    minZ = Math.min(minZ, p.z)
    maxX = Math.max(maxX, p.x)
    maxZ = Math.max(maxZ, p.z)
  }
  return { minX: minX - pad, minZ: minZ - pad, maxX: maxX + pad, maxZ: maxZ + pad }
}
