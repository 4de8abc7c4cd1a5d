import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { smrScenario, startSmr, unit } from '../../../tests/fixtures/smr'
import type { HostApi } from '../../bridge/host-api'
import type { AppContextValue } from '../../state/context'
import { renderInApp, showGame, testApp, unmountAll } from '../../state/app-test-kit'
import { SmrGameOver } from './SmrGameOver'

afterEach(unmountAll)

const m = startSmr(smrScenario([unit('A', 'a', 'L', 20, 20), unit('B', 'b', 'L', 20, 26)]))
const playing = { ...m.state, phase: 'turn' as const, step: 'movement' as const, turn: 1 }
const over = {
  ...playing,
  phase: 'ended' as const,
  result: { winnerSideId: 'a', reason: 'The turn limit (1) is reached: 2 units against 1 (SMR-SETUP-08).', turn: 1 },
}

/** Shows a game's state to the game-over screen, as the host's snapshot would. */
function show(app: AppContextValue, state: typeof playing | typeof over, canUndo: boolean): void {
  showGame(app, { ruleset: 'smr', scenario: m.header.scenario, state, seq: 9, canUndo })
}

async function render(
  canUndo: boolean,
  state: typeof over = over,
): Promise<{ el: HTMLElement; app: AppContextValue; undo: () => unknown; matchNew: ReturnType<typeof vi.fn> }> {
  const undo = vi.fn(async () => ({ ok: true }))
  const matchNew = vi.fn(async () => ({ scenario: { name: 'Contact' }, seed: 4 }))
  const scenarioList = vi.fn(async () => [
    { id: 'smle-hut', name: 'The hut', description: '', ruleset: 'smle' },
    { id: 'smr-village-invasion', name: 'Village Invasion', description: '', ruleset: 'smr' },
  ])
  const app = testApp({ matchUndo: undo, matchNew, scenarioList } as unknown as Partial<HostApi>)
  show(app, state, canUndo)
  return { el: await renderInApp(app, <SmrGameOver />), app, undo, matchNew }
}

const button = (el: HTMLElement, text: string) => [...el.querySelectorAll('button')].find((b) => b.textContent === text)

describe('SMR game over and undo (CORE-UNDO-01, as in an SMLE game)', () => {
  it('the game ended by a command that threw no dice: it may be taken back from the game-over screen', async () => {
    const { el, undo } = await render(true)
    expect(el.querySelector('[data-testid="winner"]')?.textContent).toBe('Side A win')
    expect(el.querySelector('[data-testid="game-over-undo"]')?.textContent).toContain('threw no dice')
    await act(async () => button(el, 'Undo the last action')!.click())
    expect(undo).toHaveBeenCalledOnce()
  })

  it('the game ended by dice: the result stands, and no undo is offered', async () => {
    const { el } = await render(false)
    expect(el.querySelector('[data-testid="game-over-undo"]')?.textContent).toContain('the result stands')
    expect(button(el, 'Undo the last action')).toBeUndefined()
  })

  it('undone back into play, the screen goes; when the game ends again it is shown again, even after Look at the table', async () => {
    const { el, app } = await render(true)
    await act(async () => button(el, 'Look at the table')!.click())
    expect(el.querySelector('[role="dialog"]')).toBeNull()
    await act(async () => show(app, playing, true))
    expect(el.querySelector('[role="dialog"]')).toBeNull()
    await act(async () => show(app, over, true))
    expect(el.querySelector('[role="dialog"]')).not.toBeNull()
  })

  it('SMR-OPT-05: with a hero alive at the end, the next battle of a campaign is offered: who goes on, one type up, into an SMR scenario chosen', async () => {
    const heroic = { ...over, units: { ...over.units, A: { ...over.units.A!, hero: true } } }
    const { el, matchNew } = await render(false, heroic)
    const offer = el.querySelector('[data-testid="next-battle"]')!
    expect(offer.textContent).toContain('Campaign: battle 2 (SMR-OPT-05)')
    expect(offer.textContent).toContain('A (Side A): light infantry hero → heavy infantry hero')
    expect([...offer.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Village Invasion'])
    await act(async () => button(el, 'Next battle')!.click())
    expect(matchNew).toHaveBeenCalledWith({ scenarioId: 'smr-village-invasion', campaign: true })
  })

  it('no hero alive: no next battle is offered', async () => {
    const { el } = await render(false)
    expect(el.querySelector('[data-testid="next-battle"]')).toBeNull()
  })
})
