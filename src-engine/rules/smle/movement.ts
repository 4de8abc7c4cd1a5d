import type { FigureState } from './state/state'
import type { ArmourClass, Motivation } from './scenario/schema'
import { eliteFanaticMoveBonusIn } from './optional-rules'
import type { SmleSettings } from './settings'

/** SMLE-MOVE-01, Table 2: full move in inches by armour/type. */
export const FULL_MOVE_IN: Readonly<Record<ArmourClass, number>> = {
  none: 10,
  light: 8,
  body: 6,
  heavy: 6,
  armoured: 8,
  aliens: 12,
  monsters: 8,
}

/** The full move of a figure of this armour class (SMLE-MOVE-01). */
export function fullMoveIn(armour: ArmourClass): number {
  return FULL_MOVE_IN[armour]
}

/** SMLE-MOVE-02: a half move is half the full move (fractions kept, SMLE-GEN-07). */
export function halfMoveIn(armour: ArmourClass): number {
  return fullMoveIn(armour) / 2
}

/** SMLE-MOVE-05: standing up costs 1" of move. */
export const STAND_UP_COST_IN = 1
/** SMLE-MOVE-05: a prone figure may crawl 2". */
export const CRAWL_LIMIT_IN = 2

/**
 * A figure's full move after every adjustment (SMLE-MOVE-01, SMLE-MOVE-02):
 * Table 2 by armour, Warriors +2" (SMLE-MOT-07), the optional Elite/Fanatic
 * +2" (SMLE-MOVE-03), less its encumbrance (SMLE-MOVE-07), which a Big Guns
 * hero ignores (SMLE-HERO-04).
 */
export function adjustedFullMoveIn(
  figure: Pick<FigureState, 'armour' | 'hero'>,
  motivation: Motivation,
  settings: SmleSettings,
  encumbranceIn: number,
): number {
  let move = fullMoveIn(figure.armour) + eliteFanaticMoveBonusIn(motivation, settings)
  if (motivation === 'warriors') move += 2
  if (!figure.hero?.bigGuns) move -= encumbranceIn
  return Math.max(0, move)
}

/** The tactical move a band allows, as a fraction of the full move (Table 1 Move column, SMLE-ACT-06). */
export function tacticalMoveFraction(band: number): number {
  if (band >= 9) return 1
  if (band >= 4) return 0.5
  return 0
}

/**
 * The most a figure may move in its team's turn with this Move option
 * (SMLE-MOVE-02, SMLE-MOVE-08 running doubles the option, SMLE-MOVE-05
 * crawling at most 2", SMLE-DMG-06/12 a seriously wounded figure, or one
 * helping it, moves at most half).
 */
export function moveAllowanceIn(
  full: number,
  band: number,
  option: 'tactical' | 'run' | 'crawl',
  figure: Pick<FigureState, 'status' | 'crawledIn' | 'helping'>,
  isHelped: boolean,
): number {
  let allowance = full * tacticalMoveFraction(band)
  if (option === 'run') allowance *= 2
  if ((figure.status === 'seriousWound' && !isHelped) || figure.helping !== null) allowance /= 2
  if (option === 'crawl') allowance = Math.min(allowance, Math.max(0, CRAWL_LIMIT_IN - figure.crawledIn))
  return allowance
}

/**
 * SMLE-MOVE-09: running rounds and halts after the round. Three running
 * rounds in a row: a lightly equipped team halts one round, a heavily
 * equipped one two. A halted round counts down.
 */
export function breathAfterRound(
  runningRounds: number,
  haltRounds: number,
  ranThisRound: boolean,
  heavy: boolean,
): { runningRounds: number; haltRounds: number } {
  const halt = Math.max(0, haltRounds - 1)
  if (!ranThisRound) return { runningRounds: 0, haltRounds: halt }
  const ran = runningRounds + 1
  if (ran >= 3) return { runningRounds: 0, haltRounds: heavy ? 2 : 1 }
  return { runningRounds: ran, haltRounds: halt }
}

/** SMLE-MOVE-09: heavy equipment is Body armour, Heavy or Armoured, or an encumbered figure. */
export function isHeavilyEquipped(armour: ArmourClass, encumbranceIn: number): boolean {
  return armour === 'body' || armour === 'heavy' || armour === 'armoured' || encumbranceIn > 0
}
