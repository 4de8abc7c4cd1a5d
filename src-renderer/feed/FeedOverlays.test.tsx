import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { hutMatch } from '../../tests/fixtures/play'
import { replayInfo, smleStep } from '../../tests/fixtures/replay-steps'
import type * as TableRecorderModule from '../hud/recording/table-recorder'
import type { RecorderState, RecordingOutcome, TableRecorder } from '../hud/recording/table-recorder'
import { renderInApp, showGame, testApp, unmountAll } from '../state/app-test-kit'
import { feedOptions } from './feed-options'
import { FeedOverlays } from './FeedOverlays'

/** A recorder that records nothing: it says it runs, and where the file went when stopped. */
const recorder = vi.hoisted(() => ({ current: null as TableRecorder | null }))
vi.mock('../hud/recording/table-recorder', async (original) => ({
  ...(await original<typeof TableRecorderModule>()),
  recorderFor: () => recorder.current,
}))

let table: HTMLElement | null = null
beforeEach(() => {
  recorder.current = fakeRecorder()
})
afterEach(async () => {
  await unmountAll()
  table?.remove()
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
  const app = testApp()
  showGame(app, {
    ruleset: 'smle',
    seat: { kind: 'spectator', sideIds: [], hotSeat: false },
    scenario: m.header.scenario,
    state: m.state,
    seq: 3,
  })
  if (step) app.matchStore.getState().showReplayStep(replayInfo(), smleStep(m, step.index, [], step.lines))
  // The table's canvas, which a recording captures.
  table = document.createElement('div')
  table.setAttribute('data-table-canvas', '')
  table.append(document.createElement('canvas'))
  document.body.append(table)
  const host = await renderInApp(app, <FeedOverlays options={feedOptions(search)!} />)
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
    await unmountAll()
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
