import type { TableScenario } from '../scenario/schema'
import { dist2, pointSegmentDistance, type Vec2, type Vec3, hypot } from '../util/geometry'
import { bodiesWithin, burstAround, landingPoint } from './blast'
import { arcOf, inFiringArc, vehicleFace } from './facing'
import { baseGapIn, poseOf } from './footprint'
import { pointInPolygon } from './geometry/polygon'
import { BvhProbe, OracleProbe } from './los/probes'
import { type HullSolid, HullProbe, hullSolid, hullsAcross, hullsApart } from './los/hulls'
import { type HullSet, SightCache } from './los/sight-cache'
import {
  type DoorMask,
  gradeFromCounts,
  nearCoverCounts,
  pointBlocker,
  type RayProbe,
  seesAny,
  sightBetween,
} from './los/sight'
import { GOING_COST } from './model/features'
import { compileTable, doorBlocks, type TableModel } from './model/table-model'
import { BaseMoves, navRadiusIn } from './nav/base-moves'
import { costDensityAt } from './nav/cost'
import { type Found, Movement } from './nav/movement'
import { vehicleMove } from './nav/vehicle'
import {
  betterCover,
  type Body,
  type CoverGrade,
  type Footprint,
  type Mover,
  moverClass,
  type PathResult,
  type Reach,
  type TerrainSample,
  type VehicleHull,
} from './types'
import type { World } from './world-interface'

/** How a world searches its model: the BVH and grids, or brute force (the oracle). */
export interface WorldEngines {
  readonly probe: RayProbe
  /** Index nav obstacles in a grid. */
  readonly indexed: boolean
  /** Try only tangent edges in path searches. */
  readonly prune: boolean
  /** Keep sight lines by the poses and door states they were worked out for (see `SightCache`). */
  readonly cacheSight?: boolean
}

const LIGHT: Mover = { armour: 'light' }
const NO_SOLIDS: readonly HullSolid[] = []
const NO_HULLS: HullSet = { key: '', solids: NO_SOLIDS }

type RectFootprint = Extract<Footprint, { kind: 'rect' }>

/** A rectangular footprint, or null for a round base (given as its radius or a circle). */
function rectOf(base: number | Footprint): RectFootprint | null {
  return typeof base !== 'number' && base.kind === 'rect' ? base : null
}

/** A round base's radius, given as a number or a circle footprint (a rectangle: its circumscribed radius). */
function radiusOf(base: number | Footprint): number {
  if (typeof base === 'number') return base
  return base.kind === 'circle' ? base.radiusIn : hypot(base.widthIn, base.depthIn) / 2
}

/** The door mask for a set of door states, kept per states object (match states are immutable). */
function doorMaskCache(model: TableModel): (doors: Readonly<Record<string, { readonly state: string }>>) => DoorMask {
  const cache = new WeakMap<object, DoorMask>()
  return (doors) => {
    let mask = cache.get(doors)
    if (!mask) {
      mask = new Uint8Array(model.doors.length)
      model.doors.forEach((d, i) => {
        const state = (doors[d.id]?.state ?? d.spec.state) as Parameters<typeof doorBlocks>[0]
        mask![i] = doorBlocks(state) ? 1 : 0
      })
      cache.set(doors, mask)
    }
    return mask
  }
}

/** Path searches kept per finder and door mask: a figure's moves are searched again and again while nothing moves it. */
const pathsKept = new WeakMap<object, WeakMap<DoorMask, Map<string, PathResult>>>()
/** The most answers kept for one finder and door mask (each a few points). */
const MAX_KEPT_PATHS = 20_000

function keptPaths(finder: object, mask: DoorMask): Map<string, PathResult> {
  return keptBy(pathsKept, finder, mask)
}

/**
 * Searches kept for `reach` the same way (its way round a building toward a goal is asked at two paces and two
 * fractions of each, and again while nothing moves the figure): the search, before it is cut to a budget.
 */
const searchesKept = new WeakMap<object, WeakMap<DoorMask, Map<string, Found>>>()

