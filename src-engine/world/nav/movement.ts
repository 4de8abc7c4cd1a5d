import type { Vec2, Vec3 } from '../../util/geometry'
import type { DoorMask } from '../los/sight'
import type { TableModel } from '../model/table-model'
import {
  type Blocker,
  type Mover,
  moverClass,
  type PathOptions,
  type PathResult,
  type Reach,
  type Standing,
} from '../types'
import { NavSpace } from './nav-space'
import { PathFinder, type Route, type Spot } from './search'
import { hypot } from '../../util/geometry'

/** A path as found: the route with its spots, or what stops it. */
export type Found =
  | { readonly ok: true; readonly route: Route; readonly finder: PathFinder }
  | { readonly ok: false; readonly blocker: Blocker }

/** Floors are told apart from a base's height with this slack. */
const FLOOR_SLACK_IN = 0.5

/**
 * Moves over the table: one nav space and path finder per kind of mover and
 * base size, built when first needed and kept.
 */
export class Movement {
  private readonly spaces = new Map<string, PathFinder>()

  constructor(
    readonly model: TableModel,
    private readonly indexed: boolean,
    private readonly prune: boolean,
  ) {}

  /** The path finder for a mover of this kind and radius. */
  finder(mover: Mover, r: number): PathFinder {
    const cls = moverClass(mover)
    const key = `${cls}:${r}`
    let f = this.spaces.get(key)
    if (!f) {
      f = new PathFinder(
        new NavSpace(this.model, { cls, vehicle: mover.vehicle !== undefined, r }, this.indexed),
        this.prune,
      )
      this.spaces.set(key, f)
    }
    return f
  }

  /** Builds the edges of up to `nodes` nodes of these movers' path finders ahead of need; true when all are built (see `PathFinder.prepare`). */
  prepare(movers: readonly { readonly mover: Mover; readonly r: number }[], nodes: number): boolean {
    let left = nodes
    for (const { mover, r } of movers) {
      const unused = this.finder(mover, r).prepare(left)
      if (unused === null) return false
      left = unused
    }
    return true
  }

  /** Where a point is: which building and floor, from its height when it has one. */
  standing(p: Vec2 | Vec3): Standing {
    const y = 'y' in p ? p.y : undefined
    for (const s of this.model.structures) {
      if (!insideRect(p, s.interior)) continue
      let level = 0
      if (y !== undefined) for (let k = 1; k < s.floorYs.length; k++) if (y >= s.floorYs[k]! - FLOOR_SLACK_IN) level = k
      return { level, structureId: s.id, y: s.floorYs[level]! }
    }
    return { level: 0, structureId: null, y: this.model.ground.heightAt(p.x, p.z) }
  }

  /** The height a base stands at on a level (the ground or an upper floor); null where there is no such floor. */
  heightOn(p: Vec2, level: number): number | null {
    if (level <= 0) return this.model.ground.heightAt(p.x, p.z)
    for (const s of this.model.structures)
      if (level < s.floorYs.length && insideRect(p, s.interior)) return s.floorYs[level]!
    return null
  }

  /** The level a move to `to` arrives on: as asked, else the start's floor when `to` is in the same building, else the ground. */
  goalLevel(from: Standing, to: Vec2, options: PathOptions): number {
    if (options.toLevel !== undefined) return options.toLevel
    if (from.level > 0 && from.structureId) {
      const s = this.model.structures.find((x) => x.id === from.structureId)
      if (s && insideRect(to, s.interior)) return from.level
    }
    return 0
  }

  /**
   * Finds the cheapest route, trying the straight line first. Decisions
   * where the reference is silent:
   * - Routes bend only at corners of obstacles grown by the base radius
   *   (octagons round rounded ends, so a corner costs a hair more than the
   *   exact arc), at both sides of doorways, at stair ends and just outside
   *   costly areas; the cost is then measured exactly along that route.
   * - Where the going is uneven (woods, features to climb, slopes) the cheapest
   *   route may bend between corners; the route found may then be up to 2%
   *   dearer than the cheapest (never cheaper), as the oracle tests check.
   * - Hills are not routed round: their climbs are paid on the route taken.
   * - Crossing a hedge, fence, low wall or parapet costs its height as a climb
   *   (SMLE-GEN-05); a base may not stop on one.
   */
  find(from: Vec2 | Vec3, to: Vec2, r: number, doors: DoorMask, mover: Mover, options: PathOptions = {}): Found {
    const finder = this.finder(mover, r)
    const space = finder.space
    const startStanding = this.standing(from)
    const startLevel = space.levelAt(from, startStanding.level) ?? 0
    const goalFloor = this.goalLevel(startStanding, to, options)
    const goalLevel = space.levelAt(to, goalFloor)
    if (goalLevel === null)
      return { ok: false, blocker: { kind: 'floor', id: '', label: 'no floor at that height there' } }
    const atGoal = space.footprintBlocker(goalLevel, to, doors)
    if (atGoal) return { ok: false, blocker: atGoal }
    const start: Spot = { p: { x: from.x, z: from.z }, level: startLevel }
    const goal: Spot = { p: { x: to.x, z: to.z }, level: goalLevel }
    const straight = startLevel === goalLevel ? space.sweepBlocker(startLevel, start.p, goal.p, doors) : null
    if (startLevel === goalLevel && !straight && finder.legIsPlain(startLevel, start.p, goal.p)) {
      const c = finder.legCost(startLevel, start.p, goal.p)
      return { ok: true, finder, route: { spots: [start, goal], legCosts: [c], costIn: c } }
    }
    const route = finder.find(start, goal, doors)
    if (route) return { ok: true, finder, route }
    return {
      ok: false,
      blocker: straight ?? { kind: 'floor', id: '', label: 'the floors between (no way up or down)' },
    }
  }

