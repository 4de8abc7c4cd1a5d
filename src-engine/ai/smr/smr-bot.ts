import type { Bot, BotLevel } from '../bot'
import { RngCursor, type RngState, seedRng } from '../../rng/sfc32'
import { bearingDeg, facingVector } from '../../world/facing'
import type { SmrCommand } from '../../rules/smr/commands/index'
import { smr } from '../../rules/smr/ruleset'
import type { SmrScenario } from '../../rules/smr/scenario'
import { buildingOutline, checkMove, isLocked, type SmrWorld } from '../../rules/smr/geometry'
import { distanceToOutline } from '../../world/geometry/polygon'
import {
  candidateCommands,
  enemiesByDistance,
  legalCommands,
  pointAlong,
  sideToAct,
  unitMoveCandidates,
} from '../../rules/smr/legal'
import { missileTargets } from '../../rules/smr/missiles'
import { moveAllowanceIn } from '../../rules/smr/profile'
import { type SmrState, type SmrUnit, livingUnits, otherSide, unitsOnTable } from '../../rules/smr/state'
import { evaluate, missileOdds, stillTurns, unitValue } from './evaluate'
import { hypot } from '../../util/geometry'

/** What each level does: quick-dice futures per command that throws dice, and how widely it looks at moves. */
const LEVELS: Readonly<
  Record<BotLevel, { samples: number; extraMoves: boolean; topPick: number; unitsPerLook: number }>
> = {
  easy: { samples: 2, extraMoves: false, topPick: 3, unitsPerLook: 4 },
  normal: { samples: 4, extraMoves: true, topPick: 1, unitsPerLook: 6 },
  hard: { samples: 8, extraMoves: true, topPick: 1, unitsPerLook: 12 },
}
/** Below this gain over ending the movement, a move is not worth making. */
const WORTH = 1e-3
/** A shot is declared when it is worth at least this (in unit values): firing costs the archer its move and its melee attack (SMR-MISS-03). */
const SHOT_WORTH = 0.15

/**
 * SMR's computer opponent. It plays every step of the turn from its own
 * seat's view: it rolls for initiative and keeps its set-up; chooses to move
 * second (it then sees the enemy's moves before it charges); declares each
 * archer's best shot by Table M's odds, spreading its fire over targets;
 * in the Movement Event gives, one unit at a time, the move that most
 * improves `evaluate` on a copy of its view (charges, flank and rear
 * attacks on engaged enemies, advances and withdrawals, rallies by the
 * leader, coming out of a building, going to the peasant buildings), and
 * ends its movement when no move gains; takes or forgoes a bonus attack by
 * playing it out with quick dice from its own generator; and always rolls
 * for reinforcements. The real game judges every command it gives.
 */
