import { type Vec2, type Vec3, hypot } from '../../util/geometry'
import { arcOf, bearingDeg, facingVector } from '../../world/facing'
import {
  baseCorners,
  baseGapIn,
  basesOverlap,
  basesTouch,
  circumRadiusIn,
  convexGapIn,
  firstContactAlong,
  inRadiusIn,
  movedTo,
} from '../../world/footprint'
import type { Arc, BasePose, Blocker, Body, DoorStates } from '../../world/types'
import type { World } from '../../world/world'
import { figureHeightIn, footprintOfProfile, isMounted, moveAllowanceIn } from './profile'
import type { SmrScenario } from './scenario'
import { type SmrState, type SmrUnit, unitsOnTable } from './state'

/** The SMR table world. */
export type SmrWorld = World<SmrScenario>

/** Samples along a move for terrain and base checks, inches. */
const STEP_IN = 0.25
/** Finer samples for base-against-base checks along a move, inches. */
const BASE_STEP_IN = 0.1

/** Door states as the world needs them (SMR-OPT-30: a broken door is open). */
export function doorStatesOf(state: SmrState): DoorStates {
  return state.doors
}

/** A unit's base where it stands (SMR-GEOM-01), or where it would stand. */
export function poseOfUnit(u: SmrUnit, at: Vec2 = u.position, facingDeg: number = u.facingDeg): BasePose {
  return { position: { x: at.x, z: at.z }, facingDeg, footprint: footprintOfProfile(u.profile) }
}

/** A unit as the world sees it (sight, distances): its base on the ground. */
export function bodyOf(world: SmrWorld, u: SmrUnit): Body {
  const footprint = footprintOfProfile(u.profile)
  return {
    id: u.id,
    position: { x: u.position.x, y: world.groundHeightAt(u.position.x, u.position.z), z: u.position.z },
    baseRadiusIn: circumRadiusIn(footprint),
    prone: false,
    facingDeg: u.facingDeg,
    footprint,
    heightIn: figureHeightIn(u.profile),
  }
}

/** The ground point under a table point. */
export function groundPoint(world: SmrWorld, p: Vec2): Vec3 {
  return { x: p.x, y: world.groundHeightAt(p.x, p.z), z: p.z }
}

/** SMR-GEOM-02: two units touch (gap ≤ `touchTolerance`, same level within `levelTolerance`). */
export function touching(state: SmrState, world: SmrWorld, a: SmrUnit, b: SmrUnit): boolean {
  return basesTouch(bodyOf(world, a), bodyOf(world, b), {
    gapIn: state.settings.touchTolerance,
    levelIn: state.settings.levelTolerance,
  })
}

/** Enemies on the table touching a unit (SMR-GEOM-02). */
export function enemiesTouching(state: SmrState, world: SmrWorld, u: SmrUnit): SmrUnit[] {
  if (u.status !== 'ok' || u.hiddenIn !== null) return []
  return unitsOnTable(state).filter((e) => e.sideId !== u.sideId && near(u, e) && touching(state, world, u, e))
}

/** Quick reject: centres further apart than two base diagonals plus a margin cannot touch. */
function near(a: SmrUnit, b: SmrUnit, margin = 0.5): boolean {
  const r = circumRadiusIn(footprintOfProfile(a.profile)) + circumRadiusIn(footprintOfProfile(b.profile)) + margin
  return Math.abs(a.position.x - b.position.x) <= r && Math.abs(a.position.z - b.position.z) <= r
}

/**
 * SMR-MOVE-07: a unit touching an opposing unit is in melee until one side
 * is eliminated or routed. A pair in which either unit is routed is no
 * longer a melee (the rout resolved it); a unit locked in melee cannot move
 * (SMR-MOVE-03), shoot or be shot at (SMR-MISS-02).
 */
export function isLocked(state: SmrState, world: SmrWorld, u: SmrUnit): boolean {
  if (u.routed) return false
  return enemiesTouching(state, world, u).some((e) => !e.routed)
}

/**
 * SMR-GEOM-03/04/05, SMR-MELEE-12: where an attack on `target` comes from:
 * front, flank or rear by the bearing of the attacker's base centre from the
 * target's, measured from the target's facing; face-to-face units are always
 * front to each other.
 */
