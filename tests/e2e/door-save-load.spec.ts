import { expect, test } from '@playwright/test'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import {
  canvasStats,
  doorAngle,
  doorPoint,
  meanAbsDiff,
  openApp,
  openingFor,
  openPanel,
  regionLuma,
  shot,
  snapshot,
  startAt,
} from './support'

// Round 1 rolled, the section HQ (Sgt Hale, by the front door) is acting.
const opening = openingFor('farmhouse-skirmish', 'br-section-hq', () => true)

test.beforeEach(async () => {
  await startAt('farmhouse-skirmish', opening)
})

test('open the door, save, reload, load: the same game comes back', async ({ page }, info) => {
  await openApp(page)
  await shot(page, info, '01-table')

  // The canvas shows a scene, not a blank colour.
  const stats = await canvasStats(page)
  expect(stats.variance).toBeGreaterThan(100)
  expect(stats.distinct).toBeGreaterThan(200)

  // Click the door in the 3D view: the host opens it and the door swings.
  const door = await doorPoint(page, 'farmhouse-front')
  const before = await regionLuma(page, door, 12)
  expect(await doorAngle(page, 'farmhouse-front')).toBe(0)
  await page.mouse.click(door.x, door.y)
  await expect.poll(() => doorAngle(page, 'farmhouse-front')).toBeGreaterThan(1.55)
  expect((await snapshot()).state.doors['farmhouse-front']?.state).toBe('open')
  const after = await regionLuma(page, door, 12)
  expect(meanAbsDiff(before, after)).toBeGreaterThan(8)
  await openPanel(page, 'log')
  await expect(page.getByRole('region', { name: 'Game log' })).toContainText('Sgt Hale opened the door.')
  await shot(page, info, '02-door-open')

  // Save under a name.
  await openPanel(page, 'saves')
  await page.getByLabel('Save name').fill('Door open')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByTestId('message')).toContainText('Saved as "Door open"')
  const saved = await snapshot()

  // Change the game: close the door again (click the leaf where it now hangs, swung open).
  const swung = await doorPoint(page, 'farmhouse-front')
  await page.mouse.click(swung.x, swung.y)
  await expect.poll(() => doorAngle(page, 'farmhouse-front')).toBeLessThan(0.01)
  expect((await snapshot()).state.doors['farmhouse-front']?.state).toBe('closed')
  await shot(page, info, '03-door-closed-again')

  // Reload the page: the host still holds the game (door closed).
  await page.reload()
  await page.waitForSelector('html[data-ready="true"]')
  expect(await doorAngle(page, 'farmhouse-front')).toBe(0)

  // Load the save: the state is exactly the saved one, and the door is drawn open.
  await page.locator('[data-save="door-open"]').getByRole('button', { name: 'Load Door open' }).click()
  await expect.poll(() => doorAngle(page, 'farmhouse-front')).toBeGreaterThan(1.55)
  const loaded = await snapshot()
  expect(canonicalJson(loaded.state)).toBe(canonicalJson(saved.state))
  expect(loaded.seq).toBe(saved.seq)
  await shot(page, info, '04-loaded')
})
