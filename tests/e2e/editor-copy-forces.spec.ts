import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { dataDir, hostRequest, openApp, shot, snapshot } from './support'

/*
 * The forces copied and pasted, a leader's grade, a base, a building's walls
 * and roof, a table made deeper: through the panel and the keys only, saved
 * and play-tested. Points from the reference (../shared/rules/smle.md §15):
 * the farmhouse's British cost 36; their Bren team (an LMG and a rifle,
 * better-armed) 12 × 1.5 = 18 (SMLE-PTS-01, -06, -09).
 */
test('scenario editor: the Bren team copied with Ctrl+C / Ctrl+V, a good leader, a 40 mm base, a stone farmhouse with a gabled roof, a deeper table; saved and play-tested', async ({
  page,
}, info) => {
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
  await expect(page.getByTestId('editor-problem-count')).not.toHaveText('checking…')

  await panel.getByRole('button', { name: 'Forces' }).click()
  const british = panel.getByRole('region', { name: 'British forces' })
  await expect(british.getByTestId('side-points-british')).toHaveText('36 points')
  const teams = british.getByRole('list', { name: 'Teams of British' })
  // Picked by its name, copied and pasted by the keys.
  await teams
    .getByRole('listitem', { name: 'Team Bren team', exact: true })
    .getByRole('button', { name: 'Bren team', exact: true })
    .click()
  await page.keyboard.press('Control+c')
  await page.keyboard.press('Control+v')
  const copy = teams.getByRole('listitem', { name: 'Team Bren team (copy)', exact: true })
  await expect(copy).toHaveCount(1)
  await expect(british.getByTestId('side-points-british')).toHaveText('54 points')
  await expect(page.getByTestId('editor-problem-count')).not.toContainText(/[1-9]\d* error/)

  // The section's leader is a good one (SMLE-QUAL-06): no points for it (SMLE-PTS-02).
  await british.getByLabel('Leader grade of 1st Section', { exact: true }).selectOption('good')
  await expect(british.getByTestId('side-points-british')).toHaveText('54 points')
  // The copy's gunner on a 40 mm base.
  await copy.getByRole('button', { name: 'Edit Bren team (copy)', exact: true }).click()
  const gunner = copy.getByRole('list', { name: 'Figures of Bren team (copy)' }).locator(':scope > li').first()
  await gunner.getByLabel(/^Base of /).selectOption('1.6')
  await shot(page, info, '01-bren-team-copied')

  // The farmhouse in stone under a gabled roof.
  await panel.getByLabel('Material of Farmhouse', { exact: true }).selectOption('stone')
  await panel.getByLabel('Roof of Farmhouse', { exact: true }).selectOption('gable')
  await panel.getByLabel('Rise of the roof of Farmhouse (inches)', { exact: true }).fill('2')
  await panel.getByLabel('Rise of the roof of Farmhouse (inches)', { exact: true }).press('Enter')

  // A deeper table: the British zone on the south edge goes with it, and its troops.
  await panel.getByLabel('Depth (in)', { exact: true }).fill('54')
  await panel.getByLabel('Depth (in)', { exact: true }).press('Enter')
  await expect(page.getByTestId('editor-problem-count')).not.toContainText(/[1-9]\d* error/)
  await shot(page, info, '02-stone-farmhouse-deeper-table')

  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('editor-note')).toHaveText(
    'Saved "Skirmish at the Farmhouse (copy)" to your scenarios.',
  )
  const saved = JSON.parse(readFileSync(join(dataDir, 'scenarios', 'farmhouse-skirmish-copy.json'), 'utf8')) as {
    table: { depthIn: number }
    groups: { id: string; leaderGrade?: string }[]
    buildings: { material?: string; roof?: { kind: string; riseIn: number } }[]
    sides: { id: string; deploymentZone: { minZ: number; maxZ: number } }[]
    teams: { id: string; name: string; groupId?: string; figures: { weapon?: string; baseRadiusIn?: number }[] }[]
  }
  expect(saved.table.depthIn).toBe(54)
  expect(saved.groups.find((g) => g.id === 'br-section')!.leaderGrade).toBe('good')
  expect(saved.buildings[0]).toMatchObject({ material: 'stone', roof: { kind: 'gable', riseIn: 2 } })
  const copied = saved.teams.find((t) => t.name === 'Bren team (copy)')!
  expect(copied.groupId).toBe('br-section')
  expect(copied.figures.map((f) => f.weapon)).toEqual(['lmg', 'rifle'])
  expect(copied.figures[0]!.baseRadiusIn).toBe(0.8)

  await panel.getByRole('button', { name: 'Play-test' }).click()
  await expect(editor).toHaveCount(0)
  const snap = await snapshot()
  expect(snap.scenario.id).toBe('farmhouse-skirmish-copy')
  const inGame = snap.state.teams[copied.id]!
  expect(inGame).toMatchObject({ name: 'Bren team (copy)', sideId: 'british' })
  expect(snap.state.figures[inGame.figureIds[0]!]!.baseRadiusIn).toBe(0.8)
  expect(snap.state.groups['br-section']!.leaderGrade).toBe('good')
  await page.waitForSelector('html[data-ready="true"]')
  await shot(page, info, '03-play-test')

  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await hostRequest('scenario:delete', { id: 'farmhouse-skirmish-copy' })
  expect(errors).toEqual([])
})
