import { afterEach, describe, expect, it } from 'vitest'
import { hutMatch } from '../../tests/fixtures/play'
import { smrScenario, startSmr, unit } from '../../tests/fixtures/smr'
import { renderInApp, showGame, testApp, unmountAll } from '../state/app-test-kit'
import { helpRowsFor } from './help-rows'
import { HelpOverlay } from './HelpOverlay'
import { shortcutsFor } from './shortcuts'

afterEach(unmountAll)

/** The help opened over a game of `ruleset`; returns each row's keys. */
async function helpRows(ruleset: 'smle' | 'smr'): Promise<string[]> {
  const app = testApp()
  if (ruleset === 'smle') {
    const m = hutMatch()
    showGame(app, { ruleset: 'smle', scenario: m.header.scenario, state: m.state, seq: 1 })
  } else {
    const m = startSmr(smrScenario([unit('A', 'a', 'L', 20, 20), unit('B', 'b', 'L', 20, 26)]))
    showGame(app, { ruleset: 'smr', scenario: m.header.scenario, state: m.state, seq: 1 })
  }
  app.uiStore.getState().setHelpOpen(true)
  const el = await renderInApp(app, <HelpOverlay />)
  return [...el.querySelectorAll('tr')].map((r) => r.firstElementChild?.textContent ?? '')
}

describe('the help lists the keys of the open game', () => {
  it("an SMR game: dragging a unit, the wheel and Q/E to turn it, Enter to give the order; not SMLE's keys", async () => {
    const rows = await helpRows('smr')
    expect(rows).toEqual(
      expect.arrayContaining(['Drag one of your units', 'Wheel while dragging a unit', 'Q / E', 'Enter']),
    )
    expect(rows).not.toContain('E')
    expect(rows).not.toContain('A')
    expect(rows).not.toContain('Click / Shift-click a door')
    expect(rows).toEqual(expect.arrayContaining(['V', 'F', 'Ctrl+Z', 'Esc']))
  })

  it("an SMLE game: its own keys (E moves the game on, doors, vehicles), and none of SMR's", async () => {
    const rows = await helpRows('smle')
    expect(rows).toEqual(
      expect.arrayContaining(['E', 'A', 'Click / Shift-click a door', 'Click a vehicle, then the ground']),
    )
    expect(rows).not.toContain('Q / E')
    expect(rows).not.toContain('Drag one of your units')
  })

  it('the keys listed are the keys that work: E does not move an SMR game on', () => {
    expect(shortcutsFor('smr').map((s) => s.keys)).not.toContain('E')
    expect(shortcutsFor('smle').map((s) => s.keys)).toContain('E')
  })

  it('P, the key that hides every panel, is listed in both games, and no other key of the table answers to it', async () => {
    for (const ruleset of ['smle', 'smr'] as const) {
      expect(await helpRows(ruleset)).toContain('P')
      const p = new KeyboardEvent('keydown', { key: 'p' })
      expect(
        shortcutsFor(ruleset)
          .filter((s) => s.matches(p))
          .map((s) => s.keys),
      ).toEqual(['P'])
    }
    // SMR's own keys on the table are Q, E and Enter (SmrKeys).
    expect(
      helpRowsFor('smr')
        .map((r) => r.keys)
        .join(' '),
    ).not.toMatch(/\bP\b/)
  })

  it('the replay keys (ReplayBar) are listed in both games', () => {
    for (const ruleset of ['smle', 'smr'] as const) {
      const keys = helpRowsFor(ruleset)
        .map((r) => r.keys)
        .join(' | ')
      for (const k of ['← / →', 'Space', 'PgUp / PgDn', 'Home / End', 'Esc'])
        expect(keys).toContain(`In a replay: ${k}`)
    }
  })

  it('P hides the panels and P again shows them', () => {
    const app = testApp()
    const ui = app.uiStore
    const p = shortcutsFor('smle').find((s) => s.keys === 'P')!
    expect(ui.getState().panelsHidden).toBe(false)
    p.run(app)
    expect(ui.getState().panelsHidden).toBe(true)
    p.run(app)
    expect(ui.getState().panelsHidden).toBe(false)
  })
})
