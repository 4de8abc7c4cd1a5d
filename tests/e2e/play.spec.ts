import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { canonicalJson } from '../../src-engine/util/canonical-json'
import { moveLeftIn } from '../../src-engine/index'
import { dataDir, doorPoint, openApp, openingFor, openPanel, shot, snapshot, startAt } from './support'

// Round 1 rolled and the Bren team's turn ended: the section HQ acts, Pte Cole with his full 8" move.
const opening = openingFor(
  'farmhouse-skirmish',
  'br-section-hq',
  (m) => moveLeftIn(m.state, m.state.figures['br-r1']!) === 8,
)

test.beforeEach(async () => {
  await startAt('farmhouse-skirmish', opening)
})

const project = (page: Page, x: number, y: number, z: number) =>
  page.evaluate(([x, y, z]) => window.smleInspect!.project(x, y, z), [x, y, z] as const)

test('select a figure and move it by clicking the ground; an illegal move is refused with its clause', async ({
  page,
}, info) => {
  await openApp(page)
  const sgt = await page.evaluate(() => window.smleInspect!.figurePoint('br-r1'))
  if (!sgt) throw new Error('figure not drawn')
  await page.mouse.click(sgt.x, sgt.y)
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText('Pte Cole')
  await expect(page.getByTestId('move-left')).toHaveText('Move left: 8.0"')

  const target = await project(page, 30, 0, 33)
  await page.mouse.move(target.x, target.y)
  await expect(page.getByTestId('move-preview')).toContainText('of 8.0" left')
  await shot(page, info, '00-move-preview')
  await page.mouse.click(target.x, target.y)
  // The German teams may fire at each interrupt point of the move (SMLE-COMBAT-05): their player holds fire each time.
  let windows = 0
  for (;;) {
    await expect
      .poll(async () => {
        const s = (await snapshot()).state
        return s.pending?.kind === 'opportunity' || (s.figures['br-r1']?.position.z ?? 0) > 32
      })
      .toBe(true)
    if ((await snapshot()).state.pending?.kind !== 'opportunity') break
    await expect(page.getByRole('button', { name: 'Hold fire', exact: true })).toBeVisible()
    if (windows === 0) await shot(page, info, '01-interrupt-point')
    windows++
    expect(windows).toBeLessThan(12)
    const seq = (await snapshot()).seq
    await page.getByRole('button', { name: 'Hold fire', exact: true }).click()
    await expect.poll(async () => (await snapshot()).seq).toBeGreaterThan(seq)
  }
  const moved = (await snapshot()).state.figures['br-r1']
  expect(moved?.position.x).toBeCloseTo(30, 0)
  await expect(page.getByTestId('move-left')).not.toHaveText('Move left: 8.0"')
  await shot(page, info, '02-moved')

  // Too far for what is left of its move: refused, with the clause, and nothing changes.
  const before = await snapshot()
  const far = await project(page, 12, 0, 44)
  await page.mouse.click(far.x, far.y)
  await expect(page.getByTestId('message')).toContainText('SMLE-MOVE-01')
  const after = await snapshot()
  expect(canonicalJson(after.state)).toBe(canonicalJson(before.state))
  await shot(page, info, '03-refused')
})

test('a locked door cannot be opened by hand: SMLE-DOOR-03 is shown and the game is unchanged', async ({
  page,
}, info) => {
  await openApp(page)
  const before = await snapshot()
  const back = await doorPoint(page, 'farmhouse-back')
  await page.mouse.click(back.x, back.y)
  await expect(page.getByTestId('message')).toContainText('SMLE-DOOR-03')
  expect(canonicalJson((await snapshot()).state)).toBe(canonicalJson(before.state))
  await shot(page, info, '01-locked-door-refused')
})

test('a damaged save file is listed with its problem, cannot be loaded, and is left as it was', async ({
  page,
}, info) => {
  const path = join(dataDir, 'saves', 'broken.smle.json')
  const garbage = '{"format":"smle-table-save","formatVersion":1,"header":{'
  writeFileSync(path, garbage)
  await openApp(page)
  await openPanel(page, 'saves')
  await page.getByRole('button', { name: 'Refresh list' }).click()
  const row = page.locator('[data-save="broken"]')
  await expect(row).toContainText('damaged or was cut short')
  await expect(row.getByRole('button', { name: /^Load/ })).toBeDisabled()
  await shot(page, info, '01-damaged-save-listed')
  expect(readFileSync(path, 'utf8')).toBe(garbage)
})
