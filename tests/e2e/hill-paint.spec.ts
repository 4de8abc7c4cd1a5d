import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { PerspectiveCamera, Vector3 } from 'three'
import { buildWorld, ScenarioSchema } from '../../src-engine/index'
import { dataDir, hostRequest, openApp, shot, snapshot } from './support'

const TABLE = { widthIn: 72, depthIn: 48 }
/** Where the farmhouse's Bren gunner starts: the hill is painted under him. */
const GUNNER = { x: 22, z: 38 }

/** Where a table point (on the table top) is on the editor's canvas, from its opening camera (as EditorScene places it). */
async function onCanvas(page: Page, x: number, z: number): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('editor').locator('canvas').boundingBox())!
  const camera = new PerspectiveCamera(40, box.width / box.height, 0.5, 1000)
  const span = Math.max(TABLE.widthIn, TABLE.depthIn)
  camera.position.set(TABLE.widthIn / 2, span * 0.95, TABLE.depthIn / 2 + span * 0.95)
  camera.lookAt(TABLE.widthIn / 2, 0, TABLE.depthIn / 2)
  camera.updateMatrixWorld()
  const p = new Vector3(x, 0, z).project(camera)
  return { x: box.x + ((p.x + 1) / 2) * box.width, y: box.y + ((1 - p.y) / 2) * box.height }
}

/** The readout's height and the table point it is for. */
async function readout(page: Page): Promise<{ heightIn: number; x: number; z: number }> {
  const text = (await page.getByTestId('ground-height').textContent()) ?? ''
  const m = /^Height (-?[\d.]+)" at (-?[\d.]+), (-?[\d.]+)$/.exec(text)
  if (!m) throw new Error(`no height read out: "${text}"`)
  return { heightIn: Number(m[1]), x: Number(m[2]), z: Number(m[3]) }
}

