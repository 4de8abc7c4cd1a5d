import { Color, Matrix4, Quaternion, Vector3 } from 'three'
import { HULL_HEIGHT_IN, type MatchState, type VehicleState } from '../../../src-engine/index'
import type { LayerItem } from '../InstancedLayer'
const KILLED = new Color('#2e2a27')
const FRONT = new Color('#f4f1e6')
const STATUS_COLOUR = { VLW: new Color('#f2d16b'), VSW: new Color('#e0823f'), killed: new Color('#6b6b6b') } as const
const OLIVE = new Color('#5d6445')
const GEAR = new Color('#2b2b28')

const _pos = new Vector3()
const _quat = new Quaternion()
const _scale = new Vector3()
const _up = new Vector3(0, 1, 0)
const _dir = new Vector3()

/** The height of a vehicle's hull on the table: the hull the rules' sight and cover know (SMLE-SHOOT-02, -23). */
export function hullHeightIn(v: VehicleState): number {
  return HULL_HEIGHT_IN[v.size]
}

/** Turning a vehicle's local frame (front −Z) to its facing (degrees clockwise from north, −Z), or to another bearing. */
function facingQuat(v: VehicleState, bearingDeg = v.facingDeg): Quaternion {
  return _quat.setFromAxisAngle(_up, (-bearingDeg * Math.PI) / 180)
}

/** A point in the vehicle's own frame (x right, y up, z back) on the table. */
function local(v: VehicleState, x: number, y: number, z: number): Vector3 {
  _dir.set(x, y, z).applyQuaternion(facingQuat(v))
  return _pos.set(v.position.x + _dir.x, v.position.y + _dir.y, v.position.z + _dir.z)
}

/** Share of the hull's height taken by tracks or wheels (the running gear). */
const GEAR_SHARE = 0.4

/** The hull: a unit box over the running gear, a little narrower than the footprint, turned to the facing. */
export function hullMatrix(v: VehicleState, out: Matrix4): Matrix4 {
  const h = hullHeightIn(v)
  const gear = v.helicopter ? 0 : h * GEAR_SHARE
  local(v, 0, gear + (h - gear) / 2, 0)
  return out.compose(
    _pos,
    facingQuat(v),
    _scale.set(v.helicopter ? v.widthIn : v.widthIn * 0.86, h - gear, v.helicopter ? v.lengthIn : v.lengthIn * 0.94),
  )
}

/** The running gear under a ground vehicle's hull: tracks or wheels as one dark block the full footprint. */
export function gearMatrix(v: VehicleState, out: Matrix4): Matrix4 {
  const gear = hullHeightIn(v) * GEAR_SHARE
  local(v, 0, gear / 2, 0)
  return out.compose(_pos, facingQuat(v), _scale.set(v.widthIn, gear, v.lengthIn))
}

/** A helicopter's rotor: blades over the hull, spanning more than the machine is long. */
export function rotorMatrix(v: VehicleState, out: Matrix4): Matrix4 {
  local(v, 0, hullHeightIn(v) + 0.35, 0)
  const r = v.lengthIn * 0.75
  return out.compose(_pos, facingQuat(v), _scale.set(r, 1, r))
}

/**
 * The turret, on the hull a little behind the middle, its gun along
 * `bearingDeg` (see `turretBearings`: laid on its last target, else the
 * hull's facing).
 */
export function turretMatrix(v: VehicleState, out: Matrix4, bearingDeg = v.facingDeg): Matrix4 {
  const s = Math.min(v.widthIn, v.lengthIn) * 0.33
  local(v, 0, hullHeightIn(v), v.lengthIn * 0.08)
  return out.compose(_pos, facingQuat(v, bearingDeg), _scale.set(s, s, s))
}

/** The front marker: a white arrow on the hull's front deck, pointing the way the vehicle faces. */
export function frontMatrix(v: VehicleState, out: Matrix4): Matrix4 {
  local(v, 0, hullHeightIn(v) + 0.01, -v.lengthIn * 0.36)
  const s = Math.min(v.widthIn, v.lengthIn) * 0.45
  return out.compose(_pos, facingQuat(v), _scale.set(s, 1, s))
}