// SMR-GEOM-E01: boundaries count as the front (45° is front; 202.5° is rear).
export function attackArc(state: SmrState, target: SmrUnit, attacker: SmrUnit): Arc {
  if (target.faceToFace === attacker.id) return 'front'
  return arcOf(
    target.facingDeg,
    target.position,
    attacker.position,
    state.settings.frontArcHalfAngle,
    state.settings.rearArcHalfAngle,
  )
}

/** Why a move is refused: the clause and a sentence. */
export interface MoveRefusal {
  readonly ok: false
  readonly clause: string
  readonly message: string
}

/** A move the rules accept: where it ends, how far it went and what it ran into. */
export interface MoveResult {
  readonly ok: true
  readonly end: Vec2
  readonly facingDeg: number
  /** Path length along the table surface (SMR-GEN-05). */
  readonly distanceIn: number
  /** What it cost of the allowance (double on difficult ground, SMR-MOVE-10). */
  readonly costIn: number
  /** SMR-GEOM-06: the enemy it came into contact with (the move stops there). */
  readonly contactId: string | null
}

/** SMR-MOVE-10: what a point of ground costs this unit per inch (2 = double), or null where it cannot go. */
export function groundCost(world: SmrWorld, u: SmrUnit, p: Vec2): number | null {
  const t = world.terrainAt(p)
  if (t.kind === 'impassable' || !Number.isFinite(t.moveCostPerIn)) return null
  // [decision] SMR-MOVE-10: woods and buildings are impassable to cavalry and giant creatures.
  if ((isMounted(u.profile) || u.profile.creature) && (t.kind === 'woods' || t.kind === 'building')) return null
  return t.moveCostPerIn > 1.001 ? 2 : 1
}

function describeBlocker(b: Blocker): string {
  return b.label || b.kind
}

/**
 * Checks a move along `path` (waypoints, the last one the destination):
 * each leg is taken straight, facing along it (turning is free,
 * SMR-MOVE-05, and not checked); no leg may cross terrain the unit cannot
 * enter (SMR-MOVE-10) or another unit's base (SMR-MOVE-06); the cost
 * (double on difficult ground) may not exceed `budgetIn` (SMR-MOVE-04). The
 * move stops where the base first touches an enemy it was not touching
 * (SMR-GEOM-06): the rest of the path is not taken. At the end the unit
 * turns to `facingDeg` (default: the way it went) and must stand clear.
 * `stopAt`: a friendly unit whose contact also ends the move (a leader
 * reaching a routed unit, SMR-MOVE-11).
 */
