import { assertFace, type RollD6, sumFaces } from './combat-types'
import type { DamageAttack } from './damage'
import { heroModifier } from './heroes'
import type { SmleSettings } from './settings'
import { VEHICLE_ARMOUR_ORDER, type VehicleArmour, type VehicleArmourClass, type VehicleSize } from './vehicles-data'

export * from './vehicles-data'
export * from './vehicle-movement'

/** SMLE-VEH-12: the armour value (AV) of a class, from the settings (`vehicleArmourValues`). */
export function armourValue(cls: VehicleArmourClass, settings: SmleSettings): number {
  return settings.vehicleArmourValues[cls]
}

/** The class one step weaker (SMLE-VEH-11); None stays None. */
export function oneClassLower(cls: VehicleArmourClass): VehicleArmourClass {
  return VEHICLE_ARMOUR_ORDER[Math.max(0, VEHICLE_ARMOUR_ORDER.indexOf(cls) - 1)] as VehicleArmourClass
}

/**
 * A tank's armour from its front class (SMLE-VEH-11): front and turret that
 * class, sides and rear one class lower, top Bulletproof.
 */
export function tankArmour(front: VehicleArmourClass): VehicleArmour {
  return { front, turret: front, side: oneClassLower(front), rear: oneClassLower(front), top: 'bp' }
}

/** Where an attack comes from relative to a facing (SMLE-ACT-19 arcs, used for vehicles by SMLE-VEH-14). */
export type AttackArc = 'front' | 'flank' | 'rear'

/**
 * The arc of an attack (SMLE-ACT-19, SMLE-VEH-14): `angleDeg` is the angle
 * between the vehicle's facing and the line to the firer. Front within
 * `frontArcHalfAngle`, rear within the same angle behind, flank between.
 */
export function attackArc(angleDeg: number, settings: SmleSettings): AttackArc {
  // The angle folded into 0…180°.
  const off = Math.abs((((angleDeg % 360) + 540) % 360) - 180)
  if (off <= settings.frontArcHalfAngle + 1e-9) return 'front'
  if (off >= 180 - settings.frontArcHalfAngle - 1e-9) return 'rear'
  return 'flank'
}

/** A face of a vehicle. */
export type VehicleFace = 'front' | 'side' | 'rear' | 'top' | 'turret'

/**
 * The face an attack hits (SMLE-VEH-14): indirect fire, air attacks and
 * firers more than 45° above the horizontal hit the top; otherwise the arc's
 * hull face, except that a direct hit on a vehicle with a turret rolls 1D6
 * (`turretFace`): 1–2 the turret. A burst is treated as coming from the
 * point of impact (decision).
 */
export function faceHit(
  input: { readonly arc: AttackArc; readonly fromAbove: boolean; readonly hasTurret: boolean },
  turretFace: number | null,
): VehicleFace {
  if (input.fromAbove) return 'top'
  if (input.hasTurret) {
    if (turretFace === null) throw new RangeError('a hit on a turreted vehicle needs the 1D6 for the turret')
    if (assertFace(turretFace) <= 2) return 'turret'
  }
  return input.arc === 'flank' ? 'side' : input.arc
}

/** The armour class of a face (the turret has front armour when a profile gives none). */
export function faceArmour(armour: VehicleArmour, face: VehicleFace): VehicleArmourClass {
  return face === 'turret' ? (armour.turret ?? armour.front) : armour[face]
}

/** Result of a hit on a vehicle (SMLE-VEH-13). */
export type VehicleHitResult = 'kill' | 'VSW' | 'VLW' | 'noEffect'

/**
 * SMLE-VEH-13: damage total vs armour value, no defender roll (§17.27):
 * ≥ 2×AV kill; > AV serious wound (VSW); = AV light wound (VLW); < AV no effect.
 */
export function vehicleHitResult(total: number, av: number): VehicleHitResult {
  if (total >= 2 * av) return 'kill'
  if (total > av) return 'VSW'
  if (total === av) return 'VLW'
  return 'noEffect'
}

/**
 * Settles one hit on a vehicle (SMLE-VEH-13): the attack's dice plus its "+",
 * direct-hit bonus and the firer's hero grade (SMLE-HERO-03), against the
 * AV of the face hit.
 */
export function resolveVehicleHit(
  attack: DamageAttack,
  faces: readonly number[],
  av: number,
  settings: SmleSettings,
): { total: number; result: VehicleHitResult } {
  if (faces.length !== attack.damage.dice)
    throw new RangeError(`damage throws ${attack.damage.dice} dice, got ${faces.length}`)
  const hero = heroModifier('damage', attack.firerHeroGrade ?? 0, settings)?.value ?? 0
  const total = sumFaces(faces) + attack.damage.plus + (attack.bonus ?? 0) + hero
  return { total, result: vehicleHitResult(total, av) }
}

