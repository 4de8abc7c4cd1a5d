import type { EventLog } from './events/event-log'
import type { MatchState, TeamState } from './state/state'
import type { World } from './world'
import { encumbranceIn } from './loadout'
import { breathAfterRound, isHeavilyEquipped } from './movement'
import { canAct, isPresent, presentFigures } from './organisation'
import { helicopterTakesOff } from './vehicles'
import { returnMonsters } from './monster-flow'
import { raidHoldAfterRound, timeLimitVerdict } from './victory'
import { vehicleHulls } from './vehicle-sight'

/**
 * SMLE-SHOOT-25: figures that spent the round stationary without firing are
 * braced from now on. A crew or passenger aboard a vehicle that did not move
 * is stationary too (SMLE-VEH-10: its mounted must-brace weapons then fire);
 * the vehicle's moves count as theirs (`VehicleMoved`).
 */
function bracedFigures(state: MatchState): string[] {
  return Object.values(state.figures)
    .filter((f) => canAct(f) && !f.braced && !f.movedThisRound && !f.firedThisRound && f.status !== 'seriousWound')
    .map((f) => f.id)
}

/** SMLE-FODDER-03: Camera Fodder playing dead gets up when no enemy figure can see it. */
function recoveredFodder(state: MatchState, world: World): string[] {
  return Object.values(state.figures)
    .filter((f) => f.status === 'playingDead' && f.cameraFodder && isPresent(f))
    .filter(
      (f) =>
        !Object.values(state.figures).some(
          (e) => e.sideId !== f.sideId && canAct(e) && world.sees(e, f, state.doors, vehicleHulls(state)),
        ),
    )
    .map((f) => f.id)
}

/** SMLE-MOVE-09: running and halting counters for the next round. */
function breath(state: MatchState): Record<string, { runningRounds: number; haltRounds: number }> {
  const out: Record<string, { runningRounds: number; haltRounds: number }> = {}
  for (const team of Object.values(state.teams))
    out[team.id] = breathAfterRound(team.runningRounds, team.haltRounds, team.ranThisRound, teamIsHeavy(state, team))
  return out
}

/** SMLE-MOVE-09: a team is heavily equipped when any of its figures present is. */
export function teamIsHeavy(state: MatchState, team: TeamState): boolean {
  return presentFigures(state, team).some((f) => isHeavilyEquipped(f.armour, encumbranceIn(f)))
}

/**
 * SMLE-TURN-11: the round ends. Fire received moves to "last round", running
 * counters advance, per-round flags clear; the raider's hold is checked
 * (SMLE-SCEN-04). After the last round the game ends with the scenario's
 * verdict; otherwise reinforcements due next round arrive and phase 1 begins.
 */
export function endRound(log: EventLog, world: World): void {
  const state = log.state
  // SMLE-VEH-05: a helicopter takes off at the end of the round after it landed, with whoever is aboard.
  for (const v of Object.values(state.vehicles)) {
    if (v.helicopter && !v.offTable && v.landedRound !== null && helicopterTakesOff(v.landedRound, state.round))
      log.push({ type: 'VehicleLeftTable', vehicleId: v.id, reason: 'tookOff' })
  }
  // SMLE-IND-06: a mission whose firing unit did not fire it in its round is cancelled.
  for (const m of state.missions)
    if (m.arrivesRound <= state.round) log.push({ type: 'MissionEnded', missionId: m.id, outcome: 'cancelled' })
  const hold = raidHoldAfterRound(log.state, world)
  if (hold) log.push({ type: 'RaidHold', ...hold })
  const now = log.state
  log.push({
    type: 'RoundEnded',
    round: now.round,
    braced: bracedFigures(now),
    recovered: recoveredFodder(now, world),
    breath: breath(now),
    nextSideId: now.firstSideId,
  })
  if (state.round >= state.roundLimit) {
    const verdict = timeLimitVerdict(log.state, world)
    log.push({ type: 'GameEnded', winnerSideId: verdict.winnerSideId, reason: verdict.reason, round: state.round })
    return
  }
  const arriving = Object.values(log.state.teams)
    .filter((t) => t.entersRound === log.state.round && !t.gone)
    .map((t) => t.id)
  if (arriving.length > 0) log.push({ type: 'ReinforcementsArrived', teamIds: arriving })
  if (log.state.settings.optional.monsters) returnMonsters(log, world)
}
