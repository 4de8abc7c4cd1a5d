/** The move option a vehicle's crew takes from its band (SMLE-VEH-04): none, a half move (B4–B8) or a full move (B9–B10). */
export type VehicleMoveOption = 'none' | 'half' | 'full'

/** What decides how far a vehicle may go this activation. */
export interface VehicleMoveInput {
  readonly combatSpeedIn: number
  /** Listed maximum (road) speed. */
  readonly roadSpeedIn: number
  readonly option: VehicleMoveOption
  /** It started this activation halted (SMLE-VEH-03). */
  readonly startedHalted: boolean
  /** The whole move is on a road or other good surface; otherwise off-road. */
  readonly onRoad: boolean
  /** It takes a Combat option this round (road speed then is not allowed, SMLE-VEH-02/04). */
  readonly takesCombatOption: boolean
  /** Fraction of combat speed its damage allows (SMLE-VEH-15: VSW ½, killed 0). */
  readonly speedFactor: number
}

/** How far a vehicle may move this activation. */
export interface VehicleMoveAllowance {
  readonly maxIn: number
  /**
   * The farthest it may go and still fire and react this round: moving
   * beyond it is road speed, after which it may not (SMLE-VEH-02).
   */
  readonly maxFiringIn: number
}

/**
 * A vehicle's move allowance (SMLE-VEH-02..04, §13.1): half move = half combat
 * speed, full move = combat speed (1" per mph); on a road, at a full-move band
 * with no Combat option, up to road speed, but beyond combat speed it may not
 * fire or react; off-road, combat speed is halved; a vehicle that starts
 * halted goes at most half its listed maximum; a VSW vehicle at most half
 * combat speed (SMLE-VEH-15). Decision: a move that leaves the road at all
 * counts as off-road.
 */
export function vehicleMoveAllowance(input: VehicleMoveInput): VehicleMoveAllowance {
  if (input.option === 'none' || input.speedFactor <= 0) return { maxIn: 0, maxFiringIn: 0 }
  const combat = input.onRoad ? input.combatSpeedIn : input.combatSpeedIn / 2
  // SMLE-VEH-15: damage caps the speed (a VSW vehicle at most half combat speed).
  const optionMax = Math.min(input.option === 'full' ? combat : combat / 2, input.combatSpeedIn * input.speedFactor)
  const roadAllowed = input.option === 'full' && input.onRoad && !input.takesCombatOption && input.speedFactor >= 1
  let max = roadAllowed ? input.roadSpeedIn : optionMax
  // SMLE-VEH-03: from a halt, at most half the listed maximum speed this round.
  if (input.startedHalted) max = Math.min(max, input.roadSpeedIn / 2)
  return { maxIn: max, maxFiringIn: Math.min(max, optionMax) }
}

/**
 * SMLE-MOVE-11: passengers may leave only when the vehicle is not going
 * faster than they could move on foot: its move last round (inches) is at
 * most their full move.
 */
export function mayLeaveVehicle(vehicleMovedLastRoundIn: number, passengerFullMoveIn: number): boolean {
  return vehicleMovedLastRoundIn <= passengerFullMoveIn
}

/**
 * Who rolls for activation around a vehicle (SMLE-VEH-01, SMLE-VEH-10): while
 * passengers are aboard, crew and passengers are one unit; after de-bussing,
 * the crew is its own team and the passengers their usual teams. Returns the
 * activation units as lists of team ids.
 */
export function vehicleActivationUnits(
  crewTeamId: string,
  passengerTeamsAboard: readonly string[],
  passengerTeamsOut: readonly string[],
): string[][] {
  return [[crewTeamId, ...passengerTeamsAboard], ...passengerTeamsOut.map((t) => [t])]
}

/** SMLE-VEH-05: a helicopter takes off at the end of the round after the one it lands in. */
export function helicopterTakesOff(landedRound: number, endingRound: number): boolean {
  return endingRound >= landedRound + 1
}
