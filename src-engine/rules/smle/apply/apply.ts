import { touchedFigureIds, updateDoor, updateFigure, updateTeam, withItem } from './apply-helpers'
import { forceReducers } from './apply-force'
import { moveReducers } from './apply-move'
import { roundReducers } from './apply-round'
import { keepStarts } from './starts'
import type { GameEvent, GameEventOf } from '../events/events'
import type { MatchState } from '../state/state'

type Reducer<T extends GameEvent['type']> = (state: MatchState, event: GameEventOf<T>) => MatchState

const tableReducers = {
  FigurePlaced: (s: MatchState, e: GameEventOf<'FigurePlaced'>): MatchState =>
    updateFigure(s, e.figureId, { position: e.at, facingDeg: e.facingDeg }),
  DoorOpened: (s: MatchState, e: GameEventOf<'DoorOpened'>): MatchState =>
    updateFigure(updateDoor(s, e.doorId, 'open'), e.figureId, { moveCapIn: e.moveCapIn }),
  DoorClosed: (s: MatchState, e: GameEventOf<'DoorClosed'>): MatchState => updateDoor(s, e.doorId, 'closed'),
  DoorStateChanged: (s: MatchState, e: GameEventOf<'DoorStateChanged'>): MatchState => updateDoor(s, e.doorId, e.state),
  DiceRolled: (s: MatchState, e: GameEventOf<'DiceRolled'>): MatchState => ({
    ...s,
    rng: e.rng,
    rollCount: Math.max(s.rollCount, e.rollId + 1),
  }),
  DoorForced: (s: MatchState, e: GameEventOf<'DoorForced'>): MatchState => {
    const withAttempt = { ...s, doorAttempts: withItem(s.doorAttempts, `${e.teamId}:${e.doorId}`) }
    // SMLE-DOOR-04: a rushed door gives way even when the kick fails.
    const opened = e.success || e.rushed ? updateDoor(withAttempt, e.doorId, 'broken') : withAttempt
    const sprawled = e.rushed && !e.success ? updateTeam(opened, e.teamId, { sprawled: true }) : opened
    return updateFigure(sprawled, e.figureId, { moveEnded: true })
  },
}

const reducers: { [T in GameEvent['type']]: Reducer<T> } = {
  ...tableReducers,
  ...roundReducers,
  ...moveReducers,
  ...forceReducers,
}

/**
 * Applies one event to the state: total, pure and free of dice and geometry,
 * so that replaying a log always gives the same state. Whatever it moves or
 * opens, the round's and the turn's starting points are kept (`keepStarts`:
 * Table 11.2, SMLE-CA-08).
 */
export function applyEvent(state: MatchState, event: GameEvent): MatchState {
  touchedFigureIds.length = 0
  const after = (reducers[event.type] as Reducer<typeof event.type>)(state, event)
  return keepStarts(state, after, touchedFigureIds)
}

/** Folds a list of events over a state. */
export function applyEvents(state: MatchState, events: readonly GameEvent[]): MatchState {
  return events.reduce(applyEvent, state)
}
