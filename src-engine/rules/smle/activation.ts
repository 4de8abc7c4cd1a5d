import type { EventLog } from './events/event-log'
import type { GameEvent } from './events/events'
import type { MatchState, TeamActivation, TeamState } from './state/state'
import type { World } from './world'
import { type ActivationResult, activationLevel } from './activation-modifiers'
import { isTeamOnTable } from './organisation'
import { activationSituation } from './situation'
import { subjectTeamIds } from './units'

/** SMLE-ACT-01: AL for a unit led by `leadTeamId` with this die. */
export function unitActivation(state: MatchState, world: World, leadTeamId: string, die: number): ActivationResult {
  return activationLevel(die, activationSituation(state, world, subjectTeamIds(state, leadTeamId), leadTeamId))
}

/** The teams acting now, whose AL may not change during their turn (SMLE-ACT-16). */
export function activeBlock(state: MatchState): ReadonlySet<string> {
  return new Set(state.activeUnit?.teamIds ?? [])
}

/**
 * SMLE-TURN-06 / SMLE-ACT-16: a team in a group-roll block that is fired on
 * before it has acted leaves the block and takes its own situation.
 */
function effectiveBlockId(team: TeamState, activation: TeamActivation): string {
  if (activation.blockId === team.id) return team.id
  const firedOn = team.fire.thisRound.byTeams.length > 0
  return firedOn && team.turn === 'waiting' ? team.id : activation.blockId
}

/**
 * SMLE-ACT-16: AL = the phase-1 die + current modifiers (+ shifts),
 * recomputed whenever something changes, except for the unit acting now.
 * Emits `ActivationSet` for every team whose activation changed.
 */
export function refreshActivations(log: EventLog, world: World): void {
  const state = log.state
  if (state.phase !== 'play') return
  const frozen = activeBlock(state)
  const cache = new Map<string, ActivationResult>()
  const events: GameEvent[] = []
  for (const team of Object.values(state.teams)) {
    const current = team.activation
    if (!current || frozen.has(team.id) || !isTeamOnTable(state, team)) continue
    const blockId = effectiveBlockId(team, current)
    const lead = state.teams[blockId]
    if (!lead || !isTeamOnTable(state, lead)) continue
    const key = `${blockId}:${current.die}`
    let r = cache.get(key)
    if (!r) {
      r = unitActivation(state, world, blockId, current.die)
      cache.set(key, r)
    }
    const next = {
      die: current.die,
      al: r.al,
      band: r.band,
      modifiers: [...r.modifiers],
      shifts: [...r.shifts],
      blockId,
    }
    if (!sameActivation(next, current))
      events.push({ type: 'ActivationSet', teamId: team.id, activation: next, reason: 'changed' })
  }
  log.push(...events)
}

function sameActivation(a: TeamActivation, b: TeamActivation): boolean {
  return (
    a.die === b.die &&
    a.al === b.al &&
    a.band === b.band &&
    a.blockId === b.blockId &&
    a.shifts.join('|') === b.shifts.join('|') &&
    a.modifiers.length === b.modifiers.length &&
    a.modifiers.every(
      (m, i) =>
        m.label === b.modifiers[i]?.label && m.value === b.modifiers[i]?.value && m.clause === b.modifiers[i]?.clause,
    )
  )
}
