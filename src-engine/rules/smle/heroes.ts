import type { RollModifier } from './events/events'
import { type DamageResult, type HeroGrade, modifier, type Motivation, sumFaces } from './combat-types'
import type { SmleSettings } from './settings'
import type { WeaponProfile } from './weapons-data'
import { applyDamageResult, type WoundOutcome, type WoundState } from './wounds'

/** SMLE-HERO-01: the three grades and their bonus. */
export const HERO_GRADES: Readonly<Record<1 | 2 | 3, string>> = { 1: 'Minor Hero', 2: 'Hero', 3: 'Major Hero' }

/** The rolls a hero adds his grade to (SMLE-HERO-03). */
export type HeroRoll = 'toHit' | 'damage' | 'defence' | 'closeAssault' | 'door' | 'activation'

/**
 * The hero's bonus on one of his rolls (SMLE-HERO-02/03): his grade, once on
 * the total, always in his favour; only on his own rolls (to hit, damage,
 * damage defence, close assault, doors, and the activation of the team he is
 * with), never against him on an enemy's. Null for an ordinary figure or
 * when the `heroes` option is off.
 */
export function heroModifier(roll: HeroRoll, grade: HeroGrade, settings: SmleSettings): RollModifier | null {
  if (!settings.optional.heroes || grade === 0) return null
  return modifier(`${HERO_GRADES[grade]} +${grade}`, grade, roll === 'activation' ? 'SMLE-HERO-03' : 'SMLE-HERO-02')
}

/** SMLE-HERO-02: a hero's total with several dice: the grade is added once to the sum, not to each die. */
export function heroRollTotal(faces: readonly number[], grade: HeroGrade): number {
  return sumFaces(faces) + grade
}

/** The hero attributes of SMLE-HERO-04, each given to a hero by the scenario. */
export interface HeroAttributes {
  readonly tough?: boolean
  readonly spotlight?: boolean
  readonly lucky?: boolean
  readonly bigGuns?: boolean
}

/** Who did the damage to a Tough hero. */
export interface ToughContext {
  /** The attacker is a hero too. */
  readonly byHero: boolean
  /** A monster fighting him hand to hand. */
  readonly byMonsterInCloseAssault: boolean
}

/**
 * Tough (SMLE-HERO-04): only a fellow hero, or a monster fighting him hand to
 * hand, can do him serious harm; from anyone else a hit is at most a light
 * wound, with no disabling effect (`applyHitToTough` applies it).
 */
export function toughResult(result: DamageResult, context: ToughContext): { result: DamageResult; disabling: boolean } {
  if (context.byHero || context.byMonsterInCloseAssault) return { result, disabling: true }
  if (result === 'nearMiss') return { result, disabling: true }
  return { result: 'light', disabling: false }
}

/**
 * Applies a hit to a Tough hero (SMLE-HERO-04): from a hero, or a monster
 * hand to hand, as to anyone (§10.4, SMLE-DMG-09). From anyone else the
 * light wound has no disabling effect: no −2, no lost actions, no activation
 * −1 (it is recorded as a treated light wound), and it does not add up into
 * a serious wound, which would be serious harm.
 */
export function applyHitToTough(state: WoundState, result: DamageResult, context: ToughContext): WoundOutcome {
  const capped = toughResult(result, context)
  if (capped.disabling) return applyDamageResult(state, capped.result)
  const next: WoundState = state.status === 'ok' ? { status: 'lightWound', treated: true } : state
  return { state: next, fallsProne: false, losesRestOfRound: false, shaken: false, clause: 'SMLE-HERO-04' }
}

/** A figure near a Lucky hero, and its distance from him (SMLE-GEN-05). */
export interface NearbyFigure {
  readonly id: string
  readonly distanceIn: number
}

/**
 * Lucky for some (SMLE-HERO-04): a hit on the hero by fire goes instead to the
 * nearest other figure of either side, which is killed outright; the hero is
 * unharmed. Ties go to the first listed. Null when there is nobody else (the
 * hit is lost).
 */
export function luckyRedirect(others: readonly NearbyFigure[]): string | null {
  let best: NearbyFigure | null = null
  for (const f of others) if (best === null || f.distanceIn < best.distanceIn) best = f
  return best?.id ?? null
}

/**
 * Big Guns (SMLE-HERO-04): the hero fires crew-served weapons alone, needs no
 * bracing, is not slowed, fires from the hip and always hits. Hits: one, or
 * with an autofire weapon 1 + hero grade (decision).
 */
export function bigGunsHits(weapon: WeaponProfile, grade: number): number {
  return weapon.autofire ? 1 + grade : 1
}

/** Who a figure is, for Spotlight and Camera Fodder. */
export interface FigureStanding {
  readonly heroGrade: HeroGrade
  readonly isMonster: boolean
  /** A leader or other significant individual (SMLE-QUAL-04). */
  readonly isSignificant: boolean
  /** The scenario made its team Camera Fodder. */
  readonly teamIsFodder: boolean
}

/**
 * Whether a figure is Camera Fodder (SMLE-FODDER-01..03, SMLE-HERO-04
 * Spotlight): its team is fodder, or a hero with Spotlight is in play and the
 * figure is not a hero, a monster or a significant individual. Needs the
 * `cameraFodder` option (Spotlight also needs `heroes`).
 */
export function isCameraFodder(figure: FigureStanding, spotlightInPlay: boolean, settings: SmleSettings): boolean {
  if (!settings.optional.cameraFodder) return false
  if (figure.heroGrade > 0 || figure.isMonster) return false
  if (figure.teamIsFodder) return true
  return spotlightInPlay && settings.optional.heroes && !figure.isSignificant
}

/**
 * SMLE-HERO-05 / SMLE-TURN-08: in a Hollywood game a heroic or highly
 * motivated unit is not held to the one-double-move limit. Decision: heroic
 * = a hero is with the team; highly motivated = Elite or Fanatic.
 */
export function doubleMoveLimitLifted(
  unit: { readonly hasHero: boolean; readonly motivation: Motivation },
  settings: SmleSettings,
): boolean {
  if (!settings.optional.heroes) return false
  return unit.hasHero || unit.motivation === 'elite' || unit.motivation === 'fanatic'
}
