import type { RollModifier } from './events/events'
import type { Quality } from './scenario/schema'
import type { CoverGrade } from '../../world/types'
import { modifier, refuse, type RuleRefusal, signed, sumFaces } from './combat-types'
import { targetCoverModifier } from './cover'
import { bigGunsHits } from './heroes'
import type { SmleSettings } from './settings'
import {
  BEYOND_EFFECTIVE_TO_HIT,
  type FirerState,
  firerModifiers,
  rangeBand,
  targetQualityModifier,
  toHitNumber,
} from './shooting-modifiers'
import { requireWeapon, type WeaponProfile, type WeaponReadiness } from './weapons'

export * from './shooting-modifiers'

/** The four kinds of fire of §7 (SMLE-COMBAT-02/04/07/09). */
export type FireKind = 'direct' | 'opportunity' | 'return' | 'panic'

/** Under-fire categories one attack puts on the target team (SMLE-ACT-17). */
export type UnderFireCategory = 'direct' | 'auto' | 'explosive'

/** The firer of one roll: the figure and its weapon. */
export interface ShotFirer extends FirerState {
  /** Table 6 id (or alias) of the weapon fired. */
  readonly weaponId: string
  /** Whether the weapon is ready (default ready). */
  readonly readiness?: WeaponReadiness
  /** A "poor" weapon that may jam (SMLE-SHOOT-28; only with the `unreliableWeapons` option). */
  readonly unreliable?: boolean
  /** A hero with Big Guns (SMLE-HERO-04): needs no bracing and always hits. */
  readonly bigGuns?: boolean
}

/** What a roll is aimed at. */
export interface ShotTarget {
  /** A unit of figures, a vehicle (SMLE-VEH-18: no quality modifier) or a point on the ground (no target modifiers). */
  readonly kind: 'unit' | 'vehicle' | 'point'
  /** The target unit's quality (its team rating), or the aimed-at figure's own; units only. */
  readonly quality?: Quality
  /** Cover from this firer (SMLE-SHOOT-24 majority; a hull-down vehicle behind hard cover has `hard`). */
  readonly cover?: CoverGrade
  readonly inOutOfSight?: boolean
  /** Aiming at one specific figure (SMLE-SHOOT-27, −3). Not for EX weapons, whose aim point is the figure. */
  readonly aimedAtFigure?: boolean
}

/** One roll to hit. */
export interface ShotInput {
  readonly kind: FireKind
  readonly firer: ShotFirer
  readonly target: ShotTarget
  /** Range in inches from this firer to the nearest visible target figure, or to the point (SMLE-SHOOT-07, SMLE-GEN-05). */
  readonly rangeIn: number
}

/** A roll ready to throw: the number to reach and every modifier with its clause. */
export interface ShotPlan {
  readonly ok: true
  readonly kind: FireKind
  readonly weapon: WeaponProfile
  readonly toHit: number
  readonly modifiers: readonly RollModifier[]
  /** No roll: a Big Guns hero always hits (SMLE-HERO-04). */
  readonly autoHit: boolean
  /** Beyond effective range (SMLE-SHOOT-08): also doubles an explosive round's deviation (SMLE-EXP-14). */
  readonly beyondEffectiveRange: boolean
  /** Beyond 2× effective range: the roll cannot hit (SMLE-SHOOT-08). */
  readonly beyondMaximum: boolean
  /** Hero grade, for Big Guns hits. */
  readonly heroGrade: number
  readonly unreliable: boolean
}

/**
 * Plans one roll to hit (§8, Table 3, the four kinds of §7): the firer's
 * to-hit number and modifiers, or a refusal naming the clause that forbids
 * the shot. Direct, Opportunity and Return fire use every modifier; Panic
 * fire (SMLE-COMBAT-12) adds `panicFireModifier`, takes no close-range bonus
 * and no beyond-effective −4 (its own −4 is that "ineffective fire" penalty),
 * and cannot aim at one figure.
 */