export function smrBot(level: BotLevel = 'normal', seed = 1): Bot<SmrState, SmrCommand, SmrScenario> {
  const cursor = new RngCursor(seedRng(seed))
  const nextRng = (): RngState => seedRng(cursor.uint32())
  const cfg = LEVELS[level]

  /** The state after `command` on a copy of the view, with the bot's own quick dice; null when refused. */
  const simulate = (state: SmrState, world: SmrWorld, command: SmrCommand): SmrState | null => {
    const parsed = smr.parseCommand(command)
    if (!parsed.ok) return null
    const start: SmrState = { ...state, rng: nextRng(), dice: 'quick' }
    const d = smr.decide(start, parsed.value, world)
    if (!d.ok) return null
    let next = start
    for (const e of d.events) next = smr.apply(next, e)
    return next
  }

  /** The mean value of `command`'s outcomes over `n` futures (one when it throws no dice). */
  const scoreOf = (state: SmrState, world: SmrWorld, sideId: string, command: SmrCommand, n: number) => {
    let total = 0
    let count = 0
    for (let i = 0; i < n; i++) {
      const next = simulate(state, world, command)
      if (!next) return null
      total += evaluate(next, world, sideId)
      count++
      if (next.rollCount === state.rollCount) break
    }
    return total / count
  }

  const pickBest = (scored: readonly { command: SmrCommand; score: number }[]) => {
    const sorted = [...scored].sort((a, b) => b.score - a.score)
    return sorted[cursor.int(Math.min(cfg.topPick, sorted.length))]!
  }

  const movement = (state: SmrState, world: SmrWorld, sideId: string): SmrCommand => {
    const end: SmrCommand = { type: 'endMovement', sideId }
    const base = evaluate(state, world, sideId)
    const seen = new Set<string>()
    const gainingIn = (units: readonly SmrUnit[], wide: boolean) => {
      const scored: { command: SmrCommand; score: number }[] = []
      for (const u of units)
        for (const c of moveCandidates(state, world, u, wide)) {
          const key = JSON.stringify(c)
          if (seen.has(key)) continue
          seen.add(key)
          const s = scoreOf(state, world, sideId, c, cfg.samples)
          if (s !== null && s > base + WORTH) scored.push({ command: c, score: s })
        }
      return scored
    }
    // The units nearest the enemy first, looked at widely; the rest only if none of those gains by moving.
    const { near, far } = byUrgency(state, sideId, cfg.unitsPerLook)
    const gaining = gainingIn(near, cfg.extraMoves)
    const chosen = gaining.length > 0 ? gaining : gainingIn(far, false)
    return chosen.length > 0 ? pickBest(chosen).command : end
  }

  return {
    level,
    choose({ state, world, sideId }) {
      if (sideToAct(state) !== sideId) return null
      let chosen: SmrCommand | null = null
      if (state.phase === 'initiative') chosen = { type: 'rollInitiative', sideId }
      else if (state.phase === 'setup') chosen = { type: 'endSetup', sideId }
      else if (state.step === 'order')
        // SMR-MOVE-01: it chooses to move second, to answer the enemy's moves.
        chosen = { type: 'chooseOrder', sideId, firstSideId: otherSide(state, sideId) }
      else if (state.step === 'missiles') chosen = declareShots(state, world, sideId)
      else if (state.step === 'movement') chosen = movement(state, world, sideId)
      else if (state.step === 'bonus' || state.step === 'reinforcements') {
        const options = candidateCommands(state, world, sideId)
        const scored = options
          .map((c) => ({ command: c, score: scoreOf(state, world, sideId, c, cfg.samples * 2) }))
          .filter((s): s is { command: SmrCommand; score: number } => s.score !== null)
        if (scored.length > 0) chosen = pickBest(scored).command
      }
      if (chosen && smr.decide(state, chosen, world).ok) return chosen
      // Whatever its plan, it never gives a command the rules refuse: the first legal one holds back (ends, declines).
      return legalCommands(state, world, sideId)[0] ?? null
    },
  }
}

/**
 * SMR-MISS-04: every firing unit's target at once. Each archer takes the
 * shot worth most (Table M's odds of a kill, and half a kill for a rout,
 * times what the target is worth still standing after the shots already
 * given to it), when that is worth the archer's move (SMR-MISS-03).
 */
function declareShots(state: SmrState, world: SmrWorld, sideId: string): SmrCommand {
  const standing = new Map<string, number>()
  const shots: { unitId: string; targetId: string }[] = []
  const firers = unitsOnTable(state)
    .filter((u) => u.sideId === sideId)
    .map((u) => ({ u, targets: missileTargets(state, world, u) }))
    .filter((f) => f.targets.length > 0)
  for (const { u, targets } of firers) {
    let top: { id: string; gain: number } | null = null
    for (const t of targets) {
      const o = missileOdds(state, u, t)
      const left = standing.get(t.id) ?? 1
      const gain = unitValue(state, t) * left * (o.kill + 0.5 * o.rout) * (t.routed ? 0.4 : 1)
      if (!top || gain > top.gain) top = { id: t.id, gain }
    }
    if (!top || top.gain < SHOT_WORTH) continue
    const o = missileOdds(state, u, state.units[top.id]!)
    standing.set(top.id, (standing.get(top.id) ?? 1) * (1 - o.kill))
    shots.push({ unitId: u.id, targetId: top.id })
  }
  return { type: 'declareMissiles', sideId, shots }
}

