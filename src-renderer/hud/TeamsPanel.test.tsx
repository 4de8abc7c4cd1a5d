import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { activationOrder, type MatchState } from '../../src-engine/index'
import { hutMatch } from '../../tests/fixtures/play'
import type { HostApi } from '../bridge/host-api'
import { AppProvider, type AppContextValue } from '../state/context'
import { createMatchStore, createUiStore } from '../state/stores'
import { TeamsPanel } from './TeamsPanel'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let host: HTMLElement | null = null
afterEach(() => {
  host?.remove()
  host = null
})

async function render(state: MatchState): Promise<HTMLElement> {
  const m = hutMatch()
  const app: AppContextValue = { bridge: {} as HostApi, matchStore: createMatchStore(), uiStore: createUiStore() }
  app.matchStore.getState().setSnapshot({
    ruleset: 'smle',
    gameId: 'g',
    seat: { kind: 'sides', sideIds: ['blue', 'red'], hotSeat: true },
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
        <TeamsPanel />
      </AppProvider>,
    ),
  )
  return host
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
    host?.remove()
    const redTurn = await render({ ...hidden, activeSideId: 'red', pending: null })
    expect(redTurn.querySelector('[data-team="red-1"]')).not.toBeNull()
  })
})
