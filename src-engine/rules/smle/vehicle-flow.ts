import type { FigureState, MatchState, TeamState, VehicleState } from './state/state'
import { dist2, quantize, type Vec2, type Vec3, hypot } from '../../util/geometry'
import type { Body } from '../../world/types'
import { distanceToEdge, rotate, towardEdge } from './edges'
import type { World } from './world'
import type { Edge } from './scenario/schema'
import { canAct, vehicleHull } from './organisation'
import { vehicleEffects } from './vehicles'

/** A vehicle's hull as the world measures it (SMLE-GEN-05): boarding and leaving distances run to its nearest edge. */
export function vehicleBody(v: VehicleState): Body {
  return vehicleHull(v)
}

/** The vehicle a crew team drives, if it is on the table and not destroyed. */
export function crewVehicle(state: MatchState, team: TeamState): VehicleState | undefined {
  return Object.values(state.vehicles).find((v) => v.crewTeamId === team.id && !v.offTable && v.status !== 'killed')
}

/** The crew is aboard to drive it: at least one able crew figure inside. */
export function crewAboard(state: MatchState, v: VehicleState): boolean {
  return Object.values(state.figures).some(
    (f) => f.teamId === v.crewTeamId && f.vehicleId === v.id && canAct(f) && f.status !== 'seriousWound',
  )
}

/** Figures aboard a vehicle. */
export function aboard(state: MatchState, v: VehicleState): FigureState[] {
  return Object.values(state.figures).filter((f) => f.vehicleId === v.id && f.offTable === null)
}

/**
 * SMLE-MOVE-10: a vehicle may not move in the round a team boarded it, and
 * if its crew has only just boarded it needs one more round before moving.
 */
export function boardingHoldsVehicle(state: MatchState, v: VehicleState): boolean {
  if (v.boardedRound !== null && v.boardedRound >= state.round) return true
  return v.crewBoardedRound !== null && state.round < v.crewBoardedRound + 2
}

/**
 * The vehicle's current speed for passengers getting out (SMLE-MOVE-11): this round's move if it has moved; else, once
 * its crew's turn has begun (or is over) without a move, nothing: it has stopped (deceleration is unlimited,
 * SMLE-VEH-04); before that, last round's.
 */
export function currentSpeedIn(state: MatchState, v: VehicleState): number {
  if (v.movedIn > 0) return v.movedIn
  const crew = state.teams[v.crewTeamId]
  return crew && crew.turn !== 'waiting' ? 0 : v.speedLastRoundIn
}

/** SMLE-VEH-15: a vehicle that has taken a VLW does nothing more this round. */
export function vehicleStopped(state: MatchState, v: VehicleState): boolean {
  return v.stoppedRound === state.round
}

/** The vehicle's move option from its crew's band (SMLE-VEH-04): none at B0–B3, half at B4–B8, full at B9–B10. */
export function vehicleOption(band: number): 'none' | 'half' | 'full' {
  if (band >= 9) return 'full'
  if (band >= 4) return 'half'
  return 'none'
}

/** Speed the vehicle's damage allows (SMLE-VEH-15). */
export function vehicleSpeedFactor(state: MatchState, v: VehicleState): number {
  return vehicleEffects({ status: v.status, vsw: v.vswCount }, state.settings).speedFactor
}

/** Fraction (0…1) of a route on road terrain (SMLE-VEH-02: road speed only on good surfaces). */
export function allOnRoad(world: World, points: readonly { x: number; z: number }[]): boolean {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]
    const b = points[i]
    if (!a || !b) continue
    const steps = Math.max(1, Math.ceil(hypot(b.x - a.x, b.z - a.z) / 0.5))
    for (let k = 0; k <= steps; k++) {
      const t = k / steps
      if (world.terrainAt({ x: a.x + (b.x - a.x) * t, z: a.z + (b.z - a.z) * t }).kind !== 'road') return false
    }
  }
  return true
}

/** Directions tried, in order, around the way home (degrees off it). */
const FLIGHT_ANGLES = [0, 30, -30, 60, -60, 90, -90]

/**
 * A vehicle's withdrawal toward its side's base line (SMLE-OPT-07/08 for a
 * crew that falls back or breaks): the longest move from `maxIn` down to
 * `minIn` whose way is clear, turning aside up to 90°. `offTable` when the
 * base line is within reach (it drives off by `edge`, its side's base line).
 */
export function vehicleWithdrawal(
  state: MatchState,
  world: World,
  v: VehicleState,
  maxIn: number,
  minIn: number,
): { to: Vec3; offTable: boolean; edge: Edge } | null {
  const own = state.sides.find((s) => s.id === v.sideId)?.baseEdge ?? 'south'
  const home = towardEdge(own)
  const table = { widthIn: world.widthIn, depthIn: world.depthIn }
  const radius = Math.max(v.lengthIn, v.widthIn) / 2
  const toEdge = distanceToEdge(v.position, own, table) - radius
  if (toEdge <= maxIn + 1e-9) return { to: v.position, offTable: true, edge: own }
  for (let d = maxIn; d >= minIn - 1e-9; d -= 1) {
    for (const angle of FLIGHT_ANGLES) {
      const dir = rotate(home, angle)
      const to = {
        x: Math.round((v.position.x + dir.x * d) * 100) / 100,
        z: Math.round((v.position.z + dir.z * d) * 100) / 100,
      }
      const path = world.path(v.position, to, v.widthIn / 2, state.doors, { armour: 'armoured' })
      if (path.ok) return { to: { x: to.x, y: world.groundHeightAt(to.x, to.z), z: to.z }, offTable: false, edge: own }
    }
  }
  return null
}

/** A free spot for a figure leaving a vehicle, trying points around its rear first, `extras` inches beyond touching it. */
export function spotAround(
  state: MatchState,
  world: World,
  v: VehicleState,
  f: FigureState,
  taken: readonly Vec2[],
  extras: readonly number[] = [0, 1.1, 2.2],
): Vec2 | null {
  const back = rotate({ x: 0, z: -1 }, v.facingDeg + 180)
  const r0 = Math.max(v.lengthIn, v.widthIn) / 2 + f.baseRadiusIn + 0.15
  for (const extra of extras) {
    for (const a of [0, 30, -30, 60, -60, 90, -90, 120, -120, 150, -150, 180]) {
      const dir = rotate(back, a)
      const p = { x: quantize(v.position.x + dir.x * (r0 + extra)), z: quantize(v.position.z + dir.z * (r0 + extra)) }
      if (spotFree(state, world, f, p, taken)) return p
    }
  }
  return null
}

/** No wall, figure or vehicle is in the way of a base at `p`, nor a spot already given out. */
export function spotFree(state: MatchState, world: World, f: FigureState, p: Vec2, taken: readonly Vec2[]): boolean {
  if (world.footprintBlocker(p, f.baseRadiusIn, state.doors)) return false
  if (taken.some((t) => dist2(t, p) < 2 * f.baseRadiusIn - 1e-6)) return false
  if (
    Object.values(state.figures).some(
      (o) =>
        o.id !== f.id &&
        o.offTable === null &&
        o.vehicleId === null &&
        o.status !== 'dead' &&
        dist2(o.position, p) < o.baseRadiusIn + f.baseRadiusIn - 1e-6,
    )
  )
    return false
  return !Object.values(state.vehicles).some(
    (o) => !o.offTable && dist2(o.position, p) < Math.max(o.lengthIn, o.widthIn) / 2 + f.baseRadiusIn - 1e-6,
  )
}
