import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DiceRoller, seedRng } from '../../src-engine/index'
import { hutMatch } from '../../tests/fixtures/play'
import { hotSeat, renderInApp, showGame, testApp, unmountAll } from '../state/app-test-kit'
import { DicePanel } from './DicePanel'
import { trayPort } from './tray-port'

afterEach(unmountAll)

/** The Dice panel over the hut game, its panels hidden (P) or not, and a physics roll made once it is drawn. */
async function rollWith(panelsHidden: boolean): Promise<HTMLElement> {
  const m = hutMatch()
  const app = testApp()
  showGame(app, { ruleset: 'smle', scenario: m.header.scenario, dice: 'physics', state: m.state, seq: 1 })
  if (panelsHidden) app.uiStore.getState().togglePanels()
  const host = await renderInApp(app, <DicePanel />)
  const event = new DiceRoller({ rng: seedRng(3), rollCount: 0, dice: 'physics' }).roll({
    purpose: 'force door',
    dice: 1,
    figureId: 'b1',
    modifiers: [],
    target: 4,
  })
  await act(async () =>
    app.matchStore.getState().applyChange({
      reason: 'dispatch',
      gameId: 'g',
      seat: hotSeat('blue', 'red'),
      seq: 2,
      canUndo: false,
      ruleset: 'smle',
      state: m.state,
      events: [event],
    }),
  )
  // The tray's replay code arrives (a dynamic import), then the roll is thrown.
  await vi.waitFor(() => expect(window.smleDice?.phase).toBe('rolling'), { timeout: 20_000 })
  return host
}

// The tray's code (the physics replay) is loaded on the first roll: give it time on a busy machine.
describe('the dice tray with the panels out of sight', { timeout: 30_000 }, () => {
  it('with every panel hidden (P), a throw is still shown on the table: the tray alone, drawn by the canvas', async () => {
    const el = await rollWith(true)
    const tray = el.querySelector<HTMLElement>('[data-testid="dice-tray"]')
    expect(tray).not.toBeNull()
    expect(tray!.closest('.bare-tray')).not.toBeNull()
    expect(tray!.closest('[data-panel="dice"]')).toBeNull()
    expect(trayPort.getState().request?.target).toBe(tray)
    // The roll is still rolling: nothing settled it for want of a tray.
    expect(window.smleDice?.phase).toBe('rolling')
  })

  it('with the panels shown, the throw is in the Dice panel, not on the table', async () => {
    const el = await rollWith(false)
    const tray = el.querySelector<HTMLElement>('[data-testid="dice-tray"]')
    expect(tray?.closest('[data-panel="dice"]')).not.toBeNull()
    expect(el.querySelector('.bare-tray')).toBeNull()
  })
})
