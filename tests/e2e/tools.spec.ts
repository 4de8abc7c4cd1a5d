import { expect, type Page, test } from '@playwright/test'
import { hostRequest, openApp, shot, snapshot } from './support'

test.beforeEach(async () => {
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 3 })
})

const project = (page: Page, x: number, y: number, z: number) =>
  page.evaluate(([x, y, z]) => window.smleInspect!.project(x, y, z), [x, y, z] as const)

test('tape measure, figure\u2019s-eye view, help and a new game from the dialog', async ({ page }, info) => {
  await openApp(page)

  // Tape measure: M, then two clicks on the ground 10" apart.
  await page.keyboard.press('m')
  const a = await project(page, 20, 0, 40)
  const b = await project(page, 30, 0, 40)
  await page.mouse.click(a.x, a.y)
  await page.mouse.move(b.x, b.y)
  await page.mouse.click(b.x, b.y)
  await expect(page.getByTestId('tape-length')).toHaveText(/^(9\.9|10\.0|10\.1)"$/)
  await shot(page, info, '01-tape-measure')
  // Measuring moves nothing.
  expect((await snapshot()).seq).toBe(0)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('tape-length')).toHaveCount(0)

  // Figure's-eye view from the sergeant.
  const sgt = await page.evaluate(() => window.smleInspect!.figurePoint('br-bren-1'))
  if (!sgt) throw new Error('figure not drawn')
  await page.mouse.click(sgt.x, sgt.y)
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText('L/Cpl Ames')
  await page.keyboard.press('v')
  await expect
    .poll(async () => {
      const c = await page.evaluate(() => window.smleInspect!.cameraPosition())
      return Math.hypot(c.x - 22, c.z - 38)
    })
    .toBeLessThan(0.01)
  await page.waitForTimeout(300)
  await shot(page, info, '02-eye-view')
  await page.keyboard.press('Escape')
  await expect.poll(async () => (await page.evaluate(() => window.smleInspect!.cameraPosition())).y).toBeGreaterThan(10)

  // Help lists the shortcuts.
  await page.keyboard.press('?')
  await expect(page.getByRole('dialog', { name: 'Help' })).toContainText('Tape measure')
  await shot(page, info, '03-help')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Help' })).toHaveCount(0)

  // A new game with a chosen seed, from the dialog.
  await page.keyboard.press('n')
  const dialog = page.getByRole('dialog', { name: 'New game' })
  await dialog.getByLabel('Seed').fill('424242')
  await dialog.getByRole('button', { name: 'Start' }).click()
  await expect(page.getByTestId('message')).toContainText('seed 424242')
  expect((await snapshot()).seed).toBe(424242)
})
