import type { Vec2, Vec3 } from '../util/geometry'
import type { PositionModel } from './model/features'
import type { Arc, HullFace } from './types'
import { hypot } from '../util/geometry'

/** A facing (degrees clockwise from north, −Z) as a unit vector on the table. */
export function facingVector(facingDeg: number): Vec2 {
  const a = (facingDeg * Math.PI) / 180
  return { x: Math.sin(a), z: -Math.cos(a) }
}

/** The facing (degrees clockwise from north, 0..360) of the direction from `a` to `b`. */
export function bearingDeg(a: Vec2, b: Vec2): number {
  const deg = (Math.atan2(b.x - a.x, -(b.z - a.z)) * 180) / Math.PI
  return ((deg % 360) + 360) % 360
}

/** The unsigned angle between two bearings, 0..180. */
export function angleBetweenDeg(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360)
  return d > 180 ? 360 - d : d
}

/**
 * SMLE-ACT-19, SMR-GEOM-03: where an attack from `from` comes from, for
 * something at `at` facing `facingDeg`: front within `frontHalfAngleDeg`
 * (settings `frontArcHalfAngle`, 45° by default) of the facing, rear within
 * `rearHalfAngleDeg` (default the same) of the opposite direction, flank
 * otherwise. Both boundaries are inclusive ("within"; SMR-GEOM-E01: a
 * bearing of exactly 45° is front). An attacker standing exactly on the
 * target counts as front.
 *
 * Bases of any shape are judged the same way: SMR-GEOM-03 measures the
 * bearing from the target's base centre to the attacker's base centre (the
 * firer's for missiles), so a rectangle's arcs are these angular sectors
 * round its centre, not strips off its edges.
 */
export function arcOf(
  facingDeg: number,
  at: Vec2,
  from: Vec2,
  frontHalfAngleDeg: number,
  rearHalfAngleDeg = frontHalfAngleDeg,
): Arc {
  if (hypot(from.x - at.x, from.z - at.z) < 1e-9) return 'front'
  const off = angleBetweenDeg(facingDeg, bearingDeg(at, from))
  if (off <= frontHalfAngleDeg + 1e-9) return 'front'
  if (off >= 180 - rearHalfAngleDeg - 1e-9) return 'rear'
  return 'flank'
}

/** SMLE-SHOOT-26: true when `target` lies inside a prepared position's arc of fire (occupants fire only into it). */
export function inFiringArc(position: Pick<PositionModel, 'centre' | 'arcDeg' | 'arcWidthDeg'>, target: Vec2): boolean {
  if (position.arcWidthDeg >= 360) return true
  return angleBetweenDeg(position.arcDeg, bearingDeg(position.centre, target)) <= position.arcWidthDeg / 2 + 1e-9
}

/** A vehicle, as far as the face an attack strikes is concerned. */
export interface VehiclePose {
  /** Centre of its hull on the ground. */
  readonly position: Vec3
  readonly facingDeg: number
  /** Hull height (the point attacks are judged from is half way up). */
  readonly heightIn: number
}

/** Attacks from firers more than this far above the horizontal strike the top (SMLE-VEH-14). */
export const TOP_ATTACK_ELEVATION_DEG = 45

/**
 * SMLE-VEH-14: the face of a vehicle an attack strikes: the top for indirect
 * fire, air attack and firers more than 45° above the horizontal; otherwise
 * front, side or rear by the arcs of SMLE-ACT-19 (side is the flank). The
 * 1D6 for a turret hit (1–2) is the rules' to throw.
 */
export function vehicleFace(
  vehicle: VehiclePose,
  attacker: Vec3,
  frontHalfAngleDeg: number,
  opts: { indirect?: boolean } = {},
): HullFace {
  if (opts.indirect) return 'top'
  const centreY = vehicle.position.y + vehicle.heightIn / 2
  const horizontal = hypot(attacker.x - vehicle.position.x, attacker.z - vehicle.position.z)
  const elevationDeg = (Math.atan2(attacker.y - centreY, horizontal) * 180) / Math.PI
  if (elevationDeg > TOP_ATTACK_ELEVATION_DEG) return 'top'
  const arc = arcOf(vehicle.facingDeg, vehicle.position, attacker, frontHalfAngleDeg)
  return arc === 'flank' ? 'side' : arc
}
