import type { Vec2 } from '../../util/geometry'
import { boundsOf, pointInPolygon } from '../geometry/polygon'
import type { DoorMask } from '../los/sight'
import type { Blocker } from '../types'
import type { NavSpace } from './nav-space'
import { type NavShape, pointShapeDistance, segSegDistance } from './shapes'

const EDGE: Blocker = { kind: 'tableEdge', id: '', label: 'the edge of the table' }

/**
 * How far a convex polygon stands off an obstacle: the gap between their
 * outlines, 0 when they meet, and for a wall (a capsule) negative when the
 * polygon reaches into its thickness.
 */
export function polygonShapeGap(poly: readonly Vec2[], s: NavShape): number {
  let d = Infinity
  if (s.kind === 'capsule') {
    if (pointInPolygon(s.a, poly) || pointInPolygon(s.b, poly)) return -s.radius
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++)
      d = Math.min(d, segSegDistance(poly[j]!, poly[i]!, s.a, s.b))
    return d - s.radius
  }
  if (poly.some((v) => pointInPolygon(v, s.points)) || s.points.some((v) => pointInPolygon(v, poly))) return 0
  const pts = s.points
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    for (let k = 0, l = pts.length - 1; k < pts.length; l = k++)
      d = Math.min(d, segSegDistance(poly[j]!, poly[i]!, pts[l]!, pts[k]!))
  }
  return d
}

/** Convex hull of some points (monotone chain), clockwise seen from above. */
export function convexHull(points: readonly Vec2[]): Vec2[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.z - b.z)
  if (pts.length < 3) return pts
  const cross = (o: Vec2, a: Vec2, b: Vec2): number => (a.x - o.x) * (b.z - o.z) - (a.z - o.z) * (b.x - o.x)
  const lower: Vec2[] = []
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 1e-15) lower.pop()
    lower.push(p)
  }
  const upper: Vec2[] = []
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 1e-15) upper.pop()
    upper.push(p)
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)]
}

function insideTable(space: NavSpace, poly: readonly Vec2[]): boolean {
  const { widthIn, depthIn } = space.model
  return poly.every((v) => v.x >= 0 && v.z >= 0 && v.x <= widthIn && v.z <= depthIn)
}

/**
 * What a base whose outline is the convex polygon `poly` overlaps standing
 * on a level: the table edge, a wall, a shut door, an obstacle, a feature
 * it may not stand on (unless `withFeatures` is false). The first in the
 * level's order, as `NavSpace.footprintBlocker`. The outline is expected
 * already shrunk by the touch slack, so a base flush against a wall is
 * clear. With `doors` null, door leaves are ignored.
 */
export function polygonBlocker(
  space: NavSpace,
  levelIdx: number,
  poly: readonly Vec2[],
  doors: DoorMask | null,
  withFeatures = true,
): Blocker | null {
  if (!insideTable(space, poly)) return EDGE
  const level = space.levels[levelIdx]!
  let best = -1
  space.visit(level, boundsOf(poly), (o, i) => {
    if (best >= 0 && i >= best) return false
    if (o.doorSlot >= 0 && !(doors && doors[o.doorSlot])) return false
    if (o.climbIn !== null && !withFeatures) return false
    if (polygonShapeGap(poly, o.shape) <= 0) best = i
    return false
  })
  return best >= 0 ? level.obstacles[best]!.blocker : null
}

/**
 * The obstacle a convex base sweeps over moving straight, without turning,
 * from `a` (outline `start`) to `b` (outline `end`), the one nearest `a`;
 * crossable features are not in the way (as `NavSpace.sweepBlocker`). The
 * area swept is exactly the convex hull of the two outlines. The space's
 * radius must be at least the base's circumscribed radius, so its index
 * finds every obstacle near the centre line.
 */
export function sweptPolygonBlocker(
  space: NavSpace,
  levelIdx: number,
  a: Vec2,
  b: Vec2,
  start: readonly Vec2[],
  end: readonly Vec2[],
  doors: DoorMask | null,
): Blocker | null {
  if (!insideTable(space, end)) return EDGE
  const hull = convexHull([...start, ...end])
  const level = space.levels[levelIdx]!
  let best: { d: number; i: number } | null = null
  space.visitAlong(level, a, b, (o, i) => {
    if (o.climbIn !== null) return false
    if (o.doorSlot >= 0 && !(doors && doors[o.doorSlot])) return false
    if (polygonShapeGap(hull, o.shape) > 0) return false
    const d = pointShapeDistance(a, o.shape)
    if (!best || d < best.d - 1e-12 || (Math.abs(d - best.d) <= 1e-12 && i < best.i)) best = { d, i }
    return false
  })
  return best ? level.obstacles[(best as { i: number }).i]!.blocker : null
}
