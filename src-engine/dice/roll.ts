import type { RngState } from '../rng/sfc32'
import type { DiceRolled, RollModifier } from './dice-event'
import { DICE_PHYSICS_VERSION, physicsRoll } from './physics-dice'
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
 *
 * With the game's dice set to `physics` (the default) every roll is a
 * cannon-es throw in the dice tray and the faces are what the dice show at
 * rest; with `quick` (bulk simulation) the faces come straight from the
 * generator.
 */
/** What a roller needs of a game's state: its generator, how many rolls it has made, how it throws. */
export interface DiceSource {
  readonly rng: RngState
  readonly rollCount: number
  readonly dice: DiceMode
}

/** How dice are thrown: `physics` (the tray) or `quick` (the generator alone, for bulk simulation). */
export type DiceMode = 'physics' | 'quick'

export class DiceRoller {
  private rng: RngState
  private next: number
  private readonly method: DiceMode

  constructor(state: DiceSource) {
    this.rng = state.rng
    this.next = state.rollCount
    this.method = state.dice
  }

  /** Throws the dice of one roll and returns its event. */
  roll(request: RollRequest): DiceRolled {
    const thrown =
      this.method === 'physics'
        ? physicsRoll(this.rng, request.dice)
        : { ...quickThrow(this.rng, request.dice), throws: undefined }
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
      method: this.method,
      ...(thrown.throws === undefined ? {} : { physics: { version: DICE_PHYSICS_VERSION, throws: thrown.throws } }),
      rng: [...thrown.rng] as [number, number, number, number],
    }
  }
}
