import { buildWorld } from '../../world/create-world'
import { pointInPolygon } from '../../world/geometry/polygon'
import { pointSegmentDistance, segmentsIntersect, type Vec2 } from '../../util/geometry'
import type { World } from './world'

/** The worlds built without some concealed positions, for each world they come from (`worldWithout`). */
const blind = new WeakMap<World, Map<string, World>>()

/**
 * SMLE-SHOOT-26: the table as a side that does not know the concealed
 * prepared positions `positionIds` sees it: the same scenario without them.
 * Built once for each world and set of positions, then kept with the world.
 */
export function worldWithout(world: World, positionIds: ReadonlySet<string>): World {
  if (positionIds.size === 0) return world
  const key = [...positionIds].sort().join('\n')
  let byKey = blind.get(world)
  if (!byKey) {
    byKey = new Map()
    blind.set(world, byKey)
  }
  let found = byKey.get(key)
  if (!found) {
    const scenario = world.scenario
    found = buildWorld({ ...scenario, positions: scenario.positions.filter((p) => !positionIds.has(p.id)) })
    byKey.set(key, found)
  }
  return found
}

/** How near a base's edge comes to a position's ground for it to count as run into (its walls stand on the edge). */
const FOUND_WITHIN_IN = 1

/**
 * The positions of `positionIds` a move along `route` (from `from`, a base of
 * `radiusIn`) runs into: those whose ground it passes within 1" of with its
 * base's edge; when none does, the one it passes nearest.
 */
export function positionsAlong(
  world: World,
  positionIds: ReadonlySet<string>,
  from: Vec2,
  route: readonly Vec2[],
  radiusIn: number,
): string[] {
  const points = [from, ...route]
  const gaps = world.model.positions
    .filter((p) => positionIds.has(p.id))
    .map((p) => ({ id: p.id, gap: gapToPolygon(points, p.occupancy) - radiusIn }))
  if (gaps.length === 0) return []
  const near = gaps.filter((g) => g.gap <= FOUND_WITHIN_IN)
  if (near.length > 0) return near.map((g) => g.id)
  return [gaps.reduce((a, b) => (b.gap < a.gap ? b : a)).id]
}

/** The least distance between a path (its corners in order) and a polygon's outline (0 where they meet or cross). */
function gapToPolygon(path: readonly Vec2[], polygon: readonly Vec2[]): number {
  let best = Number.POSITIVE_INFINITY
  const n = polygon.length
  for (let i = 0; i < path.length; i++) {
    const a = path[i] as Vec2
    const b = (path[i + 1] ?? a) as Vec2
    if (pointInPolygon(a, polygon)) return 0
    for (let k = 0; k < n; k++) {
      const p = polygon[k] as Vec2
      const q = polygon[(k + 1) % n] as Vec2
      if (segmentsIntersect(a, b, p, q)) return 0
      best = Math.min(
        best,
        pointSegmentDistance(p, a, b),
        pointSegmentDistance(q, a, b),
        pointSegmentDistance(a, p, q),
        pointSegmentDistance(b, p, q),
      )
      if (best === 0) return 0
    }
  }
  return best
}
