import { expect, type Page, test } from '@playwright/test'
import type { MatchState, TeamActivation } from '../../src-engine/index'
import { hostRequest, openApp, shot, snapshot } from './support'

type P = { x: number; y: number; z: number }

test.beforeEach(async () => {
  await hostRequest('match:new', { scenarioId: 'reference-town', seed: 1 })
})

const rolled = (band: number): TeamActivation => ({ die: 3, al: band, band, modifiers: [], shifts: [], blockId: '' })

/** Every team of the town rolled (a label over each of the 36 teams), the first Blue team's turn. */
function allRolled(state: MatchState): MatchState {
  const teams = Object.fromEntries(
    Object.entries(state.teams).map(([id, t], i) => [id, { ...t, activation: rolled(3 + ((i * 7) % 8)) }]),
  )
  return { ...state, phase: 'play', teams, activeUnit: { teamIds: ['blue-1'], index: 0, turn: 'first' } }
}

async function look(page: Page, position: P, target: P): Promise<void> {
  await page.evaluate(({ position, target }) => window.smleInspect!.setCamera(position, target), { position, target })
}

/** Labels as laid out now: how many are drawn, and which are hidden behind something or crowded out. */
async function labelStates(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const out: Record<string, number> = {}
    for (const el of document.querySelectorAll<HTMLElement>('[data-label-state]')) {
      const k = el.dataset.labelState ?? ''
      out[k] = (out[k] ?? 0) + 1
    }
    return out
  })
}

/** Waits until every label has been checked and the layout holds still (the checks run a few per frame). */
async function settled(page: Page): Promise<Record<string, number>> {
  let last = ''
  await expect
    .poll(async () => {
      const now = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-label-state]')].map((e) => e.dataset.labelState).join(),
      )
      const still = now === last && !now.includes('pending')
      last = now
      return still
    })
    .toBe(true)
  return labelStates(page)
}

test('the reference town at a hundred figures a side: labels behind walls and roofs hidden, crowded ones thinned, the acting team always labelled', async ({
  page,
}, info) => {
  await openApp(page)
  const snap = await snapshot()
  const state = allRolled(snap.state)
  await page.evaluate((v) => window.smleInspect!.showState(v as never), { state })
  await expect(page.locator('[data-testid="activation-label"]')).toHaveCount(36)
  const { widthIn: w, depthIn: d } = snap.scenario.table

  // The default view over the whole town.
  await look(page, { x: w / 2, y: Math.max(w, d) * 0.62, z: d + Math.max(w, d) * 0.7 }, { x: w / 2, y: 0, z: d / 2 })
  const wide = await settled(page)
  await shot(page, info, '01-town-labels-wide')
  expect(wide.crowded ?? 0).toBeGreaterThan(0)
  // The acting team's label is never dropped.
  await expect(
    page.locator('[data-label-state]:has([data-testid="activation-label"][data-active="true"])'),
  ).toHaveAttribute('data-label-state', /shown|faded/)

  // A low view along a street: houses between the camera and some teams hide their labels.
  await look(page, { x: 36, y: 6, z: 56 }, { x: 36, y: 1, z: 20 })
  const street = await settled(page)
  expect(street.behind ?? 0).toBeGreaterThan(0)
  await shot(page, info, '02-town-labels-street')

  // Roofs off, from above: labels inside the houses come back.
  await look(page, { x: 36, y: 40, z: 40 }, { x: 36, y: 0, z: 22 })
  const above = await settled(page)
  await shot(page, info, '03-town-labels-from-above')
  expect(above.behind ?? 0).toBeGreaterThan(0)
  await page.getByTestId('roof-toggle').click()
  await expect(page.getByTestId('roof-toggle')).toHaveText('Roofs: off')
  await expect.poll(async () => (await labelStates(page)).behind ?? 0).toBeLessThan(above.behind ?? 0)
  const open = await settled(page)
  expect(open.shown ?? 0).toBeGreaterThan(above.shown ?? 0)
  await shot(page, info, '04-town-labels-roofs-off')
})
