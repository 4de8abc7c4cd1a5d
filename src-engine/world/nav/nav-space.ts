import type { Vec2 } from '../../util/geometry'
import { DOOR_LEAF_THICKNESS_IN } from '../building-geometry'
import { pointInPolygon, type Rect2, rectsOverlap, signedArea } from '../geometry/polygon'
import type { DoorMask } from '../los/sight'
import { GOING_COST } from '../model/features'
import type { StructureModel } from '../model/structures'
import type { TableModel } from '../model/table-model'
import type { Blocker } from '../types'
import { type CostProfile, costAreas } from './cost'
import { GridIndex } from './grid-index'
import {
  baseOverlaps,
  type NavObstacle,
  type NavShape,
  pointShapeDistance,
  shapeBounds,
  sweepOverlaps,
  TOUCH_EPS,
} from './shapes'
import { hypot } from '../../util/geometry'

/** A tracked vehicle pays this much extra to push over a hedge, fence or low wall ([decision], §13 is silent). */
export const VEHICLE_CROSSING_IN = 2

/** Who moves, as the search sees it. */
export interface NavProfile extends CostProfile {
  /** Radius of the base (vehicles: half their width). */
  readonly r: number
}

/** One level the search moves on: the ground (with every ground floor) or one upper floor of a building. */
export interface NavLevel {
  readonly key: string
  readonly floor: number
  readonly structure: StructureModel | null
  readonly obstacles: readonly NavObstacle[]
  /** Each obstacle's bounds grown by the base radius. */
  readonly bounds: readonly Rect2[]
  readonly grid: GridIndex | null
}

/** A corner the search may turn at. */
export interface NavNode {
  readonly p: Vec2
  readonly level: number
  /** Its neighbours on the octagon it was made from, for the tangent test; null when any direction may do. */
  readonly around: readonly [Vec2, Vec2] | null
  /** Door leaves its base would overlap: it is usable only while they are open. */
  readonly doors: readonly number[]
  /** Stairs: the node at the other end and what the flight costs. */
  readonly link: { readonly node: number; readonly costIn: number } | null
}

const EDGE: Blocker = { kind: 'tableEdge', id: '', label: 'the edge of the table' }
/** Octagon corners sit this much further out than the circle they go round, so edges between them clear it. */
const OCTAGON = (1 / Math.cos(Math.PI / 8)) * (1 + 1e-4)
/** How far portal and stair nodes stand off a wall face or stair end. */
const STAND_OFF_IN = 0.02
/** Grid cell of the obstacle index. */
const CELL_IN = 3
/** Corners with no uneven going (areas, slopes, features to climb) this close are pruned by the tangent test. */
const EVEN_REACH_IN = 3

/**
 * The table as a moving base of one size and kind sees it: obstacles per
 * level, and the corners a shortest route can turn at. The fast world indexes
 * the obstacles in a grid; the oracle (`indexed = false`) tries them all.
 */
export class NavSpace {
  readonly levels: NavLevel[] = []
  readonly nodes: NavNode[] = []
  readonly levelIndex = new Map<string, number>()
  readonly costAreas
  private readonly seen = new Set<string>()

  constructor(
    readonly model: TableModel,
    readonly profile: NavProfile,
    readonly indexed: boolean,
  ) {
    this.costAreas = costAreas(model, profile)
    this.addLevel('g', 0, null, this.groundObstacles())
    if (!profile.vehicle) {
      for (const s of model.structures) {
        for (let k = 1; k < s.floorYs.length; k++) this.addLevel(`${s.id}#${k}`, k, s, this.upperObstacles(s, k))
      }
    }
    this.levels.forEach((_, i) => this.addCornerNodes(i))
    this.addPortalNodes()
  }

  private addLevel(key: string, floor: number, structure: StructureModel | null, obstacles: NavObstacle[]): void {
    const bounds = obstacles.map((o) => shapeBounds(o.shape, this.profile.r))
    const grid = this.indexed ? new GridIndex(this.model.widthIn, this.model.depthIn, CELL_IN, bounds) : null
    this.levelIndex.set(key, this.levels.length)
    this.levels.push({ key, floor, structure, obstacles, bounds, grid })
  }

