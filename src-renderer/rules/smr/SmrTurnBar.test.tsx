import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { smrScenario, startSmr, unit } from '../../../tests/fixtures/smr'
import type { HostApi } from '../../bridge/host-api'
import { AppProvider, type AppContextValue } from '../../state/context'
import { createMatchStore, createUiStore } from '../../state/stores'
import { SmrTurnBar } from './SmrTurnBar'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLElement | null = null
afterEach(() => {
  host?.remove()
  host = null
  vi.useRealTimers()
})

const m = startSmr(smrScenario([unit('A', 'a', 'L', 20, 20), unit('B', 'b', 'L', 20, 26)]))
const playing = { ...m.state, phase: 'turn' as const, step: 'movement' as const, turn: 1 }

async function render(): Promise<{ el: HTMLElement; app: AppContextValue }> {
  const app: AppContextValue = {
    bridge: {} as unknown as HostApi,
    matchStore: createMatchStore(),
    uiStore: createUiStore(),
  }
  app.matchStore.getState().setSnapshot({
    ruleset: 'smr',
    gameId: 'g',
    seat: { kind: 'sides', sideIds: ['a', 'b'], hotSeat: true },
    scenario: m.header.scenario,
    seed: 1,
    dice: 'quick',
    state: playing,
    seq: 3,
    canUndo: false,
    notice: null,
  })
  host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  await act(async () =>
    root.render(
      <AppProvider value={app}>
        <SmrTurnBar />
      </AppProvider>,
    ),
  )
  return { el: host, app }
}

describe('one command at a time in an SMR game (as in an SMLE game)', () => {
  it('while a command waits the bar is marked, and says so once the wait lasts 300 ms; nothing once it is seen', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { el, app } = await render()
    const bar = (): Element => el.querySelector('.panel.turn')!
    const words = (): Element | null => el.querySelector('[data-testid="command-waiting"]')
    expect(bar().hasAttribute('data-sending')).toBe(false)
    await act(async () => app.uiStore.getState().setSending(1))
    expect(bar().getAttribute('data-sending')).toBe('true')
    await act(async () => vi.advanceTimersByTime(250))
    expect(words()).toBeNull()
    await act(async () => vi.advanceTimersByTime(100))
    expect(words()?.textContent).toBe('Waiting for your command to be decided…')
    await act(async () => app.uiStore.getState().setSending(null))
    expect(bar().hasAttribute('data-sending')).toBe(false)
    expect(words()).toBeNull()
  })
})
