import type { FigureState } from '../state/state'

/**
 * What a figure starts each round with (SMLE-TURN-11: per-round flags are
 * cleared): nothing moved or crawled, its move not ended or capped, not yet
 * moved or fired this round, not spent on an Other option.
 */
export const FRESH_ROUND: Pick<
  FigureState,
  'movedIn' | 'crawledIn' | 'moveEnded' | 'moveCapIn' | 'movedThisRound' | 'firedThisRound' | 'spent'
> = {
  movedIn: 0,
  crawledIn: 0,
  moveEnded: false,
  moveCapIn: null,
  movedThisRound: false,
  firedThisRound: false,
  spent: null,
}