  private groundObstacles(): NavObstacle[] {
    const { model, profile } = this
    const out: NavObstacle[] = []
    const capsule = (a: Vec2, b: Vec2, radius: number): NavShape => ({ kind: 'capsule', a, b, radius })
    const poly = (points: readonly Vec2[], convex = true): NavShape => ({ kind: 'polygon', points, convex })
    for (const s of model.structures) {
      const what = s.kind === 'building' ? `the ${s.name}` : `the ${s.name.toLowerCase()}`
      const kind = s.kind === 'building' ? 'wall' : 'position'
      for (const w of s.wallPieces)
        out.push({
          shape: capsule(w.a, w.b, w.thicknessIn / 2),
          blocker: { kind, id: s.id, label: `the wall of ${what}` },
          doorSlot: -1,
          climbIn: null,
        })
      for (const st of s.stairs.filter((x) => x.floor === 0))
        out.push({
          shape: poly(st.corners),
          blocker: { kind: 'floor', id: s.id, label: `the stairs of ${what}` },
          doorSlot: -1,
          climbIn: null,
        })
    }
    for (const d of model.doors) {
      out.push({
        shape: capsule(d.hinge, d.latch, DOOR_LEAF_THICKNESS_IN / 2),
        blocker: {
          kind: 'door',
          id: d.id,
          label: `the closed door of the ${model.structures.find((s) => s.id === d.buildingId)?.name ?? d.buildingId}`,
        },
        doorSlot: model.doorSlots.get(d.id) ?? -1,
        climbIn: null,
      })
    }
    for (const o of model.obstacles)
      out.push({
        shape: poly(o.corners),
        blocker: { kind: 'obstacle', id: o.id, label: o.label },
        doorSlot: -1,
        climbIn: null,
      })
    for (const f of model.linear) {
      const blocker: Blocker = { kind: f.positionId ? 'position' : 'feature', id: f.positionId ?? f.id, label: f.label }
      let climbIn: number | null
      if (profile.cls === 'wheeled') climbIn = null
      else if (profile.cls === 'tracked') climbIn = f.heightIn > 1.5 ? null : VEHICLE_CROSSING_IN
      else climbIn = f.impassable ? null : f.heightIn
      for (let i = 0; i + 1 < f.points.length; i++)
        out.push({ shape: capsule(f.points[i]!, f.points[i + 1]!, f.thicknessIn / 2), blocker, doorSlot: -1, climbIn })
    }
    for (const a of model.areas) {
      if (GOING_COST[a.goingFor(profile.cls)] === Infinity)
        out.push({
          shape: poly(a.polygon, false),
          blocker: { kind: a.kind === 'woods' ? 'woods' : 'area', id: a.id, label: a.label },
          doorSlot: -1,
          climbIn: null,
        })
    }
    return out
  }

  private upperObstacles(s: StructureModel, k: number): NavObstacle[] {
    const what = `the ${s.name}`
    const out: NavObstacle[] = s.upperWallPieces.map((w) => ({
      shape: { kind: 'capsule', a: w.a, b: w.b, radius: w.thicknessIn / 2 },
      blocker: { kind: 'wall', id: s.id, label: `the wall of ${what}` },
      doorSlot: -1,
      climbIn: null,
    }))
    for (const st of s.stairs) {
      if (st.floor === k - 1)
        out.push({
          shape: { kind: 'polygon', points: st.corners, convex: true },
          blocker: { kind: 'floor', id: s.id, label: `the stairwell of ${what}` },
          doorSlot: -1,
          climbIn: null,
        })
      if (st.floor === k)
        out.push({
          shape: { kind: 'polygon', points: st.corners, convex: true },
          blocker: { kind: 'floor', id: s.id, label: `the stairs of ${what}` },
          doorSlot: -1,
          climbIn: null,
        })
    }
    return out
  }

  /** The level a point on a floor is on: the ground, or an upper floor of the building it is inside; null when there is no such floor. */
  levelAt(p: Vec2, floor: number): number | null {
    if (floor <= 0) return 0
    for (const s of this.model.structures) {
      if (floor < s.floorYs.length && pointInPolygon(p, s.interior))
        return this.levelIndex.get(`${s.id}#${floor}`) ?? null
    }
    return null
  }

