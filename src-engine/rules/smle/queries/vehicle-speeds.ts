import type { MatchState } from '../state/state'
import { vehicleOption, vehicleSpeedFactor } from '../vehicle-flow'
import { type VehicleMoveAllowance, type VehicleMoveOption, vehicleMoveAllowance } from '../vehicle-movement'

/** How far a vehicle may go, as the rules measure it (SMLE-VEH-02..04, SMLE-VEH-15). */
export interface VehicleSpeeds {
  readonly vehicleId: string
  /** Combat speed, 1" per mph: the fastest it still manoeuvres and reacts to fire (SMLE-VEH-02). */
  readonly combatSpeedIn: number
  /** Road speed, its listed maximum: on good surfaces only, and then no firing or reacting (SMLE-VEH-02). */
  readonly roadSpeedIn: number
  /** It starts this round halted, so the SMLE-VEH-03 limit holds for the whole round. */
  readonly fromHalt: boolean
  /** SMLE-VEH-03: the most it may go this round from a halt (half its listed maximum), or null when not halted. */
  readonly fromHaltLimitIn: number | null
  /** The crew's move option from its band (SMLE-VEH-04), or null before the crew has an activation. */
  readonly option: VehicleMoveOption | null
  /** The fraction of combat speed its damage allows (SMLE-VEH-15: VSW ½, knocked out 0). */
  readonly speedFactor: number
  /** This turn's allowance for a move that leaves the road (off-road halves combat speed), as the moveVehicle command measures it. */
  readonly offRoad: VehicleMoveAllowance
  /** This turn's allowance for a move wholly on a road (road speed needs a full-move band and no Combat option, SMLE-VEH-04). */
  readonly onRoad: VehicleMoveAllowance
  /** How far it has gone this turn (counted against the allowance). */
  readonly turnMovedIn: number
  /** What is left of this turn's allowance, off-road and on a road. */
  readonly leftIn: { readonly offRoad: number; readonly onRoad: number }
}

/**
 * A vehicle's speeds and this turn's move allowance, from the same rule
 * function the moveVehicle command applies (`vehicleMoveAllowance`, with the
 * same inputs): 1" per mph of combat speed, half of it at a half-move band
 * (B4–B8) and all of it at a full-move band (B9–B10), off-road halved, road
 * speed on a road with no Combat option; from a halt at most half its listed
 * maximum for the whole round (SMLE-VEH-02..04, SMLE-VEH-E01); damage caps it
 * (SMLE-VEH-15). Whether the crew may drive now at all (its turn, no Other
 * option taken, crew aboard) is the command's check. Null for no such vehicle.
 */
export function vehicleSpeeds(state: MatchState, vehicleId: string): VehicleSpeeds | null {
  const v = state.vehicles[vehicleId]
  if (!v) return null
  const team = state.teams[v.crewTeamId]
  const band = team?.activation?.band ?? null
  const option = band === null ? null : vehicleOption(band)
  const speedFactor = vehicleSpeedFactor(state, v)
  // SMLE-VEH-03: "starts its activation halted" is read from last round's speed, as the command reads it.
  const startedHalted = v.speedLastRoundIn === 0
  const allowance = (onRoad: boolean): VehicleMoveAllowance =>
    vehicleMoveAllowance({
      combatSpeedIn: v.combatSpeedIn,
      roadSpeedIn: v.roadSpeedIn,
      option: option ?? 'none',
      startedHalted,
      onRoad,
      takesCombatOption: team?.attackedThisTurn ?? false,
      speedFactor,
    })
  const offRoad = allowance(false)
  const onRoad = allowance(true)
  const fromHalt = startedHalted && v.status !== 'killed'
  // The SMLE-VEH-03 cap alone: the allowance of an undamaged vehicle from a halt at its best (full move, on a road, no Combat option).
  const haltCap = vehicleMoveAllowance({
    combatSpeedIn: v.combatSpeedIn,
    roadSpeedIn: v.roadSpeedIn,
    option: 'full',
    startedHalted: true,
    onRoad: true,
    takesCombatOption: false,
    speedFactor: 1,
  }).maxIn
  return {
    vehicleId,
    combatSpeedIn: v.combatSpeedIn,
    roadSpeedIn: v.roadSpeedIn,
    fromHalt,
    fromHaltLimitIn: fromHalt ? haltCap : null,
    option,
    speedFactor,
    offRoad,
    onRoad,
    turnMovedIn: v.turnMovedIn,
    leftIn: { offRoad: Math.max(0, offRoad.maxIn - v.turnMovedIn), onRoad: Math.max(0, onRoad.maxIn - v.turnMovedIn) },
  }
}