export function checkMove(
  state: SmrState,
  world: SmrWorld,
  u: SmrUnit,
  path: readonly Vec2[],
  opts: { facingDeg?: number | undefined; budgetIn?: number; stopAt?: string | undefined } = {},
): MoveResult | MoveRefusal {
  const budget = opts.budgetIn ?? moveAllowanceIn(u.profile)
  const others = unitsOnTable(state).filter((o) => o.id !== u.id)
  const startTouching = new Set(others.filter((o) => near(u, o) && touching(state, world, u, o)).map((o) => o.id))
  const doors = doorStatesOf(state)
  const footprint = footprintOfProfile(u.profile)
  let pos: Vec2 = { x: u.position.x, z: u.position.z }
  let facing = u.facingDeg
  let distance = 0
  let cost = 0
  for (const wp of path) {
    const len = hypot(wp.x - pos.x, wp.z - pos.z)
    if (len < 1e-9) continue
    facing = bearingDeg(pos, wp)
    const pose: BasePose = { position: pos, facingDeg: facing, footprint }
    // SMR-GEOM-06: the first contact with an enemy not touched at the start ends the move.
    let contact: { id: string; t: number } | null = null
    const moverR = circumRadiusIn(footprint) + state.settings.touchTolerance + 0.05
    for (const o of others) {
      const stops = o.sideId !== u.sideId || o.id === opts.stopAt
      if (!stops || startTouching.has(o.id)) continue
      if (segmentPointDistance(pos, wp, o.position) > moverR + circumRadiusIn(footprintOfProfile(o.profile))) continue
      const t = firstContactAlong(pose, wp, poseOfUnit(o), state.settings.touchTolerance)
      if (t !== null && (contact === null || t < contact.t)) contact = { id: o.id, t }
    }
    const tEnd = contact ? contact.t : 1
    const end = { x: pos.x + (wp.x - pos.x) * tEnd, z: pos.z + (wp.z - pos.z) * tEnd }
    const legLen = len * tEnd
    if (legLen > 1e-9) {
      const blocker = world.pathBlocker(groundPoint(world, pos), end, footprint, doors, facing)
      if (blocker)
        return refuse(
          blocker.kind === 'tableEdge' ? 'CORE-TABLE-01' : 'SMR-MOVE-10',
          `${u.name} cannot get past ${describeBlocker(blocker)}.`,
        )
      const leg = legCost(world, u, pos, end)
      if (!leg) return refuse('SMR-MOVE-10', `${u.name} cannot cross that ground.`)
      distance += leg.lengthIn
      cost += leg.costIn
      const through = crossesUnit(others, pose, end)
      if (through) return refuse('SMR-MOVE-06', `${u.name} cannot pass through ${through.name}.`)
    }
    if (cost > budget + 1e-6)
      return refuse('SMR-MOVE-04', `${u.name} may move ${fmt(budget)}" this turn; that move costs ${fmt(cost)}".`)
    pos = end
    if (contact) {
      // It stops where it touched: that spot, as it faces, must be on the table, on ground it may stand on, and
      // clear of every other base (turned to set off at the table's edge, a square base's corner may stick out).
      const stopBlocker = world.footprintBlocker(groundPoint(world, pos), footprint, doors, facing)
      if (stopBlocker)
        return refuse(
          stopBlocker.kind === 'tableEdge' ? 'CORE-TABLE-01' : 'SMR-MOVE-10',
          `${u.name} cannot stand there: ${describeBlocker(stopBlocker)}.`,
        )
      const stopPose: BasePose = { position: pos, facingDeg: facing, footprint }
      for (const o of others)
        if (hypot(o.position.x - pos.x, o.position.z - pos.z) < 4 && basesOverlap(stopPose, poseOfUnit(o)))
          return refuse('SMR-MOVE-06', `${u.name} cannot end on ${o.name}.`)
      return { ok: true, end: pos, facingDeg: facing, distanceIn: distance, costIn: cost, contactId: contact.id }
    }
  }
  const finalFacing = norm(opts.facingDeg ?? facing)
  const finalPose: BasePose = { position: pos, facingDeg: finalFacing, footprint }
  const blocker = world.footprintBlocker(groundPoint(world, pos), footprint, doors, finalFacing)
  if (blocker)
    return refuse(
      blocker.kind === 'tableEdge' ? 'CORE-TABLE-01' : 'SMR-MOVE-10',
      `${u.name} cannot stand there: ${describeBlocker(blocker)}.`,
    )
  for (const o of others)
    if (hypot(o.position.x - pos.x, o.position.z - pos.z) < 4 && basesOverlap(finalPose, poseOfUnit(o)))
      return refuse('SMR-MOVE-06', `${u.name} cannot end on ${o.name}.`)
  // Turning at the end may bring the base into contact (SMR-GEOM-06).
  let contactId: string | null = null
  let best = Infinity
  for (const o of others) {
    if ((o.sideId === u.sideId && o.id !== opts.stopAt) || startTouching.has(o.id)) continue
    if (hypot(o.position.x - pos.x, o.position.z - pos.z) > 4) continue
    const gap = baseGapIn(finalPose, poseOfUnit(o))
    if (gap <= state.settings.touchTolerance + 1e-9 && gap < best) {
      best = gap
      contactId = o.id
    }
  }
  return { ok: true, end: pos, facingDeg: finalFacing, distanceIn: distance, costIn: cost, contactId }
}

/**
 * How deeply two bases overlap, inches: the least by which they would have to
 * draw apart to touch only (0 when they do not overlap).
 */
export function overlapDepthIn(a: BasePose, b: BasePose): number {
  if (!basesOverlap(a, b)) return 0
  let lo = 0
  let hi = 2 * Math.min(inRadiusIn(a.footprint), inRadiusIn(b.footprint))
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2
    if (basesOverlap(a, b, mid)) lo = mid
    else hi = mid
  }
  return hi
}

