import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import type { MatchState } from '../state/state'
import { presentFigures } from '../organisation'
import { figureFullMoveIn } from '../situation'
import type { World } from '../world'
import { actingFigure } from './common'

export const TransferLeaderSchema = z.object({
  type: z.literal('transferLeader'),
  figureId: z.string(),
  toTeamId: z.string(),
})
export type TransferLeader = z.infer<typeof TransferLeaderSchema>

/**
 * SMLE-ORG-08: a leader may attach to any team of his group and move from
 * team to team. He joins a team of his group that one of his figures is in
 * cohesion with (within half his full move, SMLE-ORG-05), during his own
 * team's turn; having acted with one team, he does nothing more this round.
 */
export function decideTransferLeader(state: MatchState, cmd: TransferLeader, world: World): Decision {
  const acting = actingFigure(state, cmd.figureId, 'play')
  if (!acting.ok) return acting
  const leader = acting.value
  const target = state.teams[cmd.toTeamId]
  if (!target) return rejectCore('CORE-CMD-01', `There is no team "${cmd.toTeamId}".`)
  const led = Object.values(state.groups)
    .filter((g) => g.leaderFigureId === leader.id)
    .map((g) => g.id)
  if (led.length === 0) return reject('SMLE-ORG-08', `${leader.name} is not a group leader.`)
  const from = state.teams[leader.teamId]
  const inGroup = (groupId: string | null): boolean =>
    groupId !== null && (led.includes(groupId) || led.some((g) => state.groups[groupId]?.parentId === g))
  if (target.id === leader.teamId || !inGroup(target.groupId) || target.gone)
    return reject('SMLE-ORG-08', `${leader.name} may only join another team of the group he leads.`)
  if (leader.vehicleId !== null) return reject('SMLE-ORG-08', `${leader.name} is aboard a vehicle.`)
  const near = presentFigures(state, target).some(
    (f) => f.vehicleId === null && world.distanceIn(leader, f) <= figureFullMoveIn(state, leader) / 2 + 1e-9,
  )
  if (!near)
    return reject('SMLE-ORG-05', `${leader.name} must be within half a move of a figure of ${target.name} to join it.`)
  return accept([
    { type: 'LeaderTransferred', figureId: leader.id, fromTeamId: from?.id ?? leader.teamId, toTeamId: target.id },
    { type: 'FigureSpent', figureId: leader.id, why: 'transferred' },
  ])
}