const round2 = (n: number): number => Math.round(n * 100) / 100

/**
 * The side's units that may still act in this Movement Event (move, rally,
 * come out of a building), nearest the enemy first: the first `n`, and the rest.
 */
function byUrgency(state: SmrState, sideId: string, n: number): { near: SmrUnit[]; far: SmrUnit[] } {
  const enemies = unitsOnTable(state).filter((e) => e.sideId !== sideId)
  const leader = state.leaders[sideId]
  const ready = livingUnits(state).filter(
    (u) =>
      u.sideId === sideId &&
      (u.hiddenIn !== null ||
        (u.id === leader && state.leaderRalliedTurn[sideId] !== state.turn) ||
        (!u.routed && u.movedTurn !== state.turn && u.firedTurn !== state.turn)),
  )
  const dist = (u: SmrUnit) =>
    enemies.reduce((d, e) => Math.min(d, hypot(e.position.x - u.position.x, e.position.z - u.position.z)), 1e9)
  const sorted = ready.map((u) => ({ u, d: dist(u) })).sort((a, b) => a.d - b.d || (a.u.id < b.u.id ? -1 : 1))
  return { near: sorted.slice(0, n).map((x) => x.u), far: sorted.slice(n).map((x) => x.u) }
}

/**
 * A unit's moves worth trying: the rules' own candidates (charges, advances,
 * rallies, coming out of a building, going to the peasant buildings), and,
 * looking wider, stops just out of the nearest enemies' reach, a full
 * withdrawal, flank and rear approaches to enemies already engaged or
 * routed (SMR-MELEE-05/10), a full move each way of the compass near
 * buildings, and each move again facing the nearest enemy.
 */
export function moveCandidates(state: SmrState, world: SmrWorld, u: SmrUnit, wide: boolean): SmrCommand[] {
  const out = unitMoveCandidates(state, world, u)
  if (u.hiddenIn !== null || u.routed || u.movedTurn === state.turn || u.firedTurn === state.turn) return out
  if (isLocked(state, world, u)) return out
  if (!wide) return withAffordable(state, world, u, out)
  const reach = moveAllowanceIn(u.profile)
  const p = { x: u.position.x, z: u.position.z }
  const enemies = enemiesByDistance(state, world, u).slice(0, 3)
  const nearest = enemies[0]
  const face = (to: { x: number; z: number }) =>
    nearest ? round2(bearingDeg(to, nearest.position)) : round2(bearingDeg(p, to))
  const to = (q: { x: number; z: number }): SmrCommand => ({
    type: 'moveUnit',
    unitId: u.id,
    path: [{ x: round2(q.x), z: round2(q.z) }],
    facingDeg: face(q),
  })
  for (const e of enemies) {
    const dx = e.position.x - p.x
    const dz = e.position.z - p.z
    const d = hypot(dx, dz)
    if (d < 1e-6) continue
    // Stop just beyond its charge (its reach plus both half-bases).
    const keep = moveAllowanceIn(e.profile) + 2.2
    const step = Math.max(-reach, Math.min(reach, d - keep))
    const brg = bearingDeg(p, e.position)
    if (Math.abs(step) > 0.3) out.push(to(pointAlong(p, step > 0 ? brg : brg + 180, Math.abs(step))))
    if (e === nearest) out.push(to(pointAlong(p, brg + 180, reach)))
    // Round to the flank or rear of an enemy already fighting (or routed), then in.
    if (d <= reach + 3 && (e.routed || isLocked(state, world, e))) {
      for (const off of [180, 90, 270]) {
        const f = facingVector(e.facingDeg + off)
        const behind = { x: round2(e.position.x + f.x * 1.6), z: round2(e.position.z + f.z * 1.6) }
        out.push({
          type: 'moveUnit',
          unitId: u.id,
          path: [behind, { x: round2(e.position.x), z: round2(e.position.z) }],
        })
      }
    }
  }
  // Among buildings a straight line to the enemy, the village or a cottage is often cut by a wall (SMR-MOVE-10): a
  // full move to each of the eight compass points too, so that the unit may go round (see `BUILDING_NEAR_IN`).
  if (
    world.scenario.buildings.some((b) => distanceToOutline(p, buildingOutline(world, b.id)) <= reach + BUILDING_NEAR_IN)
  )
    for (let b = 0; b < 360; b += 45) out.push(to(pointAlong(p, b, reach)))
  // The rules' plain moves again, ending facing the nearest enemy rather than the way they went.
  for (const c of [...out])
    if (c.type === 'moveUnit' && c.path.length === 1 && nearest) out.push({ ...c, facingDeg: face(c.path[0]!) })
  return withAffordable(state, world, u, out)
}

