import { DiceRoller, type RollRequest } from '../../../dice/roll'
import { applyEvent } from '../apply/apply'
import type { GameEvent, GameEventOf } from './events'
import type { MatchState } from '../state/state'

/**
 * Events being decided for one command, with the state they lead to kept up
 * to date, so that a rule further down the resolution reads the game as it
 * now stands (a figure just killed cannot shoot back; a door just kicked in
 * no longer blocks). Dice are thrown from the current state, so the generator
 * is threaded through every roll.
 */
export class EventLog {
  private current: MatchState
  private readonly list: GameEvent[] = []

  constructor(state: MatchState) {
    this.current = state
  }

  /** The state after every event so far. */
  get state(): MatchState {
    return this.current
  }

  /** The events so far. */
  get events(): readonly GameEvent[] {
    return this.list
  }

  /** Records events and applies them. */
  push(...events: GameEvent[]): void {
    for (const e of events) {
      this.current = applyEvent(this.current, e)
      this.list.push(e)
    }
  }

  /** Throws the dice of one roll, records it and returns its event. */
  roll(request: RollRequest): GameEventOf<'DiceRolled'> {
    const event = new DiceRoller(this.current).roll(request)
    this.push(event)
    return event
  }
}