/** How much deeper than at the start an overlap of a base turned to set off may go before it is a way through. */
const DEEPER_IN = 0.005

/**
 * Whether a base at `pose`, which overlapped `other` by `startDepthIn` as it
 * turned to set off, now overlaps it more deeply: it is going into the other
 * base rather than out of it (SMR-MOVE-06).
 */
export function deeperInto(pose: BasePose, other: BasePose, startDepthIn: number): boolean {
  return basesOverlap(pose, other, startDepthIn + DEEPER_IN)
}

/**
 * The first unit whose base a straight leg passes over (SMR-MOVE-06),
 * sampled every `BASE_STEP_IN`. A base the unit already overlaps as it turns
 * to set off (turning is free, SMR-MOVE-05) it may leave, the overlap growing
 * no deeper until they part; going deeper into it is going through it.
 */
function crossesUnit(others: readonly SmrUnit[], pose: BasePose, end: Vec2): SmrUnit | null {
  const from = pose.position
  const len = hypot(end.x - from.x, end.z - from.z)
  const reach = circumRadiusIn(pose.footprint) + 1.2
  const nearby = others
    .filter((o) => segmentPointDistance(from, end, o.position) <= reach)
    .map((o) => {
      const other = poseOfUnit(o)
      const depth = overlapDepthIn(pose, other)
      return { o, pose: other, depth, parted: depth === 0 }
    })
  if (nearby.length === 0) return null
  const n = Math.max(1, Math.ceil(len / BASE_STEP_IN))
  for (let i = 1; i <= n; i++) {
    const t = i / n
    const p = movedTo(pose, { x: from.x + (end.x - from.x) * t, z: from.z + (end.z - from.z) * t })
    for (const entry of nearby) {
      if (!entry.parted) {
        if (deeperInto(p, entry.pose, entry.depth)) return entry.o
        if (!basesOverlap(p, entry.pose)) entry.parted = true
        continue
      }
      if (basesOverlap(p, entry.pose)) return entry.o
    }
  }
  return null
}

/** SMR-GEN-05 / SMR-MOVE-10: a straight leg's length along the surface and its cost; null if it enters ground the unit cannot. */
export function legCost(world: SmrWorld, u: SmrUnit, a: Vec2, b: Vec2): { lengthIn: number; costIn: number } | null {
  const len = hypot(b.x - a.x, b.z - a.z)
  const n = Math.max(1, Math.ceil(len / STEP_IN))
  let length = 0
  let cost = 0
  let prev = groundPoint(world, a)
  for (let i = 1; i <= n; i++) {
    const t = i / n
    const p = groundPoint(world, { x: a.x + (b.x - a.x) * t, z: a.z + (b.z - a.z) * t })
    const mid = { x: (prev.x + p.x) / 2, z: (prev.z + p.z) / 2 }
    const c = groundCost(world, u, mid)
    if (c === null) return null
    const d = Math.hypot(p.x - prev.x, p.y - prev.y, p.z - prev.z)
    length += d
    cost += d * c
    prev = p
  }
  return { lengthIn: length, costIn: cost }
}

/** Distance from a point to a segment on the plane. */
export function segmentPointDistance(a: Vec2, b: Vec2, p: Vec2): number {
  const abx = b.x - a.x
  const abz = b.z - a.z
  const len2 = abx * abx + abz * abz
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * abx + (p.z - a.z) * abz) / len2))
  return hypot(p.x - (a.x + t * abx), p.z - (a.z + t * abz))
}

/** A pose is clear: on the table, off walls and impassable ground, on no other base (those in `ignore` aside). */
export function poseClear(
  state: SmrState,
  world: SmrWorld,
  u: SmrUnit,
  at: Vec2,
  facingDeg: number,
  ignore: readonly string[] = [],
): boolean {
  const pose = poseOfUnit(u, at, facingDeg)
  if (world.footprintBlocker(groundPoint(world, at), pose.footprint, doorStatesOf(state), facingDeg)) return false
  if (groundCost(world, u, at) === null) return false
  for (const o of unitsOnTable(state)) {
    if (o.id === u.id || ignore.includes(o.id)) continue
    if (hypot(o.position.x - at.x, o.position.z - at.z) > 4) continue
    if (basesOverlap(pose, poseOfUnit(o))) return false
  }
  return true
}

