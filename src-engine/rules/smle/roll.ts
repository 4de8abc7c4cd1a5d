import type { EventLog } from './events/event-log'
import type { World } from './world'
import { unitActivation } from './activation'
import { groupLeader } from './organisation'
import { rollSuperiorLeader } from './optional-rules'
import { LEADER_QUALITY_BONUS, randomQuality } from './quality'
import { selectNextUnit } from './sequence'
import { unitsForRoll } from './units'

/**
 * SMLE-QUAL-05 / SMLE-QUAL-06, once at the start of the game: each element
 * with a random quality rolls 1D6, its leaders on their own at +1; with the
 * superior-leaders option each group leader rolls for his grade.
 */
export function pregameRolls(log: EventLog, sideId: string): void {
  const state = log.state
  for (const team of Object.values(state.teams)) {
    if (team.sideId !== sideId) continue
    const pending = team.figureIds.map((id) => state.figures[id]).filter((f) => f !== undefined && f.qualityPending)
    const rank = pending.filter((f) => !f?.isLeader).map((f) => f?.id ?? '')
    if (rank.length > 0) {
      const roll = log.roll({ purpose: `quality of ${team.name}`, dice: 1, modifiers: [] })
      log.push({ type: 'QualityRolled', figureIds: rank, quality: randomQuality(roll.total) })
    }
    for (const leader of pending.filter((f) => f?.isLeader)) {
      if (!leader) continue
      const roll = log.roll({
        purpose: `quality of ${leader.name}`,
        dice: 1,
        figureId: leader.id,
        modifiers: [{ label: 'leader', value: LEADER_QUALITY_BONUS, clause: 'SMLE-QUAL-05' }],
      })
      log.push({ type: 'QualityRolled', figureIds: [leader.id], quality: randomQuality(roll.total) })
    }
  }
  if (!state.settings.optional.superiorLeaders) return
  for (const group of Object.values(state.groups)) {
    const leader = groupLeader(state, group)
    if (group.sideId !== sideId || group.leaderGrade !== 'basic' || !leader) continue
    const rolled = rollSuperiorLeader(
      () =>
        log.roll({ purpose: `leader grade of ${leader.name}`, dice: 1, figureId: leader.id, modifiers: [] }).faces[0] ??
        1,
    )
    log.push({ type: 'LeaderGraded', groupId: group.id, grade: rolled.grade })
  }
}

/**
 * Phase 1 (SMLE-TURN-02, SMLE-ACT-01): a side rolls 1D6 for each of its
 * units and adds its modifiers; when every side has rolled, phase 2 begins
 * with the lowest AL.
 */
export function rollActivation(log: EventLog, world: World, sideId: string, groupRolls: readonly string[]): void {
  if (log.state.round === 1) pregameRolls(log, sideId)
  for (const unit of unitsForRoll(log.state, sideId, groupRolls)) {
    const before = unitActivation(log.state, world, unit.leadTeamId, 0)
    const lead = log.state.teams[unit.leadTeamId]
    const die =
      log.roll({ purpose: `activation of ${lead?.name ?? unit.leadTeamId}`, dice: 1, modifiers: [...before.modifiers] })
        .faces[0] ?? 1
    const r = unitActivation(log.state, world, unit.leadTeamId, die)
    for (const teamId of unit.teamIds) {
      log.push({
        type: 'ActivationSet',
        teamId,
        reason: 'rolled',
        activation: {
          die,
          al: r.al,
          band: r.band,
          modifiers: [...r.modifiers],
          shifts: [...r.shifts],
          blockId: unit.leadTeamId,
        },
      })
    }
  }
  const waiting = log.state.sides.filter((s) => s.id !== sideId && !log.state.sidesReady.includes(s.id))
  const next = waiting[0]
  log.push({
    type: 'ActivationRolled',
    sideId,
    nextSideId: next?.id ?? log.state.firstSideId,
    started: next === undefined,
  })
  if (next === undefined) selectNextUnit(log, world)
}
