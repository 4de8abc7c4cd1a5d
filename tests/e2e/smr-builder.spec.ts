import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { PerspectiveCamera, Vector3 } from 'three'
import type { SmrSnapshot } from '../../src-main/ipc/contract'
import { canvasStats, dataDir, hostRequest, openApp, shot } from './support'

/** Where a point of a table is on the editor's canvas, from its opening camera (as EditorScene places it). */
async function onCanvas(
  page: Page,
  table: { widthIn: number; depthIn: number },
  x: number,
  z: number,
): Promise<{ x: number; y: number }> {
  const box = (await page.getByTestId('editor').locator('canvas').boundingBox())!
  const camera = new PerspectiveCamera(40, box.width / box.height, 0.5, 1000)
  const span = Math.max(table.widthIn, table.depthIn)
  camera.position.set(table.widthIn / 2, span * 0.95, table.depthIn / 2 + span * 0.95)
  camera.lookAt(table.widthIn / 2, 0, table.depthIn / 2)
  camera.updateMatrixWorld()
  const p = new Vector3(x, 0, z).project(camera)
  return { x: box.x + ((p.x + 1) / 2) * box.width, y: box.y + ((1 - p.y) / 2) * box.height }
}

/*
 * Points from the reference (../shared/rules/smr.md §2.2), not the code:
 * class P 1, L 2, H 3, XH 4; a horse +2, an armoured one +1 more; a bow +1
 * (SMR-PTS-01). Heavy cavalry 5, peasant archer 2, light archer 3, XHC 7
 * (Examples SMR-PTS-E01/E02).
 */

