import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import type { MatchState } from '../state/state'
import { presentFigures } from '../organisation'
import { figureFullMoveIn } from '../situation'
import { vehicleBody } from '../vehicle-flow'
import type { World } from '../world'
import { actingTeam } from './common'
import { haltedRefusal } from './move-rules'

export const BoardSchema = z.object({ type: z.literal('board'), teamId: z.string(), vehicleId: z.string() })
export type Board = z.infer<typeof BoardSchema>

/**
 * SMLE-MOVE-10 Boarding: the vehicle must be stationary and the team within
 * half its normal move of it; the whole team boards, as its Move option. Its
 * own crew boarding back counts as crew (one more round before it can move).
 */
export function decideBoard(state: MatchState, cmd: Board, world: World): Decision {
  const acting = actingTeam(state, cmd.teamId)
  if (!acting.ok) return acting
  const team = acting.value
  const vehicle = state.vehicles[cmd.vehicleId]
  if (!vehicle || vehicle.offTable)
    return rejectCore('CORE-CMD-01', `There is no vehicle "${cmd.vehicleId}" on the table.`)
  if (vehicle.sideId !== team.sideId) return reject('SMLE-MOVE-10', `${vehicle.name} is the enemy's.`)
  if (vehicle.status === 'killed') return reject('SMLE-MOVE-10', `${vehicle.name} is a wreck.`)
  if (vehicle.movedIn > 0) return reject('SMLE-MOVE-10', `${vehicle.name} must be stationary for a team to board it.`)
  const band = team.activation?.band ?? 0
  if (band < 4)
    return reject('SMLE-MOVE-10', `${team.name} is at B${band}: boarding is a move, which its band does not allow.`)
  const halted = haltedRefusal(team)
  if (halted) return halted
  if (team.moveOption !== null || team.other !== null)
    return reject('SMLE-TURN-10', `${team.name} has used its Move option this turn.`)
  const figures = presentFigures(state, team).filter((f) => f.vehicleId === null)
  if (figures.length === 0) return reject('SMLE-MOVE-10', `${team.name} has nobody on foot to board.`)
  const body = vehicleBody(vehicle)
  const far = figures.find((f) => world.distanceIn(f, body) > figureFullMoveIn(state, f) / 2 + 1e-9)
  if (far)
    return reject(
      'SMLE-MOVE-10',
      `${far.name} is more than half a move from ${vehicle.name}; the whole team boards together.`,
    )
  const asCrew = vehicle.crewTeamId === team.id
  if (!asCrew) {
    const carried = Object.values(state.figures).filter(
      (f) => f.vehicleId === vehicle.id && f.teamId !== vehicle.crewTeamId && f.status !== 'dead',
    ).length
    if (carried + figures.length > vehicle.passengerCapacity)
      return reject(
        'SMLE-MOVE-10',
        `${vehicle.name} has room for ${vehicle.passengerCapacity - carried} more; ${team.name} is ${figures.length}.`,
      )
  }
  return accept([
    { type: 'MoveOptionChosen', teamId: team.id, option: 'vehicle' },
    { type: 'TeamBoarded', teamId: team.id, vehicleId: vehicle.id, asCrew },
  ])
}
