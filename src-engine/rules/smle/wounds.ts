import type { FigureStatus } from './scenario/schema'
import { type DamageResult, refuse, type RuleRefusal } from './combat-types'

/** A figure's wound state (§0.3): its status and, for a light wound, whether it has been treated. */
export interface WoundState {
  readonly status: FigureStatus
  /** A light wound treated by first aid (SMLE-DMG-12); false otherwise. */
  readonly treated: boolean
}

/** What one damage result does to a figure. */
export interface WoundOutcome {
  readonly state: WoundState
  /** SMLE-DMG-06: a seriously wounded figure falls prone. */
  readonly fallsProne: boolean
  /** SMLE-DMG-07: a lightly wounded figure loses any further action this round. */
  readonly losesRestOfRound: boolean
  /** SMLE-DMG-08: a near miss shakes the figure for the rest of the round. */
  readonly shaken: boolean
  /** The clause that decided it. */
  readonly clause: string
}

const outcome = (
  status: FigureStatus,
  clause: string,
  extra: Partial<Omit<WoundOutcome, 'state' | 'clause'>> = {},
): WoundOutcome => ({
  state: { status, treated: false },
  fallsProne: false,
  losesRestOfRound: false,
  shaken: false,
  clause,
  ...extra,
})

/**
 * Applies one hit's result to a figure (§10.4, SMLE-DMG-06..09). Wounds add
 * up (SMLE-DMG-09): a light wound on a figure that already has one (treated
 * or not) becomes serious; any wound on a seriously wounded figure kills it.
 * A near miss leaves the status and shakes the figure. A dead figure stays
 * dead; a figure playing dead (Camera Fodder, a monster) is not a target and
 * is refused.
 */
export function applyDamageResult(state: WoundState, result: DamageResult): WoundOutcome {
  if (state.status === 'playingDead') throw new RangeError('a figure playing dead is not a target (SMLE-FODDER-03)')
  if (state.status === 'dead') return outcome('dead', 'SMLE-DMG-10')
  if (result === 'killed') return outcome('dead', 'SMLE-DMG-10')
  if (result === 'nearMiss') return { ...outcome(state.status, 'SMLE-DMG-08', { shaken: true }), state }
  if (state.status === 'seriousWound') return outcome('dead', 'SMLE-DMG-09')
  if (result === 'serious') return outcome('seriousWound', 'SMLE-DMG-06', { fallsProne: true })
  if (state.status === 'lightWound') return outcome('seriousWound', 'SMLE-DMG-09', { fallsProne: true })
  return outcome('lightWound', 'SMLE-DMG-07', { losesRestOfRound: true })
}

/** What a wound state lets a figure do (SMLE-DMG-06/07, SMLE-ACT-09). */
export interface WoundEffects {
  /** May shoot or make any attack (not a seriously wounded or dead figure). */
  readonly mayAttack: boolean
  /** May defend itself in a close assault (SMLE-DMG-06, SMLE-CA-14). */
  readonly mayDefend: boolean
  /** Modifier on to-hit, close-assault and door rolls (SMLE-DMG-07: −2 until treated; not on damage defence). */
  readonly actionModifier: number
  /** Counts for its team's activation: a casualty (−2) or wounded (−1) (SMLE-ACT-09). */
  readonly activation: 'casualty' | 'wounded' | null
  /** Fraction of its usual move it may make alone (SMLE-DMG-06: a seriously wounded figure at most half). */
  readonly moveFactor: number
}

/** The standing effects of a wound state. */
export function woundEffects(state: WoundState): WoundEffects {
  switch (state.status) {
    case 'ok':
      return { mayAttack: true, mayDefend: true, actionModifier: 0, activation: null, moveFactor: 1 }
    case 'lightWound':
      return state.treated
        ? { mayAttack: true, mayDefend: true, actionModifier: 0, activation: null, moveFactor: 1 }
        : { mayAttack: true, mayDefend: true, actionModifier: -2, activation: 'wounded', moveFactor: 1 }
    case 'seriousWound':
      return { mayAttack: false, mayDefend: true, actionModifier: -2, activation: 'casualty', moveFactor: 0.5 }
    case 'dead':
      return { mayAttack: false, mayDefend: false, actionModifier: 0, activation: 'casualty', moveFactor: 0 }
    case 'playingDead':
      // SMLE-FODDER-03: no actions, not a casualty for activation.
      return { mayAttack: false, mayDefend: false, actionModifier: 0, activation: null, moveFactor: 0 }
  }
}

/** Flags a figure picks up during a round and loses at its end (SMLE-TURN-11). */
export interface RoundFlags {
  /** Lightly wounded this round (SMLE-DMG-07). */
  readonly lostRestOfRound: boolean
  /** A near miss this round (SMLE-DMG-08). */
  readonly shaken: boolean
}

/**
 * Whether a figure may still move, fire or attack this round (SMLE-DMG-11,
 * SMLE-DMG-07/08): a figure hit before its team activates may lose its move
 * and shot; a seriously wounded one never attacks and moves only at half
 * (or with a helper), so it may still move.
 */
export function mayStillAct(state: WoundState, flags: RoundFlags): { move: boolean; attack: boolean } {
  const effects = woundEffects(state)
  if (flags.lostRestOfRound || flags.shaken || effects.moveFactor === 0) return { move: false, attack: false }
  return { move: true, attack: effects.mayAttack }
}

/**
 * First aid (SMLE-DMG-12): during its team's Recover casualties option, a
 * figure in base contact with a lightly wounded figure treats it; the −2 and
 * the activation −1 end. Only an untreated light wound can be treated.
 */
export function firstAid(state: WoundState): { ok: true; state: WoundState } | RuleRefusal {
  if (state.status !== 'lightWound') return refuse('SMLE-DMG-12', 'First aid treats light wounds only.')
  if (state.treated) return refuse('SMLE-DMG-12', 'That wound has already been treated.')
  return { ok: true, state: { status: 'lightWound', treated: true } }
}

/**
 * Move allowances when a seriously wounded figure moves (SMLE-DMG-06/12):
 * alone it moves at most half its usual move; helped by a figure in base
 * contact it moves with the helper, whose own move is halved.
 */
export function seriouslyWoundedMoveIn(
  fullMoveIn: number,
  helperFullMoveIn: number | null,
): { casualtyIn: number; helperIn: number | null } {
  if (helperFullMoveIn === null) return { casualtyIn: fullMoveIn / 2, helperIn: null }
  return { casualtyIn: helperFullMoveIn / 2, helperIn: helperFullMoveIn / 2 }
}
