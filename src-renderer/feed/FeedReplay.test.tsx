import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hutMatch } from '../../tests/fixtures/play'
import { replayInfo, smleStep } from '../../tests/fixtures/replay-steps'
import type { HostApi } from '../bridge/host-api'
import { PLAY_STEP_MS } from '../hud/replay-video/pacing'
import { AppProvider, type AppContextValue } from '../state/context'
import { createMatchStore, createUiStore } from '../state/stores'
import { FeedReplay } from './FeedReplay'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | null = null
afterEach(async () => {
  await act(async () => root?.unmount())
  root = null
  vi.useRealTimers()
})

const LENGTH = 10

/**
 * A host that plays the hut game's replays (ten commands, no dice), forgets
 * them when it restarts, and tells the page when it is back.
 */
function fakeHost() {
  const m = hutMatch()
  let opened = 0
  let up = true
  const known = new Set<string>()
  const reconnected = new Set<() => void>()
  const lost = () => new Error('The connection to the game host was lost.')
  const bridge = {
    replayOpen: vi.fn(async ({ at }: { at: 'start' | 'end' }) => {
      if (!up) throw lost()
      const info = replayInfo(LENGTH, `replay-${++opened}`)
      known.add(info.replayId)
      return { info, step: smleStep(m, at === 'end' ? LENGTH : 0, [], [], info) }
    }),
    replaySeek: vi.fn(async ({ replayId, index }: { replayId: string; index: number }) => {
      if (!up) throw lost()
      if (!known.has(replayId)) throw new Error(`No replay ${replayId}.`)
      const { scenario: _, ...step } = smleStep(m, index, [], [], replayInfo(LENGTH, replayId))
      return step
    }),
    replayClose: vi.fn(async () => undefined),
    onReconnected: (listener: () => void) => {
      reconnected.add(listener)
      return () => reconnected.delete(listener)
    },
  }
  return {
    bridge,
    m,
    restart: () => {
      up = false
      known.clear()
    },
    reconnect: () => {
      up = true
      for (const l of reconnected) l()
    },
  }
}

async function mountFeedReplay() {
  const host = fakeHost()
  const app: AppContextValue = {
    bridge: host.bridge as unknown as HostApi,
    matchStore: createMatchStore(),
    uiStore: createUiStore(),
  }
  const snapshot = () =>
    app.matchStore.getState().setSnapshot({
      ruleset: 'smle',
      gameId: 'g',
      seat: { kind: 'spectator', sideIds: [], hotSeat: false },
      scenario: host.m.header.scenario,
      seed: 1,
      dice: 'quick',
      state: host.m.state,
      seq: LENGTH,
      canUndo: false,
      notice: null,
    })
  snapshot()
  const el = document.createElement('div')
  document.body.append(el)
  root = createRoot(el)
  await act(async () =>
    root!.render(
      <AppProvider value={app}>
        <FeedReplay from={{ source: 'game' }} speed={1} />
      </AppProvider>,
    ),
  )
  return { app, host, snapshot }
}

const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)))

describe('a replay on the clean feed', () => {
  it('when the host restarts, holds its step, then opens the replay again where it was once reconnected', async () => {
    vi.useFakeTimers()
    const { app, host, snapshot } = await mountFeedReplay()
    const shown = () => {
      const r = app.matchStore.getState().replay
      return r ? { replayId: r.info.replayId, index: r.index } : null
    }
    await wait(0)
    // Opened at the game's end, then played from its start at Play's pace.
    expect(shown()).toEqual({ replayId: 'replay-1', index: 0 })
    await wait(PLAY_STEP_MS * 3)
    expect(shown()).toEqual({ replayId: 'replay-1', index: 3 })

    // The host goes away: the next step cannot be had, the feed stays on its step (no live game under it).
    host.restart()
    await wait(PLAY_STEP_MS * 2)
    expect(shown()).toEqual({ replayId: 'replay-1', index: 3 })

    // Back: the page fetches the game afresh (as App does), and the feed opens its replay again at step 3.
    host.reconnect()
    snapshot()
    await wait(0)
    expect(host.bridge.replayOpen).toHaveBeenCalledTimes(2)
    expect(shown()?.index).toBe(3)
    expect(shown()?.replayId).not.toBe('replay-1')
    // And plays on from there.
    await wait(PLAY_STEP_MS)
    expect(shown()?.index).toBe(4)
  })

  it('opens the replay again when the game comes back without it (a snapshot after a reconnect)', async () => {
    vi.useFakeTimers()
    const { app, host, snapshot } = await mountFeedReplay()
    await wait(PLAY_STEP_MS * 2)
    expect(app.matchStore.getState().replay?.index).toBe(2)
    host.restart()
    host.reconnect()
    snapshot()
    await wait(0)
    expect(app.matchStore.getState().replay?.index).toBe(2)
    expect(app.matchStore.getState().replay?.info.replayId).not.toBe('replay-1')
  })
})
