import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { hutMatch } from '../../tests/fixtures/play'
import type { HostApi } from '../bridge/host-api'
import { AppProvider, type AppContextValue } from '../state/context'
import { createMatchStore, createUiStore } from '../state/stores'
import { GameOverDialog } from './GameOverDialog'

/** The hot seat of a game with these two sides (what the desktop app sits in). */
const HOT_SEAT_INFO = { kind: 'sides' as const, sideIds: ['blue', 'red'], hotSeat: true }

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLElement | null = null
afterEach(() => {
  host?.remove()
  host = null
})

async function render(ended: boolean): Promise<{ el: HTMLElement; app: AppContextValue }> {
  const m = hutMatch()
  const s = m.state
  const state = ended
    ? {
        ...s,
        phase: 'ended' as const,
        figures: { ...s.figures, r1: { ...s.figures.r1!, status: 'dead' as const } },
        result: { winnerSideId: 'blue', reason: 'Red was wiped out.', round: 4 },
      }
    : s
  const app: AppContextValue = { bridge: {} as HostApi, matchStore: createMatchStore(), uiStore: createUiStore() }
  app.matchStore.getState().setSnapshot({
    ruleset: 'smle',
    gameId: 'g',
    seat: HOT_SEAT_INFO,
    scenario: m.header.scenario,
    seed: 1,
    dice: 'quick',
    state,
    seq: 9,
    canUndo: false,
    notice: null,
  })
  host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  await act(async () =>
    root.render(
      <AppProvider value={app}>
        <GameOverDialog />
      </AppProvider>,
    ),
  )
  return { el: host, app }
}

describe('game over dialog', () => {
  it('is not shown while the game goes on', async () => {
    const { el } = await render(false)
    expect(el.querySelector('[role="dialog"]')).toBeNull()
  })
  it('names the winner, the reason, the rounds and the losses, and New game opens the scenario picker', async () => {
    const { el, app } = await render(true)
    expect(el.querySelector('[data-testid="winner"]')?.textContent).toBe('Blue won')
    expect(el.textContent).toContain('Red was wiped out.')
    expect(el.textContent).toContain('Rounds played: 4')
    const red = [...el.querySelectorAll('tbody tr')].find((r) => r.firstElementChild?.textContent === 'Red')
    expect([...(red?.querySelectorAll('td') ?? [])].map((c) => c.textContent)).toEqual(['Red', '1', '0', '0', '0', '2'])
    const newGame = [...el.querySelectorAll('button')].find((b) => b.textContent === 'New game')!
    await act(async () => newGame.click())
    expect(app.uiStore.getState().newGameOpen).toBe(true)
    expect(el.querySelector('[role="dialog"]')).toBeNull()
  })
})
