import { expect, type Page, test } from '@playwright/test'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import { openApp, openPanel, shot, snapshot } from './support'

// Farmhouse skirmish, seed 13 (dice thrown in the tray): the British section HQ acts third in round 1 at B10;
// after Pte Cole's move to the farmhouse door and the door opened, it fires at Gruppe A.
const SEED = 13
const DOOR = { x: 33.6, z: 26.775 }

const actions = (page: Page) => page.getByRole('region', { name: 'Actions' })
const project = (page: Page, x: number, y: number, z: number) =>
  page.evaluate(([x, y, z]) => window.smleInspect!.project(x, y, z), [x, y, z] as const)
const seqAbove = async (seq: number) => expect.poll(async () => (await snapshot()).seq).toBeGreaterThan(seq)

async function clickFigure(page: Page, id: string): Promise<void> {
  const p = await page.evaluate((fid) => window.smleInspect!.figurePoint(fid), id)
  if (!p) throw new Error(`figure ${id} not drawn`)
  await page.mouse.click(p.x, p.y)
}

test('play the farmhouse through the UI: new game, activation, move, fire with preview, door, save, reload, load, continue', async ({
  page,
}, info) => {
  test.setTimeout(240_000)
  await openApp(page)

  // New game from the dialog: the six SMLE scenarios first, with their descriptions.
  await page.getByRole('button', { name: 'New game' }).click()
  const dialog = page.getByRole('dialog', { name: 'New game' })
  await expect(dialog).toContainText('SMLE scenarios (§16)')
  for (const name of [
    'The Few Brave Sentients',
    'The Magnificent Seven',
    'Multiple Signals, all around!',
    'Commando',
    'Ambush!',
    'Exterminator',
  ])
    await expect(dialog).toContainText(name)
  await dialog.getByLabel(/Skirmish at the Farmhouse/).check()
  await dialog.getByLabel('Seed').fill(String(SEED))
  await shot(page, info, '01-new-game-dialog')
  await dialog.getByRole('button', { name: 'Start' }).click()
  await expect.poll(async () => (await snapshot()).seed).toBe(SEED)
  expect((await snapshot()).seq).toBe(0)

  // Phase 1: each side rolls from the action panel; the dice tray throws; bands and the activation list appear.
  for (let i = 0; i < 2; i++) {
    const seq = (await snapshot()).seq
    await actions(page).getByRole('button', { name: 'Roll activation', exact: true }).click()
    await seqAbove(seq)
    if (i === 0) await shot(page, info, '02-first-side-rolled')
  }
  const list = page.getByRole('list', { name: 'Activation order' })
  await expect(list.locator('li')).toHaveCount(4)
  await expect(list).toContainText('SMLE-')
  await expect(page.getByTestId('band-br-section-hq')).toHaveText('B10')
  await shot(page, info, '03-activation-list')

  // The teams before the section HQ end their activations (hot seat: each side's player in turn).
  // A team's compulsory move at the start of its turn may pass interrupt points: the other side lets it continue.
  let prompted = false
  for (let i = 0; i < 16; i++) {
    const s = (await snapshot()).state
    const active = s.activeUnit?.teamIds[s.activeUnit.index]
    if (active === 'br-section-hq' && s.pending === null) break
    const seq = (await snapshot()).seq
    if (s.pending?.kind === 'opportunity') {
      await expect(page.getByTestId('decision-prompt')).toContainText('interrupt point')
      if (!prompted) await shot(page, info, '03b-interrupt-prompt')
      prompted = true
      await actions(page)
        .getByRole('button', { name: /^Let the move continue/ })
        .click()
    } else
      await actions(page)
        .getByRole('button', { name: /^End .*'s activation$/ })
        .click()
    await seqAbove(seq)
  }
  await expect(page.getByTestId('activation-br-section-hq')).toHaveClass(/active/)
  await expect(actions(page)).toContainText('Fire')

  // Move Pte Cole to the farmhouse door: path preview with inches used and left, then interrupt points.
  await clickFigure(page, 'br-r1')
  await expect(page.getByTestId('move-left')).toHaveText('Move left: 8.0"')
  const to = await project(page, DOOR.x, 0, DOOR.z)
  await page.mouse.move(to.x, to.y)
  await expect(page.getByTestId('move-preview')).toContainText('of 8.0" left')
  await shot(page, info, '04-move-preview')
  const before = (await snapshot()).seq
  await page.mouse.click(to.x, to.y)
  await seqAbove(before)
  for (let w = 0; (await snapshot()).state.pending?.kind === 'opportunity'; w++) {
    expect(w).toBeLessThan(12)
    await expect(page.getByTestId('decision-prompt')).toContainText('interrupt point')
    if (w === 0) await shot(page, info, '05-interrupt-prompt')
    const seq = (await snapshot()).seq
    await actions(page)
      .getByRole('button', { name: /^Let the move continue/ })
      .click()
    await seqAbove(seq)
  }
  const cole = (await snapshot()).state.figures['br-r1']!
  expect(Math.hypot(cole.position.x - DOOR.x, cole.position.z - DOOR.z)).toBeLessThan(0.3)
  await expect(page.getByTestId('move-br-r1')).toContainText('" used')
  await expect(page.getByTestId('move-br-r1')).not.toContainText('0.0" used')
  await expect(page.getByTestId('move-used')).toContainText('Moved this activation: 2.')
  await shot(page, info, '06-moved')

  // Open the door from the action panel.
  let seq = (await snapshot()).seq
  await actions(page).getByRole('button', { name: 'Pte Cole opens the farmhouse front' }).click()
  await seqAbove(seq)
  expect((await snapshot()).state.doors['farmhouse-front']?.state).toBe('open')
  await openPanel(page, 'log')
  await expect(page.getByRole('region', { name: 'Game log' })).toContainText('opened the door')
  await shot(page, info, '07-door-open')

  // Fire: click an enemy figure; the preview shows each firer's to-hit breakdown with clause ids and sight lines, before any roll.
  seq = (await snapshot()).seq
  await clickFigure(page, 'de-s2')
  const preview = page.getByTestId('fire-preview')
  await expect(preview).toContainText('Fire at Gruppe A')
  await expect(preview).toContainText(/needs \d+\+ on the dice/)
  await expect(preview).toContainText('SMLE-SHOOT-')
  await expect(preview).not.toHaveAttribute('data-sight-lines', '0')
  expect((await snapshot()).seq).toBe(seq)
  await shot(page, info, '08-fire-preview')
  await preview.getByRole('button', { name: 'Fire', exact: true }).click()
  await seqAbove(seq)
  // The attack is made (SMLE-TURN-07): its rolls are thrown in the tray and told in the log, whatever they give.
  expect((await snapshot()).state.teams['br-section-hq']?.attack).toBe('direct')
  await expect(page.getByRole('region', { name: 'Dice' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Game log' })).toContainText(/to hit/i)
  await page.waitForTimeout(2500)
  await shot(page, info, '09-fired-casualty')

  // Save, reload the page, load: the same game, and play continues.
  await openPanel(page, 'saves')
  await page.getByLabel('Save name').fill('Farmhouse fight')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByTestId('message')).toContainText('Saved as "Farmhouse fight"')
  const saved = await snapshot()
  await page.reload()
  await page.waitForSelector('html[data-ready="true"]')
  await page.locator('[data-save="farmhouse-fight"]').getByRole('button', { name: 'Load Farmhouse fight' }).click()
  await expect(page.getByTestId('message')).toContainText('Loaded "Farmhouse fight"')
  const loaded = await snapshot()
  expect(canonicalJson(loaded.state)).toBe(canonicalJson(saved.state))
  await shot(page, info, '10-loaded')

  seq = loaded.seq
  await actions(page).getByRole('button', { name: "End Section HQ's activation" }).click()
  await seqAbove(seq)
  expect((await snapshot()).state.teams['br-section-hq']?.turn).toBe('done')
  await expect(page.getByTestId('activation-br-section-hq')).toHaveClass(/done/)
  await shot(page, info, '11-continued')
})
