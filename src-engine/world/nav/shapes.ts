import { type Vec2, pointSegmentDistance, segmentSegmentDistance } from '../../util/geometry'
import { distanceToOutline, pointInPolygon, type Rect2, segmentPolygonDistance } from '../geometry/polygon'
import type { Blocker } from '../types'

/**
 * Obstacles to a moving base, on the table plane: a segment with a
 * thickness (walls, door leaves, linear features), or a solid polygon
 * (vehicles, stairs, impassable areas).
 */
export type NavShape = { readonly kind: 'capsule'; readonly a: Vec2; readonly b: Vec2; readonly radius: number } | { readonly kind: 'polygon'; readonly points: readonly Vec2[]; readonly convex: boolean }

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

/** Distance from a point to a shape's body (0 inside a polygon). */
export function pointShapeDistance(p: Vec2, s: NavShape): number {
  if (s.kind === 'capsule') return Math.max(0, pointSegmentDistance(p, s.a, s.b) - s.radius)
  return pointInPolygon(p, s.points) ? 0 : distanceToOutline(p, s.points)
}

/** Distance from a segment to a shape's body. */
export function segmentShapeDistance(a: Vec2, b: Vec2, s: NavShape): number {
  if (s.kind === 'capsule') return Math.max(0, segmentSegmentDistance(a, b, s.a, s.b) - s.radius)
  return segmentPolygonDistance(a, b, s.points)
}

/** True when a base of radius `r` at `p` overlaps the shape. */
export function baseOverlaps(p: Vec2, r: number, s: NavShape): boolean {
  return pointShapeDistance(p, s) < r - TOUCH_EPS
}

/** True when a base of radius `r` moving from `a` to `b` sweeps over the shape. */
export function sweepOverlaps(a: Vec2, b: Vec2, r: number, s: NavShape): boolean {
  return segmentShapeDistance(a, b, s) < r - TOUCH_EPS
}

/** The shape's bounds, grown by `pad`. */
export function shapeBounds(s: NavShape, pad: number): Rect2 {
  if (s.kind === 'capsule') {
    const g = s.radius + pad
    return { minX: Math.min(s.a.x, s.b.x) - g, minZ: Math.min(s.a.z, s.b.z) - g, maxX: Math.max(s.a.x, s.b.x) + g, maxZ: Math.max(s.a.z, s.b.z) + g }
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

/** True when the segment `a`–`b` crosses the capsule's centre line (a move climbing over a feature). */
export function crossesCentreLine(a: Vec2, b: Vec2, s: NavShape): boolean {
  if (s.kind !== 'capsule') return false
  const o = (p: Vec2, q: Vec2, r: Vec2): number => (q.x - p.x) * (r.z - p.z) - (q.z - p.z) * (r.x - p.x)
  const d1 = o(s.a, s.b, a)
  const d2 = o(s.a, s.b, b)
  const d3 = o(a, b, s.a)
  const d4 = o(a, b, s.b)
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}
