import { type MatchState, vehicleSpeeds } from '../../src-engine/index'
import { speedWords } from '../scene/vehicles/vehicle-layers'

const inches = (n: number): string => `${n.toFixed(n % 1 === 0 ? 0 : 1)}"`

/**
 * What the selection panel says of a picked vehicle: its crew team and speed
 * state; its combat and road speeds in inches and, from a halt, the limit for
 * the round, as the engine's `vehicleSpeeds` answers them (SMLE-VEH-02/03);
 * during its crew's turn, what is left of the move; how far it has gone this
 * round; damage.
 */
export function vehicleSelectionLines(state: MatchState, vehicleId: string): string[] {
  const v = state.vehicles[vehicleId]
  const speeds = vehicleSpeeds(state, vehicleId)
  if (!v || !speeds) return []
  const team = state.teams[v.crewTeamId]
  const lines = [`${team?.name ?? v.crewTeamId} · ${speedWords(v)}`]
  lines.push(
    `Combat speed ${inches(speeds.combatSpeedIn)} · road speed ${inches(speeds.roadSpeedIn)} on roads, without firing (SMLE-VEH-02)`,
  )
  if (speeds.fromHaltLimitIn !== null)
    lines.push(`From a halt: half speed this round, at most ${inches(speeds.fromHaltLimitIn)} (SMLE-VEH-03)`)
  const unit = state.activeUnit
  if (state.phase === 'play' && unit?.teamIds[unit.index] === v.crewTeamId && speeds.option !== null) {
    lines.push(
      `Left this turn: ${inches(speeds.leftIn.offRoad)} off-road · ${inches(speeds.leftIn.onRoad)} on a road (SMLE-VEH-04)`,
    )
  }
  if (v.movedIn > 0)
    lines.push(`Moved ${inches(v.movedIn)} this round${v.roadSpeed ? ' at road speed: no firing (SMLE-VEH-02)' : ''}`)
  if (v.status !== 'ok') lines.push(v.status === 'killed' ? 'Knocked out (SMLE-VEH-15)' : `${v.status} (SMLE-VEH-15)`)
  const aboard = v.passengerTeamIds.map((id) => state.teams[id]?.name ?? id)
  if (aboard.length > 0) lines.push(`Aboard: ${aboard.join(', ')}`)
  return lines
}
