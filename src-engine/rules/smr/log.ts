import { DiceRoller, type RollRequest } from '../../dice/roll'
import type { DiceRolled } from '../../dice/dice-event'
import { applyEvent } from './apply'
import type { SmrEvent } from './events'
import type { SmrState } from './state'

/**
 * The events of one command as they are decided, with the state they lead
 * to kept current, so that each rule reads the game as it now stands. Dice
 * go through the neutral dice module (`DiceRoller`: quick or physics),
 * threading the game's one generator from roll to roll.
 */
export class SmrLog {
  private current: SmrState
  private readonly list: SmrEvent[] = []

  constructor(state: SmrState) {
    this.current = state
  }

  get state(): SmrState {
    return this.current
  }

  get events(): readonly SmrEvent[] {
    return this.list
  }

  push(...events: SmrEvent[]): void {
    for (const e of events) {
      this.current = applyEvent(this.current, e)
      this.list.push(e)
    }
  }

  // SMR-GEN-02: 2D6 unless a rule says 1D6; quick or physics dice, as the game was started.
  /** Throws the dice of one roll (its modifiers with their clauses), records it and returns it. */
  roll(request: RollRequest): DiceRolled {
    const event = new DiceRoller(this.current).roll(request)
    this.push(event)
    return event
  }
}

/** The natural roll: the dice before modifiers (SMR-GEN-07). */
export function naturalOf(roll: DiceRolled): number {
  return roll.faces.reduce((a, b) => a + b, 0)
}
