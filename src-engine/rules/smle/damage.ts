import type { RollModifier } from './events/events'
import type { ArmourClass, Quality } from './scenario/schema'
import {
  type DamageResult,
  type DamageType,
  type DiceExpr,
  type HeroGrade,
  modifier,
  type Motivation,
  signed,
  sumFaces,
} from './combat-types'
import { heroModifier } from './heroes'
import type { SmleSettings } from './settings'

/** One row of Table 4 (§10.2): the defender's armour modifier against B and E attacks. */
export interface ArmourRating {
  readonly vsB: number
  readonly vsE: number
}

/** Table 4: armour ratings. */
export const ARMOUR_TABLE: Readonly<Record<ArmourClass, ArmourRating>> = {
  none: { vsB: -1, vsE: -2 },
  light: { vsB: 0, vsE: -1 },
  body: { vsB: 1, vsE: 0 },
  heavy: { vsB: 1, vsE: 1 },
  armoured: { vsB: 2, vsE: 2 },
  aliens: { vsB: 1, vsE: 0 },
  monsters: { vsB: 3, vsE: 2 },
}

/** §10.3: defender modifier by quality. */
export const DEFENDER_QUALITY_MODIFIER: Readonly<Record<Quality, number>> = {
  untrained: -1,
  green: 0,
  trained: 0,
  veteran: 1,
}

/** The column of Table 4 an attack uses. */
export type ArmourColumn = 'B' | 'E'

/**
 * The Table 4 column of an attack (SMLE-DMG-04): B and E weapons their own;
 * an EX weapon at its point of impact the E column (SMLE-EXP-02), its burst
 * attacks the B column (SMLE-EXP-03).
 */
export function armourColumn(type: DamageType, part: 'impact' | 'burst' = 'impact'): ArmourColumn {
  if (type === 'EX') return part === 'impact' ? 'E' : 'B'
  return type
}

/** The figure defending against one hit. */
export interface Defender {
  readonly armour: ArmourClass
  /** The figure's own quality (SMLE-QUAL-02). */
  readonly quality: Quality
  readonly motivation: Motivation
  readonly heroGrade?: HeroGrade
}

/**
 * The defender's modifiers (SMLE-DMG-04, §10.3): armour for the column, quality,
 * Elite or Fanatic +1 on top of quality (SMLE-DMG-05), hero grade. A light
 * wound does not touch this roll (SMLE-DMG-07).
 */
export function defenderModifiers(defender: Defender, column: ArmourColumn, settings: SmleSettings): RollModifier[] {
  const armour = column === 'B' ? ARMOUR_TABLE[defender.armour].vsB : ARMOUR_TABLE[defender.armour].vsE
  const mods = [modifier(`${defender.armour} armour vs ${column} ${signed(armour)}`, armour, 'SMLE-DMG-04')]
  const quality = DEFENDER_QUALITY_MODIFIER[defender.quality]
  if (quality !== 0) mods.push(modifier(`Defender ${defender.quality}`, quality, 'SMLE-DMG-04'))
  // SMLE-DMG-05: Elite/Fanatic adds to the quality modifier.
  if (defender.motivation === 'elite' || defender.motivation === 'fanatic')
    mods.push(modifier(`Defender ${defender.motivation}`, 1, 'SMLE-DMG-05'))
  const hero = heroModifier('defence', defender.heroGrade ?? 0, settings)
  if (hero) mods.push(hero)
  return mods
}

// Result of one hit (§10.4): a plain shared type, kept in combat-types so heroes and wounds need not import this module.
export type { DamageResult } from './combat-types'

/**
 * §10.4: firer ≥ 2× defender killed; defender < firer < 2× defender seriously
 * wounded; equal light wound; firer < defender near miss. A defender total of
 * 0 or less is killed by any positive firer total (SMLE-DMG-10), which the
 * 2× test already gives. A firer total is always at least 1.
 */
export function compareDamage(firerTotal: number, defenderTotal: number): DamageResult {
  if (firerTotal < 1)
    throw new RangeError(`a damage total is at least 1 (one die, no negative modifiers), got ${firerTotal}`)
  if (firerTotal >= 2 * defenderTotal) return 'killed'
  if (firerTotal > defenderTotal) return 'serious'
  if (firerTotal === defenderTotal) return 'light'
  return 'nearMiss'
}

/** One damage attack on a figure. */
export interface DamageAttack {
  readonly column: ArmourColumn
  /** Damage dice and "+" (an EX burst attack is 1D with no "+", SMLE-EXP-02/03). */
  readonly damage: DiceExpr
  /** Extra "+" on this attack only (AT direct-hit bonus, SMLE-EXP-06). */
  readonly bonus?: number
  /** The attacker's hero grade (SMLE-HERO-03: his damage rolls). */
  readonly firerHeroGrade?: HeroGrade
}

/** Both rolls of a hit, ready to throw: the firer's dice and modifiers, the defender's 1D6 and modifiers. */
export interface DamagePlan {
  readonly firerDice: number
  readonly firerModifiers: readonly RollModifier[]
  readonly defenderModifiers: readonly RollModifier[]
}

/** Plans the damage of one hit (SMLE-DMG-04): firer = damage dice + "+"; defender = 1D6 + armour + modifiers. */
export function planDamage(attack: DamageAttack, defender: Defender, settings: SmleSettings): DamagePlan {
  const firer: RollModifier[] = []
  if (attack.damage.plus !== 0)
    firer.push(modifier(`Weapon damage ${signed(attack.damage.plus)}`, attack.damage.plus, 'SMLE-DMG-04'))
  if (attack.bonus) firer.push(modifier(`Direct hit ${signed(attack.bonus)}`, attack.bonus, 'SMLE-EXP-06'))
  const hero = heroModifier('damage', attack.firerHeroGrade ?? 0, settings)
  if (hero) firer.push(hero)
  return {
    firerDice: attack.damage.dice,
    firerModifiers: firer,
    defenderModifiers: defenderModifiers(defender, attack.column, settings),
  }
}

/** The totals and result of one hit. */
export interface DamageOutcome {
  readonly firerTotal: number
  readonly defenderTotal: number
  readonly result: DamageResult
}

/** Settles a hit with the firer's faces and the defender's one face (§10.4). */
export function resolveDamage(plan: DamagePlan, firerFaces: readonly number[], defenderFace: number): DamageOutcome {
  if (firerFaces.length !== plan.firerDice)
    throw new RangeError(`damage throws ${plan.firerDice} dice, got ${firerFaces.length}`)
  const firerTotal = sumFaces(firerFaces) + plan.firerModifiers.reduce((t, m) => t + m.value, 0)
  const defenderTotal = sumFaces([defenderFace]) + plan.defenderModifiers.reduce((t, m) => t + m.value, 0)
  return { firerTotal, defenderTotal, result: compareDamage(firerTotal, defenderTotal) }
}
