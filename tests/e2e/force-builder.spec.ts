import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { dataDir, hostRequest, openApp, openPanel, shot, snapshot } from './support'

/*
 * Points expected, from the reference (../shared/rules/smle.md §15), not the
 * code: the farmhouse's British are a section of two teams under a leader,
 * the Section HQ (an SMG and two rifles, basic 1D: 12, SMLE-PTS-01), the Bren
 * team (the LMG, 1D+1 "better", its gunner counting as two figures,
 * SMLE-ORG-03 and Example SMLE-ORG-E01, so a better-armed team: 12 × 1.5 =
 * 18, SMLE-PTS-06/-09) and a basic section leader (+6, SMLE-PTS-02): 36.
 * A new team of two figures, both with shotguns (1D+1, better): 12 × 1.5 =
 * 18 (quality costs nothing; only motivation, weapons and armour multiply).
 * So the British cost 54.
 */
const BRITISH_BEFORE = 36
const SCOUTS = 18

test('force builder: a team of two with shotguns added to the British through the panel, priced, saved and play-tested', async ({
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
  const count = page.getByTestId('editor-problem-count')
  await expect(count).not.toHaveText('checking…')
  await expect(count).not.toContainText(/[1-9]\d* error/)
  // Folded, the forces show each side's points.
  await expect(page.getByTestId('editor-points')).toContainText(`British: ${BRITISH_BEFORE} points`)

  await panel.getByRole('button', { name: 'Forces' }).click()
  const british = panel.getByRole('region', { name: 'British forces' })
  await expect(british.getByTestId('side-points-british')).toHaveText(`${BRITISH_BEFORE} points`)
  const teams = british.getByRole('list', { name: 'Teams of British' })
  const before = await teams.locator(':scope > li').count()

  // A team: three riflemen land in the British zone; one goes, the other two take shotguns.
  await british.getByRole('button', { name: 'Add team to British' }).click()
  await expect(teams.locator(':scope > li')).toHaveCount(before + 1)
  const card = teams.getByRole('listitem', { name: 'Team Team 1', exact: true })
  const figures = card.getByRole('list', { name: 'Figures of Team 1' })
  await expect(figures.locator(':scope > li')).toHaveCount(3)
  await expect(british.getByTestId('side-points-british')).toHaveText(`${BRITISH_BEFORE + 12} points`)
  await card.getByLabel('Name of team Team 1', { exact: true }).fill('Scouts')
  await card.getByLabel('Name of team Team 1', { exact: true }).press('Enter')
  const scouts = teams.getByRole('listitem', { name: 'Team Scouts', exact: true })
  await expect(scouts).toHaveCount(1)
  await scouts.getByRole('button', { name: 'Remove Team 1, 3', exact: true }).click()
  await expect(scouts.getByRole('list', { name: 'Figures of Scouts' }).locator(':scope > li')).toHaveCount(2)
  await scouts.getByLabel('Weapon of Team 1, 1', { exact: true }).selectOption('shotgun')
  await scouts.getByLabel('Weapon of Team 1, 2', { exact: true }).selectOption('shotgun')
  // Veterans: a team of two is their usual size (SMLE-PTS-01), so the check has no advice about it.
  await scouts.getByLabel('Quality of Scouts', { exact: true }).selectOption('veteran')
  await scouts.getByLabel('Name of Team 1, 1', { exact: true }).fill('Cpl Reed')
  await scouts.getByLabel('Name of Team 1, 1', { exact: true }).press('Enter')
  await expect(scouts.getByLabel('Weapon of Cpl Reed', { exact: true })).toHaveValue('shotgun')

  // The side's points, read in the panel: 36 + 18.
  await expect(british.getByTestId('side-points-british')).toHaveText(`${BRITISH_BEFORE + SCOUTS} points`)
  await expect(page.getByTestId('editor-points')).toContainText(`British: ${BRITISH_BEFORE + SCOUTS} points`)
  await expect(scouts.getByTestId('team-points-british-team-1')).toHaveText(`2 fig. · ${SCOUTS} pts`)
  await expect(count).not.toContainText(/[1-9]\d* error/)

  // A total of 50 for the British: over it, the check says so in words with its clause; Save waits.
  const totalField = british.getByLabel('Points total of British', { exact: true })
  await totalField.fill('50')
  await totalField.press('Enter')
  await expect(british.getByTestId('side-points-british')).toHaveText(`${BRITISH_BEFORE + SCOUTS} of 50 points`)
  const over = `British costs ${BRITISH_BEFORE + SCOUTS} points, 4 more than the 50 the scenario gives it (SMLE-PTS-09).`
  await expect(page.getByTestId('editor-problems')).toContainText(over)
  await expect(british).toContainText(over)
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled()
  await british.scrollIntoViewIfNeeded()
  await shot(page, info, '01-points-over')
  await totalField.fill('60')
  await totalField.press('Enter')
  await expect(british.getByTestId('side-points-british')).toHaveText(`${BRITISH_BEFORE + SCOUTS} of 60 points`)
  await expect(page.getByTestId('editor-problems')).not.toContainText('SMLE-PTS-09')
  await expect(count).not.toContainText(/[1-9]\d* error/)
  // The side's head at the top of the panel: its points, their lines, its teams, the new one opened.
  await british.evaluate((el) => el.scrollIntoView({ block: 'start' }))
  await shot(page, info, '02-forces-open')

  // Undo takes the total back to 50; Redo gives 60 again.
  await panel.getByRole('button', { name: 'Undo' }).click()
  await expect(totalField).toHaveValue('50')
  await panel.getByRole('button', { name: 'Redo' }).click()
  await expect(totalField).toHaveValue('60')

  // Saved: the team as the schema writes it, standing in the British zone.
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('editor-note')).toHaveText(
    'Saved "Skirmish at the Farmhouse (copy)" to your scenarios.',
  )
  const saved = JSON.parse(readFileSync(join(dataDir, 'scenarios', 'farmhouse-skirmish-copy.json'), 'utf8')) as {
    sides: { id: string; points?: number }[]
    teams: {
      id: string
      name: string
      sideId: string
      quality: string
      figures: { name: string; weapon: string; position: { x: number; z: number } }[]
    }[]
  }
  const team = saved.teams.find((t) => t.name === 'Scouts')!
  expect(team).toMatchObject({ id: 'british-team-1', sideId: 'british', quality: 'veteran' })
  expect(team.figures.map((f) => [f.name, f.weapon])).toEqual([
    ['Cpl Reed', 'shotgun'],
    ['Team 1, 2', 'shotgun'],
  ])
  for (const f of team.figures) {
    expect(f.position.z).toBeGreaterThanOrEqual(36.5)
    expect(f.position.z).toBeLessThanOrEqual(47.5)
  }
  expect(saved.sides.find((s) => s.id === 'british')!.points).toBe(60)

  // Play-test: the new team is in the game, on the host and in the page's team list.
  await panel.getByRole('button', { name: 'Play-test' }).click()
  await expect(editor).toHaveCount(0)
  const snap = await snapshot()
  expect(snap.scenario.id).toBe('farmhouse-skirmish-copy')
  const inGame = snap.state.teams['british-team-1']!
  expect(inGame).toMatchObject({ name: 'Scouts', sideId: 'british' })
  expect(inGame.figureIds.map((id) => snap.state.figures[id]!.weapons)).toEqual([['shotgun'], ['shotgun']])
  expect(inGame.figureIds.map((id) => snap.state.figures[id]!.quality)).toEqual(['veteran', 'veteran'])
  await page.waitForSelector('html[data-ready="true"]')
  await openPanel(page, 'teams')
  const row = page.locator('[data-panel="teams"] [data-team="british-team-1"]')
  await expect(row).toContainText('Scouts')
  await expect(row).toContainText('2/2')
  await shot(page, info, '03-play-test')

  await page.getByRole('button', { name: 'Back to editor' }).click()
  await expect(editor).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 })
  await expect(page.getByTestId('editor-points')).toContainText(`British: ${BRITISH_BEFORE + SCOUTS} of 60 points`)
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(editor).toHaveCount(0)

  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await hostRequest('scenario:delete', { id: 'farmhouse-skirmish-copy' })
  expect(errors).toEqual([])
})
