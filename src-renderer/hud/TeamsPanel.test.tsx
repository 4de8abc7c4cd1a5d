import { afterEach, describe, expect, it } from 'vitest'
import { activationOrder, type MatchState } from '../../src-engine/index'
import { hutMatch } from '../../tests/fixtures/play'
import { renderInApp, showGame, testApp, unmountAll } from '../state/app-test-kit'
import { TeamsPanel } from './TeamsPanel'

afterEach(unmountAll)

async function render(state: MatchState): Promise<HTMLElement> {
  const app = testApp()
  showGame(app, { ruleset: 'smle', scenario: hutMatch().header.scenario, state, seq: 9 })
  return renderInApp(app, <TeamsPanel />)
}

describe('teams panel', () => {
  it("SMLE-TURN-02: lists the teams in the engine's activation order, each with its band and Table 1's words", async () => {
    const state = hutMatch().state
    const el = await render(state)
    const items = [...el.querySelectorAll('ol[aria-label="Activation order"] li')]
    const order = activationOrder(state).filter((e) => e.order !== null)
    expect(items.map((li) => li.getAttribute('data-testid'))).toEqual(order.map((e) => `activation-${e.teamId}`))
    for (const [i, e] of order.entries()) {
      expect(items[i]!.className).toBe(e.status)
      expect(items[i]!.textContent).toContain(e.allows)
    }
  })
  it("SMLE-SCEN-05: a hidden team of the side not at the controls is not listed; on its own side's turn it is", async () => {
    const s = hutMatch().state
    const hidden: MatchState = { ...s, teams: { ...s.teams, 'red-1': { ...s.teams['red-1']!, hidden: true } } }
    const blueTurn = await render({ ...hidden, activeSideId: 'blue', pending: null })
    expect(blueTurn.querySelector('[data-team="red-1"]')).toBeNull()
    expect(blueTurn.querySelector('[data-testid="activation-red-1"]')).toBeNull()
    await unmountAll()
    const redTurn = await render({ ...hidden, activeSideId: 'red', pending: null })
    expect(redTurn.querySelector('[data-team="red-1"]')).not.toBeNull()
  })
})
