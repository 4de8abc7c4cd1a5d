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
 * Throws the dice for one roll and returns the `DiceRolled` event, threading
 * the generator: pass the `rng` of the previous roll of the same command.
 */
export function rollDice(state: Pick<MatchState, 'rollCount'>, rng: RngState, request: RollRequest, rollIndexInCommand = 0): GameEventOf<'DiceRolled'> {
  const thrown = quickThrow(rng, request.dice)
  const total = thrown.faces.reduce((a, b) => a + b, 0) + request.modifiers.reduce((a, m) => a + m.value, 0)
  const forced = request.naturalSuccess?.(thrown.faces)
  const success = request.target === undefined ? undefined : (forced ?? total >= request.target)
  return {
    type: 'DiceRolled',
    rollId: state.rollCount + rollIndexInCommand,
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
