import type { Vec2 } from '../../util/geometry'
import { bearingDeg } from '../../world/facing'
import { basesOverlap, circumRadiusIn, firstContactAlong } from '../../world/footprint'
import {
  along,
  deeperInto,
  doorStatesOf,
  groundCost,
  groundPoint,
  homeBearingDeg,
  legCost,
  onTable,
  overlapDepthIn,
  poseOfUnit,
  segmentPointDistance,
  type SmrWorld,
} from './geometry'
import type { SmrLog } from './log'
import { footprintOfProfile, moveAllowanceIn } from './profile'
import { type SmrState, type SmrUnit, unitsOnTable } from './state'
import { hypot } from '../../util/geometry'

/** Which event of the turn a rout happens in (SMR-TURN-01), for its rally timing. */
export type TurnEventNo = 1 | 2 | 3 | 4

/** Why a unit routs. */
export type RoutCause = 'missile' | 'melee' | 'bonus' | 'again' | 'retreat'

/** SMR-ROUT-04: deviations tried, either side, when the straight way is blocked (0° first). */
const DEVIATIONS_DEG = [0, 5, -5, 10, -10, 15, -15, 20, -20, 25, -25, 30, -30, 35, -35, 40, -40, 45, -45]

/**
 * SMR-ROUT-03..05, SMR-TURN-02: the unit routs at once: it turns its back
 * and makes one full move away (not optional), leaving any melee. Rally
 * timing (SMR-RALLY-04): routed in Event 1 or 2 it rolls in this turn's
 * Rally Event, in Event 3 or 4 in the next turn's; a unit routed again
 * keeps its first time.
 */
// SMR-ROUT-E01: a routed peasant moves its 4" straight away at once.
export function routUnit(log: SmrLog, world: SmrWorld, unitId: string, cause: RoutCause, eventNo: TurnEventNo): void {
  const u = log.state.units[unitId]
  if (!u || u.status !== 'ok' || u.hiddenIn !== null) return
  const rallyTurn = eventNo <= 2 ? log.state.turn : log.state.turn + 1
  log.push({ type: 'UnitRouted', unitId, cause, rallyTurn })
  routMove(log, world, unitId)
}

/**
 * SMR-ROUT-04 (and SMR-OPT-21 with the Standard): the rout move. Toward the
 * standard bearer when the rule is on and the bearer stands (stopping on
 * touching him), else straight toward the unit's own table edge
 * (SMR-GEOM-07); blocked, it may turn up to 45° either side to find a clear
 * way; none: eliminated (SMR-MOVE-09). A move that would carry it off the
 * table removes it.
 */
export function routMove(log: SmrLog, world: SmrWorld, unitId: string): void {
  const state = log.state
  const u = state.units[unitId]
  if (!u) return
  const allowance = moveAllowanceIn(u.profile)
  const bearer = standardBearer(state, u)
  if (bearer) {
    const toward = bearingDeg(u.position, bearer.position)
    for (const dev of DEVIATIONS_DEG) {
      const r = tryRout(state, world, u, toward + dev, allowance, bearer)
      if (r.kind === 'move') {
        log.push({
          type: 'UnitMoved',
          unitId,
          to: groundPoint(world, r.to),
          facingDeg: r.facingDeg,
          distanceIn: r.distanceIn,
          reason: 'rout',
        })
        return
      }
    }
  }
  const home = homeBearingDeg(world, u.sideId)
  for (const dev of DEVIATIONS_DEG) {
    const r = tryRout(state, world, u, home + dev, allowance, null)
    if (r.kind === 'offTable') {
      log.push({ type: 'UnitEliminated', unitId, reason: 'offTable' })
      return
    }
    if (r.kind === 'move') {
      log.push({
        type: 'UnitMoved',
        unitId,
        to: groundPoint(world, r.to),
        facingDeg: r.facingDeg,
        distanceIn: r.distanceIn,
        reason: 'rout',
      })
      return
    }
  }
  log.push({ type: 'UnitEliminated', unitId, reason: 'routBlocked' })
}

/** SMR-OPT-20/21: the standard bearer routing units run to, if the rule is on and he stands. */
function standardBearer(state: SmrState, u: SmrUnit): SmrUnit | null {
  if (!state.settings.optional.standard) return null
  const id = state.standards[u.sideId]
  const b = id ? state.units[id] : undefined
  if (!b || b.id === u.id || b.status !== 'ok' || b.hiddenIn !== null || b.routed) return null
  return b
}

type RoutTry =
  { kind: 'move'; to: Vec2; facingDeg: number; distanceIn: number } | { kind: 'offTable' } | { kind: 'blocked' }

