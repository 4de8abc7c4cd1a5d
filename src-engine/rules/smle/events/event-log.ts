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
  private readonly start: MatchState

  constructor(state: MatchState) {
    this.current = state
    this.start = state
  }

  /**
   * A log of `events` from `state`: the state they led to is the one the log
   * that recorded them keeps (the very list it handed out as its `events`,
   * from the very same state), else they are applied again in turn.
   */
  static of(state: MatchState, events: readonly GameEvent[]): EventLog {
    const log = new EventLog(state)
    const from = recorded.get(events)
    if (from && from.start === state && from.list === events) {
      log.list.push(...events)
      log.current = from.current
    } else log.push(...events)
    return log
  }

  /** The state after every event so far. */
  get state(): MatchState {
    return this.current
  }

  /** The events so far (the log's own list, growing as it records more). */
  get events(): readonly GameEvent[] {
    recorded.set(this.list, this)
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

/** Each log by the list of events it handed out, so that the state they lead to need not be worked out again. */
const recorded = new WeakMap<readonly GameEvent[], EventLog>()