export function planShot(input: ShotInput, settings: SmleSettings): ShotPlan | RuleRefusal {
  const weapon = requireWeapon(input.firer.weaponId)
  const refusal = shotRefusal(input, weapon)
  if (refusal) return refusal
  const range = rangeBand(input.rangeIn, weapon.effectiveRangeIn ?? 0)
  const mods = [
    ...firerModifiers(input.firer, settings),
    ...rangeModifiers(input, weapon, range),
    ...targetModifiers(input, weapon, settings),
  ]
  return {
    ok: true,
    kind: input.kind,
    weapon,
    toHit: toHitNumber(input.firer.quality),
    modifiers: mods,
    autoHit: input.firer.bigGuns === true && input.kind !== 'panic',
    beyondEffectiveRange: range.beyondEffective,
    beyondMaximum: range.beyondMaximum,
    heroGrade: input.firer.heroGrade ?? 0,
    unreliable: input.firer.unreliable === true && settings.optional.unreliableWeapons,
  }
}

function shotRefusal(input: ShotInput, weapon: WeaponProfile): RuleRefusal | null {
  const { firer } = input
  if (weapon.effectiveRangeIn === null) return refuse('SMLE-WPN-01', `${weapon.name} is a close-combat weapon only.`)
  if (weapon.fireMode === 'indirectOnly')
    return refuse('SMLE-WPN-01', `${weapon.name} fires only indirectly (SMLE-IND-01).`)
  if (firer.readiness === 'needsReload')
    return refuse('SMLE-WPN-01', `${weapon.name} must be reloaded first (Reload heavy weapons option).`)
  if (firer.readiness === 'jammed')
    return refuse('SMLE-SHOOT-28', `${weapon.name} is jammed until its team takes the Reload option.`)
  if (firer.readiness === 'spent') return refuse('SMLE-WPN-01', `${weapon.name} has been fired and discarded.`)
  // SMLE-SHOOT-25: a must-brace weapon cannot fire unless braced; Big Guns needs no bracing (SMLE-HERO-04).
  if (weapon.mustBrace && !firer.braced && firer.bigGuns !== true)
    return refuse('SMLE-SHOOT-25', `${weapon.name} must be braced before it can fire.`)
  if (input.kind === 'panic' && input.target.aimedAtFigure)
    return refuse('SMLE-COMBAT-09', 'Panic fire is not aimed: it cannot pick out one figure.')
  return null
}

function rangeModifiers(input: ShotInput, weapon: WeaponProfile, range: ReturnType<typeof rangeBand>): RollModifier[] {
  const mods: RollModifier[] = []
  if (input.kind === 'panic') return mods
  // SMLE-SHOOT-07: within 4" add the weapon's Close factor (which may be negative).
  if (range.close && weapon.close !== null && weapon.close !== 0)
    mods.push(modifier(`Close range (${weapon.name} ${signed(weapon.close)})`, weapon.close, 'SMLE-SHOOT-07'))
  if (range.beyondEffective) mods.push(modifier('Beyond effective range', BEYOND_EFFECTIVE_TO_HIT, 'SMLE-SHOOT-08'))
  return mods
}

function targetModifiers(input: ShotInput, weapon: WeaponProfile, settings: SmleSettings): RollModifier[] {
  const mods: RollModifier[] = []
  const { target } = input
  if (input.kind === 'panic')
    mods.push(modifier('Panic fire (reduced effect)', settings.panicFireModifier, 'SMLE-COMBAT-12'))
  // SMLE-IND-05 / SMLE-EXP-11: a point on the ground has no target modifiers.
  if (target.kind === 'point') return mods
  // SMLE-VEH-18: a vehicle has no quality modifier.
  if (target.kind === 'unit' && target.quality) {
    const q = targetQualityModifier(target.quality)
    if (q) mods.push(q)
  }
  // SMLE-SHOOT-27: −3 to pick out one figure. An EX round aimed at a figure is aimed at its spot (SMLE-EXP-11), no −3.
  if (target.aimedAtFigure && weapon.type !== 'EX')
    mods.push(modifier('Aiming at one specific figure', -3, 'SMLE-SHOOT-27'))
  const cover = targetCoverModifier(
    { cover: target.cover ?? 'none', inOutOfSight: target.inOutOfSight ?? false },
    settings,
    { ignoresSoftCover: weapon.flame },
  )
  if (cover) mods.push(cover)
  return mods
}