/**
 * One rout direction: walks the unit's full allowance (double cost on
 * difficult ground) along `bearing`; blocked by any base, wall or ground it
 * cannot enter; `toward`: stop early on touching the standard bearer.
 */
function tryRout(
  state: SmrState,
  world: SmrWorld,
  u: SmrUnit,
  bearing: number,
  allowanceIn: number,
  toward: SmrUnit | null,
): RoutTry {
  const from: Vec2 = { x: u.position.x, z: u.position.z }
  const facing = ((bearing % 360) + 360) % 360
  const pose = poseOfUnit(u, from, facing)
  // How far the allowance carries it, ground cost included.
  let reach = 0
  let spent = 0
  const step = 0.1
  // Ground it cannot enter on the table cuts the way short (SMR-MOVE-10): not a full move, the way is blocked.
  let stopped = false
  while (spent < allowanceIn - 1e-9) {
    const p = along(from, facing, reach + step / 2)
    const c = groundCost(world, u, p)
    if (c === null) {
      stopped = p.x >= 0 && p.x <= world.widthIn && p.z >= 0 && p.z <= world.depthIn
      break
    }
    const take = Math.min(step, (allowanceIn - spent) / c)
    reach += take
    spent += take * c
  }
  let end = along(from, facing, reach)
  if (toward) {
    const t = firstContactAlong(pose, end, poseOfUnit(toward), state.settings.touchTolerance)
    if (t !== null) end = { x: from.x + (end.x - from.x) * t, z: from.z + (end.z - from.z) * t }
  }
  const endPose = poseOfUnit(u, end, facing)
  if (!toward && !onTable(world, endPose)) {
    // It runs off the table: clear up to the edge, it is gone (SMR-ROUT-04).
    let lo = 0
    let hi = 1
    for (let i = 0; i < 30; i++) {
      const m = (lo + hi) / 2
      if (onTable(world, poseOfUnit(u, { x: from.x + (end.x - from.x) * m, z: from.z + (end.z - from.z) * m }, facing)))
        lo = m
      else hi = m
    }
    const edge = { x: from.x + (end.x - from.x) * lo, z: from.z + (end.z - from.z) * lo }
    return wayClear(state, world, u, from, edge, facing) ? { kind: 'offTable' } : { kind: 'blocked' }
  }
  if (groundCost(world, u, end) === null && reach > 0) return { kind: 'blocked' }
  // SMR-ROUT-03, -04: one full move away; impassable ground short of it blocks the way (toward a standard bearer the
  // move may end sooner, on touching him, SMR-OPT-21).
  if (stopped && !(toward && hypot(end.x - from.x, end.z - from.z) + 1e-9 < reach)) return { kind: 'blocked' }
  if (!wayClear(state, world, u, from, end, facing)) return { kind: 'blocked' }
  const leg = legCost(world, u, from, end)
  return { kind: 'move', to: end, facingDeg: facing, distanceIn: leg?.lengthIn ?? 0 }
}

/**
 * No wall, closed door or base across the straight way. A base it already touches it may leave, the overlap its turn
 * to flee made growing no deeper until they part (SMR-MOVE-06: never through it; turned, a square base may overlap a
 * neighbour at its corners, and a way into that neighbour would run straight through it).
 */
function wayClear(state: SmrState, world: SmrWorld, u: SmrUnit, from: Vec2, to: Vec2, facing: number): boolean {
  const fp = footprintOfProfile(u.profile)
  if (hypot(to.x - from.x, to.z - from.z) > 1e-9) {
    if (world.pathBlocker(groundPoint(world, from), to, fp, doorStatesOf(state), facing)) return false
  } else if (world.footprintBlocker(groundPoint(world, from), fp, doorStatesOf(state), facing)) return false
  const pose = poseOfUnit(u, from, facing)
  const reach = circumRadiusIn(fp) + 1.2
  const others = unitsOnTable(state).filter((o) => o.id !== u.id && segmentPointDistance(from, to, o.position) <= reach)
  const len = hypot(to.x - from.x, to.z - from.z)
  const n = Math.max(1, Math.ceil(len / 0.1))
  for (const o of others) {
    const op = poseOfUnit(o)
    const depth = overlapDepthIn(pose, op)
    let parted = depth === 0
    for (let i = 1; i <= n; i++) {
      const t = i / n
      const at = poseOfUnit(u, { x: from.x + (to.x - from.x) * t, z: from.z + (to.z - from.z) * t }, facing)
      if (!parted) {
        if (deeperInto(at, op, depth)) return false
        if (!basesOverlap(at, op)) parted = true
        continue
      }
      if (basesOverlap(at, op)) return false
    }
    if (!parted) return false
  }
  return true
}
