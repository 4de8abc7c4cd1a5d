import type { HeroGrade } from './combat-types'
import { DISTANCE_EPSILON_IN } from './combat-types'
import type { DamageAttack } from './damage'
import type { WeaponProfile } from './weapons-data'

export * from './deviation'

/** An explosive round: its dice (burst radius and burst attacks) and what it does at the point of impact. */
export interface ExplosiveRound {
  readonly name: string
  /** Number of damage dice N: burst radius N", N burst attacks at ≤ 1" (SMLE-EXP-03). */
  readonly dice: number
  /** The "+" on its damage: applies only to the figure at the point of impact (SMLE-EXP-02). */
  readonly plus: number
  /** Extra damage per die on a direct hit (AT guns, SMLE-EXP-06). */
  readonly directHitBonusPerDie: number
  /** The direct-hit bonus needs an AT role or an AP round (the 75 mm of Table 6). */
  readonly directHitBonusNeedsAp: boolean
}

/** The round an EX weapon of Table 6 fires. */
export function weaponRound(weapon: WeaponProfile): ExplosiveRound {
  if (weapon.type !== 'EX') throw new RangeError(`${weapon.name} is not an explosive weapon`)
  return {
    name: weapon.name,
    dice: weapon.damage.dice,
    plus: weapon.damage.plus,
    directHitBonusPerDie: weapon.directHitBonusPerDie,
    directHitBonusNeedsAp: weapon.directHitBonusNeedsAp,
  }
}

/** SMLE-EXP-06/07: 1D (and 1" of burst radius) per 25 mm of calibre, rounded down, at least 1. */
export function calibreDice(calibreMm: number): number {
  if (!(calibreMm > 0)) throw new RangeError(`bad calibre ${calibreMm} mm`)
  return Math.max(1, Math.floor(calibreMm / 25))
}

/**
 * An artillery, mortar or gun round by calibre (SMLE-EXP-06/07). An 88 mm
 * gun counts as a 4" gun with 4D+4 EX; anti-tank guns add +1 per die on a
 * direct hit.
 */
export function artilleryRound(calibreMm: number, options: { antiTank?: boolean } = {}): ExplosiveRound {
  if (calibreMm === 88)
    return { name: '88 mm', dice: 4, plus: 4, directHitBonusPerDie: 0, directHitBonusNeedsAp: false }
  return {
    name: `${calibreMm} mm`,
    dice: calibreDice(calibreMm),
    plus: 0,
    directHitBonusPerDie: options.antiTank ? 1 : 0,
    directHitBonusNeedsAp: false,
  }
}

/** SMLE-EXP-03: the burst radius in inches equals the number of dice. */
export function burstRadiusIn(round: Pick<ExplosiveRound, 'dice'>): number {
  return round.dice
}

/**
 * Burst attacks on a figure at `distanceIn` from the point of impact
 * (SMLE-EXP-03/04): N − ⌈d⌉ + 1 when d ≤ N, else 0. Decision: a figure at
 * 0" (touching the point but not the figure hit) takes N, the most the
 * clause allows. Distance to the nearest point of the base.
 */
export function burstAttacks(dice: number, distanceIn: number): number {
  if (!(distanceIn >= 0)) throw new RangeError(`bad distance ${distanceIn}`)
  if (distanceIn > dice + DISTANCE_EPSILON_IN) return 0
  // Float noise from geometry must not push 1.0000000001" into the 2" band.
  const inchesOut = Math.max(1, Math.ceil(distanceIn - DISTANCE_EPSILON_IN))
  return dice - inchesOut + 1
}

/**
 * The attack on the figure at the point of impact (SMLE-EXP-02): the full
 * damage as an E attack, "+" included, plus the direct-hit bonus of an AT
 * gun (SMLE-EXP-06; the 75 mm only with an AP round).
 */
export function impactAttack(
  round: ExplosiveRound,
  options: { armourPiercing?: boolean; firerHeroGrade?: HeroGrade } = {},
): DamageAttack {
  const bonusApplies =
    round.directHitBonusPerDie > 0 && (!round.directHitBonusNeedsAp || options.armourPiercing === true)
  return {
    column: 'E',
    damage: { dice: round.dice, plus: round.plus },
    ...(bonusApplies ? { bonus: round.directHitBonusPerDie * round.dice } : {}),
    ...(options.firerHeroGrade ? { firerHeroGrade: options.firerHeroGrade } : {}),
  }
}

/** One burst attack (SMLE-EXP-03): a B-type 1D attack, no "+". */
export function burstAttack(firerHeroGrade: HeroGrade = 0): DamageAttack {
  return { column: 'B', damage: { dice: 1, plus: 0 }, ...(firerHeroGrade ? { firerHeroGrade } : {}) }
}

/** A figure near the point of impact, friend or foe (SMLE-EXP-08), and its distance to it. */
export interface FigureNearImpact {
  readonly id: string
  readonly distanceIn: number
}

/** Everything one explosion does. */
export interface ExplosionEffects {
  /** The figure hit at the point of impact and its E attack, when the round hit a figure. */
  readonly impact: { readonly figureId: string; readonly attack: DamageAttack } | null
  /** Burst attacks per figure (only figures taking at least one), in input order. */
  readonly burst: readonly { readonly figureId: string; readonly attacks: number }[]
  /** Figures whose teams are now under Explosive fire (SMLE-EXP-10, SMLE-ACT-17): the impact figure and those in the radius. */
  readonly underExplosiveFire: readonly string[]
}

/**
 * What an explosion does (SMLE-EXP-01..05, -09, -10): the figure hit at the
 * point of impact (if the round hit a figure) takes only the E attack; every
 * other figure within the radius, of either side and the firer included,
 * takes its burst attacks, which need no roll to hit. A round that missed
 * its figure or was fired at the ground has no impact figure (SMLE-EXP-05).
 */
export function explosionEffects(
  round: ExplosiveRound,
  impactFigureId: string | null,
  figures: readonly FigureNearImpact[],
  options: { armourPiercing?: boolean; firerHeroGrade?: HeroGrade } = {},
): ExplosionEffects {
  const burst: { figureId: string; attacks: number }[] = []
  const under: string[] = impactFigureId === null ? [] : [impactFigureId]
  for (const f of figures) {
    if (f.id === impactFigureId) continue
    const attacks = burstAttacks(round.dice, f.distanceIn)
    if (attacks > 0) {
      burst.push({ figureId: f.id, attacks })
      under.push(f.id)
    }
  }
  return {
    impact: impactFigureId === null ? null : { figureId: impactFigureId, attack: impactAttack(round, options) },
    burst,
    underExplosiveFire: under,
  }
}
