import { bearingDeg } from '../../world/facing'
import type { WallSide } from '../../scenario/table-schema'
import { decideSmrCommand } from './commands/decide'
import type { SmrCommand } from './commands/index'
import { moveProblem } from './commands/common'
import { bashProblem } from './doors'
import { along, bodyOf, type SmrWorld } from './geometry'
import { missileTargets } from './missiles'
import { moveAllowanceIn } from './profile'
import { livingUnits, type SmrState, type SmrUnit, unitsOnTable } from './state'
import { hypot } from '../../util/geometry'

/** The side that must give the next command, or null once the game is over. */
export function sideToAct(state: SmrState): string | null {
  return state.phase === 'ended' ? null : state.actingSide
}

/** True when the rules accept the command now. */
export function accepted(state: SmrState, world: SmrWorld, cmd: SmrCommand): boolean {
  return decideSmrCommand(state, cmd, world).ok
}

/** Enemies on the table, nearest first. */
export function enemiesByDistance(state: SmrState, world: SmrWorld, u: SmrUnit): SmrUnit[] {
  const b = bodyOf(world, u)
  return unitsOnTable(state)
    .filter((e) => e.sideId !== u.sideId)
    .map((e) => ({ e, d: world.distanceIn(b, bodyOf(world, e)) }))
    .sort((a, c) => a.d - c.d || (a.e.id < c.e.id ? -1 : 1))
    .map((x) => x.e)
}

/**
 * A unit's candidate commands in its side's Movement Event (not yet
 * checked): charges at every enemy within reach, moves toward the nearest
 * enemy (full and half), toward the village (an invader), back toward its
 * own edge, a turn to face the nearest enemy; a hidden unit comes out; the
 * leader rallies a routed friend; a unit at a shut door works on it.
 */
export function unitMoveCandidates(state: SmrState, world: SmrWorld, u: SmrUnit): SmrCommand[] {
  const out: SmrCommand[] = []
  if (u.hiddenIn !== null) return [{ type: 'leaveBuilding', unitId: u.id }]
  const leaderOf = state.leaders[u.sideId] === u.id
  if (leaderOf && !u.routed)
    for (const f of livingUnits(state))
      if (f.sideId === u.sideId && f.routed && f.hiddenIn === null && f.id !== u.id)
        out.push({ type: 'rally', leaderId: u.id, unitId: f.id })
  for (const d of world.doors())
    if (state.settings.optional.doorBashing && bashProblem(state, world, u, d.id) === null)
      out.push({ type: 'bashDoor', unitId: u.id, doorId: d.id })
  if (moveProblem(state, world, u)) return out
  const reach = moveAllowanceIn(u.profile)
  const enemies = enemiesByDistance(state, world, u)
  const b = bodyOf(world, u)
  for (const e of enemies) {
    if (world.distanceIn(b, bodyOf(world, e)) > reach + 0.2) break
    out.push({ type: 'charge', unitId: u.id, targetId: e.id })
  }
  const p = { x: u.position.x, z: u.position.z }
  const aim = (to: { x: number; z: number }, dist: number): SmrCommand => {
    const brg = bearingDeg(p, to)
    return { type: 'moveUnit', unitId: u.id, path: [pointAlong(p, brg, dist)], facingDeg: round2(brg) }
  }
  const nearest = enemies[0]
  if (nearest) {
    const d = hypot(nearest.position.x - p.x, nearest.position.z - p.z)
    if (d > 1e-6) {
      out.push(aim(nearest.position, Math.min(reach, Math.max(0, d - 1.2))))
      out.push(aim(nearest.position, Math.min(reach / 2, Math.max(0, d - 1.2))))
      out.push({ type: 'moveUnit', unitId: u.id, path: [q(p)], facingDeg: round2(bearingDeg(p, nearest.position)) })
    }
  }
  const v = world.scenario.village
  if (v && u.sideId === v.invaderSideId) {
    const c = centroid(v.area)
    const d = hypot(c.x - p.x, c.z - p.z)
    if (d > 1) out.push(aim(c, Math.min(reach, d)))
    // Up to a peasant building, to reveal and burn it.
    for (const id of v.buildingIds) {
      const bd = world.scenario.buildings.find((x) => x.id === id)
      if (!bd || state.burnt[id] !== undefined) continue
      const bc = { x: bd.x + bd.widthIn / 2, z: bd.z + bd.depthIn / 2 }
      const gap = hypot(bc.x - p.x, bc.z - p.z) - Math.max(bd.widthIn, bd.depthIn) / 2
      if (gap < reach + 1)
        out.push(
          aim(
            bc,
            Math.max(0, Math.min(reach, hypot(bc.x - p.x, bc.z - p.z) - Math.min(bd.widthIn, bd.depthIn) / 2 - 0.45)),
          ),
        )
    }
  }
  const home = world.scenario.sides.find((s) => s.id === u.sideId)?.edge
  if (home) out.push(aim(edgePoint(world, home, p), reach / 2))
  return out
}

