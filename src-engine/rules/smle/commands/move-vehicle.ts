import { accept, type Decision, reject, rejectCore } from '../decision'
import { EventLog } from '../events/event-log'
import type { MatchState, VehicleState } from '../state/state'
import { runMove } from '../windows'
import {
  allOnRoad,
  boardingHoldsVehicle,
  crewAboard,
  vehicleOption,
  vehicleSpeedFactor,
  vehicleStopped,
} from '../vehicle-flow'
import { vehicleMoveAllowance } from '../vehicles'
import { dist2, type Vec3 } from '../../../util/geometry'
import type { World } from '../world'
import { actingTeam, type Checked, onGround, quantizePoint } from './common'
import { haltedRefusal } from './move-rules'
import { bearingDeg } from '../edges'
import type { MoveVehicle } from './move-vehicle-schema'
export { MoveVehicleSchema, type MoveVehicle } from './move-vehicle-schema'

/** A checked vehicle move. */
export interface PlannedVehicleMove {
  readonly vehicle: VehicleState
  readonly route: Vec3[]
  readonly lengthIn: number
  /** Beyond combat speed: road speed, no firing or reacting this round (SMLE-VEH-02). */
  readonly road: boolean
}

/** Another vehicle or a figure on foot in the way of a vehicle at `p` (CORE-TABLE-03), or null. */
function vehicleOverlap(state: MatchState, v: VehicleState, p: { x: number; z: number }): string | null {
  const r = Math.max(v.lengthIn, v.widthIn) / 2
  for (const f of Object.values(state.figures)) {
    if (f.offTable !== null || f.vehicleId !== null || f.status === 'dead') continue
    if (dist2(p, f.position) < r + f.baseRadiusIn - 1e-6) return f.name
  }
  for (const o of Object.values(state.vehicles)) {
    if (o.id === v.id || o.offTable) continue
    if (dist2(p, o.position) < r + Math.max(o.lengthIn, o.widthIn) / 2 - 1e-6) return o.name
  }
  return null
}

