import type { Vec2 } from '../../util/geometry'
import { assertFace } from './combat-types'
import { hypot } from '../../util/geometry'

/** A deviation along the firer→target line: `longIn` beyond the point (negative: short), `rightIn` to the firer's right (negative: left). */
export interface Deviation {
  readonly longIn: number
  readonly rightIn: number
}

/** SMLE-EXP-12: the deviation table, by the 1D6 face. */
export const DEVIATION_TABLE: Readonly<Record<1 | 2 | 3 | 4 | 5 | 6, Deviation>> = {
  1: { longIn: -2, rightIn: 0 },
  2: { longIn: 0, rightIn: -1 },
  3: { longIn: 0, rightIn: 1 },
  4: { longIn: 2, rightIn: -1 },
  5: { longIn: 2, rightIn: 1 },
  6: { longIn: 4, rightIn: 0 },
}

/** Why a deviation is scaled (SMLE-EXP-14). */
export interface DeviationScaling {
  /** A hand grenade (Table 6 "deviation halved"). */
  readonly halved?: boolean
  /** Indirect fire. */
  readonly indirect?: boolean
  /** Direct fire beyond effective range. */
  readonly beyondEffectiveRange?: boolean
  /** Air-dropped explosives. */
  readonly airDropped?: boolean
}

/**
 * The factor on a deviation (SMLE-EXP-14): hand grenades ×½; indirect fire,
 * fire beyond effective range and air drops ×2. Decision: doubling applies
 * once whatever the number of reasons, and a grenade thrown beyond its
 * effective range is both halved and doubled (×1). Distances keep their
 * fractions (SMLE-GEN-07).
 */
export function deviationFactor(scaling: DeviationScaling): number {
  const doubled = scaling.indirect === true || scaling.beyondEffectiveRange === true || scaling.airDropped === true
  return (scaling.halved ? 0.5 : 1) * (doubled ? 2 : 1)
}

/** The deviation of a missed round from its 1D6 face (SMLE-EXP-12), scaled (SMLE-EXP-14). */
export function deviation(face: number, scaling: DeviationScaling = {}): Deviation {
  const base = DEVIATION_TABLE[assertFace(face) as 1 | 2 | 3 | 4 | 5 | 6]
  const k = deviationFactor(scaling)
  // `+ 0` turns −0 into 0, so events compare and serialise the same.
  return { longIn: base.longIn * k + 0, rightIn: base.rightIn * k + 0 }
}

/**
 * Where a deviated round comes down on the table plane (SMLE-EXP-13):
 * measured along the line from the firer (or, for off-table fire, from the
 * point the caller uses as the line's origin) to the target point; right is
 * the firer's right looking at the target (X east, Z south).
 */
export function deviatedPoint(from: Vec2, target: Vec2, dev: Deviation): Vec2 {
  const dx = target.x - from.x
  const dz = target.z - from.z
  const len = hypot(dx, dz)
  if (len === 0) throw new RangeError('deviation needs a line: the firer stands on the target point')
  const ux = dx / len
  const uz = dz / len
  // Right of a heading (ux, uz) with X east and Z south is (−uz, ux): facing north (0, −1), right is east (1, 0).
  return { x: target.x + ux * dev.longIn - uz * dev.rightIn, z: target.z + uz * dev.longIn + ux * dev.rightIn }
}

/**
 * SMLE-EXP-15: a deviated round whose path is blocked lands at the first
 * solid obstacle on its line. `blockedAt` is the fraction (0…1) of the way
 * from `from` to `landing` where the world's ray meets the obstacle, or null
 * when the way is clear.
 */
export function landingPoint(from: Vec2, landing: Vec2, blockedAt: number | null): Vec2 {
  if (blockedAt === null) return landing
  if (!(blockedAt >= 0 && blockedAt <= 1)) throw new RangeError(`bad obstacle fraction ${blockedAt}`)
  return { x: from.x + (landing.x - from.x) * blockedAt, z: from.z + (landing.z - from.z) * blockedAt }
}

/**
 * Where a direct-fire explosive round lands (SMLE-EXP-11/12): on the target
 * point when the roll hit; otherwise deviated by the 1D6 face (required on a
 * miss) along the firer→target line.
 */
export function explosiveLanding(
  shot: { readonly hit: boolean; readonly from: Vec2; readonly targetPoint: Vec2 },
  deviationFace: number | null,
  scaling: DeviationScaling = {},
): { point: Vec2; deviation: Deviation | null } {
  if (shot.hit) return { point: shot.targetPoint, deviation: null }
  if (deviationFace === null) throw new RangeError('a missed explosive round needs a 1D6 for deviation')
  const dev = deviation(deviationFace, scaling)
  return { point: deviatedPoint(shot.from, shot.targetPoint, dev), deviation: dev }
}
