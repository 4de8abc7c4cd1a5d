import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import type { MatchState } from '../state/state'
import type { World } from '../world'
import { inPhase } from './common'

export const ChooseObjectiveSchema = z.object({
  type: z.literal('chooseObjective'),
  sideId: z.string(),
  objectiveId: z.string(),
})
export type ChooseObjective = z.infer<typeof ChooseObjectiveSchema>

/** SMLE-SCEN-04 "Commando": before set-up the raider secretly records the one objective it will hit. */
export function decideChooseObjective(state: MatchState, cmd: ChooseObjective, world: World): Decision {
  const phase = inPhase(state, 'setup', 'Choosing an objective')
  if (!phase.ok) return phase
  if (cmd.sideId !== state.activeSideId) return rejectCore('CORE-TURN-01', 'Only the side setting up can choose now.')
  const raid = world.scenario.victory.conditions.find((c) => c.kind === 'raid')
  if (!raid || raid.kind !== 'raid' || raid.sideId !== cmd.sideId)
    return reject('SMLE-SCEN-04', 'This side has no raid objective to choose in this scenario.')
  if (state.raid.objectiveId !== null) return reject('SMLE-SCEN-04', 'The objective has already been recorded.')
  if (!raid.objectiveIds.includes(cmd.objectiveId))
    return reject('SMLE-SCEN-04', `"${cmd.objectiveId}" is not one of the objectives the raid may hit.`)
  return accept([{ type: 'ObjectiveChosen', sideId: cmd.sideId, objectiveId: cmd.objectiveId }])
}