test('SMR scenario builder: New game → Build a scenario (SMR), a wood, two sides’ units by class with a leader each, the points added up and checked; saved, play-tested and opened again', async ({
  page,
}, info) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await openApp(page)
  await page.locator('button[title="New game (N)"]').click()
  await page.getByRole('dialog', { name: 'New game' }).getByRole('button', { name: 'Build a scenario' }).click()
  const form = page.getByRole('dialog', { name: 'Build a scenario' })
  await form.getByLabel('Rules', { exact: true }).selectOption('smr')
  await expect(form).toContainText('two sides of 15 points')
  await form.getByLabel('Scenario name', { exact: true }).fill('Border raid')
  await form.getByLabel('Side along the south edge', { exact: true }).fill('Scots')
  await form.getByLabel('Side along the north edge', { exact: true }).fill('English')
  await shot(page, info, '01-build-form-smr')
  await form.getByRole('button', { name: 'Build' }).click()

  const editor = page.getByTestId('editor')
  await expect(editor).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 })
  const panel = page.getByRole('complementary', { name: 'Scenario editor' })
  const count = page.getByTestId('editor-problem-count')
  await expect(count).toHaveText('none')
  // SMR's terrain (SMR-MOVE-10): woods, fields, rough ground and water; walls, hedges, fences; no prepared positions.
  const areaTools = panel.getByRole('group', { name: 'Draw an area' }).getByRole('button')
  await expect(areaTools).toHaveText(['Wood', 'Field', 'Rough ground', 'Water'])
  await expect(panel.getByRole('group', { name: 'Place a prepared position' })).toHaveCount(0)
  await expect(panel.getByRole('group', { name: 'Place an objective' })).toHaveCount(0)

  // A wood in the middle of the table, four corners clicked and finished with Enter.
  const table = { widthIn: 48, depthIn: 48 }
  await panel.getByRole('group', { name: 'Draw an area' }).getByRole('button', { name: 'Wood' }).click()
  for (const [x, z] of [
    [16, 18],
    [30, 17],
    [32, 29],
    [18, 30],
  ] as const) {
    const at = await onCanvas(page, table, x, z)
    await page.mouse.click(at.x, at.y)
  }
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  await expect(panel.getByRole('list', { name: 'Areas of the table' }).locator('li')).toHaveCount(1)

  // Each side starts with a light infantryman as its leader (2 points of 15).
  const scots = panel.getByRole('region', { name: 'Scots forces' })
  const english = panel.getByRole('region', { name: 'English forces' })
  await expect(scots.getByTestId('side-points-scots')).toHaveText('2 of 15 points')
  await expect(english.getByTestId('side-points-english')).toHaveText('2 of 15 points')

  // The Scots: a heavy cavalryman, renamed and made their leader, and a peasant archer.
  await scots.getByLabel('Add a unit to Scots', { exact: true }).selectOption('H')
  await scots.getByLabel('Mount of Heavy infantry 1', { exact: true }).selectOption('horse')
  await scots.getByLabel('Name of Heavy infantry 1', { exact: true }).fill('Sir Malcolm')
  await scots.getByLabel('Name of Heavy infantry 1', { exact: true }).press('Enter')
  await scots.getByLabel('Leader of Scots', { exact: true }).selectOption({ label: 'Sir Malcolm' })
  await scots.getByLabel('Add a unit to Scots', { exact: true }).selectOption('P')
  await scots.getByLabel('Weapon of Peasant 1', { exact: true }).selectOption('bow')
  await expect(scots.getByTestId('side-points-scots')).toHaveText('9 of 15 points')
  await expect(scots.getByRole('list', { name: 'Points of Scots' })).toContainText('1 × heavy cavalry (5 each): 5')
  await expect(scots.getByTestId('smr-unit-scots-unit-2')).toContainText('heavy cavalry, 5 pts, leader')

  // The English: a light archer and an extra-heavy cavalryman (XHC, 7), their leader.
  await english.getByLabel('Add a unit to English', { exact: true }).selectOption('L')
  await english.getByLabel('Weapon of Light infantry 2', { exact: true }).selectOption('bow')
  await english.getByLabel('Add a unit to English', { exact: true }).selectOption('XH')
  await english.getByLabel('Mount of Extra-heavy infantry 1', { exact: true }).selectOption('armouredHorse')
  await english.getByLabel('Leader of English', { exact: true }).selectOption({ label: 'Extra-heavy infantry 1' })
  await expect(english.getByTestId('side-points-english')).toHaveText('12 of 15 points')
  await expect(count).toHaveText('none')
  await shot(page, info, '02-two-sides')

  // Over the total: the check says by how much, in the side's place, and Save waits.
  await english.getByLabel('Points total of English', { exact: true }).fill('10')
  await english.getByLabel('Points total of English', { exact: true }).press('Enter')
  await expect(english).toContainText("The units of English cost 12 points, 2 over the side's total of 10.")
  await expect(english.getByTestId('side-points-english')).toHaveClass(/error/)
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled()
  await shot(page, info, '03-over-the-total')
  await english.getByLabel('Points total of English', { exact: true }).fill('15')
  await english.getByLabel('Points total of English', { exact: true }).press('Enter')

  // The Scots' first leader taken off (now no leader of theirs): no problem; their leader taken off: the check says so.
  await scots.getByRole('button', { name: 'Remove Light infantry 1' }).click()
  await expect(scots.getByTestId('side-points-scots')).toHaveText('7 of 15 points')
  await scots.getByRole('button', { name: 'Remove Sir Malcolm' }).click()
  await expect(scots).toContainText('Scots has no leader')
  await expect(count).toContainText('1 error')
  await panel.getByRole('button', { name: 'Undo' }).click()
  await expect(count).toHaveText('none')
  await expect(scots.getByTestId('side-points-scots')).toHaveText('7 of 15 points')
  await shot(page, info, '04-ready')

  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('editor-note')).toContainText('Saved "Border raid"')
  const saved = JSON.parse(readFileSync(join(dataDir, 'scenarios', 'border-raid.json'), 'utf8')) as {
    ruleset: string
    battleType: number
    sides: { id: string; edge: string; leaderId: string; points: number }[]
    units: { id: string; name: string; sideId: string; cls: string; mount?: string; weapon?: string }[]
    terrain: { areas: { kind: string }[] }
  }
  expect(saved.ruleset).toBe('smr')
  expect(saved.battleType).toBe(2)
  expect(saved.terrain.areas.map((a) => a.kind)).toEqual(['woods'])
  expect(saved.sides.map((s) => [s.id, s.edge, s.points])).toEqual([
    ['scots', 'south', 15],
    ['english', 'north', 15],
  ])
  const leaderOf = (side: string) => saved.units.find((u) => u.id === saved.sides.find((s) => s.id === side)!.leaderId)
  expect(leaderOf('scots')).toMatchObject({ name: 'Sir Malcolm', cls: 'H', mount: 'horse', sideId: 'scots' })
  expect(leaderOf('english')).toMatchObject({ cls: 'XH', mount: 'armouredHorse', sideId: 'english' })
  expect(saved.units).toHaveLength(5)

  // Play-test: an SMR game on this table, its five units in it.
  await panel.getByRole('button', { name: 'Play-test' }).click()
  await expect(editor).toHaveCount(0)
  const snap = await hostRequest<SmrSnapshot>('match:snapshot')
  expect(snap.ruleset).toBe('smr')
  expect(snap.scenario.id).toBe('border-raid')
  const names = Object.values(snap.state.units).map((u) => u.name)
  expect(names).toEqual(
    expect.arrayContaining(['Sir Malcolm', 'Peasant 1', 'Light infantry 2', 'Extra-heavy infantry 1']),
  )
  expect(names).toHaveLength(5)
  // The SMR table drawn with the five units on it.
  await expect.poll(() => page.evaluate(() => window.smrInspect?.drawnUnits().length ?? 0), { timeout: 60_000 }).toBe(5)
  await page.waitForTimeout(500)
  await shot(page, info, '05-play-test')
  const stats = await canvasStats(page)
  expect(stats.distinct).toBeGreaterThan(20)

  // Opened again from New game (Edit a copy of the saved scenario): the same units, no problem.
  await page.locator('button[title="New game (N)"]').click()
  const dialog = page.getByRole('dialog', { name: 'New game' })
  await dialog.locator('input[value="border-raid"]').check()
  await dialog.getByRole('button', { name: 'Edit a copy' }).click()
  await expect(editor).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 })
  await expect(panel.getByLabel('Name', { exact: true })).toHaveValue('Border raid (copy)')
  await expect(panel.getByRole('region', { name: 'Scots forces' })).toContainText('Sir Malcolm')
  await expect(count).toHaveText('none')
  await shot(page, info, '06-opened-again')

  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await hostRequest('scenario:delete', { id: 'border-raid' })
  expect(errors).toEqual([])
})

