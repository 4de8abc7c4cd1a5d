import { assertFace, type Motivation, type RollD6 } from './combat-types'
import type { SmleSettings } from './settings'

/**
 * SMLE-OPTR-01 / SMLE-MOVE-03 (option `eliteFanaticMoveBonus`): Elite or
 * Fanatic troops add 2" to their move.
 */
export function eliteFanaticMoveBonusIn(motivation: Motivation, settings: SmleSettings): number {
  if (!settings.optional.eliteFanaticMoveBonus) return 0
  return motivation === 'elite' || motivation === 'fanatic' ? 2 : 0
}

/** A leader rolled for at the start of the game (SMLE-QUAL-06). */
export interface SuperiorLeader {
  readonly grade: 'incompetent' | 'okay' | 'good' | 'exceptional'
  /** Numeric activation bonus for the teams he leads (basic leader +1). */
  readonly activationBonus: number
  /** Bands up after all modifiers (SMLE-ACT-05). */
  readonly bandShift: number
  /** Incompetent: teams that follow him act at his AL. */
  readonly teamsActAtLeaderAl: boolean
  readonly faces: readonly number[]
}

/**
 * SMLE-OPTR-03 / SMLE-QUAL-06 (option `superiorLeaders`): 1D6 per leader at
 * the start: 1 Incompetent (no bonus; his teams act at his AL); 2–4 Okay (+1,
 * a basic leader); 5–6 Good (up one band) and a second 1D6: 5–6 Exceptional
 * (up two bands). Decision: a Good or Exceptional leader's band shift takes
 * the place of the basic +1.
 */
export function rollSuperiorLeader(rollD6: RollD6): SuperiorLeader {
  const first = assertFace(rollD6())
  if (first === 1)
    return { grade: 'incompetent', activationBonus: 0, bandShift: 0, teamsActAtLeaderAl: true, faces: [first] }
  if (first <= 4) return { grade: 'okay', activationBonus: 1, bandShift: 0, teamsActAtLeaderAl: false, faces: [first] }
  const second = assertFace(rollD6())
  if (second >= 5)
    return { grade: 'exceptional', activationBonus: 0, bandShift: 2, teamsActAtLeaderAl: false, faces: [first, second] }
  return { grade: 'good', activationBonus: 0, bandShift: 1, teamsActAtLeaderAl: false, faces: [first, second] }
}

/** The situation when a unit might interrupt (SMLE-TURN-12). */
export interface InterruptCheck {
  /** The would-be interrupter's current AL. */
  readonly interrupterAl: number
  /** The AL of the lower unit about to become active. */
  readonly nextActiveAl: number
  /** The two units are on opposing sides. */
  readonly opposing: boolean
  /** The interrupter has already activated this round. */
  readonly interrupterHasActed: boolean
  /** It has already interrupted this round. */
  readonly interruptedThisRound: boolean
  /** The turn it would take is the second turn of a double move. */
  readonly secondTurn: boolean
}

/**
 * SMLE-OPTR-04 / SMLE-TURN-12 (option `allowEarlyInterrupt`): just before a
 * lower-AL unit becomes active, an opposing unit with a strictly higher AL
 * that has not yet acted may take its whole turn at once, as its activation
 * for the round; at most once a round, and only with a first turn.
 */
export function mayInterrupt(check: InterruptCheck, settings: SmleSettings): boolean {
  if (!settings.allowEarlyInterrupt || !check.opposing) return false
  if (check.interrupterHasActed || check.interruptedThisRound || check.secondTurn) return false
  return check.interrupterAl > check.nextActiveAl
}
