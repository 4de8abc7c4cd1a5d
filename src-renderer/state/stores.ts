import { createStore, type StoreApi } from 'zustand/vanilla'
import type { GameEvent, MatchState, Scenario } from '../../src-engine/index'
import type { MatchChanged, MatchSnapshot } from '../../src-main/ipc/contract'

/** A read-only mirror of the host's game, written only by the bridge subscription. */
export interface MatchStoreState {
  readonly gameId: string | null
  readonly scenario: Scenario | null
  readonly state: MatchState | null
  readonly seq: number
  readonly canUndo: boolean
  /** The latest events, for animation and the log (with the state they were applied to). */
  readonly recent: readonly { readonly seq: number; readonly event: GameEvent; readonly before: MatchState }[]
  setSnapshot(snapshot: MatchSnapshot): void
  applyChange(change: MatchChanged): void
}

const RECENT_LIMIT = 60

export function createMatchStore(): StoreApi<MatchStoreState> {
  return createStore<MatchStoreState>((set, get) => ({
    gameId: null,
    scenario: null,
    state: null,
    seq: 0,
    canUndo: false,
    recent: [],
    setSnapshot: (s) => set({ gameId: s.gameId, scenario: s.scenario, state: s.state, seq: s.seq, canUndo: s.canUndo, recent: [] }),
    applyChange: (c) => {
      const prev = get()
      const sameGame = c.gameId === prev.gameId && !c.scenario
      const before = prev.state
      const appended = c.reason === 'dispatch' && before ? c.events.map((event) => ({ seq: c.seq, event, before })) : []
      set({
        gameId: c.gameId,
        scenario: c.scenario ?? prev.scenario,
        state: c.state,
        seq: c.seq,
        canUndo: c.canUndo,
        recent: sameGame ? [...(c.reason === 'undo' ? prev.recent.filter((r) => r.seq <= c.seq) : prev.recent), ...appended].slice(-RECENT_LIMIT) : [],
      })
    },
  }))
}

/** A message for the player: a refusal with its clause, an error, or information. */
export interface UiMessage {
  readonly kind: 'refusal' | 'error' | 'info'
  readonly text: string
  readonly clause?: string
}

/** Selection, hover and messages: the view's own state. */
export interface UiStoreState {
  readonly selectedFigureId: string | null
  readonly message: UiMessage | null
  select(id: string | null): void
  say(message: UiMessage | null): void
}

export function createUiStore(): StoreApi<UiStoreState> {
  return createStore<UiStoreState>((set) => ({
    selectedFigureId: null,
    message: null,
    select: (id) => set({ selectedFigureId: id }),
    say: (message) => set({ message }),
  }))
}
