import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { hutMatch } from '../../tests/fixtures/play'
import type { AppContextValue } from '../state/context'
import { renderInApp, showGame, testApp, unmountAll } from '../state/app-test-kit'
import { GameOverDialog } from './GameOverDialog'

afterEach(unmountAll)

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
  const app = testApp()
  showGame(app, { ruleset: 'smle', scenario: m.header.scenario, state, seq: 9 })
  return { el: await renderInApp(app, <GameOverDialog />), app }
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