/** The damage marker: a block on the rear deck (VLW yellow, VSW orange) or smoke over a knocked-out wreck. */
export function statusMatrix(v: VehicleState, out: Matrix4): Matrix4 {
  if (v.status === 'killed') {
    local(v, 0, hullHeightIn(v) + 0.9, 0)
    return out.compose(_pos, facingQuat(v), _scale.set(0.8, 0.8, 0.8))
  }
  local(v, 0, hullHeightIn(v) + 0.1, v.lengthIn * 0.38)
  return out.compose(_pos, facingQuat(v), _scale.set(0.35, 0.35, 0.35))
}

/** Figures inside a vehicle: its crew (who are of its crew team) and passengers. */
export function aboardCounts(state: MatchState, v: VehicleState): { crew: number; passengers: number } {
  let crew = 0
  let passengers = 0
  for (const f of Object.values(state.figures)) {
    if (f.vehicleId !== v.id || f.offTable !== null || f.status === 'dead') continue
    if (f.teamId === v.crewTeamId) crew++
    else passengers++
  }
  return { crew, passengers }
}

/**
 * What the vehicle is doing, in the words of SMLE-VEH-02 (1" = 1 mph):
 * this round's move if it has moved, else last round's, else halted.
 */
export function speedWords(v: VehicleState): string {
  if (v.status === 'killed') return 'knocked out'
  if (v.movedIn > 0) return `${v.roadSpeed ? 'road' : 'combat'} speed ${Math.round(v.movedIn)} mph`
  if (v.speedLastRoundIn > 0) return `${Math.round(v.speedLastRoundIn)} mph last round`
  return 'halted'
}

/** The label over a vehicle. */
export interface VehicleLabel {
  readonly id: string
  readonly name: string
  readonly at: readonly [number, number, number]
  readonly speed: string
  readonly status: VehicleState['status']
  readonly crew: number
  readonly passengers: number
}

/**
 * Every mark of every vehicle on the table: hulls, turrets, front arrows and
 * damage, each one instanced layer; and their labels. `turrets`: where each
 * turret's gun points (default: along the hull).
 */
export function vehicleLayers(state: MatchState, turrets: ReadonlyMap<string, number> = new Map()) {
  const vehicles = Object.values(state.vehicles).filter((v) => !v.offTable)
  const sideColour = new Map(state.sides.map((s) => [s.id, s.colour]))
  const hullColour = (v: VehicleState) =>
    v.status === 'killed' ? KILLED.clone() : OLIVE.clone().lerp(new Color(sideColour.get(v.sideId) ?? '#888888'), 0.35)
  const item = (v: VehicleState, matrix: Matrix4, colour: Color): LayerItem => ({ id: v.id, matrix, colour })
  const labels: VehicleLabel[] = vehicles.map((v) => ({
    id: v.id,
    name: v.name,
    at: [v.position.x, v.position.y + hullHeightIn(v) + 1.6, v.position.z],
    speed: speedWords(v),
    status: v.status,
    ...aboardCounts(state, v),
  }))
  return {
    vehicles,
    hulls: vehicles.map((v) => item(v, hullMatrix(v, new Matrix4()), hullColour(v))),
    gear: vehicles.filter((v) => !v.helicopter).map((v) => item(v, gearMatrix(v, new Matrix4()), GEAR)),
    rotors: vehicles.filter((v) => v.helicopter).map((v) => item(v, rotorMatrix(v, new Matrix4()), GEAR)),
    turrets: vehicles
      .filter((v) => v.armour.turret !== null)
      .map((v) =>
        item(v, turretMatrix(v, new Matrix4(), turrets.get(v.id) ?? v.facingDeg), hullColour(v).multiplyScalar(0.85)),
      ),
    fronts: vehicles.filter((v) => v.status !== 'killed').map((v) => item(v, frontMatrix(v, new Matrix4()), FRONT)),
    damage: vehicles
      .filter((v) => v.status !== 'ok')
      .map((v) => item(v, statusMatrix(v, new Matrix4()), STATUS_COLOUR[v.status as keyof typeof STATUS_COLOUR])),
    labels,
  }
}