test('SMR scenario builder: Edit a copy of Contact opens it with its 15-point sides and no problem; units copied and pasted', async ({
  page,
}, info) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await openApp(page)
  await page.locator('button[title="New game (N)"]').click()
  const dialog = page.getByRole('dialog', { name: 'New game' })
  await dialog.locator('input[value="smr-contact"]').check()
  await dialog.getByRole('button', { name: 'Edit a copy' }).click()
  const editor = page.getByTestId('editor')
  await expect(editor).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 })
  const panel = page.getByRole('complementary', { name: 'Scenario editor' })
  await expect(panel.getByLabel('Name', { exact: true })).toHaveValue('Contact (copy)')
  await expect(page.getByTestId('editor-problem-count')).toHaveText('none')
  // Example SMR-PTS-E03: 1 heavy cavalry (5) + 2 light archers (6) + 4 peasants (4) = 15.
  await expect(panel.getByTestId('side-points-normans')).toHaveText('15 of 15 points')
  await expect(panel.getByRole('list', { name: 'Points of Normans' })).toContainText('2 × light archer (3 each): 6')
  await expect(panel.getByRole('list', { name: 'Areas of the table' }).locator('li')).toHaveCount(2)
  await shot(page, info, '01-contact-copy')

  // Sir Robert picked by his name, copied (Copy) and pasted (Paste): a second heavy cavalryman (5) beside him, picked.
  const normans = panel.getByRole('region', { name: 'Normans forces' })
  await normans.getByRole('button', { name: 'Sir Robert', exact: true }).click()
  await panel.getByRole('button', { name: 'Copy', exact: true }).click()
  await panel.getByRole('button', { name: 'Paste', exact: true }).click()
  await expect(normans.getByRole('button', { name: 'Sir Robert (copy)', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(panel.getByTestId('side-points-normans')).toHaveText('20 of 15 points')
  // Guy the bowman by the keys (Ctrl+C, Ctrl+V): a light archer (3) more.
  await normans.getByRole('button', { name: 'Guy the bowman', exact: true }).click()
  await page.keyboard.press('Control+c')
  await page.keyboard.press('Control+v')
  await expect(normans.getByRole('button', { name: 'Guy the bowman (copy)', exact: true })).toBeVisible()
  await expect(panel.getByTestId('side-points-normans')).toHaveText('23 of 15 points')
  await expect(normans).toContainText("The units of Normans cost 23 points, 8 over the side's total of 15.")
  await expect(page.getByTestId('editor-problem-count')).toHaveText('1 error, 0 warnings')
  await shot(page, info, '02-units-copied')
  // Each paste one step to undo.
  await panel.getByRole('button', { name: 'Undo', exact: true }).click()
  await panel.getByRole('button', { name: 'Undo', exact: true }).click()
  await expect(panel.getByTestId('side-points-normans')).toHaveText('15 of 15 points')
  await expect(page.getByTestId('editor-problem-count')).toHaveText('none')
  expect(errors).toEqual([])
})