function keptBy<T>(
  store: WeakMap<object, WeakMap<DoorMask, Map<string, T>>>,
  finder: object,
  mask: DoorMask,
): Map<string, T> {
  let byMask = store.get(finder)
  if (!byMask) store.set(finder, (byMask = new WeakMap()))
  let kept = byMask.get(mask)
  if (!kept) byMask.set(mask, (kept = new Map()))
  return kept
}

/** The answers of `reach` cut from each kept search, by budget (never changed: the same answer is given again). */
const reachesKept = new WeakMap<Found, Map<number, { readonly ok: true } & Reach>>()
/** The most budgets kept for one search. */
const MAX_KEPT_REACHES = 64

/** The key of a search between two points (and to a floor, when one is asked for). */
function searchKey(from: Vec2 | Vec3, to: Vec2, options: { readonly toLevel?: number }): string {
  return `${from.x},${'y' in from ? from.y : ''},${from.z},${to.x},${to.z},${options.toLevel ?? ''}`
}

/** Builds a world over a table model with the given engines. */
export function createWorld(model: TableModel, engines: WorldEngines): World {
  const { scenario } = model
  const { probe } = engines
  const maskOf = doorMaskCache(model)
  const movement = new Movement(model, engines.indexed, engines.prune)
  const bases = new BaseMoves(movement)
  const doorById = new Map(model.doors.map((d) => [d.id, d]))
  const walls = model.structures.flatMap((s) => s.wallPieces)
  const positionById = new Map(model.positions.map((p) => [p.id, p]))
  const sightCache = engines.cacheSight ? new SightCache(model) : null

  // SMLE-SHOOT-02, SMLE-SHOOT-23: the vehicles' hulls as solids, each made once (the rules hand the same hull
  // objects, and the same lists, while no vehicle moves).
  const solidOfHull = new WeakMap<VehicleHull, HullSolid>()
  const setOfHulls = new WeakMap<readonly VehicleHull[], HullSet>()
  function hullSet(hulls: readonly VehicleHull[] | undefined): HullSet {
    if (!hulls || hulls.length === 0) return NO_HULLS
    let set = setOfHulls.get(hulls)
    if (!set) {
      const solids = hulls.map((h) => {
        let s = solidOfHull.get(h)
        if (!s) solidOfHull.set(h, (s = hullSolid(model, h)))
        return s
      })
      set = { key: solids.map((s) => s.key).join('|'), solids }
      setOfHulls.set(hulls, set)
    }
    return set
  }
  /** The table's probe, or one that sees these hulls too. */
  function probeWith(hulls: readonly HullSolid[]): RayProbe {
    return hulls.length ? new HullProbe(probe, hulls) : probe
  }
  /** The hulls of a set that cross a line from the firer to the target. */
  function crossingOf(set: HullSet, firer: Body, target: Body): readonly HullSolid[] {
    return set.solids.length ? hullsAcross(set.solids, firer, target) : NO_SOLIDS
  }

  const positionAt = (p: Vec2) => model.positions.find((pos) => pointInPolygon(p, pos.occupancy)) ?? null

  const terrainAt = (p: Vec2, mover: Mover = LIGHT): TerrainSample => {
    const position = positionAt(p)
    if (position) return { kind: 'position', moveCostPerIn: 1, cover: 'prepared', id: position.id }
    const structure = model.structures.find((s) => pointInPolygon(p, s.footprint))
    if (structure) return { kind: 'building', moveCostPerIn: 1, cover: 'none', id: structure.id }
    const areas = model.areas.filter((a) => pointInPolygon(p, a.polygon))
    if (!areas.length)
      return {
        kind: 'open',
        moveCostPerIn: costDensityAt([], p, { cls: moverClass(mover), vehicle: mover.vehicle !== undefined }),
        cover: 'none',
      }
    const road = areas.find((a) => a.roadSurface)
    const cls = moverClass(mover)
    const worst = [...areas].sort((a, b) => GOING_COST[b.goingFor(cls)] - GOING_COST[a.goingFor(cls)])[0]!
    const main = road ?? worst
    const density = costDensityAt(areas, p, { cls, vehicle: mover.vehicle !== undefined })
    let cover: CoverGrade = 'none'
    for (const a of areas) cover = betterCover(cover, a.cover)
    return {
      kind: Number.isFinite(density) ? main.kind : 'impassable',
      moveCostPerIn: density,
      cover,
      id: main.id,
      roadSurface: !!road,
    }
  }

  const world: World = {
    scenario,
    widthIn: model.widthIn,
    depthIn: model.depthIn,
    model,
    groundHeightAt: (x, z) => model.ground.heightAt(x, z),
    standingAt: (p) => movement.standing(p),
    heightOnFloor: (p, floor) => movement.heightOn(p, floor),
    doors: () => model.doors,
    door: (id) => doorById.get(id),
    walls: () => walls,
    footprintBlocker(p, base, doors, facingDeg = 0) {
      const rect = rectOf(base)
      if (rect)
        return bases.blockerAt(
          { position: p, facingDeg, footprint: rect },
          bases.levelOf(bases.space(rect), p),
          maskOf(doors),
        )
      const space = movement.finder(LIGHT, radiusOf(base)).space
      const level = space.levelAt(p, movement.standing(p).level) ?? 0
      return space.footprintBlocker(level, p, maskOf(doors))
    },
    pathBlocker(a, b, base, doors, facingDeg = 0) {
      const rect = rectOf(base)
      if (rect)
        return bases.sweepBlocker(
          { position: a, facingDeg, footprint: rect },
          b,
          bases.levelOf(bases.space(rect), a),
          maskOf(doors),
        )
      const space = movement.finder(LIGHT, radiusOf(base)).space
      const level = space.levelAt(a, movement.standing(a).level) ?? 0
      return space.sweepBlocker(level, a, b, maskOf(doors))
    },
    turnBlocker: (base, pivot, turnDeg, doors, stepIn) =>
      bases.turnBlocker(base, pivot, turnDeg, maskOf(doors), stepIn),
    prepare(movers, work) {
      // Sight first (the hull's BVH is built in one go), then the path searches, `work` nodes at a time.
      if (probe.prepare && !probe.prepare()) return false
      return movement.prepare(
        movers.map(({ base, mover }) => ({
          mover,
          r: rectOf(base) ? navRadiusIn(rectOf(base) as RectFootprint) : radiusOf(base),
        })),
        work,
      )
    },
    path(from, to, base, doors, mover, options = {}) {
      const rect = rectOf(base)
      const mask = maskOf(doors)
      if (rect) return movement.toPath(bases.find(from, to, rect, mask, mover, options).found)
      const r = radiusOf(base)
      // A search's answer depends on the finder (the mover's class and radius), the door mask and the two ends alone.
      const kept = keptPaths(movement.finder(mover, r), mask)
      const key = searchKey(from, to, options)
      let found = kept.get(key)
      if (!found) {
        if (kept.size >= MAX_KEPT_PATHS) kept.clear()
        found = movement.toPath(movement.find(from, to, r, mask, mover, options))
        kept.set(key, found)
      }
      return found
    },
    reach(from, to, budgetIn, base, doors, mover, options = {}) {
      const mask = maskOf(doors)
      const rect = rectOf(base)
      if (rect) return bases.reach(from, to, budgetIn, rect, mask, mover, options)
      const r = radiusOf(base)
      const kept = keptBy(searchesKept, movement.finder(mover, r), mask)
      const key = searchKey(from, to, options)
      let found = kept.get(key)
      if (!found) {
        if (kept.size >= MAX_KEPT_PATHS) kept.clear()
        found = movement.find(from, to, r, mask, mover, options)
        kept.set(key, found)
      }
      if (!found.ok) return found
      // Each budget's cut of the search is kept with it too: a figure's way round is asked again at the same budget
      // while nothing moves it.
      let cuts = reachesKept.get(found)
      if (!cuts) reachesKept.set(found, (cuts = new Map()))
      let cut = cuts.get(budgetIn)
      if (!cut) {
        if (cuts.size >= MAX_KEPT_REACHES) cuts.clear()
        cut = { ok: true, ...movement.reach(found, budgetIn, mask) }
        cuts.set(budgetIn, cut)
      }
      return cut
    },
    sight(firer, target, doors, hulls) {
      const mask = maskOf(doors)
      // SMLE-SHOOT-02: a vehicle's hull blocks sight, but not to or from those aboard it: only the hulls that cross
      // one of the lines (`hullsAcross`) bear on it.
      const set = hullSet(hulls)
      if (!sightCache) return sightBetween(probeWith(crossingOf(set, firer, target)), firer, target, mask)
      return sightCache.sight(
        firer,
        target,
        mask,
        (across) => sightBetween(probeWith(across), firer, target, mask),
        set,
      )
    },
    sees(firer, target, doors, hulls) {
      const mask = maskOf(doors)
      const set = hullSet(hulls)
      if (!sightCache) return seesAny(probeWith(crossingOf(set, firer, target)), firer, target, mask)
      return sightCache.sees(firer, target, mask, (across) => seesAny(probeWith(across), firer, target, mask), set)
    },
    rayBlocker: (from, to, doors, hulls) => pointBlocker(probeWith(hullSet(hulls).solids), from, to, maskOf(doors)),
    coverOf(target, firer, doors, hulls) {
      // SMLE-SHOOT-24: ≥2 of the target's points hidden by cover within 2"; SMLE-SHOOT-23: a vehicle's hull is hard
      // cover (but not to those aboard it, SMLE-VEH-16, nor to the vehicle itself, SMLE-VEH-18).
      const p = probeWith(hullsApart(hullSet(hulls).solids, target, firer))
      let cover = gradeFromCounts(nearCoverCounts(p, firer, target, maskOf(doors)))
      // SMLE-MOVE-06: prone counts as soft cover.
      if (target.prone) cover = betterCover(cover, 'soft')
      // SMLE-SHOOT-24: an area flagged as cover; SMLE-SHOOT-26: a prepared position. Best only (SMLE-SHOOT-22).
      return betterCover(cover, terrainAt(target.position).cover)
    },
    distanceIn(a, b) {
      if (a.footprint?.kind === 'rect' || b.footprint?.kind === 'rect')
        return hypot(baseGapIn(poseOf(a), poseOf(b)), a.position.y - b.position.y)
      const horizontal = Math.max(0, dist2(a.position, b.position) - a.baseRadiusIn - b.baseRadiusIn)
      return hypot(horizontal, a.position.y - b.position.y)
    },
    terrainAt,
    withinRadius: (centre, radiusIn, bodies) => bodiesWithin(centre, radiusIn, bodies),
    burst: (centre, radiusIn, bodies, doors) => burstAround(probe, centre, radiusIn, bodies, maskOf(doors)),
    landing: (firer, target, deviation, doors, delivery, hulls) =>
      landingPoint(model, probe, firer, target, deviation, maskOf(doors), delivery, hullSet(hulls).solids),
    arcOf,
    positionAt,
    inFiringArc(positionId, target) {
      const p = positionById.get(positionId)
      return p ? inFiringArc(p, target) : false
    },
    vehicleFace,
    vehicleMove: (from, to, vehicle, doors) => vehicleMove(movement, from, to, vehicle, maskOf(doors)),
    baseLine: (sideId) => model.baseLines.find((b) => b.sideId === sideId) ?? model.baseLines[0]!,
    baseLineDistanceIn(sideId, p) {
      const line = world.baseLine(sideId)
      return pointSegmentDistance(p, line.a, line.b)
    },
    objectives: () => scenario.objectives,
  }
  return world
}

/**
 * The world the rules use: the table model with its hull in a three-mesh-bvh
 * BVH, nav obstacles in grids, pruned path searches, sight lines kept. Each
 * world keeps its own lines: nothing is shared between worlds (games, seats).
 */
export function buildWorld<Sc extends TableScenario>(scenario: Sc): World<Sc> {
  const model = compileTable(scenario)
  // The model keeps the very scenario it was built from.
  return createWorld(model, { probe: new BvhProbe(model), indexed: true, prune: true, cacheSight: true }) as World<Sc>
}

/**
 * The brute-force world: the same table model, every question answered by
 * trying every solid, obstacle and edge. The oracle the fast world is tested
 * against.
 */
export function buildBasicWorld<Sc extends TableScenario>(scenario: Sc): World<Sc> {
  const model = compileTable(scenario)
  return createWorld(model, { probe: new OracleProbe(model), indexed: false, prune: false }) as World<Sc>
}
