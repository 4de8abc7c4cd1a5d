import type { RollModifier } from './events/events'
import type { ArmourClass, Quality } from './scenario/schema'
import { type HeroGrade, modifier, type Motivation } from './combat-types'
import { heroModifier } from './heroes'
import type { SmleSettings } from './settings'
import { type CloseCombatKit, closeCombatFactor } from './weapons'
import { type WoundState, woundEffects } from './wounds'

/** Table 5: close-assault modifier by the figure's own quality. */
export const CLOSE_ASSAULT_QUALITY: Readonly<Record<Quality, number>> = {
  untrained: -2,
  green: -1,
  trained: 0,
  veteran: 1,
}

/** Table 5: figure types with their own close-assault bonus (Hollywood rows and armoured infantry). */
const TYPE_BONUS: Partial<Record<ArmourClass, { label: string; value: number }>> = {
  armoured: { label: 'Armoured infantry', value: 1 },
  aliens: { label: "'Aliens'", value: 4 },
  monsters: { label: "'Monsters'", value: 6 },
}

/** A fighter as Table 5 sees it: everything is about the figure itself (SMLE-CA-05). */
export interface CloseCombatant {
  readonly quality: Quality
  readonly motivation: Motivation
  readonly armour: ArmourClass
  readonly kit: CloseCombatKit
  readonly wound: WoundState
  readonly heroGrade?: HeroGrade
  /** Defending a prepared position that gives its benefits (SMLE-SHOOT-26). */
  readonly defendingPreparedPosition?: boolean
  /** Surprised or unaware (SMLE-CA-08). */
  readonly surprised?: boolean
}

/**
 * The modifiers of one close-assault roll (Table 5, SMLE-CA-05): weapon
 * close-combat factor (SMLE-WPN-10, SMLE-CA-07), quality, Elite +1 on top,
 * Fanatic +1, Warriors +2, outnumbered −1 per opponent after the first on
 * every roll (SMLE-CA-09), armoured infantry +1, Aliens +4, Monsters +6,
 * prepared position +2, wounded −2 (an untreated light wound or a serious
 * one, SMLE-CA-14), surprised −2, hero grade.
 */
export function closeAssaultModifiers(c: CloseCombatant, opponents: number, settings: SmleSettings): RollModifier[] {
  const mods: RollModifier[] = [closeCombatFactor(c.kit)]
  const quality = CLOSE_ASSAULT_QUALITY[c.quality]
  if (quality !== 0) mods.push(modifier(`${c.quality}`, quality, 'SMLE-CA-05'))
  if (c.motivation === 'elite') mods.push(modifier('Elite', 1, 'SMLE-MOT-03'))
  if (c.motivation === 'fanatic') mods.push(modifier('Fanatic', 1, 'SMLE-CA-05'))
  if (c.motivation === 'warriors') mods.push(modifier('Warriors', 2, 'SMLE-MOT-07'))
  if (opponents > 1) mods.push(modifier(`Outnumbered by ${opponents - 1}`, -(opponents - 1), 'SMLE-CA-09'))
  const type = TYPE_BONUS[c.armour]
  if (type) mods.push(modifier(type.label, type.value, c.armour === 'armoured' ? 'SMLE-CA-05' : 'SMLE-MONSTER-01'))
  if (c.defendingPreparedPosition) mods.push(modifier('Defending a prepared position', 2, 'SMLE-SHOOT-26'))
  const wound = woundEffects(c.wound).actionModifier
  if (wound !== 0)
    mods.push(modifier('Wounded', wound, c.wound.status === 'seriousWound' ? 'SMLE-CA-14' : 'SMLE-DMG-07'))
  if (c.surprised) mods.push(modifier('Surprised or unaware', -2, 'SMLE-CA-08'))
  const hero = heroModifier('closeAssault', c.heroGrade ?? 0, settings)
  if (hero) mods.push(hero)
  return mods
}

/** The result of one fight (§11.2). */
export type FightResult =
  'defenderBreaks' | 'defenderKilled' | 'attackerForcedBack' | 'attackerKilled' | 'attackerFallsBack'

/**
 * §11.2, per pairing (A attacker total, D defender total): A ≥ 2D defender
 * breaks; D < A < 2D defender killed or captured; A = D attacker forced back
 * beyond 4"; A < D < 2A attacker killed; D ≥ 2A attacker falls back to where
 * it started the round. Totals of 0 or less are compared as they are, as for
 * damage (SMLE-DMG-10): a side at 0 or below loses to any higher total by
 * the "double" result.
 */
export function fightResult(attackerTotal: number, defenderTotal: number): FightResult {
  if (attackerTotal === defenderTotal) return 'attackerForcedBack'
  if (attackerTotal > defenderTotal) return attackerTotal >= 2 * defenderTotal ? 'defenderBreaks' : 'defenderKilled'
  return defenderTotal >= 2 * attackerTotal ? 'attackerFallsBack' : 'attackerKilled'
}

/** A fight with its result, and who is on which side. */
export interface SettledFight {
  readonly attackerId: string
  readonly defenderId: string
  readonly result: FightResult
}

/** What an assault does, after the order of application (SMLE-CA-10/11). */
export interface AssaultOutcome {
  /** Defending teams that break (SMLE-CA-11): every figure leaves, drops heavy weapons, and the team gets a Break result. */
  readonly brokenTeams: readonly string[]
  /** Attacking figures that fall back to where they started the round. */
  readonly fallenBack: readonly string[]
  /** Attacking figures pushed back to more than 4" from the defenders. */
  readonly forcedBack: readonly string[]
  /** Figures killed or captured (removed), either side. */
  readonly killed: readonly string[]
}

/**
 * Applies the fights' results in order (SMLE-CA-10/11): (1) nerve results:
 * a Break on any defending figure breaks its whole team, a fall-back moves
 * that attacker back; (2) forced back; (3) kills. A figure that has broken,
 * fallen back or been forced back takes no later result. Decision: nor does
 * it deal one: a kill whose killer has already left the fight is void
 * ("nerve failures happen before the fighters meet").
 */
export function applyFightResults(
  fights: readonly SettledFight[],
  teamOf: (defenderId: string) => string,
): AssaultOutcome {
  const brokenTeams = new Set<string>()
  const fallenBack = new Set<string>()
  for (const f of fights) {
    if (f.result === 'defenderBreaks') brokenTeams.add(teamOf(f.defenderId))
    if (f.result === 'attackerFallsBack') fallenBack.add(f.attackerId)
  }
  const forcedBack = new Set<string>()
  const gone = (attackerId: string, defenderId: string): boolean =>
    brokenTeams.has(teamOf(defenderId)) || fallenBack.has(attackerId) || forcedBack.has(attackerId)
  for (const f of fights)
    if (f.result === 'attackerForcedBack' && !gone(f.attackerId, f.defenderId)) forcedBack.add(f.attackerId)
  const killed = new Set<string>()
  for (const f of fights) {
    if (gone(f.attackerId, f.defenderId)) continue
    if (f.result === 'defenderKilled') killed.add(f.defenderId)
    if (f.result === 'attackerKilled') killed.add(f.attackerId)
  }
  return {
    brokenTeams: [...brokenTeams],
    fallenBack: [...fallenBack],
    forcedBack: [...forcedBack],
    killed: [...killed],
  }
}
