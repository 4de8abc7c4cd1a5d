import type { RejectReason } from '../decision'
import type { MatchState } from '../state/state'
import { planMoveVehicle } from '../commands/move-vehicle'
import { facingOf, onGround, quantizePoint } from '../commands/common'
import { allOnRoad } from '../vehicle-flow'
import { vehicleSpeeds } from './vehicle-speeds'
import type { Vec2, Vec3 } from '../../../util/geometry'
import type { World } from '../world'

/** A vehicle's drive to a point, as the moveVehicle command would measure it, before it is given. */
export interface VehicleMovePreview {
  readonly vehicleId: string
  /** The command would be accepted. */
  readonly ok: boolean
  /** From where it stands along the measured path to the point (a straight line when no path was found). */
  readonly route: readonly Vec3[]
  /** Length of the route, inches (1" per mph, SMLE-VEH-02); 0 when no path was found. */
  readonly lengthIn: number
  /** Where it would stop and which way it would then face (along its last leg). */
  readonly end: { readonly position: Vec3; readonly facingDeg: number }
  /** Beyond combat speed: road speed, so no firing or reacting this round (SMLE-VEH-02). */
  readonly road: boolean
  /** The whole route is on a road (else off-road, combat speed halved: SMLE-VEH-04). */
  readonly onRoad: boolean
  /** What is left of this turn's allowance before the move, for this route (on a road or off it); null before the crew's activation. */
  readonly leftIn: number | null
  /** Why the command would be refused, with its clause; null when it would be accepted. */
  readonly refusal: RejectReason | null
}

/**
 * A preview of driving a vehicle to `to`: the same check `moveVehicle`
 * makes (`planMoveVehicle`: the crew's turn, damage, boarding, the path
 * round walls and the allowance of SMLE-VEH-02..04), so what the table
 * shows and what the host decides agree. A refused drive still shows the
 * path the vehicle would have taken when the way is open (too far), or a
 * straight line to the point (no way through). Null for no such vehicle.
 */
export function previewVehicleMove(
  state: MatchState,
  world: World,
  vehicleId: string,
  to: Vec2,
): VehicleMovePreview | null {
  const v = state.vehicles[vehicleId]
  if (!v || v.offTable) return null
  const point = quantizePoint(to)
  const speeds = vehicleSpeeds(state, vehicleId)
  const plan = planMoveVehicle(state, { type: 'moveVehicle', vehicleId, to: point, via: [] }, world)
  let route: Vec3[]
  let lengthIn: number
  if (plan.ok) {
    route = [v.position, ...plan.value.route]
    lengthIn = plan.value.lengthIn
  } else {
    const path = v.helicopter ? null : world.path(v.position, point, v.widthIn / 2, state.doors, { armour: 'armoured' })
    route = path?.ok ? [...path.points] : [v.position, onGround(world, point)]
    lengthIn = path?.ok ? path.lengthIn : 0
  }
  const onRoad = allOnRoad(world, route)
  const leftIn = speeds && speeds.option !== null ? (onRoad ? speeds.leftIn.onRoad : speeds.leftIn.offRoad) : null
  const last = route[route.length - 1] ?? v.position
  const before = route.length >= 2 ? route[route.length - 2]! : v.position
  return {
    vehicleId,
    ok: plan.ok,
    route,
    lengthIn,
    end: { position: last, facingDeg: facingOf(before, last, v.facingDeg) },
    road: plan.ok && plan.value.road,
    onRoad,
    leftIn,
    refusal: plan.ok ? null : plan.reason,
  }
}