  /** Calls `fn` for the level's obstacles whose grown bounds may meet the box (all of them in the oracle); stops when it returns true. */
  visit(
    level: NavLevel,
    box: { minX: number; minZ: number; maxX: number; maxZ: number },
    fn: (o: NavObstacle, i: number) => boolean,
  ): boolean {
    if (level.grid) return level.grid.someInRect(box, (i) => fn(level.obstacles[i]!, i))
    return level.obstacles.some(fn)
  }

  /** Calls `fn` for the level's obstacles whose grown bounds may meet the segment (all of them in the oracle); stops when it returns true. */
  visitAlong(level: NavLevel, a: Vec2, b: Vec2, fn: (o: NavObstacle, i: number) => boolean): boolean {
    if (level.grid) return level.grid.someAlong(a, b, (i) => fn(level.obstacles[i]!, i))
    return level.obstacles.some(fn)
  }

  /** True when a base stands inside the table. */
  onTable(p: Vec2): boolean {
    const r = this.profile.r
    return (
      p.x - r >= -TOUCH_EPS &&
      p.z - r >= -TOUCH_EPS &&
      p.x + r <= this.model.widthIn + TOUCH_EPS &&
      p.z + r <= this.model.depthIn + TOUCH_EPS
    )
  }

  /**
   * What a base standing at `p` on a level would overlap: the table edge, a
   * wall, a shut door, an obstacle, a feature it may not stand on. The
   * first in the level's order, so the answer does not depend on the index.
   */
  footprintBlocker(levelIdx: number, p: Vec2, doors: DoorMask | null, withFeatures = true): Blocker | null {
    if (!this.onTable(p)) return EDGE
    const r = this.profile.r
    const level = this.levels[levelIdx]!
    let best = -1
    this.visit(level, { minX: p.x, minZ: p.z, maxX: p.x, maxZ: p.z }, (o, i) => {
      if (best >= 0 && i >= best) return false
      if (o.doorSlot >= 0 && !(doors && doors[o.doorSlot])) return false
      if (o.climbIn !== null && !withFeatures) return false
      if (baseOverlaps(p, r, o.shape)) best = i
      return false
    })
    return best >= 0 ? level.obstacles[best]!.blocker : null
  }

  /** The door leaves (slots) a base at `p` would overlap. */
  doorsAt(levelIdx: number, p: Vec2): number[] {
    const level = this.levels[levelIdx]!
    const out: number[] = []
    this.visit(level, { minX: p.x, minZ: p.z, maxX: p.x, maxZ: p.z }, (o) => {
      if (o.doorSlot >= 0 && baseOverlaps(p, this.profile.r, o.shape)) out.push(o.doorSlot)
      return false
    })
    return out.sort((x, y) => x - y)
  }

  /**
   * The obstacle a base moving straight from `a` to `b` sweeps over, the one
   * nearest `a` (crossable features are not in the way); null when clear.
   * With `doors` null, door leaves are ignored.
   */
  sweepBlocker(levelIdx: number, a: Vec2, b: Vec2, doors: DoorMask | null): Blocker | null {
    if (!this.onTable(b)) return EDGE
    const r = this.profile.r
    const level = this.levels[levelIdx]!
    let best: { d: number; i: number } | null = null
    this.visitAlong(level, a, b, (o, i) => {
      if (o.climbIn !== null) return false
      if (o.doorSlot >= 0 && !(doors && doors[o.doorSlot])) return false
      if (!sweepOverlaps(a, b, r, o.shape, level.bounds[i])) return false
      const d = distanceFromStart(a, o.shape)
      if (!best || d < best.d - 1e-12 || (Math.abs(d - best.d) <= 1e-12 && i < best.i)) best = { d, i }
      return false
    })
    return best ? level.obstacles[(best as { i: number }).i]!.blocker : null
  }

  /** True when the sweep is clear of static obstacles; fills `doorsOut` with the door leaves it passes. */
  sweepClearStatic(levelIdx: number, a: Vec2, b: Vec2, doorsOut: number[]): boolean {
    const r = this.profile.r
    const level = this.levels[levelIdx]!
    return !this.visitAlong(level, a, b, (o, i) => {
      if (o.climbIn !== null) return false
      if (!sweepOverlaps(a, b, r, o.shape, level.bounds[i])) return false
      if (o.doorSlot >= 0) {
        if (!doorsOut.includes(o.doorSlot)) doorsOut.push(o.doorSlot)
        return false
      }
      return true
    })
  }

