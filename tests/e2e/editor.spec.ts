import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { PerspectiveCamera, Vector3 } from 'three'
import { dataDir, hostRequest, openApp, shot } from './support'

/** Where a point of the farmhouse table (72"×48") is on the editor's canvas, from its opening camera. */
async function onCanvas(page: Page, x: number, z: number): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('editor').locator('canvas').boundingBox())!
  const camera = new PerspectiveCamera(40, box.width / box.height, 0.5, 1000)
  camera.position.set(36, 72 * 0.95, 24 + 72 * 0.95)
  camera.lookAt(36, 0, 24)
  camera.updateMatrixWorld()
  const p = new Vector3(x, 0, z).project(camera)
  return { x: box.x + ((p.x + 1) / 2) * box.width, y: box.y + ((1 - p.y) / 2) * box.height }
}

test('the scenario editor: a copy of the farmhouse, a wood drawn on the table, a problem shown and undone, saved, play-tested and edited again', async ({
  page,
}, info) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await openApp(page)

  // New game → the farmhouse → Edit a copy.
  await page.locator('button[title="New game (N)"]').click()
  const dialog = page.getByRole('dialog', { name: 'New game' })
  await dialog.locator('input[value="farmhouse-skirmish"]').check()
  await dialog.getByRole('button', { name: 'Edit a copy' }).click()
  const editor = page.getByTestId('editor')
  await expect(editor).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 })
  const panel = page.getByRole('complementary', { name: 'Scenario editor' })
  await expect(panel.getByLabel('Name')).toHaveValue('Skirmish at the Farmhouse (copy)')
  const count = page.getByTestId('editor-problem-count')
  await expect(count).not.toHaveText('checking…')
  await expect(count).not.toContainText(/[1-9]\d* error/)
  await shot(page, info, '01-editor-opened')

  await panel.getByLabel('Name').fill('Farm with a wood')
  await panel.getByLabel('Name').press('Enter')

  // A wood: four corners clicked on the table, finished with Enter.
  await panel.getByRole('button', { name: 'Wood', exact: true }).click()
  await expect(panel.getByRole('button', { name: 'Wood', exact: true })).toHaveAttribute('aria-pressed', 'true')
  const corners = [
    { x: 52, z: 30 },
    { x: 64, z: 30 },
    { x: 64, z: 40 },
    { x: 52, z: 40 },
  ]
  for (const c of corners) {
    const at = await onCanvas(page, c.x, c.z)
    await page.mouse.click(at.x, at.y)
  }
  await expect(page.getByTestId('editor-drawing')).toContainText('4 corners')
  await shot(page, info, '02-wood-being-drawn')
  await page.keyboard.press('Enter')
  const areas = panel.getByRole('list', { name: 'Areas of the table' })
  await expect(areas.locator('li')).toHaveCount(1)
  await expect(areas).toContainText('Wood')

  // Undo takes it away, Redo gives it back.
  await panel.getByRole('button', { name: 'Undo' }).click()
  await expect(areas.locator('li')).toHaveCount(0)
  await panel.getByRole('button', { name: 'Redo' }).click()
  await expect(areas.locator('li')).toHaveCount(1)
  await panel.getByRole('button', { name: 'Wood', exact: true }).click()
  await expect(page.getByTestId('editor-drawing')).toHaveCount(0)
  await shot(page, info, '03-wood-drawn')

  // A table too narrow for the troops: the engine says so in words, pinned on the table; Save waits.
  await panel.getByLabel('Width (in)').fill('30')
  await panel.getByLabel('Width (in)').press('Enter')
  await expect(count).toContainText(/[1-9]\d* error/)
  await expect(page.getByTestId('editor-problems').locator('li.error').first()).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled()
  await shot(page, info, '04-problem-shown')
  await panel.getByRole('button', { name: 'Undo' }).click()
  await expect(panel.getByLabel('Width (in)')).toHaveValue('72')
  await expect(count).not.toContainText(/[1-9]\d* error/)

  // Saved as one of the player's scenarios, with the wood where it was drawn.
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('editor-note')).toHaveText('Saved "Farm with a wood" to your scenarios.')
  const file = join(dataDir, 'scenarios', 'farmhouse-skirmish-copy.json')
  expect(existsSync(file)).toBe(true)
  const saved = JSON.parse(readFileSync(file, 'utf8')) as {
    name: string
    terrain: { areas: { kind: string; polygon: { x: number; z: number }[] }[] }
  }
  expect(saved.name).toBe('Farm with a wood')
  const wood = saved.terrain.areas.find((a) => a.kind === 'woods')!
  expect(wood.polygon).toHaveLength(4)
  // Each corner lands near the point clicked (the ground's height moves the hit a little).
  wood.polygon.forEach((p, i) => expect(Math.hypot(p.x - corners[i]!.x, p.z - corners[i]!.z)).toBeLessThan(2.5))

  // Play-test: a game on the table being edited, then back to the editor.
  await panel.getByRole('button', { name: 'Play-test' }).click()
  await expect(editor).toHaveCount(0)
  await expect(page.getByTestId('message')).toContainText('Play-testing Farm with a wood: "Back to editor"')
  const snap = await hostRequest<{ scenario: { id: string; terrain: { areas: { kind: string }[] } } }>('match:snapshot')
  expect(snap.scenario.id).toBe('farmhouse-skirmish-copy')
  expect(snap.scenario.terrain.areas.map((a) => a.kind)).toContain('woods')
  await page.waitForSelector('html[data-ready="true"]')
  await shot(page, info, '05-play-test')
  await page.getByRole('button', { name: 'Back to editor' }).click()
  await expect(editor).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 })
  await expect(panel.getByLabel('Name')).toHaveValue('Farm with a wood')
  await expect(areas.locator('li')).toHaveCount(1)
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(editor).toHaveCount(0)

  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await hostRequest('scenario:delete', { id: 'farmhouse-skirmish-copy' })
  expect(errors).toEqual([])
})
