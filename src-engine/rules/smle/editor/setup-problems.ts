import type { ScenarioProblem } from '../../../scenario/problems'
import { resolvedVehicle } from '../initial-state'
import type { Scenario } from '../scenario/schema'
import { positionSeats } from './position-seats'

const fmt = (n: number): string => String(Math.round(n * 100) / 100)

const POSITION_WORDS: Readonly<Record<string, string>> = {
  foxhole: 'Foxhole',
  weaponPit: 'Weapon pit',
  trench: 'Trench',
  pillbox: 'Pillbox',
  bunker: 'Bunker',
}

/**
 * What is wrong with how teams start (§16 set-up): passengers beyond a
 * vehicle's room, a team both aboard and in a prepared position, and
 * reinforcements that would arrive after the last round, and a prepared
 * position too small for the team starting in it. Run once every
 * reference holds (a vehicle's profile is read).
 */
export function setupProblems(scenario: Scenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  for (const v of scenario.vehicles) {
    const riders = scenario.teams.filter((t) => t.vehicleId === v.id && t.id !== v.crewTeamId)
    const carried = riders.reduce((n, t) => n + t.figures.length, 0)
    const room = resolvedVehicle(v).passengerCapacity
    if (carried > room)
      out.push({
        code: 'vehicle-overloaded',
        severity: 'error',
        message:
          room === 0
            ? `${v.name} carries no passengers, but ${riders.map((t) => t.name).join(' and ')} start${riders.length === 1 ? 's' : ''} aboard it (SMLE-MOVE-10).`
            : `${v.name} has room for ${room} passengers, but ${riders.map((t) => t.name).join(' and ')} start aboard it with ${carried} figures (SMLE-MOVE-10).`,
        at: v.position,
        objectId: v.id,
        clause: 'SMLE-MOVE-10',
      })
  }
  for (const team of scenario.teams) {
    const at = team.figures[0]?.position
    const place = at ? { at } : {}
    if (team.vehicleId !== undefined && team.preparedPositionId !== undefined)
      out.push({
        code: 'aboard-and-in-position',
        severity: 'error',
        message: `${team.name} starts both aboard a vehicle and in prepared position "${team.preparedPositionId}"; a team starts in one or the other (SMLE-SHOOT-26).`,
        objectId: team.id,
        clause: 'SMLE-SHOOT-26',
        ...place,
      })
    const position = scenario.positions.find((p) => p.id === team.preparedPositionId)
    if (position && team.vehicleId === undefined) {
      const radiusIn = Math.max(...team.figures.map((f) => f.baseRadiusIn))
      const { room } = positionSeats(position, team.figures.length, radiusIn)
      if (room < team.figures.length)
        out.push({
          code: 'position-too-small',
          severity: 'warning',
          message: `${POSITION_WORDS[position.kind]} "${position.id}" has room for ${room} of ${team.name}'s ${team.figures.length} figures (${fmt(radiusIn * 2)}" bases clear of its parapet): seat fewer figures, make it wider, or use a weapon pit or a trench (SMLE-SHOOT-26).`,
          at: { x: position.x, z: position.z },
          objectId: team.id,
          clause: 'SMLE-SHOOT-26',
        })
    }
    if (team.entersRound !== undefined && team.entersRound > scenario.roundLimit)
      out.push({
        code: 'reinforcement-too-late',
        severity: 'error',
        message: `${team.name} arrives as reinforcements in round ${team.entersRound}, after the last round (${scenario.roundLimit}): it would never play (§16).`,
        objectId: team.id,
        ...place,
      })
  }
  return out
}
