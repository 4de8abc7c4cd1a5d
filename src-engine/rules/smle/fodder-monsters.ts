import type { ArmourClass } from './scenario/schema'
import { assertFace, isWithin, type RollD6 } from './combat-types'
import { pickOne } from './hits'
import type { SmleSettings } from './settings'
import type { WoundState } from './wounds'

/**
 * Camera Fodder (SMLE-FODDER-02/03): a hit fodder figure rolls no effect of
 * fire; it plays dead (prone, no actions, not a target, not a casualty).
 */
export function fodderHit(state: WoundState): WoundState {
  if (state.status === 'dead' || state.status === 'playingDead') return state
  return { status: 'playingDead', treated: state.treated }
}

/**
 * End of round for a fodder figure playing dead (SMLE-FODDER-03): it gets up
 * (status `ok`) at the end of any round in which no enemy figure has line of
 * sight to it.
 */
export function fodderEndOfRound(state: WoundState, enemyHasSight: boolean): WoundState {
  if (state.status !== 'playingDead' || enemyHasSight) return state
  return { status: 'ok', treated: false }
}

/** Monster and alien figures (SMLE-MONSTER-01): Table 2 move, Table 4 armour, Table 5 close assault. */
export interface CreatureProfile {
  readonly moveIn: number
  readonly armour: ArmourClass
  readonly closeAssault: number
  /** Activation base replacing quality (aliens: 6, as Fanatic); null to use quality. */
  readonly activationBase: number | null
}

/** SMLE-MONSTER-01 stats. */
export const CREATURES: Readonly<Record<'monster' | 'alien', CreatureProfile>> = {
  monster: { moveIn: 8, armour: 'monsters', closeAssault: 6, activationBase: null },
  alien: { moveIn: 12, armour: 'aliens', closeAssault: 4, activationBase: 6 },
}

/** SMLE-MONSTER-03: at most two revivals per monster per game. */
export const MAX_MONSTER_REVIVALS = 2

/** What happens to a monster the rules would kill (SMLE-MONSTER-02/03). */
export type MonsterDeath =
  | { readonly kind: 'dead' }
  /** Plays dead where it fell until an enemy comes within 4". */
  | { readonly kind: 'playsDead' }
  /** Vanishes in the explosions and returns 1D6 rounds later (`returnRound`). */
  | { readonly kind: 'vanishes'; readonly returnRound: number }

/**
 * "The monster ain't dead" (SMLE-MONSTER-02/03): killed by non-explosive
 * fire it plays dead in place; killed by explosive fire it is removed and
 * returns 1D6 rounds later (`returnFace` is that die). After two revivals, or
 * without the `monsters` option, dead is dead.
 */
export function monsterKilled(
  input: { readonly byExplosive: boolean; readonly revivalsUsed: number; readonly round: number },
  returnFace: number | null,
  settings: SmleSettings,
): MonsterDeath {
  if (!settings.optional.monsters || input.revivalsUsed >= MAX_MONSTER_REVIVALS) return { kind: 'dead' }
  if (!input.byExplosive) return { kind: 'playsDead' }
  if (returnFace === null) throw new RangeError('a monster that vanishes needs a 1D6 for its return')
  return { kind: 'vanishes', returnRound: input.round + assertFace(returnFace) }
}

/** An enemy figure and its distance from a monster playing dead. */
export interface EnemyNear {
  readonly id: string
  readonly distanceIn: number
}

/** SMLE-MONSTER-03: the trigger distance for a monster playing dead. */
export const MONSTER_TRIGGER_IN = 4

/**
 * The revival of a monster playing dead (SMLE-MONSTER-03): the first enemy
 * figure within 4" (nearest; ties the first listed) triggers it; the monster
 * revives with a light wound and at once close-assaults that figure, which
 * counts as surprised (−2, SMLE-CA-08). Null when nobody is close enough.
 */
export function monsterRevival(
  enemies: readonly EnemyNear[],
): { state: WoundState; assaultTargetId: string; targetSurprised: true } | null {
  let trigger: EnemyNear | null = null
  for (const e of enemies)
    if (isWithin(e.distanceIn, MONSTER_TRIGGER_IN) && (trigger === null || e.distanceIn < trigger.distanceIn))
      trigger = e
  if (trigger === null) return null
  return { state: { status: 'lightWound', treated: false }, assaultTargetId: trigger.id, targetSurprised: true }
}

/**
 * A vanished monster's return (SMLE-MONSTER-03): it comes back with a light
 * wound within 6" of a random enemy figure (picked fairly with engine dice);
 * the caller finds a spot within 6" of that figure that it cannot see.
 */
export function monsterReturn(
  enemyIds: readonly string[],
  rollD6: RollD6,
): { state: WoundState; nearEnemyId: string; withinIn: number } {
  return { state: { status: 'lightWound', treated: false }, nearEnemyId: pickOne(enemyIds, rollD6), withinIn: 6 }
}
