import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import { EventLog } from '../events/event-log'
import type { MatchState } from '../state/state'
import { rollActivation } from '../roll'
import { groupRollRefusal } from '../units'
import type { World } from '../world'
import { inPhase } from './common'

export const RollActivationSchema = z.object({
  type: z.literal('rollActivation'),
  sideId: z.string(),
  /** Groups rolled once for all their teams (SMLE-TURN-06). */
  groupRolls: z.array(z.string()).default([]),
})
export type RollActivation = z.infer<typeof RollActivationSchema>

/**
 * Phase 1 (SMLE-TURN-02): a side rolls 1D6 for each of its units, adding the
 * Table 1a modifiers (SMLE-ACT-01); it may roll once for a group that is not
 * under fire or engaged (SMLE-TURN-06). Round 1 starts with the random
 * qualities and leader grades of the side (SMLE-QUAL-05, SMLE-QUAL-06).
 */
export function decideRollActivation(state: MatchState, cmd: RollActivation, world: World): Decision {
  if (!state.sides.some((s) => s.id === cmd.sideId))
    return rejectCore('CORE-CMD-01', `There is no side "${cmd.sideId}" in this game.`)
  const phase = inPhase(state, 'activation', 'Rolling activation')
  if (!phase.ok) return phase
  if (cmd.sideId !== state.activeSideId)
    return rejectCore(
      'CORE-TURN-01',
      `${state.sides.find((s) => s.id === state.activeSideId)?.name ?? state.activeSideId} rolls now.`,
    )
  if (new Set(cmd.groupRolls).size !== cmd.groupRolls.length) return reject('SMLE-TURN-06', 'A group is named twice.')
  for (const groupId of cmd.groupRolls) {
    const why = groupRollRefusal(state, world, groupId, cmd.sideId)
    if (why) return reject('SMLE-TURN-06', why)
  }
  const log = new EventLog(state)
  rollActivation(log, world, cmd.sideId, cmd.groupRolls)
  return accept(log.events)
}
