import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { smrScenario, startSmr, unit } from '../../../tests/fixtures/smr'
import type { AppContextValue } from '../../state/context'
import { renderInApp, showGame, testApp, unmountAll } from '../../state/app-test-kit'
import { SmrTurnBar } from './SmrTurnBar'

afterEach(async () => {
  await unmountAll()
  vi.useRealTimers()
})

const m = startSmr(smrScenario([unit('A', 'a', 'L', 20, 20), unit('B', 'b', 'L', 20, 26)]))
const playing = { ...m.state, phase: 'turn' as const, step: 'movement' as const, turn: 1 }

async function render(): Promise<{ el: HTMLElement; app: AppContextValue }> {
  const app = testApp()
  showGame(app, { ruleset: 'smr', scenario: m.header.scenario, state: playing, seq: 3 })
  return { el: await renderInApp(app, <SmrTurnBar />), app }
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