/**
 * SMR-MOVE-04: a move is paid for by the ground it crosses (SMR-MOVE-10: a scenario's ground may cost double;
 * SMR-GEN-05: a climb counts too). The candidates aim at distances, so across such ground every one of them may ask
 * more than the unit's allowance: once no blow has been struck for twelve turns, each straight move refused for its
 * cost is offered again cut back to the farthest point along the same line that the allowance pays for. Without it two units each
 * side of a wood, every move between them refused, stood still for thousands of turns (Contact has no turn limit,
 * SMR-SETUP-08).
 */
function withAffordable(state: SmrState, world: SmrWorld, u: SmrUnit, commands: SmrCommand[]): SmrCommand[] {
  // Only once the battle has long stood still: offered from the start, the Normans walked into the wood and the
  // ploughed field, slowed under the Saxon bows (82 of seeds 1-100 against the random player instead of 90); offered
  // after three quiet turns, the Saxons won 79 instead of 88 (the approach is quiet too).
  if (stillTurns(state, world) <= AFFORD_AFTER) return commands
  const out = [...commands]
  const p = { x: u.position.x, z: u.position.z }
  for (const c of commands) {
    if (c.type !== 'moveUnit' || c.unitId !== u.id || c.path.length !== 1) continue
    const end = c.path[0]!
    const at = (t: number) => ({ x: round2(p.x + (end.x - p.x) * t), z: round2(p.z + (end.z - p.z) * t) })
    const check = (t: number) => checkMove(state, world, u, [at(t)], { facingDeg: c.facingDeg })
    const whole = check(1)
    if (whole.ok || whole.clause !== 'SMR-MOVE-04') continue
    let lo = 0
    let hi = 1
    for (let i = 0; i < AFFORD_STEPS; i++) {
      const mid = (lo + hi) / 2
      if (check(mid).ok) lo = mid
      else hi = mid
    }
    if (lo * hypot(end.x - p.x, end.z - p.z) < MIN_MOVE_IN) continue
    out.push({ ...c, path: [at(lo)] })
  }
  return out
}

/**
 * How near a building (beyond its full move) a unit is offered the eight compass moves, inches. Village Invasion's
 * raiders stood for twenty turns among the cottages, every straight move to their goals cut by a wall, while the
 * villagers' reinforcements gathered: against the random player they won 70 of seeds 1–100 without these moves, 84
 * with them (88 offered everywhere, but then Contact's Saxons won 84 instead of 93: its wood and field slow them).
 */
const BUILDING_NEAR_IN = 3

/** Quiet turns past `stillTurns`' own before moves are cut back to the allowance (twelve in all). */
const AFFORD_AFTER = 6
/** Halvings of a move refused for its cost (see `withAffordable`): to within 1/128 of its length. */
const AFFORD_STEPS = 7
/** The least move worth offering, inches. */
const MIN_MOVE_IN = 0.3
