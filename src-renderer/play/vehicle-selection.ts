import type { MatchState, VehicleState } from '../../src-engine/index'
import { speedWords } from '../scene/vehicles/vehicle-layers'

const inches = (n: number): string => `${n.toFixed(n % 1 === 0 ? 0 : 1)}"`

/**
 * What the selection panel says of a picked vehicle: its crew team and speed
 * state; its combat and road speeds in inches (1" per mph, SMLE-VEH-02), half
 * speed from a halt (SMLE-VEH-03); how far it has gone this round; damage.
 */
export function vehicleSelectionLines(state: MatchState, v: VehicleState): string[] {
  const team = state.teams[v.crewTeamId]
  const lines = [`${team?.name ?? v.crewTeamId} · ${speedWords(v)}`]
  lines.push(`Combat speed ${inches(v.combatSpeedIn)} · road speed ${inches(v.roadSpeedIn)} on roads, without firing (SMLE-VEH-02)`)
  if (v.speedLastRoundIn === 0 && v.status !== 'killed') lines.push(`From a halt: half speed this round (SMLE-VEH-03)`)
  if (v.movedIn > 0) lines.push(`Moved ${inches(v.movedIn)} this round${v.roadSpeed ? ' at road speed: no firing (SMLE-VEH-02)' : ''}`)
  if (v.status !== 'ok') lines.push(v.status === 'killed' ? 'Knocked out (SMLE-VEH-15)' : `${v.status} (SMLE-VEH-15)`)
  const aboard = v.passengerTeamIds.map((id) => state.teams[id]?.name ?? id)
  if (aboard.length > 0) lines.push(`Aboard: ${aboard.join(', ')}`)
  return lines
}