function edgePoint(world: SmrWorld, edge: WallSide, p: { x: number; z: number }): { x: number; z: number } {
  if (edge === 'north') return { x: p.x, z: 0 }
  if (edge === 'south') return { x: p.x, z: world.depthIn }
  if (edge === 'west') return { x: 0, z: p.z }
  return { x: world.widthIn, z: p.z }
}

function centroid(poly: readonly { x: number; z: number }[]): { x: number; z: number } {
  const n = poly.length
  return { x: poly.reduce((a, p) => a + p.x, 0) / n, z: poly.reduce((a, p) => a + p.z, 0) / n }
}

const round2 = (n: number): number => Math.round(n * 100) / 100
const q = (p: { x: number; z: number }) => ({ x: round2(p.x), z: round2(p.z) })

/**
 * The point `distIn` from `p` along `bearing`, on the hundredth-of-an-inch grid commands are given on, and no
 * farther from `p` than `distIn`: a full move rounded outward would cost a few thousandths more than the unit's
 * allowance, and the rules refuse it (SMR-MOVE-04).
 */
export function pointAlong(p: { x: number; z: number }, bearing: number, distIn: number): { x: number; z: number } {
  for (let back = 0; back < 0.02; back += 0.005) {
    const end = q(along(p, bearing, Math.max(0, distIn - back)))
    if (hypot(end.x - p.x, end.z - p.z) <= distIn + 1e-9) return end
  }
  return q(along(p, bearing, Math.max(0, distIn - 0.02)))
}

/** Candidate commands for the side to act, before checking (a finite, reasonable set). */
export function candidateCommands(state: SmrState, world: SmrWorld, sideId: string): SmrCommand[] {
  if (state.phase === 'ended' || state.actingSide !== sideId) return []
  if (state.phase === 'initiative') return [{ type: 'rollInitiative', sideId }]
  const own = livingUnits(state).filter((u) => u.sideId === sideId)
  if (state.phase === 'setup') {
    const out: SmrCommand[] = [{ type: 'endSetup', sideId }]
    for (const u of own) {
      if (state.leaders[sideId] !== u.id) out.push({ type: 'designateLeader', unitId: u.id })
      if (u.hiddenIn === null) {
        for (const dx of [-1, 1])
          out.push({
            type: 'placeUnit',
            unitId: u.id,
            at: { x: round2(u.position.x + dx), z: round2(u.position.z) },
            facingDeg: u.facingDeg,
          })
      } else
        for (const b of world.scenario.village?.buildingIds ?? [])
          if (b !== u.hiddenIn) out.push({ type: 'hideUnit', unitId: u.id, buildingId: b })
    }
    return out
  }
  switch (state.step) {
    case 'order':
      return state.sideIds.map((s) => ({ type: 'chooseOrder' as const, sideId, firstSideId: s }))
    case 'missiles': {
      const firing = own
        .map((u) => ({ u, targets: missileTargets(state, world, u) }))
        .filter((f) => f.targets.length > 0)
      const out: SmrCommand[] = [{ type: 'declareMissiles', sideId, shots: [] }]
      out.push({
        type: 'declareMissiles',
        sideId,
        shots: firing.map((f) => ({ unitId: f.u.id, targetId: f.targets[0]!.id })),
      })
      for (const f of firing)
        for (const t of f.targets.slice(0, 3))
          out.push({ type: 'declareMissiles', sideId, shots: [{ unitId: f.u.id, targetId: t.id }] })
      return out
    }
    case 'movement': {
      const out: SmrCommand[] = [{ type: 'endMovement', sideId }]
      for (const u of own) out.push(...unitMoveCandidates(state, world, u))
      return out
    }
    case 'bonus': {
      const pending = state.pendingBonus[0]
      const u = pending ? state.units[pending.unitId] : undefined
      if (!pending || !u) return []
      const out: SmrCommand[] = [{ type: 'forgoBonus', unitId: u.id }]
      for (const e of enemiesByDistance(state, world, u).slice(0, 6))
        if (e.id !== pending.lastTargetId) out.push({ type: 'bonusAttack', unitId: u.id, targetId: e.id })
      return out
    }
    case 'reinforcements': {
      const out: SmrCommand[] = [{ type: 'declineReinforcements', sideId }]
      for (const edge of ['north', 'south', 'east', 'west'] as const)
        for (const weapon of ['hand', 'bow', 'sling'] as const) out.push({ type: 'reinforce', sideId, edge, weapon })
      return out
    }
    default:
      return []
  }
}

/**
 * The commands `sideId` may give now, every one accepted by `decide`: the
 * candidates of `candidateCommands` that the rules accept. Moves are a
 * sample of the infinitely many: a player may send any other path and read
 * the refusal if it breaks a rule.
 */
export function legalCommands(state: SmrState, world: SmrWorld, sideId: string): SmrCommand[] {
  return candidateCommands(state, world, sideId).filter((c) => accepted(state, world, c))
}