  /** A found route as the world reports it: points with heights, length and cost. */
  toPath(found: Found): PathResult {
    if (!found.ok) return found
    const points = found.route.spots.map((s) => this.point(found.finder, s))
    let lengthIn = 0
    for (let i = 1; i < points.length; i++)
      lengthIn += hypot(points[i]!.x - points[i - 1]!.x, points[i]!.z - points[i - 1]!.z)
    return { ok: true, lengthIn: round3(lengthIn), costIn: round3(found.route.costIn), points }
  }

  private point(finder: PathFinder, s: Spot): Vec3 {
    const level = finder.space.levels[s.level]!
    const y = level.structure ? level.structure.floorYs[level.floor]! : this.model.ground.heightAt(s.p.x, s.p.z)
    return { x: s.p.x, y, z: s.p.z }
  }

  /**
   * How far along a found route a budget of inches goes: whole legs while
   * they fit, then the furthest point of the next leg the rest pays for (a
   * flight of stairs is all or nothing), stepping back off anything a base
   * may not stand on (by default: anything the route's round base overlaps).
   */
  reach(
    found: Found & { ok: true },
    budgetIn: number,
    doors: DoorMask,
    standsFree?: (level: number, p: Vec2) => boolean,
  ): Reach {
    const { route, finder } = found
    const space = finder.space
    const free = standsFree ?? ((level: number, p: Vec2) => !space.footprintBlocker(level, p, doors))
    const pts: Vec3[] = [this.point(finder, route.spots[0]!)]
    let spent = 0
    let length = 0
    let complete = true
    for (let i = 1; i < route.spots.length; i++) {
      const a = route.spots[i - 1]!
      const b = route.spots[i]!
      const c = route.legCosts[i - 1]!
      if (spent + c <= budgetIn + 1e-9) {
        spent += c
        length += hypot(b.p.x - a.p.x, b.p.z - a.p.z)
        pts.push(this.point(finder, b))
        continue
      }
      complete = false
      if (a.level !== b.level) break
      const left = budgetIn - spent
      let lo = 0
      let hi = 1
      const at = (t: number): Vec2 => ({ x: a.p.x + (b.p.x - a.p.x) * t, z: a.p.z + (b.p.z - a.p.z) * t })
      for (let k = 0; k < 40; k++) {
        const m = (lo + hi) / 2
        if (finder.legCost(a.level, a.p, at(m)) <= left) lo = m
        else hi = m
      }
      const legLen = hypot(b.p.x - a.p.x, b.p.z - a.p.z)
      for (let t = lo; t > 0; t -= Math.min(lo, 0.05 / Math.max(legLen, 1e-9))) {
        const p = at(t)
        if (free(a.level, p)) {
          spent += finder.legCost(a.level, a.p, p)
          length += legLen * t
          pts.push(this.point(finder, { p, level: a.level }))
          break
        }
      }
      break
    }
    const end = pts[pts.length - 1]!
    return { point: end, costIn: round3(spent), lengthIn: round3(length), points: pts, complete }
  }
}

const round3 = (v: number): number => Math.round(v * 1000) / 1000

function insideRect(p: Vec2, quad: readonly Vec2[]): boolean {
  // A convex quad: inside when on the same side of all four edges.
  let sign = 0
  for (let i = 0; i < quad.length; i++) {
    const a = quad[i]!
    const b = quad[(i + 1) % quad.length]!
    const c = (b.x - a.x) * (p.z - a.z) - (b.z - a.z) * (p.x - a.x)
    if (Math.abs(c) < 1e-12) continue
    if (sign === 0) sign = Math.sign(c)
    else if (Math.sign(c) !== sign) return false
  }
  return true
}
