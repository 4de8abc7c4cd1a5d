import type { GameEventOf, RollModifier } from '../core/events'
import type { MatchState } from '../core/state'
import type { RngState } from '../rng/sfc32'
import { quickThrow } from './quick-dice'

/** What a roll is for and how it is judged. */
export interface RollRequest {
  readonly purpose: string
  readonly dice: number
  readonly modifiers: readonly RollModifier[]
  readonly figureId?: string
  /** Succeeds when the total reaches this; naturals below may override. */
  readonly target?: number
  /** Faces-only overrides: a natural that always succeeds or always fails. */
  readonly naturalSuccess?: (faces: readonly number[]) => boolean | undefined
}

/**
 * Throws dice for the rolls of one command, threading the game's generator
 * from one throw to the next. Each roll becomes a `DiceRolled` event that
 * carries the generator state after it, so replays never throw again.
 */
export class DiceRoller {
  private rng: RngState
  private next: number

  constructor(state: Pick<MatchState, 'rng' | 'rollCount' | 'dice'>) {
    this.rng = state.rng
    this.next = state.rollCount
  }

  /** Throws the dice of one roll and returns its event. */
  roll(request: RollRequest): GameEventOf<'DiceRolled'> {
    // TODO(#5): throw with physics when the game's dice are `physics`; quick dice until the tray lands.
    const thrown = quickThrow(this.rng, request.dice)
    this.rng = thrown.rng
    const total = thrown.faces.reduce((a, b) => a + b, 0) + request.modifiers.reduce((a, m) => a + m.value, 0)
    const forced = request.naturalSuccess?.(thrown.faces)
    const success = request.target === undefined ? undefined : (forced ?? total >= request.target)
    return {
      type: 'DiceRolled',
      rollId: this.next++,
      purpose: request.purpose,
      ...(request.figureId === undefined ? {} : { figureId: request.figureId }),
      faces: thrown.faces,
      modifiers: [...request.modifiers],
      total,
      ...(request.target === undefined ? {} : { target: request.target }),
      ...(success === undefined ? {} : { success }),
      method: 'quick',
      rng: [...thrown.rng] as [number, number, number, number],
    }
  }
}