/** Checks a vehicle move without making it (also used to list legal moves). */
export function planMoveVehicle(state: MatchState, cmd: MoveVehicle, world: World): Checked<PlannedVehicleMove> {
  const vehicle = state.vehicles[cmd.vehicleId]
  if (!vehicle || vehicle.offTable)
    return rejectCore('CORE-CMD-01', `There is no vehicle "${cmd.vehicleId}" on the table.`)
  const acting = actingTeam(state, vehicle.crewTeamId)
  if (!acting.ok) return acting
  const team = acting.value
  if (vehicle.status === 'killed') return reject('SMLE-VEH-15', `${vehicle.name} is a wreck.`)
  if (vehicleStopped(state, vehicle))
    return reject('SMLE-VEH-15', `${vehicle.name} took a light wound and does nothing more this round.`)
  if (!crewAboard(state, vehicle)) return reject('SMLE-VEH-01', `${vehicle.name} has no crew aboard to drive it.`)
  if (boardingHoldsVehicle(state, vehicle))
    return reject('SMLE-MOVE-10', `${vehicle.name} cannot move off yet: a team has just boarded it.`)
  if (team.other !== null)
    return reject('SMLE-TURN-10', `${team.name} took an Other option this turn instead of moving.`)
  const halted = haltedRefusal(team)
  if (halted) return halted
  const band = team.activation?.band ?? 0
  const points = [...cmd.via, cmd.to].map(quantizePoint)
  const route: Vec3[] = []
  let from: Vec3 = vehicle.position
  let length = 0
  for (const p of points) {
    if (vehicle.helicopter) {
      // SMLE-VEH-05: a helicopter arrives and leaves without plotted movement.
      route.push(onGround(world, p))
      from = onGround(world, p)
      continue
    }
    const path = world.path(from, p, vehicle.widthIn / 2, state.doors, { armour: 'armoured' })
    if (!path.ok)
      return rejectCore(
        path.blocker.kind === 'tableEdge' ? 'CORE-TABLE-01' : 'CORE-TABLE-02',
        `${vehicle.name} cannot go there: the way is blocked by ${path.blocker.label}.`,
      )
    length += path.lengthIn
    route.push(...path.points.slice(1))
    from = onGround(world, p)
  }
  const end = points[points.length - 1] ?? cmd.to
  const inTheWay = vehicleOverlap(state, vehicle, end)
  if (inTheWay) return rejectCore('CORE-TABLE-03', `${vehicle.name} cannot stop there: ${inTheWay} is in the way.`)
  if (vehicle.helicopter) return { ok: true, value: { vehicle, route, lengthIn: 0, road: false } }
  // SMLE-GEN-05, SMLE-MOVE-04: the hull where it stops, its length along its last leg, stands clear of walls and the
  // table's edge (the way was searched for its width only).
  const last = route[route.length - 1]
  const before = route.length >= 2 ? route[route.length - 2]! : vehicle.position
  if (last && dist2(before, last) > 1e-9) {
    const hull = { kind: 'rect' as const, widthIn: vehicle.widthIn, depthIn: vehicle.lengthIn }
    const facing = bearingDeg({ x: last.x - before.x, z: last.z - before.z })
    const blocker = world.footprintBlocker(last, hull, state.doors, facing)
    if (blocker)
      return rejectCore(
        blocker.kind === 'tableEdge' ? 'CORE-TABLE-01' : 'CORE-TABLE-02',
        `${vehicle.name} cannot stop there: its hull would overlap ${blocker.label}.`,
      )
  }
  if (band <= 2)
    return reject(
      band === 0 ? 'SMLE-OPT-08' : 'SMLE-OPT-07',
      `${team.name} is ${band === 0 ? 'breaking' : 'falling back'}: it must withdraw, not move at will.`,
    )
  const allowance = vehicleMoveAllowance({
    combatSpeedIn: vehicle.combatSpeedIn,
    roadSpeedIn: vehicle.roadSpeedIn,
    option: vehicleOption(band),
    startedHalted: vehicle.speedLastRoundIn === 0,
    onRoad: allOnRoad(world, [vehicle.position, ...route]),
    takesCombatOption: team.attackedThisTurn,
    speedFactor: vehicleSpeedFactor(state, vehicle),
  })
  const total = vehicle.turnMovedIn + length
  if (total > allowance.maxIn + 1e-6) {
    return reject(
      'SMLE-VEH-02',
      `${vehicle.name} may move ${Math.max(0, allowance.maxIn - vehicle.turnMovedIn).toFixed(1)}" more this turn; this move is ${length.toFixed(1)}".`,
    )
  }
  return { ok: true, value: { vehicle, route, lengthIn: length, road: total > allowance.maxFiringIn + 1e-6 } }
}

/**
 * SMLE-VEH-02..04 / SMLE-VEH-10: a vehicle moves when its crew activates, 1"
 * per mph: half combat speed at B4–B8, combat speed at B9–B10, off-road
 * halved, half its maximum from a halt, up to road speed on a road when it
 * takes no Combat option (then it may not fire or react). The move runs in
 * 1" steps at which the enemy may fire at it (SMLE-COMBAT-05). A helicopter
 * simply lands where it is sent (SMLE-VEH-05).
 */
export function decideMoveVehicle(state: MatchState, cmd: MoveVehicle, world: World): Decision {
  const plan = planMoveVehicle(state, cmd, world)
  if (!plan.ok) return plan
  const { vehicle, route, road } = plan.value
  const log = new EventLog(state)
  if (state.teams[vehicle.crewTeamId]?.moveOption === null)
    log.push({ type: 'MoveOptionChosen', teamId: vehicle.crewTeamId, option: 'vehicle' })
  if (vehicle.helicopter) {
    const to = route[route.length - 1] ?? vehicle.position
    log.push({
      type: 'VehicleMoved',
      vehicleId: vehicle.id,
      from: vehicle.position,
      to,
      distanceIn: 0,
      facingDeg: vehicle.facingDeg,
      road: false,
    })
    log.push({ type: 'HelicopterLanded', vehicleId: vehicle.id, round: state.round })
    return accept(log.events)
  }
  runMove(
    log,
    world,
    vehicle.crewTeamId,
    [{ figureId: null, vehicleId: vehicle.id, route, kind: road ? 'road' : 'vehicle' }],
    false,
  )
  return accept(log.events)
}
