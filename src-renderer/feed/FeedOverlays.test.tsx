import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { hutMatch } from '../../tests/fixtures/play'
import { replayInfo, smleStep } from '../../tests/fixtures/replay-steps'
import type { HostApi } from '../bridge/host-api'
import type * as TableRecorderModule from '../hud/recording/table-recorder'
import type { RecorderState, RecordingOutcome, TableRecorder } from '../hud/recording/table-recorder'
import { AppProvider, type AppContextValue } from '../state/context'
import { createMatchStore, createUiStore } from '../state/stores'
import { feedOptions } from './feed-options'
import { FeedOverlays } from './FeedOverlays'

/** A recorder that records nothing: it says it runs, and where the file went when stopped. */
const recorder = vi.hoisted(() => ({ current: null as TableRecorder | null }))
vi.mock('../hud/recording/table-recorder', async (original) => ({
  ...(await original<typeof TableRecorderModule>()),
  recorderFor: () => recorder.current,
}))

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | null = null
let host: HTMLElement | null = null
let table: HTMLElement | null = null
beforeEach(() => {
  recorder.current = fakeRecorder()
})
afterEach(async () => {
  await act(async () => root?.unmount())
  host?.remove()
  table?.remove()
  root = null
  host = null
  table = null
})

function fakeRecorder() {
  const store = createStore<RecorderState>(() => ({ phase: 'idle', startedAtMs: null }))
  const start = vi.fn(async (_canvas: HTMLCanvasElement) => {
    store.setState({ phase: 'recording', startedAtMs: performance.now() })
    return null
  })
  const stop = vi.fn(async (): Promise<RecordingOutcome> => {
    store.setState({ phase: 'idle', startedAtMs: null })
    return { ok: true, path: '/data/recordings/table-1.webm', bytes: 1234 }
  })
  return { store, start, stop } as unknown as TableRecorder & { start: typeof start; stop: typeof stop }
}

/** The clean feed's overlays at `search`, over the hut game (or one of its replay's steps). */
async function mountFeed(search: string, step?: { index: number; lines: string[] }) {
  const m = hutMatch()
  const app: AppContextValue = { bridge: {} as HostApi, matchStore: createMatchStore(), uiStore: createUiStore() }
  app.matchStore.getState().setSnapshot({
    ruleset: 'smle',
    gameId: 'g',
    seat: { kind: 'spectator', sideIds: [], hotSeat: false },
    scenario: m.header.scenario,
    seed: 1,
    dice: 'quick',
    state: m.state,
    seq: 3,
    canUndo: false,
    notice: null,
  })
  if (step) app.matchStore.getState().showReplayStep(replayInfo(), smleStep(m, step.index, [], step.lines))
  // The table's canvas, which a recording captures.
  table = document.createElement('div')
  table.setAttribute('data-table-canvas', '')
  table.append(document.createElement('canvas'))
  host = document.createElement('div')
  document.body.append(table, host)
  root = createRoot(host)
  await act(async () =>
    root!.render(
      <AppProvider value={app}>
        <FeedOverlays options={feedOptions(search)!} />
      </AppProvider>,
    ),
  )
  return { app, el: host, canvas: table.querySelector('canvas') }
}

const press = (init: KeyboardEventInit) =>
  act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init })))

describe('the clean feed’s replay log', () => {
  const lines = ['Blue One moves 4".', 'Red One fires at Blue One.', 'Blue One: killed (shot).']

  it('shows the step’s last lines while a replay plays', async () => {
    const { el } = await mountFeed('?clean=1&replay=game', { index: 5, lines })
    const items = [...el.querySelectorAll('[data-testid="feed-log"] li')].map((li) => li.textContent)
    expect(items).toEqual(['Red One fires at Blue One.', 'Blue One: killed (shot).'])
  })

  it('shows nothing with `log=0`, or over the live game', async () => {
    expect((await mountFeed('?clean=1&log=0', { index: 5, lines })).el.querySelector('[data-testid="feed-log"]')).toBe(
      null,
    )
    await act(async () => root?.unmount())
    host?.remove()
    table?.remove()
    expect((await mountFeed('?clean=1')).el.querySelector('[data-testid="feed-log"]')).toBe(null)
  })
})

describe('recording the clean feed', () => {
  it('Shift+R starts recording the table’s canvas, with the indicator; again stops it and says where the file went', async () => {
    const fake = fakeRecorder()
    recorder.current = fake
    const { el, canvas } = await mountFeed('?clean=1')
    expect(el.querySelector('[data-testid="recording-indicator"]')).toBe(null)
    await press({ key: 'R', shiftKey: true })
    expect(fake.start).toHaveBeenCalledWith(canvas)
    expect(el.querySelector('[data-testid="recording-indicator"]')?.textContent).toMatch(/REC 0:00/)
    await press({ key: 'R', shiftKey: true })
    expect(fake.stop).toHaveBeenCalledTimes(1)
    expect(el.querySelector('[data-testid="recording-indicator"]')).toBe(null)
    expect(el.querySelector('[data-testid="feed-notice"]')?.textContent).toBe(
      'Recording saved to /data/recordings/table-1.webm',
    )
    // R alone (or with Ctrl) is no key of the feed.
    await press({ key: 'r' })
    await press({ key: 'R', shiftKey: true, ctrlKey: true })
    expect(fake.start).toHaveBeenCalledTimes(1)
  })
})
