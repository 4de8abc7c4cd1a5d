import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { MatchSnapshot, SeatInfo } from '../../src-main/ipc/contract'
import type { HostApi } from '../bridge/host-api'
import { AppProvider, type AppContextValue } from './context'
import { createMatchStore, createUiStore } from './stores'

/**
 * What the game window's panel tests share: the window's stores over a host that answers only what a test gives it,
 * a game shown in them as the host would send it, and a panel drawn inside them, taken off the page after each test.
 */

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** The hot seat of a game with these sides (what the desktop app sits in). */
export const hotSeat = (...sideIds: string[]): SeatInfo => ({ kind: 'sides', sideIds, hotSeat: true })

/** A window's stores, its host answering only what `bridge` gives. */
export function testApp(bridge: Partial<HostApi> = {}): AppContextValue {
  return { bridge: bridge as HostApi, matchStore: createMatchStore(), uiStore: createUiStore() }
}

/** What a test says of the game it shows: the ruleset, scenario and state, and any field it needs otherwise. */
type ShownGame<S extends MatchSnapshot = MatchSnapshot> = S extends MatchSnapshot
  ? Pick<S, 'ruleset' | 'scenario' | 'state'> & Partial<S>
  : never

/**
 * Shows `game` in the window as the host's snapshot would: by default at the hot seat of the scenario's sides, seed 1,
 * quick dice, nothing to undo, no notice, sequence 0.
 */
export function showGame(app: AppContextValue, game: ShownGame): void {
  app.matchStore.getState().setSnapshot({
    gameId: 'g',
    seat: hotSeat(...game.scenario.sides.map((s) => s.id)),
    seed: 1,
    dice: 'quick',
    seq: 0,
    canUndo: false,
    notice: null,
    ...game,
  } as MatchSnapshot)
}

const drawn: { root: Root; host: HTMLElement }[] = []

/** Draws `panel` inside `app`'s window on the page; returns the element it is drawn in. */
export async function renderInApp(app: AppContextValue, panel: ReactNode): Promise<HTMLElement> {
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  drawn.push({ root, host })
  await act(async () => root.render(<AppProvider value={app}>{panel}</AppProvider>))
  return host
}

/** Takes every panel drawn off the page (each test's `afterEach`). */
export async function unmountAll(): Promise<void> {
  for (const { root, host } of drawn.splice(0)) {
    await act(async () => root.unmount())
    host.remove()
  }
}
