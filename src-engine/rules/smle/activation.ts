import type { EventLog } from './events/event-log'
import type { GameEvent } from './events/events'
import type { MatchState, TeamActivation, TeamState } from './state/state'
import type { World } from './world'
import { type ActivationResult, activationLevel } from './activation-modifiers'
import { groupLeader, groupTeams, isTeamOnTable, levelOf } from './organisation'
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
 * before it has acted leaves the block and takes its own situation. At
 * platoon and company level its own unit is its whole section (SMLE-ORG-09,
 * SMLE-GEN-08): a section stays one unit when one of its teams is fired on,
 * and leaves a platoon's group roll whole.
 */
function effectiveBlockId(state: MatchState, team: TeamState, activation: TeamActivation): string {
  if (activation.blockId === team.id) return team.id
  const unit = ownUnit(state, team)
  if (unit.teamIds.includes(activation.blockId)) return activation.blockId
  const firedOn = unit.teamIds.some((id) => {
    const t = state.teams[id]
    return t !== undefined && t.fire.thisRound.byTeams.length > 0 && t.turn === 'waiting'
  })
  return firedOn && team.turn === 'waiting' ? unit.leadTeamId : activation.blockId
}

/**
 * The unit a team rolls in when no group roll is made (`unitsForRoll`): the team itself at section level, its
 * section at platoon and company level, led by the section leader's team (or its first team on the table).
 */
function ownUnit(state: MatchState, team: TeamState): { readonly leadTeamId: string; readonly teamIds: string[] } {
  if (levelOf(state, team.sideId) === 'section' || team.groupId === null)
    return { leadTeamId: team.id, teamIds: [team.id] }
  const section = groupTeams(state, team.groupId).filter((t) => isTeamOnTable(state, t))
  const leader = groupLeader(state, state.groups[team.groupId])
  const lead = section.find((t) => t.id === leader?.teamId) ?? section[0] ?? team
  return { leadTeamId: lead.id, teamIds: section.map((t) => t.id) }
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
    const blockId = effectiveBlockId(state, team, current)
    const lead = state.teams[blockId]
    if (!lead || !isTeamOnTable(state, lead)) continue
    const key = `${blockId}:${current.die}`
    let r = cache.get(key)
    if (!r) {
      r = unitActivation(state, world, blockId, current.die)
      cache.set(key, r)
    }
    // Most teams' activation is as it was: compared before a new one is made.
    if (sameActivation(blockId, r, current)) continue
    const next = {
      die: current.die,
      al: r.al,
      band: r.band,
      modifiers: [...r.modifiers],
      shifts: [...r.shifts],
      blockId,
    }
    events.push({ type: 'ActivationSet', teamId: team.id, activation: next, reason: 'changed' })
  }
  log.push(...events)
}

/** Whether a team's activation worked out afresh (its die kept) is the one it has. */
function sameActivation(blockId: string, a: ActivationResult, b: TeamActivation): boolean {
  return (
    a.al === b.al &&
    a.band === b.band &&
    blockId === b.blockId &&
    a.shifts.length === b.shifts.length &&
    a.shifts.every((x, i) => x === b.shifts[i]) &&
    a.modifiers.length === b.modifiers.length &&
    a.modifiers.every(
      (m, i) =>
        m.label === b.modifiers[i]?.label && m.value === b.modifiers[i]?.value && m.clause === b.modifiers[i]?.clause,
    )
  )
}
