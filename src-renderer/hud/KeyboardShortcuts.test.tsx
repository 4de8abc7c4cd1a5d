import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hutMatch } from '../../tests/fixtures/play'
import { replayInfo, smleStep } from '../../tests/fixtures/replay-steps'
import type { HostApi } from '../bridge/host-api'
import { renderInApp, showGame, testApp, unmountAll } from '../state/app-test-kit'
import { REPLAY_READ_ONLY } from '../state/actions'
import { KeyboardShortcuts } from './KeyboardShortcuts'
import { ReplayBar } from './ReplayBar'

afterEach(unmountAll)

/** The table's keys (and the replay bar's) over the hut game, with a host that counts what it is asked. */
async function mount(replaying: boolean) {
  const m = hutMatch()
  const bridge = {
    matchUndo: vi.fn(async () => ({ ok: true })),
    matchDispatch: vi.fn(async () => ({ ok: true, events: [] })),
  }
  const app = testApp(bridge as unknown as Partial<HostApi>)
  showGame(app, { ruleset: 'smle', scenario: m.header.scenario, state: m.state, seq: 3, canUndo: true })
  if (replaying) app.matchStore.getState().showReplayStep(replayInfo(), smleStep(m, 2))
  await renderInApp(
    app,
    <>
      <KeyboardShortcuts />
      <ReplayBar />
    </>,
  )
  const press = async (init: KeyboardEventInit) =>
    act(async () => void window.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init })))
  return { app, bridge, press }
}

describe('a replay is read only', () => {
  it('Ctrl+Z (and Cmd+Z) during a replay undoes nothing and says why', async () => {
    const { app, bridge, press } = await mount(true)
    await press({ key: 'z', ctrlKey: true })
    await press({ key: 'z', metaKey: true })
    expect(bridge.matchUndo).not.toHaveBeenCalled()
    expect(app.uiStore.getState().message).toEqual({ kind: 'info', text: REPLAY_READ_ONLY })
    expect(app.matchStore.getState().replay?.index).toBe(2)
  })

  it('E (move the game on) during a replay sends no command', async () => {
    const { app, bridge, press } = await mount(true)
    await press({ key: 'e' })
    expect(bridge.matchDispatch).not.toHaveBeenCalled()
    expect(app.uiStore.getState().message?.text).toBe(REPLAY_READ_ONLY)
  })

  it('out of a replay Ctrl+Z undoes as before', async () => {
    const { bridge, press } = await mount(false)
    await press({ key: 'z', ctrlKey: true })
    expect(bridge.matchUndo).toHaveBeenCalledTimes(1)
  })
})