  /** SMLE-GEN-05: what the features a straight move climbs over add to its cost. */
  crossingCost(levelIdx: number, a: Vec2, b: Vec2): number {
    const level = this.levels[levelIdx]!
    let s = 0
    this.visitAlong(level, a, b, (o) => {
      if (o.climbIn !== null && o.shape.kind === 'capsule' && crossesCentre(a, b, o.shape.a, o.shape.b)) s += o.climbIn
      return false
    })
    return s
  }

  private addNode(level: number, p: Vec2, around: readonly [Vec2, Vec2] | null, link: NavNode['link'] = null): number {
    if (this.footprintBlocker(level, p, null) !== null) return -1
    const key = `${level}:${Math.round(p.x * 500)}:${Math.round(p.z * 500)}`
    if (!link && this.seen.has(key)) return -1
    if (!link) this.seen.add(key)
    this.nodes.push({ p, level, around, doors: this.doorsAt(level, p), link })
    return this.nodes.length - 1
  }

  /** Octagon corners round every end of every obstacle edge, where a base can stand. */
  private addCornerNodes(levelIdx: number): void {
    const r = this.profile.r
    const level = this.levels[levelIdx]!
    for (const o of level.obstacles) {
      if (o.doorSlot >= 0) continue
      const ends: { c: Vec2; dir: Vec2; radius: number }[] = []
      if (o.shape.kind === 'capsule') {
        const { a, b, radius } = o.shape
        const len = hypot(b.x - a.x, b.z - a.z) || 1
        const dir = { x: (b.x - a.x) / len, z: (b.z - a.z) / len }
        ends.push({ c: a, dir, radius }, { c: b, dir, radius })
      } else {
        const pts = o.shape.points
        const ccw = signedArea(pts) < 0
        for (let i = 0; i < pts.length; i++) {
          const prev = pts[(i + pts.length - 1) % pts.length]!
          const c = pts[i]!
          const next = pts[(i + 1) % pts.length]!
          // Only corners that stick out (convex) can be turned round.
          const cross = (c.x - prev.x) * (next.z - c.z) - (c.z - prev.z) * (next.x - c.x)
          if (o.shape.convex || (ccw ? cross < 0 : cross > 0)) {
            const len = hypot(next.x - c.x, next.z - c.z) || 1
            ends.push({ c, dir: { x: (next.x - c.x) / len, z: (next.z - c.z) / len }, radius: 0 })
          }
        }
      }
      for (const e of ends) {
        const R = (e.radius + r) * OCTAGON
        const ring = Array.from({ length: 8 }, (_, k) => {
          const ang = (k * Math.PI) / 4
          const c = Math.cos(ang)
          const s = Math.sin(ang)
          return { x: e.c.x + (e.dir.x * c - e.dir.z * s) * R, z: e.c.z + (e.dir.x * s + e.dir.z * c) * R }
        })
        // Tangent pruning is exact only where the going is even: corners of crossable features (a route may brush
        // or cross them) and corners near uneven going are never pruned.
        ring.forEach((p, k) =>
          this.addNode(
            levelIdx,
            p,
            o.climbIn === null && this.evenAround(levelIdx, p) ? [ring[(k + 7) % 8]!, ring[(k + 1) % 8]!] : null,
          ),
        )
      }
    }
    // Corners of costly areas, a little outside them, so a route can go round woods.
    if (levelIdx === 0) {
      for (const a of this.costAreas) {
        const pts = a.polygon
        const cw = signedArea(pts) > 0
        for (let i = 0; i < pts.length; i++) {
          const prev = pts[(i + pts.length - 1) % pts.length]!
          const c = pts[i]!
          const next = pts[(i + 1) % pts.length]!
          const cross = (c.x - prev.x) * (next.z - c.z) - (c.z - prev.z) * (next.x - c.x)
          if (cw ? cross <= 0 : cross >= 0) continue
          const n1 = outwardNormal(prev, c, cw)
          const n2 = outwardNormal(c, next, cw)
          const bx = n1.x + n2.x
          const bz = n1.z + n2.z
          const bl = hypot(bx, bz) || 1
          this.addNode(0, { x: c.x + (bx / bl) * 0.05, z: c.z + (bz / bl) * 0.05 }, null)
        }
      }
    }
  }