/** SMR-GEOM-07: the bearing "away from the battle": straight toward the side's own table edge. */
export function homeBearingDeg(world: SmrWorld, sideId: string): number {
  const edge = world.scenario.sides.find((s) => s.id === sideId)?.edge ?? 'south'
  return { north: 0, east: 90, south: 180, west: 270 }[edge]
}

/** A building's outline on the table (its walls' outer corners), rotation included. */
export function buildingOutline(world: SmrWorld, buildingId: string): Vec2[] {
  const b = world.scenario.buildings.find((x) => x.id === buildingId)
  if (!b) return []
  const c = { x: b.x + b.widthIn / 2, z: b.z + b.depthIn / 2 }
  const t = (b.rotationDeg * Math.PI) / 180
  const cs = Math.cos(t)
  const sn = Math.sin(t)
  return [
    [-b.widthIn / 2, -b.depthIn / 2],
    [b.widthIn / 2, -b.depthIn / 2],
    [b.widthIn / 2, b.depthIn / 2],
    [-b.widthIn / 2, b.depthIn / 2],
  ].map(([dx, dz]) => ({ x: c.x + dx! * cs - dz! * sn, z: c.z + dx! * sn + dz! * cs }))
}

/** A unit touches a building (Village Invasion: revealing, burning): its base within `touchTolerance` of the walls. */
export function touchesBuilding(state: SmrState, world: SmrWorld, u: SmrUnit, buildingId: string): boolean {
  const outline = buildingOutline(world, buildingId)
  if (outline.length === 0 || u.hiddenIn !== null) return false
  return convexGapIn(baseCorners(poseOfUnit(u)), outline) <= state.settings.touchTolerance + 1e-9
}

/**
 * Clear spots touching a building's walls (hidden units coming out, §11),
 * each facing out, walking round the walls from the north-west corner every
 * half inch.
 */
export function spotsAround(
  state: SmrState,
  world: SmrWorld,
  u: SmrUnit,
  buildingId: string,
): { at: Vec2; facingDeg: number }[] {
  const outline = buildingOutline(world, buildingId)
  const out: { at: Vec2; facingDeg: number }[] = []
  const fp = footprintOfProfile(u.profile)
  const half = fp.kind === 'rect' ? fp.depthIn / 2 : fp.radiusIn
  for (let i = 0; i < outline.length; i++) {
    const a = outline[i]!
    const b = outline[(i + 1) % outline.length]!
    const len = hypot(b.x - a.x, b.z - a.z)
    // Outward normal of a clockwise outline (seen from above, X east, Z south).
    const nx = (b.z - a.z) / len
    const nz = -(b.x - a.x) / len
    const facingDeg = norm(bearingDeg({ x: 0, z: 0 }, { x: nx, z: nz }))
    for (let s = 0.5; s <= len - 0.5 + 1e-9; s += 0.5) {
      const at = {
        x: a.x + ((b.x - a.x) * s) / len + nx * (half + 0.02),
        z: a.z + ((b.z - a.z) * s) / len + nz * (half + 0.02),
      }
      if (poseClear(state, world, u, at, facingDeg)) out.push({ at, facingDeg })
    }
  }
  return out
}

/** The straight point `distIn` along a bearing. */
export function along(p: Vec2, bearing: number, distIn: number): Vec2 {
  const f = facingVector(bearing)
  return { x: p.x + f.x * distIn, z: p.z + f.z * distIn }
}

/** A base fully on the table at this pose. */
export function onTable(world: SmrWorld, pose: BasePose): boolean {
  return baseCorners(pose).every(
    (c) => c.x >= -1e-9 && c.z >= -1e-9 && c.x <= world.widthIn + 1e-9 && c.z <= world.depthIn + 1e-9,
  )
}

export function norm(deg: number): number {
  const d = ((deg % 360) + 360) % 360
  return Math.round(d * 1000) / 1000 === 360 ? 0 : Math.round(d * 1000) / 1000
}

export function fmt(n: number): string {
  return (Math.round(n * 100) / 100).toString()
}

function refuse(clause: string, message: string): MoveRefusal {
  return { ok: false, clause, message }
}
