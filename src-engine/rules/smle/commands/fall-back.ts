import { z } from 'zod'
import { accept, type Decision, reject } from '../decision'
import { EventLog } from '../events/event-log'
import type { MatchState, VehicleState } from '../state/state'
import { crewAboard, crewVehicle, vehicleWithdrawal } from '../vehicle-flow'
import { withdrawalLegs } from '../compulsory'
import { STAND_UP_COST_IN } from '../movement'
import { runMove } from '../windows'
import type { World } from '../world'
import { actingTeam } from './common'
import { haltedRefusal } from './move-rules'
import { settlePosition } from '../positions'

export const FallBackSchema = z.object({
  type: z.literal('fallBack'),
  teamId: z.string(),
  /** B1 may choose a half or a full move back (SMLE-OPT-07); B2 and a voluntary fall back use a half move. */
  distance: z.enum(['half', 'full']).default('half'),
})
export type FallBack = z.infer<typeof FallBackSchema>

/** A crew falls back in its vehicle (SMLE-VEH-04: its half and full moves are half and full combat speed, off-road halved). */
function vehicleFallBack(
  state: MatchState,
  world: World,
  teamId: string,
  vehicle: VehicleState,
  fraction: { max: number; min: number },
): Decision {
  const full = vehicle.combatSpeedIn / 2
  const w = vehicleWithdrawal(state, world, vehicle, full * fraction.max, full * fraction.min)
  if (!w) return reject('SMLE-OPT-07', `${vehicle.name} has nowhere to fall back to.`)
  const log = new EventLog(state)
  log.push({ type: 'MoveOptionChosen', teamId, option: 'fallBack' })
  if (w.offTable) log.push({ type: 'VehicleLeftTable', vehicleId: vehicle.id, reason: 'fled', edge: w.edge })
  else runMove(log, world, teamId, [{ figureId: null, vehicleId: vehicle.id, route: [w.to], kind: 'vehicle' }], false)
  return accept(log.events)
}

/**
 * SMLE-OPT-07 Fall Back: the team withdraws from the known enemy toward its
 * own base line, every figure ending farther from the nearest enemy and no
 * closer to the enemy's base line: exactly a half move at B2, a half to a
 * full move at B1. Teams at B3 or above may choose it (SMLE-ACT-06,
 * SMLE-OPT-06). It is the team's Move option and runs with interrupt points.
 */
export function decideFallBack(state: MatchState, cmd: FallBack, world: World): Decision {
  const acting = actingTeam(state, cmd.teamId)
  if (!acting.ok) return acting
  const team = acting.value
  const band = team.activation?.band ?? 0
  if (band === 0) return reject('SMLE-OPT-08', `${team.name} is breaking, not falling back.`)
  const halted = haltedRefusal(team)
  if (halted) return halted
  if (team.moveOption !== null)
    return reject('SMLE-TURN-10', `${team.name} has already used its Move option this turn.`)
  if (team.other !== null) return reject('SMLE-TURN-10', `${team.name} took an Other option this turn.`)
  if (team.haltRounds > 0) return reject('SMLE-MOVE-09', `${team.name} must halt to catch its breath this round.`)
  if (cmd.distance === 'full' && band !== 1 && band < 9)
    return reject(
      'SMLE-OPT-07',
      'Only a B1 team (full move back) or a team whose band allows a full move may fall back a full move.',
    )
  const fraction = cmd.distance === 'full' ? { max: 1, min: 0.5 } : { max: 0.5, min: 0.5 }
  const vehicle = crewVehicle(state, team)
  if (vehicle && crewAboard(state, vehicle)) return vehicleFallBack(state, world, team.id, vehicle, fraction)
  // A figure that reaches its own base line stops at the edge of the table.
  const { legs, standing } = withdrawalLegs(state, world, team, fraction, 'fallBack')
  if (legs.length === 0) return reject('SMLE-OPT-07', `${team.name} has nowhere to fall back to.`)
  const log = new EventLog(state)
  log.push({ type: 'MoveOptionChosen', teamId: team.id, option: 'fallBack' })
  for (const id of standing) log.push({ type: 'FigureStoodUp', figureId: id, costIn: STAND_UP_COST_IN })
  if (runMove(log, world, team.id, legs, false) === 'done') settlePosition(log, world, team.id)
  return accept(log.events)
}