  /** True when no crossable feature or uneven going lies within a few inches of a point. */
  private evenAround(levelIdx: number, p: Vec2): boolean {
    const reach = EVEN_REACH_IN
    const box = { minX: p.x - reach, minZ: p.z - reach, maxX: p.x + reach, maxZ: p.z + reach }
    const uneven = (a: (typeof this.costAreas)[number]): boolean =>
      this.profile.vehicle || a.goingFor(this.profile.cls) !== 'open'
    if (levelIdx === 0 && this.costAreas.some((a) => uneven(a) && rectsOverlap(a.bounds, box))) return false
    if (levelIdx === 0 && this.model.ground.rangeNear([p], reach).max > 0) return false
    const level = this.levels[levelIdx]!
    return !this.visit(level, box, (o) => o.climbIn !== null && pointShapeDistance(p, o.shape) < reach)
  }

  /** Nodes on both sides of every doorway and opening, and at both ends of every stair. */
  private addPortalNodes(): void {
    const r = this.profile.r
    for (const s of this.model.structures) {
      const h = s.spec.wallThicknessIn / 2
      const portals = [...s.doors.map((d) => ({ centre: d.centre, outward: d.outward })), ...s.openings]
      for (const d of portals) {
        for (const sign of [1, -1]) {
          const k = (h + r + STAND_OFF_IN) * sign
          this.addNode(0, { x: d.centre.x + d.outward.x * k, z: d.centre.z + d.outward.z * k }, null)
        }
      }
      if (this.profile.vehicle) continue
      for (const st of s.stairs) {
        const lower = st.floor === 0 ? 0 : this.levelIndex.get(`${s.id}#${st.floor}`)
        const upper = this.levelIndex.get(`${s.id}#${st.floor + 1}`)
        if (lower === undefined || upper === undefined) continue
        const off = r + STAND_OFF_IN
        const bottom = { x: st.foot.x - st.up.x * off, z: st.foot.z - st.up.z * off }
        const top = { x: st.top.x + st.up.x * off, z: st.top.z + st.up.z * off }
        const run = st.lengthIn + 2 * off
        const rise = (s.floorYs[st.floor + 1] ?? 0) - (s.floorYs[st.floor] ?? 0)
        const b = this.nodes.length
        const ib = this.addNode(lower, bottom, null, { node: b + 1, costIn: run + rise })
        if (ib < 0) continue
        const it = this.addNode(upper, top, null, { node: b, costIn: run })
        if (it < 0) this.nodes.pop()
      }
    }
  }
}

function outwardNormal(a: Vec2, b: Vec2, clockwise: boolean): Vec2 {
  const len = hypot(b.x - a.x, b.z - a.z) || 1
  const n = { x: -(b.z - a.z) / len, z: (b.x - a.x) / len }
  return clockwise ? { x: -n.x, z: -n.z } : n
}

function crossesCentre(a: Vec2, b: Vec2, p: Vec2, q: Vec2): boolean {
  const d1 = (q.x - p.x) * (a.z - p.z) - (q.z - p.z) * (a.x - p.x)
  const d2 = (q.x - p.x) * (b.z - p.z) - (q.z - p.z) * (b.x - p.x)
  const d3 = (b.x - a.x) * (p.z - a.z) - (b.z - a.z) * (p.x - a.x)
  const d4 = (b.x - a.x) * (q.z - a.z) - (b.z - a.z) * (q.x - a.x)
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

function distanceFromStart(a: Vec2, s: NavShape): number {
  if (s.kind === 'capsule') {
    const dx = s.b.x - s.a.x
    const dz = s.b.z - s.a.z
    const len2 = dx * dx + dz * dz
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((a.x - s.a.x) * dx + (a.z - s.a.z) * dz) / len2))
    return Math.min(
      hypot(a.x - s.a.x, a.z - s.a.z),
      hypot(a.x - s.b.x, a.z - s.b.z),
      hypot(a.x - (s.a.x + t * dx), a.z - (s.a.z + t * dz)),
    )
  }
  let d = Infinity
  for (const p of s.points) d = Math.min(d, hypot(a.x - p.x, a.z - p.z))
  return d
}
