import type { MoverClass } from '../../scenario/schema'
import type { Vec2 } from '../../util/geometry'
import { pointInPolygon, rectsOverlap, segmentInsideIntervals } from '../geometry/polygon'
import { type AreaModel, GOING_COST } from '../model/features'
import type { TableModel } from '../model/table-model'
import { hypot } from '../../util/geometry'

/**
 * SMLE-VEH-02 and §13.1: off the road a vehicle moves at half its combat
 * speed, so each inch off-road costs two inches of its allowance.
 */
export const VEHICLE_OFF_ROAD_FACTOR = 2

/** Who pays for ground, and how. */
export interface CostProfile {
  readonly cls: MoverClass
  readonly vehicle: boolean
}

/**
 * Inches of move spent per inch crossed at a point (SMLE-MOVE-04): a road
 * surface costs 1 whatever it runs through; otherwise the worst going of the
 * areas the point is in. Vehicles pay double off the road (§13.1).
 */
export function costDensityAt(areas: readonly AreaModel[], p: Vec2, profile: CostProfile): number {
  let worst = 1
  for (const a of areas) {
    if (
      p.x < a.bounds.minX ||
      p.x > a.bounds.maxX ||
      p.z < a.bounds.minZ ||
      p.z > a.bounds.maxZ ||
      !pointInPolygon(p, a.polygon)
    )
      continue
    if (a.roadSurface) return 1
    worst = Math.max(worst, GOING_COST[a.goingFor(profile.cls)])
  }
  return profile.vehicle ? worst * VEHICLE_OFF_ROAD_FACTOR : worst
}

/** The areas that can change what a move costs for this mover. */
export function costAreas(model: TableModel, profile: CostProfile): AreaModel[] {
  return model.areas.filter((a) => a.roadSurface || a.goingFor(profile.cls) !== 'open' || profile.vehicle)
}

/** The parts of a straight move and what each inch of them costs, in order. */
export function costPieces(
  areas: readonly AreaModel[],
  a: Vec2,
  b: Vec2,
  profile: CostProfile,
): { t0: number; t1: number; density: number }[] {
  const box = { minX: Math.min(a.x, b.x), minZ: Math.min(a.z, b.z), maxX: Math.max(a.x, b.x), maxZ: Math.max(a.z, b.z) }
  const near = areas.filter((ar) => rectsOverlap(ar.bounds, box))
  // Most legs cross no area: one piece, as the cuts below would give it (0 to 1, its going read at the middle).
  if (near.length === 0)
    return [
      {
        t0: 0,
        t1: 1,
        density: costDensityAt(near, { x: a.x + (b.x - a.x) * 0.5, z: a.z + (b.z - a.z) * 0.5 }, profile),
      },
    ]
  const cuts = new Set<number>([0, 1])
  for (const ar of near) for (const [t0, t1] of segmentInsideIntervals(a, b, ar.polygon)) cuts.add(t0).add(t1)
  const ts = [...cuts].sort((p, q) => p - q)
  const out: { t0: number; t1: number; density: number }[] = []
  for (let i = 0; i + 1 < ts.length; i++) {
    const t0 = ts[i]!
    const t1 = ts[i + 1]!
    if (t1 - t0 < 1e-12) continue
    const m = (t0 + t1) / 2
    const density = costDensityAt(near, { x: a.x + (b.x - a.x) * m, z: a.z + (b.z - a.z) * m }, profile)
    const last = out[out.length - 1]
    if (last && last.density === density) last.t1 = t1
    else out.push({ t0, t1, density })
  }
  return out
}

/** SMLE-GEN-05 and SMLE-MOVE-04: horizontal length weighted by the going, without climbs. */
export function weightedLengthIn(areas: readonly AreaModel[], a: Vec2, b: Vec2, profile: CostProfile): number {
  const len = hypot(b.x - a.x, b.z - a.z)
  if (len < 1e-12) return 0
  let s = 0
  for (const p of costPieces(areas, a, b, profile)) s += (p.t1 - p.t0) * len * p.density
  return s
}