/** What one roll did. */
export interface ShotResult {
  /** The natural 2D6 (0 for a Big Guns shot, which throws no dice). */
  readonly natural: number
  readonly total: number
  /** The roll reached the to-hit number (snake eyes never does, SMLE-SHOOT-04). */
  readonly success: boolean
  /** Hits scored on the target (0 for Panic fire and for fire beyond 2× range). */
  readonly hits: number
  /** SMLE-SHOOT-28: the weapon jammed (a miss; it needs the Reload option). */
  readonly jammed: boolean
  /** Whether this roll puts the target under fire (SMLE-ACT-18, SMLE-SHOOT-08, SMLE-COMBAT-09). */
  readonly marksUnderFire: boolean
  /** The categories it puts on the target team when it does (SMLE-ACT-17, SMLE-COMBAT-11, Table 6 flamethrower). */
  readonly underFire: readonly UnderFireCategory[]
}

/**
 * Settles one roll to hit with its faces (2D6; none for a Big Guns shot).
 * Snake eyes always miss (SMLE-SHOOT-04); a natural 12 is nothing special
 * (SMLE-SHOOT-05). Direct and Opportunity fire with autofire score
 * total − to-hit + 1 hits (SMLE-SHOOT-06); Return fire one hit (SMLE-COMBAT-07);
 * Panic fire none, only under fire on success (SMLE-COMBAT-09). Within 2×
 * range every roll marks the target under fire even with no hit (SMLE-ACT-18);
 * beyond it only a roll that would have hit does (SMLE-SHOOT-08), and Panic
 * fire beyond it does nothing (SMLE-COMBAT-12, range limit still 2×).
 */
export function resolveShot(plan: ShotPlan, faces: readonly number[]): ShotResult {
  const categories = underFireCategories(plan.weapon)
  if (plan.autoHit)
    return {
      natural: 0,
      total: 0,
      success: true,
      hits: bigGunsHits(plan.weapon, plan.heroGrade),
      jammed: false,
      marksUnderFire: true,
      underFire: categories,
    }
  if (faces.length !== 2) throw new RangeError(`a shot throws 2D6, got ${faces.length} faces`)
  const natural = sumFaces(faces)
  const total = natural + plan.modifiers.reduce((t, m) => t + m.value, 0)
  // SMLE-SHOOT-28: a poor weapon jams on a natural 2 or 3; the shot does not go off.
  const jammed = plan.unreliable && natural <= 3
  const success = !jammed && natural !== 2 && total >= plan.toHit
  const hits = success && !plan.beyondMaximum ? hitsFor(plan, total) : 0
  const marks = plan.kind === 'panic' ? success && !plan.beyondMaximum : !jammed && (!plan.beyondMaximum || success)
  return { natural, total, success, hits, jammed, marksUnderFire: marks, underFire: marks ? categories : [] }
}

/**
 * The faces-only verdict for `DiceRoller.roll`'s `naturalSuccess`, so the
 * recorded roll agrees with `resolveShot`: snake eyes always miss
 * (SMLE-SHOOT-04), and so does a jam (SMLE-SHOOT-28); otherwise the total decides.
 */
export function shotNaturalSuccess(plan: ShotPlan): (faces: readonly number[]) => boolean | undefined {
  return (faces) => {
    const natural = sumFaces(faces)
    if (natural === 2 || (plan.unreliable && natural <= 3)) return false
    return undefined
  }
}

function hitsFor(plan: ShotPlan, total: number): number {
  if (plan.kind === 'panic') return 0
  if (plan.kind === 'return') return 1
  return plan.weapon.autofire ? total - plan.toHit + 1 : 1
}

function underFireCategories(weapon: WeaponProfile): UnderFireCategory[] {
  const out: UnderFireCategory[] = ['direct']
  if (weapon.autofire) out.push('auto')
  // Table 6: a flamethrower's target counts as under explosive fire.
  if (weapon.flame) out.push('explosive')
  return out
}
