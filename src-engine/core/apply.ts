import type { FigureState, MatchState } from './state'
import type { GameEvent, GameEventOf } from './events'

type Reducer<T extends GameEvent['type']> = (state: MatchState, event: GameEventOf<T>) => MatchState

function updateFigure(state: MatchState, id: string, patch: Partial<FigureState>): MatchState {
  const figure = state.figures[id]
  if (!figure) throw new Error(`applyEvent: unknown figure ${id}`)
  return { ...state, figures: { ...state.figures, [id]: { ...figure, ...patch } } }
}

function updateDoor(state: MatchState, id: string, doorState: MatchState['doors'][string]['state']): MatchState {
  const door = state.doors[id]
  if (!door) throw new Error(`applyEvent: unknown door ${id}`)
  return { ...state, doors: { ...state.doors, [id]: { ...door, state: doorState } } }
}

/** Starts a side's turn: its figures have moved nothing yet. */
function resetMoves(state: MatchState, sideId: string): MatchState {
  const figures: Record<string, FigureState> = {}
  for (const [id, f] of Object.entries(state.figures)) {
    figures[id] = f.sideId === sideId && (f.movedIn !== 0 || f.moveEnded || f.moveCapIn !== null) ? { ...f, movedIn: 0, moveEnded: false, moveCapIn: null } : f
  }
  return { ...state, figures }
}

const reducers: { [T in GameEvent['type']]: Reducer<T> } = {
  FigurePlaced: (s, e) => updateFigure(s, e.figureId, { position: e.at, facingDeg: e.facingDeg }),
  FigureMoved: (s, e) => {
    const f = s.figures[e.figureId]
    if (!f) throw new Error(`applyEvent: unknown figure ${e.figureId}`)
    return updateFigure(s, e.figureId, { position: e.to, facingDeg: e.facingDeg, movedIn: f.movedIn + e.distanceIn, moveEnded: f.moveEnded || e.endsMove })
  },
  DoorOpened: (s, e) => updateFigure(updateDoor(s, e.doorId, 'open'), e.figureId, { moveCapIn: e.moveCapIn }),
  DoorClosed: (s, e) => updateDoor(s, e.doorId, 'closed'),
  DoorStateChanged: (s, e) => updateDoor(s, e.doorId, e.state),
  DiceRolled: (s, e) => ({ ...s, rng: e.rng, rollCount: Math.max(s.rollCount, e.rollId + 1) }),
  DoorForced: (s, e) => {
    const attempt = `${e.teamId}:${e.doorId}`
    const withAttempt = { ...s, doorAttempts: [...s.doorAttempts, attempt] }
    const opened = e.success ? updateDoor(withAttempt, e.doorId, 'broken') : withAttempt
    return updateFigure(opened, e.figureId, { moveEnded: true })
  },
  TurnEnded: (s, e) => {
    const next: MatchState = {
      ...s,
      phase: e.phase,
      round: e.round,
      activeSideId: e.nextSideId,
      sidesReady: s.phase === 'setup' && e.phase === 'setup' ? [...s.sidesReady, e.sideId] : [],
      doorAttempts: e.round !== s.round ? [] : s.doorAttempts,
    }
    return e.phase === 'play' ? resetMoves(next, e.nextSideId) : next
  },
}

/**
 * Applies one event to the state: total, pure and free of dice and geometry,
 * so that replaying a log always gives the same state.
 */
export function applyEvent(state: MatchState, event: GameEvent): MatchState {
  return (reducers[event.type] as Reducer<typeof event.type>)(state, event)
}

/** Folds a list of events over a state. */
export function applyEvents(state: MatchState, events: readonly GameEvent[]): MatchState {
  return events.reduce(applyEvent, state)
}
