import { reject, rejectCore, type Refusal } from '../../../core/decision'
import { isLocked, type SmrWorld } from '../geometry'
import { SmrLog } from '../log'
import type { SmrState, SmrUnit, TurnStep } from '../state'
import type { SmrDecision } from './define'
import { accept } from '../../../core/decision'
export { FacingSchema, PointSchema } from './common-schema'

/** Refuses unless the game is in `phase` (and `step`), naming what happens when (CORE-PHASE-01). */
export function needStep(state: SmrState, phase: SmrState['phase'], step?: TurnStep): Refusal | null {
  if (state.phase === 'ended') return rejectCore('CORE-PHASE-01', 'The game is over.')
  if (state.phase !== phase || (step !== undefined && state.step !== step))
    return rejectCore(
      'CORE-PHASE-01',
      `That is not done now (the game is in ${state.phase}${state.step ? `, ${state.step}` : ''}).`,
    )
  return null
}

/** Refuses unless `sideId` is the side to act (CORE-TURN-01). */
export function needSide(state: SmrState, sideId: string): Refusal | null {
  if (!state.sideIds.includes(sideId)) return rejectCore('CORE-CMD-01', `There is no side "${sideId}".`)
  if (state.actingSide !== sideId)
    return rejectCore('CORE-TURN-01', `It is ${state.actingSide ?? 'nobody'}'s turn to act.`)
  return null
}

/** The unit, if it exists, stands on the table and belongs to the side to act. */
export function ownUnit(state: SmrState, unitId: string): SmrUnit | Refusal {
  const u = state.units[unitId]
  if (!u) return rejectCore('CORE-CMD-01', `There is no unit "${unitId}".`)
  if (u.sideId !== state.actingSide) return rejectCore('CORE-TURN-01', `${u.name} is not a unit of the side to act.`)
  if (u.status !== 'ok') return rejectCore('CORE-FIG-01', `${u.name} is out of the game.`)
  return u
}

/** Type guard: a refusal rather than a value. */
export function refused(x: unknown): x is Refusal {
  return typeof x === 'object' && x !== null && (x as { ok?: unknown }).ok === false
}

/**
 * SMR-MOVE-03/07/08, SMR-MISS-03: why a unit may not move voluntarily
 * this Movement Event, or null. A unit moves once per Movement Event (its
 * move may bend through waypoints): [decision] "maximum per turn".
 */
export function moveProblem(state: SmrState, world: SmrWorld, u: SmrUnit): Refusal | null {
  if (u.hiddenIn !== null)
    return reject('SMR-SCEN-02', `${u.name} is hidden in a building: it comes out with leaveBuilding.`)
  if (u.routed) return reject('SMR-MOVE-08', `${u.name} is routed and cannot be moved until rallied.`)
  if (u.firedTurn === state.turn) return reject('SMR-MISS-03', `${u.name} fired this turn and may not move.`)
  // SMR-RALLY-02: a unit its leader rallied makes no further move in that Movement Event.
  if (u.movedTurn === state.turn && u.ralliedTurn === state.turn)
    return reject('SMR-RALLY-02', `${u.name} was rallied this Movement Event and makes no further move in it.`)
  if (u.movedTurn === state.turn) return reject('SMR-MOVE-04', `${u.name} has already moved this turn.`)
  if (u.bashing !== null) return reject('SMR-OPT-30', `${u.name} is working on a door this turn.`)
  if (isLocked(state, world, u)) return reject('SMR-MOVE-07', `${u.name} is in melee and may not move.`)
  return null
}

/** Runs a rule over an event log and accepts its events. */
export function run(state: SmrState, body: (log: SmrLog) => void): SmrDecision {
  const log = new SmrLog(state)
  body(log)
  return accept(log.events)
}