test('scenario editor: a hill painted up by dragging the Raise brush, the height read out under the pointer, the stroke undone and redone as one step, lowered back to the table; saved, and the game on it has the raised ground', async ({
  page,
}, info) => {
  test.setTimeout(150_000)
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await openApp(page)
  await page.locator('button[title="New game (N)"]').click()
  const dialog = page.getByRole('dialog', { name: 'New game' })
  await dialog.locator('input[value="farmhouse-skirmish"]').check()
  await dialog.getByRole('button', { name: 'Edit a copy' }).click()
  const editor = page.getByTestId('editor')
  await expect(editor).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 })
  const panel = page.getByRole('complementary', { name: 'Scenario editor' })
  const height = page.getByTestId('ground-height')

  // The readout on flat table, and on the farmhouse's west hill (1.5" at 12, 30).
  let at = await onCanvas(page, GUNNER.x, GUNNER.z)
  await page.mouse.move(at.x, at.y)
  await expect(height).toHaveText(/^Height 0\.0" at 2\d\.\d, 3\d\.\d$/)
  const crest = await onCanvas(page, 12, 30)
  await page.mouse.move(crest.x, crest.y, { steps: 4 })
  await expect(height).toHaveText(/^Height 1\.[3-5]"/)

  // The Raise brush, 4" across and 1" strong, dragged west to east through the gunner's spot.
  const brushes = panel.getByRole('group', { name: 'Paint the ground' })
  await brushes.getByRole('button', { name: 'Raise' }).click()
  await expect(brushes.getByRole('button', { name: 'Raise' })).toHaveAttribute('aria-pressed', 'true')
  await panel.getByLabel('Brush radius (in)', { exact: true }).fill('4')
  await panel.getByLabel('Brush radius (in)', { exact: true }).press('Enter')
  await panel.getByLabel('Brush strength (in)', { exact: true }).fill('1')
  await panel.getByLabel('Brush strength (in)', { exact: true }).press('Enter')
  const from = await onCanvas(page, GUNNER.x - 6, GUNNER.z)
  const to = await onCanvas(page, GUNNER.x + 6, GUNNER.z)
  const undoSteps = async () => (await panel.getByRole('button', { name: 'Undo' }).isEnabled()) === true
  expect(await undoSteps()).toBe(false)
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(to.x, to.y, { steps: 24 })
  await page.mouse.up()
  at = await onCanvas(page, GUNNER.x, GUNNER.z)
  await page.mouse.move(at.x, at.y, { steps: 4 })
  await expect.poll(async () => (await readout(page)).heightIn).toBeGreaterThan(1.5)
  const raised = await readout(page)
  await shot(page, info, '01-hill-painted')

  // One stroke, one step: Undo takes the whole hill away, Redo brings it back.
  await panel.getByRole('button', { name: 'Undo' }).click()
  await page.mouse.move(at.x, at.y, { steps: 4 })
  await expect(height).toHaveText(/^Height 0\.0"/)
  expect(await undoSteps()).toBe(false)
  await panel.getByRole('button', { name: 'Redo' }).click()
  await page.mouse.move(at.x, at.y, { steps: 4 })
  await expect.poll(async () => (await readout(page)).heightIn).toBe(raised.heightIn)

  // Saved: the file holds the painted relief, the scenario schema reads it, and the engine's ground under the
  // pointer is the height read out.
  await page.keyboard.press('Escape')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('editor-note')).toContainText('Saved')
  const file = JSON.parse(readFileSync(join(dataDir, 'scenarios', 'farmhouse-skirmish-copy.json'), 'utf8')) as unknown
  const saved = ScenarioSchema.parse(file)
  expect(saved.terrain.relief).toBeDefined()
  const world = buildWorld(saved)
  expect(Math.abs(world.groundHeightAt(raised.x, raised.z) - raised.heightIn)).toBeLessThan(0.2)
  const underGunner = world.groundHeightAt(GUNNER.x, GUNNER.z)
  expect(underGunner).toBeGreaterThan(1.5)

  // Play-tested: the gunner stands on the hill in the game, and the table drawn has it.
  await panel.getByRole('button', { name: 'Play-test' }).click()
  await expect(editor).toHaveCount(0)
  await page.waitForSelector('html[data-ready="true"]')
  const snap = await snapshot()
  expect(snap.scenario.id).toBe('farmhouse-skirmish-copy')
  expect(snap.state.figures['br-bren-1']!.position.y).toBeCloseTo(underGunner, 2)
  // The gunner is drawn standing on the hill: where the table draws him is where a point at the hill's height projects.
  const drawn = () => page.evaluate(() => window.smleInspect?.figurePoint('br-bren-1') ?? null)
  await expect.poll(drawn).not.toBeNull()
  const onHill = await page.evaluate(([x, y, z]) => window.smleInspect!.project(x, y, z), [
    GUNNER.x,
    underGunner + 0.6,
    GUNNER.z,
  ] as const)
  const onTable = await page.evaluate(([x, z]) => window.smleInspect!.project(x, 0.6, z), [GUNNER.x, GUNNER.z] as const)
  const figure = (await drawn())!
  expect(Math.hypot(figure.x - onHill.x, figure.y - onHill.y)).toBeLessThan(2)
  expect(Math.hypot(figure.x - onTable.x, figure.y - onTable.y)).toBeGreaterThan(5)
  await shot(page, info, '02-game-on-the-hill')

  // Back in the editor, the Lower brush, strong, over the same line: the ground goes back down to the table top.
  await page.getByRole('button', { name: 'Back to editor' }).click()
  await expect(editor).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 })
  await panel.getByRole('group', { name: 'Paint the ground' }).getByRole('button', { name: 'Lower' }).click()
  await panel.getByLabel('Brush strength (in)', { exact: true }).fill('6')
  await panel.getByLabel('Brush strength (in)', { exact: true }).press('Enter')
  for (const [a, b] of [
    [from, to],
    [to, from],
  ] as const) {
    await page.mouse.move(a.x, a.y)
    await page.mouse.down()
    await page.mouse.move(b.x, b.y, { steps: 24 })
    await page.mouse.up()
  }
  await page.mouse.move(at.x, at.y, { steps: 4 })
  await expect(height).toHaveText(/^Height 0\.0"/)
  await shot(page, info, '03-lowered-to-the-table')

  await panel.getByRole('button', { name: 'Close' }).click()

  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await hostRequest('scenario:delete', { id: 'farmhouse-skirmish-copy' })
  expect(errors).toEqual([])
})
