import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { PerspectiveCamera, Vector3 } from 'three'
import { dataDir, hostRequest, openApp, shot } from './support'

/** Where a point of the farmhouse table (72"×48") is on the editor's canvas, from its opening camera. */
async function onCanvas(page: Page, x: number, z: number, y = 0): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('editor').locator('canvas').boundingBox())!
  const camera = new PerspectiveCamera(40, box.width / box.height, 0.5, 1000)
  camera.position.set(36, 72 * 0.95, 24 + 72 * 0.95)
  camera.lookAt(36, 0, 24)
  camera.updateMatrixWorld()
  const p = new Vector3(x, y, z).project(camera)
  return { x: box.x + ((p.x + 1) / 2) * box.width, y: box.y + ((1 - p.y) / 2) * box.height }
}

test('scenario editor: terrain, a foxhole turned by its arc, a cottage copied, pasted and moved, a zone; problems shown and undone; saved, play-tested, edited again', async ({
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
  // The tool buttons (each kind of thing to put on the table), apart from the lists of what is on it.
  const tools = panel.getByRole('group')
  await expect(panel.getByLabel('Name')).toHaveValue('Skirmish at the Farmhouse (copy)')
  const count = page.getByTestId('editor-problem-count')
  await expect(count).not.toHaveText('checking…')
  await expect(count).not.toContainText(/[1-9]\d* error/)
  await shot(page, info, '01-editor-opened')

  await panel.getByLabel('Name').fill('Farm with a wood')
  await panel.getByLabel('Name').press('Enter')

  // A wood: four corners clicked on the table, finished with Enter.
  await tools.getByRole('button', { name: 'Wood', exact: true }).click()
  await expect(tools.getByRole('button', { name: 'Wood', exact: true })).toHaveAttribute('aria-pressed', 'true')
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
  await tools.getByRole('button', { name: 'Wood', exact: true }).click()
  await expect(page.getByTestId('editor-drawing')).toHaveCount(0)

  // A hedge of two points, a hill, a foxhole in the British zone with its arc turned, an objective.
  const clickAt = async (x: number, z: number) => {
    const at = await onCanvas(page, x, z)
    await page.mouse.click(at.x, at.y)
  }
  const listed = (name: string) => panel.getByRole('list', { name }).locator('li')
  const before = {
    lines: await listed('Walls and hedges').count(),
    hills: await listed('Hills').count(),
    positions: await listed('Prepared positions').count(),
    objectives: await listed('Objectives').count(),
  }
  await tools.getByRole('button', { name: 'Hedge', exact: true }).click()
  await clickAt(6, 32)
  await clickAt(18, 32)
  await expect(page.getByTestId('editor-drawing')).toContainText('2 points')
  await page.keyboard.press('Enter')
  await expect(listed('Walls and hedges')).toHaveCount(before.lines + 1)
  await tools.getByRole('button', { name: 'Hill', exact: true }).click()
  await clickAt(62, 20)
  await expect(listed('Hills')).toHaveCount(before.hills + 1)
  await tools.getByRole('button', { name: 'Foxhole', exact: true }).click()
  await clickAt(30, 44)
  const positions = panel.getByRole('list', { name: 'Prepared positions' })
  await expect(listed('Prepared positions')).toHaveCount(before.positions + 1)
  const arc = positions
    .locator('li')
    .last()
    .getByLabel(/Arc facing/)
  await arc.fill('20')
  await arc.press('Enter')
  // Its handle dragged round to the east turns the arc to face east (bearing 90°, clockwise from north).
  const [fx, fz] = ((await positions.locator('li').last().textContent()) ?? '')
    .match(/at (-?[\d.]+), (-?[\d.]+)/)!
    .slice(1)
    .map(Number) as [number, number]
  const handle = await onCanvas(
    page,
    fx + Math.sin((20 * Math.PI) / 180) * 7,
    fz - Math.cos((20 * Math.PI) / 180) * 7,
    0.6,
  )
  const east = await onCanvas(page, fx + 9, fz, 0.5)
  // The handles show while no tool is in hand.
  await tools.getByRole('button', { name: 'Foxhole', exact: true }).click()
  await expect(page.getByTestId('editor-drawing')).toHaveCount(0)
  await page.mouse.move(handle.x, handle.y)
  await page.mouse.down()
  for (let k = 1; k <= 8; k++)
    await page.mouse.move(handle.x + ((east.x - handle.x) * k) / 8, handle.y + ((east.y - handle.y) * k) / 8)
  await page.mouse.up()
  await expect.poll(async () => Number(await arc.inputValue())).toBeGreaterThan(80)
  const turned = Number(await arc.inputValue())
  expect(turned).toBeLessThan(100)
  await shot(page, info, '03-arc-turned')
  await panel.getByRole('button', { name: 'Undo' }).click()
  await expect(arc).toHaveValue('20')
  await panel.getByRole('button', { name: 'Redo' }).click()
  await expect(arc).toHaveValue(String(turned))
  await tools.getByRole('button', { name: 'Objective', exact: true }).click()
  await clickAt(12, 12)
  await expect(listed('Objectives')).toHaveCount(before.objectives + 1)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('editor-drawing')).toHaveCount(0)
  await expect(count).not.toContainText(/[1-9]\d* error/)

  // A cottage from the library, its door locked.
  await tools.getByRole('button', { name: /^Cottage/ }).click()
  await clickAt(22, 20)
  const buildings = panel.getByRole('list', { name: 'Buildings' })
  await expect(buildings.locator('li', { hasText: 'Cottage' })).toHaveCount(1)
  await tools.getByRole('button', { name: /^Cottage/ }).click()
  await buildings.getByLabel('cottage-1-door of Cottage').selectOption('locked')
  await expect(count).not.toContainText(/[1-9]\d* error/)

  // Picked, copied and pasted: the copy lands 2" on, over the first (the check says so); its arrows move it clear.
  await buildings.getByRole('button', { name: 'Cottage', exact: true }).click()
  await expect(buildings.getByRole('button', { name: 'Cottage', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await page.keyboard.press('Control+c')
  await page.keyboard.press('Control+v')
  await expect(buildings.locator('li', { hasText: 'Cottage' })).toHaveCount(2)
  await expect(count).toContainText(/[1-9]\d* error/)
  await shot(page, info, '03-cottage-pasted')
  const centre = await onCanvas(page, 24, 22, 0.5)
  const along = await onCanvas(page, 26, 22, 0.5)
  const ux = (along.x - centre.x) / Math.hypot(along.x - centre.x, along.y - centre.y)
  const uy = (along.y - centre.y) / Math.hypot(along.x - centre.x, along.y - centre.y)
  // Grab the red (x) arrow a little way out from the handle and pull it 10" west (east lies the farmhouse).
  const grab = { x: centre.x + ux * 45, y: centre.y + uy * 45 }
  const west10 = await onCanvas(page, 14, 22, 0.5)
  await page.mouse.move(grab.x, grab.y)
  await page.mouse.down()
  for (let k = 1; k <= 10; k++)
    await page.mouse.move(grab.x + ((west10.x - centre.x) * k) / 10, grab.y + ((west10.y - centre.y) * k) / 10)
  await page.mouse.up()
  await expect(count).not.toContainText(/[1-9]\d* error/)
  await shot(page, info, '03-cottage-moved')
  await page.keyboard.press('Escape')

  // The British zone drawn up to the German one: the check says where they overlap; Undo puts it back.
  await tools.getByRole('button', { name: 'British zone' }).click()
  await clickAt(4, 47)
  await expect(page.getByTestId('editor-drawing')).toContainText('opposite corner')
  await clickAt(68, 8)
  const problemList = page.getByTestId('editor-problems')
  await expect(problemList).toContainText("German's deployment zone overlaps British's")
  await shot(page, info, '03-zones-overlap')
  await panel.getByRole('button', { name: 'Undo' }).click()
  await expect(problemList).not.toContainText('overlaps')
  // Then a smaller one, along the near edge.
  await clickAt(4, 47)
  await clickAt(68, 38)
  await page.keyboard.press('Escape')
  await expect(problemList).not.toContainText('overlaps')
  await expect(count).not.toContainText(/[1-9]\d* error/)
  await shot(page, info, '04-table-built')

  // A table too narrow for the troops: the engine says so in words, pinned on the table; Save waits.
  await panel.getByLabel('Width (in)').fill('30')
  await panel.getByLabel('Width (in)').press('Enter')
  await expect(count).toContainText(/[1-9]\d* error/)
  await expect(page.getByTestId('editor-problems').locator('li.error').first()).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled()
  await shot(page, info, '05-problem-shown')
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
    terrain: { areas: { kind: string; polygon: { x: number; z: number }[] }[]; hills: { x: number; z: number }[] }
    linearFeatures: { kind: string; points: unknown[] }[]
    positions: { kind: string; arcDeg: number; x: number; z: number }[]
    objectives: { name: string }[]
    sides: { name: string; deploymentZone: { minX: number; minZ: number; maxX: number; maxZ: number } }[]
    buildings: { name: string; x: number; z: number; doors: { id: string; state: string }[] }[]
  }
  expect(saved.linearFeatures.filter((l) => l.kind === 'hedge').map((l) => l.points.length)).toEqual([2])
  expect(saved.terrain.hills.some((h) => Math.hypot(h.x - 62, h.z - 20) < 2.5)).toBe(true)
  expect(saved.positions.map((p) => [p.kind, p.arcDeg])).toContainEqual(['foxhole', turned])
  expect(saved.objectives.map((o) => o.name)).toContain('Objective 1')
  expect(saved.positions.map((p) => p.kind)).toHaveLength(before.positions + 1)
  const cottage = saved.buildings.find((b) => b.name === 'Cottage')!
  expect(cottage.doors.map((d) => [d.id, d.state])).toEqual([['cottage-1-door', 'locked']])
  const copy = saved.buildings.filter((b) => b.name === 'Cottage')[1]!
  expect(copy.doors.map((d) => [d.id, d.state])).toEqual([['cottage-2-door', 'locked']])
  expect(cottage.x - copy.x).toBeGreaterThan(6)
  expect(Math.hypot(cottage.x + 3 - 22, cottage.z + 2.5 - 20)).toBeLessThan(2.5)
  const british = saved.sides.find((x) => x.name === 'British')!.deploymentZone
  expect(Math.abs(british.minZ - 38)).toBeLessThan(2.5)
  expect(Math.abs(british.maxX - 68)).toBeLessThan(2.5)
  expect(saved.name).toBe('Farm with a wood')
  const wood = saved.terrain.areas.find((a) => a.kind === 'woods')!
  expect(wood.polygon).toHaveLength(4)
  // Each corner lands near the point clicked (the ground's height moves the hit a little).
  wood.polygon.forEach((p, i) => expect(Math.hypot(p.x - corners[i]!.x, p.z - corners[i]!.z)).toBeLessThan(2.5))

  // Play-test: a game on the table being edited, then back to the editor.
  await panel.getByRole('button', { name: 'Play-test' }).click()
  await expect(editor).toHaveCount(0)
  await expect(page.getByTestId('message')).toContainText('Play-testing Farm with a wood: "Back to editor"')
  const snap = await hostRequest<{
    scenario: { id: string; terrain: { areas: { kind: string }[] }; positions: { kind: string; arcDeg: number }[] }
  }>('match:snapshot')
  expect(snap.scenario.id).toBe('farmhouse-skirmish-copy')
  expect(snap.scenario.terrain.areas.map((a) => a.kind)).toContain('woods')
  expect(snap.scenario.positions.map((p) => [p.kind, p.arcDeg])).toContainEqual(['foxhole', turned])
  await page.waitForSelector('html[data-ready="true"]')
  await shot(page, info, '06-play-test')
  await page.getByRole('button', { name: 'Back to editor' }).click()
  await expect(editor).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 })
  await expect(panel.getByLabel('Name')).toHaveValue('Farm with a wood')
  await expect(areas.locator('li')).toHaveCount(1)
  await expect(
    positions
      .locator('li')
      .last()
      .getByLabel(/Arc facing/),
  ).toHaveValue(String(turned))
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(editor).toHaveCount(0)

  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await hostRequest('scenario:delete', { id: 'farmhouse-skirmish-copy' })
  expect(errors).toEqual([])
})