/** A vehicle's damage state (§0.3), with the VSWs it has taken for the damage-capacity option. */
export interface VehicleDamage {
  readonly status: 'ok' | 'VLW' | 'VSW' | 'killed'
  readonly vsw: number
}

/** SMLE-VEH-17: with `vehicleDamageCapacity`, the VSW that kills a vehicle of each size. */
export const DAMAGE_CAPACITY: Readonly<Record<VehicleSize, number>> = { small: 1, medium: 2, large: 3 }

/** What a hit does to a vehicle. */
export interface VehicleDamageOutcome {
  readonly state: VehicleDamage
  /** SMLE-VEH-15: after a VLW the vehicle does nothing more this round. */
  readonly stopsThisRound: boolean
  /** Killed: it becomes hard cover and everyone aboard rolls to bail out (`bailOut`). */
  readonly killed: boolean
}

/**
 * Applies a hit's result (SMLE-VEH-15/17). Damage adds up as for figures: a
 * VLW on a damaged vehicle (VLW or VSW) counts as a VSW; a VSW on a VSW
 * vehicle kills it. With the damage-capacity option a vehicle is killed by
 * its 1st (small), 2nd (medium) or 3rd (large) VSW instead.
 */
export function applyVehicleHit(
  state: VehicleDamage,
  result: VehicleHitResult,
  size: VehicleSize,
  settings: SmleSettings,
): VehicleDamageOutcome {
  if (state.status === 'killed' || result === 'noEffect')
    return { state, stopsThisRound: false, killed: state.status === 'killed' }
  if (result === 'kill') return { state: { status: 'killed', vsw: state.vsw }, stopsThisRound: true, killed: true }
  const serious = result === 'VSW' || state.status !== 'ok'
  if (!serious) return { state: { status: 'VLW', vsw: state.vsw }, stopsThisRound: true, killed: false }
  const vsw = state.vsw + 1
  const limit = settings.optional.vehicleDamageCapacity ? DAMAGE_CAPACITY[size] : 2
  if (vsw >= limit) return { state: { status: 'killed', vsw }, stopsThisRound: true, killed: true }
  return { state: { status: 'VSW', vsw }, stopsThisRound: result === 'VLW', killed: false }
}

/** The standing effects of vehicle damage (SMLE-VEH-15/17). */
export interface VehicleEffects {
  /** Fraction of combat speed it may use (VSW: half). */
  readonly speedFactor: number
  /** Which weapons may fire: all; secondary only (VSW with damage capacity); none. */
  readonly mayFire: 'all' | 'secondary' | 'none'
  /** On the crew's to-hit rolls (VLW: −2 until repaired). */
  readonly crewToHit: number
  /** For the crew's activation: VLW wounded (−1), VSW casualty (−2). */
  readonly activation: 'wounded' | 'casualty' | null
}

/** What a vehicle's damage lets it do. */
export function vehicleEffects(state: VehicleDamage, settings: SmleSettings): VehicleEffects {
  switch (state.status) {
    case 'ok':
      return { speedFactor: 1, mayFire: 'all', crewToHit: 0, activation: null }
    case 'VLW':
      return { speedFactor: 1, mayFire: 'all', crewToHit: -2, activation: 'wounded' }
    case 'VSW':
      return {
        speedFactor: 0.5,
        mayFire: settings.optional.vehicleDamageCapacity ? 'secondary' : 'none',
        crewToHit: 0,
        activation: 'casualty',
      }
    case 'killed':
      return { speedFactor: 0, mayFire: 'none', crewToHit: 0, activation: 'casualty' }
  }
}

/** SMLE-VEH-15: the crew repairs a VLW with its Recover casualties option; a VSW cannot be repaired in game. */
export function repairVehicle(state: VehicleDamage): VehicleDamage {
  return state.status === 'VLW' ? { status: 'ok', vsw: state.vsw } : state
}

/**
 * Bail-out from a killed vehicle (SMLE-VEH-15): each figure aboard rolls 1D6,
 * in the order given: 1–3 killed, 4–6 bails out, placed prone within 1" of
 * the wreck; their teams are then under explosive fire.
 */
export function bailOut(
  figureIds: readonly string[],
  rollD6: RollD6,
): { killed: string[]; bailedOut: string[]; faces: number[] } {
  const killed: string[] = []
  const bailedOut: string[] = []
  const faces: number[] = []
  for (const id of figureIds) {
    const face = assertFace(rollD6())
    faces.push(face)
    if (face <= 3) killed.push(id)
    else bailedOut.push(id)
  }
  return { killed, bailedOut, faces }
}

/**
 * SMLE-VEH-16: crew and passengers of an open-topped vehicle can be shot at
 * as figures in hard cover; in a closed vehicle they cannot be targeted.
 */
export function occupantsExposure(openTopped: boolean): { targetable: boolean; cover: 'hard' | null } {
  return openTopped ? { targetable: true, cover: 'hard' } : { targetable: false, cover: null }
}
