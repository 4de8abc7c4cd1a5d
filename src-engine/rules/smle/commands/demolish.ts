import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import type { MatchState } from '../state/state'
import { dist2 } from '../../../util/geometry'
import type { World } from '../world'
import { actingFigure } from './common'
import { otherOptionAllowed } from './other-option'
import { raidersAway } from '../victory'

export const DemolishSchema = z.object({ type: z.literal('demolish'), figureId: z.string(), objectiveId: z.string() })
export type Demolish = z.infer<typeof DemolishSchema>

/**
 * SMLE-SCEN-04: instead of holding its objective for a full round, the raider
 * may use a demolition charge on it: a figure carrying one, within the
 * objective's area, spends its team's Other option (the demolitions row of
 * Table 1, B8+, SMLE-OPT-10).
 */
export function decideDemolish(state: MatchState, cmd: Demolish, world: World): Decision {
  const acting = actingFigure(state, cmd.figureId, 'play')
  if (!acting.ok) return acting
  const figure = acting.value
  const team = state.teams[figure.teamId]
  const objective = world.scenario.objectives.find((o) => o.id === cmd.objectiveId)
  if (!team || !objective) return rejectCore('CORE-CMD-01', `There is no objective "${cmd.objectiveId}".`)
  const raid = world.scenario.victory.conditions.find((c) => c.kind === 'raid')
  if (!raid || raid.kind !== 'raid' || raid.sideId !== figure.sideId || state.raid.objectiveId !== objective.id)
    return reject('SMLE-SCEN-04', 'Only the raiders can blow up the objective they chose.')
  if (state.raid.held) return reject('SMLE-SCEN-04', 'The objective has already been dealt with.')
  if (!figure.kit.includes('demolitionCharge'))
    return reject('SMLE-SCEN-04', `${figure.name} carries no demolition charge.`)
  const allowed = otherOptionAllowed(state, world, team, 'deactivateTraps')
  if (!allowed.ok) return allowed
  if (dist2(figure.position, objective) > objective.radiusIn + 1e-9)
    return reject('SMLE-SCEN-04', `${figure.name} must be at ${objective.name}.`)
  return accept([
    { type: 'OtherOptionTaken', teamId: team.id, option: 'demolish' },
    {
      type: 'RaidHold',
      heldSince: state.raid.heldSince ?? state.round,
      held: true,
      sideId: raid.sideId,
      exitedBefore: raidersAway(state, raid.sideId),
    },
  ])
}
