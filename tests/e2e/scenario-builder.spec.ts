import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { PerspectiveCamera, Vector3 } from 'three'
import { dataDir, hostRequest, openApp, shot, snapshot } from './support'

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
 * Points from the reference (../shared/rules/smle.md §15), not the code: the
 * farmhouse's sides cost 36 each (see force-builder.spec.ts). Hidden set-up
 * doubles a side's value (SMLE-PTS-07); a prepared position of the side adds
 * 12 (SMLE-PTS-05).
 */
const SIDE = 36

/** Where the first flow's weapon pit stands: 16" due south of the German MG team. */
const PIT = { x: 20, z: 24 }

async function clickFigure(page: Page, id: string): Promise<void> {
  const at = () => page.evaluate((fid) => window.smleInspect?.figurePoint(fid) ?? null, id)
  await expect.poll(at, { message: `figure ${id} drawn` }).not.toBeNull()
  const p = (await at())!
  await page.mouse.click(p.x, p.y)
}

/**
 * Plays the host's game (both seats, as hot seat) until `teamId` is the team to act: activation rolled,
 * the teams before it ending their activations, interrupts declined and fire held.
 */
async function playUntilActive(page: Page, teamId: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    const s = (await snapshot()).state
    const active = s.activeUnit ? s.activeUnit.teamIds[s.activeUnit.index] : undefined
    if (s.phase === 'play' && s.pending === null && active === teamId) {
      const seq = (await snapshot()).seq
      await expect.poll(() => page.evaluate(() => window.smleInspect?.seq() ?? 0)).toBe(seq)
      return
    }
    const command =
      s.phase === 'activation'
        ? { type: 'rollActivation', sideId: s.activeSideId }
        : s.pending?.kind === 'interrupt'
          ? { type: 'declineInterrupt', sideId: s.pending.sideId }
          : s.pending?.kind === 'opportunity'
            ? { type: 'holdFire', sideId: s.pending.sideId, until: 'move' }
            : active !== undefined && s.pending === null
              ? { type: 'endActivation', teamId: active }
              : null
    if (!command) throw new Error(`cannot play on to ${teamId}: phase ${s.phase}, pending ${s.pending?.kind}`)
    const d = await hostRequest<{ ok: boolean; reason?: { clause: string } }>('match:dispatch', command)
    if (!d.ok) throw new Error(`the host refused ${JSON.stringify(command)}: ${d.reason?.clause ?? ''}`)
  }
  throw new Error(`${teamId} never came to act`)
}

test('scenario builder: sides, base edge, victory in words, a hidden team and a team in a weapon pit, through the panel; saved and play-tested', async ({
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
  const count = page.getByTestId('editor-problem-count')
  await expect(count).not.toHaveText('checking…')

  // The sides: the Germans become partisans in green; the British enter from the west.
  const sides = panel.getByRole('region', { name: 'Sides' })
  await sides.getByLabel('Side German is called', { exact: true }).fill('Partisans')
  await sides.getByLabel('Side German is called', { exact: true }).press('Enter')
  await sides.getByLabel('Colour of Partisans', { exact: true }).fill('#3f6fb0')
  // The British colour: the check warns the sides look alike.
  await expect(page.getByTestId('editor-problems')).toContainText(
    'British and Partisans are both drawn in #3f6fb0: their figures cannot be told apart on the table',
  )
  await sides.getByLabel('Colour of Partisans', { exact: true }).fill('#4a7a4a')
  await expect(page.getByTestId('editor-problems')).not.toContainText('cannot be told apart')
  await sides.getByLabel('Base edge of British', { exact: true }).selectOption('west')

  // Victory: the farmhouse control goes; the British must get half their figures off by the east edge in 8 rounds.
  const victory = panel.getByRole('region', { name: 'Victory' })
  await victory.getByLabel('Last round', { exact: true }).fill('8')
  await victory.getByLabel('Last round', { exact: true }).press('Enter')
  await victory.getByRole('button', { name: 'Remove way to win 1' }).click()
  await victory.getByLabel('Add a way to win for British', { exact: true }).selectOption('exit')
  await expect(victory.getByTestId('condition-1')).toHaveText(
    'British wins at once when half of its figures have left by the east edge.',
  )
  await victory.getByLabel('Winner when time runs out', { exact: true }).selectOption('german')
  await expect(count).not.toContainText(/[1-9]\d* error/)
  await sides.scrollIntoViewIfNeeded()
  await shot(page, info, '01-sides-and-victory')

  // A weapon pit placed on the table, the Bren team in it: +12 (SMLE-PTS-05). It stands 16" south of
  // the German MG team (20, 8) with open ground between, its arc facing north (0°) at them.
  const table = { widthIn: 72, depthIn: 48 }
  await panel
    .getByRole('group', { name: 'Place a prepared position' })
    .getByRole('button', { name: 'Weapon pit' })
    .click()
  const at = await onCanvas(page, table, PIT.x, PIT.z)
  await page.mouse.click(at.x, at.y)
  await page.keyboard.press('Escape')
  await panel.getByRole('button', { name: 'Forces' }).click()
  const british = panel.getByRole('region', { name: 'British forces' })
  await british.getByRole('button', { name: 'Edit Bren team', exact: true }).click()
  const bren = british.getByRole('listitem', { name: 'Team Bren team', exact: true })
  const where = bren.getByLabel('Where Bren team starts', { exact: true })
  await where.selectOption({ label: (await where.locator('option', { hasText: 'weapon pit' }).textContent())! })
  await expect(british.getByTestId('side-points-british')).toHaveText(`${SIDE + 12} points`)

  // The partisans' Gruppe A sets up hidden: their value doubles (SMLE-PTS-07).
  const partisans = panel.getByRole('region', { name: 'Partisans forces' })
  await partisans.getByRole('button', { name: 'Edit Gruppe A', exact: true }).click()
  await partisans.getByLabel('Gruppe A sets up hidden', { exact: true }).check()
  await expect(partisans.getByTestId('side-points-german')).toHaveText(`${SIDE * 2} points`)
  await expect(partisans.getByRole('list', { name: 'Points of Partisans' })).toContainText('Hidden set-up×2')
  await expect(count).not.toContainText(/[1-9]\d* error/)
  await bren.scrollIntoViewIfNeeded()
  await shot(page, info, '02-team-set-up')

  // The Partisans at platoon level (SMLE-SCEN-01): warned until they have a platoon with their section in it.
  await sides.getByLabel('Level of game of Partisans', { exact: true }).selectOption('platoon')
  await expect(page.getByTestId('editor-problems')).toContainText('Partisans plays at platoon level but has no platoon')
  await partisans.getByRole('button', { name: 'Add platoon to Partisans' }).click()
  await partisans.getByLabel('Platoon of section Gruppe Brandt', { exact: true }).selectOption('german-platoon-1')
  await expect(page.getByTestId('editor-problems')).not.toContainText('has no platoon')

  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('editor-note')).toContainText('Saved')
  const saved = JSON.parse(readFileSync(join(dataDir, 'scenarios', 'farmhouse-skirmish-copy.json'), 'utf8')) as {
    sides: { id: string; name: string; colour: string }[]
    baseLines: { sideId: string; edge: string }[]
    roundLimit: number
    victory: unknown
    positions: { id: string; kind: string; sideId?: string }[]
    teams: { id: string; hidden?: boolean; preparedPositionId?: string }[]
    groups: { id: string; level?: string; parentId?: string }[]
  }
  expect(saved.sides[1]).toMatchObject({ id: 'german', name: 'Partisans', colour: '#4a7a4a', level: 'platoon' })
  expect(saved.groups.find((g) => g.id === 'de-gruppe')!.parentId).toBe('german-platoon-1')
  expect(saved.baseLines).toEqual([{ sideId: 'british', edge: 'west' }])
  expect(saved.roundLimit).toBe(8)
  expect(saved.victory).toEqual({
    conditions: [{ kind: 'exit', sideId: 'british', edge: 'east', fraction: 0.5 }],
    atTimeLimit: 'german',
  })
  const pit = saved.positions.find((p) => p.kind === 'weaponPit')!
  expect(pit.sideId).toBe('british')
  expect(saved.teams.find((t) => t.id === 'br-bren')!.preparedPositionId).toBe(pit.id)
  expect(saved.teams.find((t) => t.id === 'de-gruppe-a')!.hidden).toBe(true)

  // Play-test: the game is the one built.
  await panel.getByRole('button', { name: 'Play-test' }).click()
  await expect(editor).toHaveCount(0)
  const snap = await snapshot()
  expect(snap.scenario.id).toBe('farmhouse-skirmish-copy')
  expect(snap.scenario.sides.map((s) => s.name)).toEqual(['British', 'Partisans'])
  await page.waitForSelector('html[data-ready="true"]')
  // The hidden team is not shown; the Bren team is.
  const teamsPanel = page.locator('[data-panel="teams"]')
  await expect(teamsPanel).toContainText('Bren team')
  await expect(teamsPanel).not.toContainText('Gruppe A')
  await shot(page, info, '03-play-test')

  // The weapon pit in the game (SMLE-SHOOT-26, -21): a game on the built table at a fixed seed. The MG team in
  // front of the pit, inside its arc, aims at the Bren team: the preview gives the pit's cover, −3.
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish-copy', seed: 1 })
  await playUntilActive(page, 'de-mg')
  await page.waitForSelector('html[data-ready="true"]')
  await clickFigure(page, 'br-bren-1')
  const preview = page.getByTestId('fire-preview')
  await expect(preview).toContainText('Fire at Bren team')
  await expect(preview).toContainText('prepared position (')
  await expect(preview).toContainText('−3 Target in a prepared position SMLE-SHOOT-21')
  await expect(preview).toContainText(/needs \d+\+ on the dice/)
  await expect(preview.getByRole('button', { name: 'Fire', exact: true })).toBeVisible()
  await shot(page, info, '04-fire-at-the-pit')
  await preview.getByRole('button', { name: 'Cancel' }).click()
  // The Bren team fires out of the pit at the MG team, inside its 90° arc: offered, in range and seen.
  await playUntilActive(page, 'br-bren')
  const fireAtMg = page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: /^Fire at MG team/ })
  await expect(fireAtMg.first()).toBeVisible()
  await clickFigure(page, 'de-mg-1')
  await expect(preview).toContainText('Fire at MG team')
  await expect(preview).toContainText(/needs \d+\+ on the dice/)
  await expect(preview).not.toContainText('cannot hit')
  await expect(preview).not.toContainText('outside its position')
  await shot(page, info, '05-fire-from-the-pit')
  await preview.getByRole('button', { name: 'Cancel' }).click()

  // Back in the editor the pit's arc is turned east (90°): the MG team, due north, is now outside it. The
  // shot is no longer offered (a click on the MG team picks it, no preview), and sent all the same the host
  // refuses it by its clause (SMLE-SHOOT-26: occupants cannot fire outside their arc).
  await page.getByRole('button', { name: 'Back to editor' }).click()
  await expect(editor).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 })
  const arc = panel.getByRole('list', { name: 'Prepared positions' }).getByLabel(/Arc facing/)
  await arc.fill('90')
  await arc.press('Enter')
  await expect(count).not.toHaveText('checking…')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('editor-note')).toContainText('Saved')
  await panel.getByRole('button', { name: 'Close' }).click()
  await expect(editor).toHaveCount(0)
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish-copy', seed: 1 })
  await playUntilActive(page, 'br-bren')
  await page.waitForSelector('html[data-ready="true"]')
  await expect(page.getByRole('region', { name: 'Actions' })).toContainText("End Bren team's activation")
  await expect(fireAtMg).toHaveCount(0)
  await clickFigure(page, 'de-mg-1')
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText('MG team')
  await expect(preview).toHaveCount(0)
  const refused = await hostRequest<{ ok: boolean; reason?: { clause: string; message: string } }>('match:dispatch', {
    type: 'directFire',
    teamId: 'br-bren',
    targetTeamId: 'de-mg',
    weapons: {},
    atVehicle: false,
  })
  expect(refused.ok).toBe(false)
  expect(refused.reason?.clause).toBe('SMLE-SHOOT-26')
  expect(refused.reason?.message).toContain("cannot fire outside its position's arc without leaving it")
  await shot(page, info, '06-outside-the-arc')

  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await hostRequest('scenario:delete', { id: 'farmhouse-skirmish-copy' })
  expect(errors).toEqual([])
})

test('scenario builder: New game → Build a scenario on an empty 60"×36" table, a road and a stream drawn, a trench drawn and a team seated in it, a weapon cache, the heroes rule, a cottage made two storeys with a locked door and a window upstairs; saved and play-tested', async ({
  page,
}, info) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await openApp(page)
  await page.locator('button[title="New game (N)"]').click()
  await page.getByRole('dialog', { name: 'New game' }).getByRole('button', { name: 'Build a scenario' }).click()
  const form = page.getByRole('dialog', { name: 'Build a scenario' })
  await form.getByLabel('Scenario name', { exact: true }).fill('Ambush at the ford')
  await form.getByLabel('Table size', { exact: true }).selectOption('60x36')
  await form.getByLabel('Side along the south edge', { exact: true }).fill('Column')
  await form.getByLabel('Side along the north edge', { exact: true }).fill('Partisans')
  await shot(page, info, '01-build-form')
  await form.getByRole('button', { name: 'Build' }).click()
  const editor = page.getByTestId('editor')
  await expect(editor).toHaveAttribute('data-drawn', 'true', { timeout: 60_000 })
  const panel = page.getByRole('complementary', { name: 'Scenario editor' })
  await expect(panel.getByLabel('Name', { exact: true })).toHaveValue('Ambush at the ford')
  await expect(panel.getByLabel('Width (in)', { exact: true })).toHaveValue('60')
  await expect(panel.getByLabel('Depth (in)', { exact: true })).toHaveValue('36')
  const count = page.getByTestId('editor-problem-count')
  await expect(count).not.toHaveText('checking…')
  await expect(count).not.toContainText(/[1-9]\d* error/)
  await expect(page.getByTestId('editor-problems')).toContainText('Nobody can win this scenario')
  await panel.getByLabel('Scenario description', { exact: true }).fill('A column must cross the ford.')
  await panel.getByLabel('Scenario description', { exact: true }).press('Enter')
  await shot(page, info, '02-empty-table')

  // A road from the west edge to the east (three points, Enter), made 3" wide, and a stream crossing it (the ford).
  const table = { widthIn: 60, depthIn: 36 }
  const areaTools = panel.getByRole('group', { name: 'Draw an area' })
  const drawLine = async (tool: string, points: readonly (readonly [number, number])[]) => {
    await areaTools.getByRole('button', { name: tool, exact: true }).click()
    for (const [x, z] of points) {
      const at = await onCanvas(page, table, x, z)
      await page.mouse.click(at.x, at.y)
    }
    await expect(page.getByTestId('editor-drawing')).toContainText(`${points.length} points`)
    await page.keyboard.press('Enter')
    await page.keyboard.press('Escape')
  }
  await drawLine('Road', [
    [2, 16],
    [30, 15],
    [58, 16],
  ])
  await drawLine('Stream', [
    [44, 2],
    [46, 34],
  ])
  const areas = panel.getByRole('list', { name: 'Areas of the table' })
  await expect(areas.locator('li')).toHaveCount(2)
  const roadWidth = areas.getByLabel('Width (inches) of Road', { exact: true })
  await expect(roadWidth).toHaveValue('2.2')
  await roadWidth.fill('3')
  await roadWidth.press('Enter')
  await expect(areas.getByLabel('Width (inches) of Stream', { exact: true })).toHaveValue('1.2')
  await expect(count).not.toContainText(/[1-9]\d* error/)
  await shot(page, info, '02b-road-and-ford')

  // A trench along the Partisans' edge: three points clicked, finished with Enter; it faces south.
  await panel.getByRole('group', { name: 'Place a prepared position' }).getByRole('button', { name: 'Trench' }).click()
  for (const [x, z] of [
    [22, 10],
    [30, 10],
    [36, 12],
  ] as const) {
    const at = await onCanvas(page, table, x, z)
    await page.mouse.click(at.x, at.y)
  }
  await expect(page.getByTestId('editor-drawing')).toContainText('3 points')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  const positions = panel.getByRole('list', { name: 'Prepared positions' })
  await expect(positions.locator('li')).toHaveCount(1)
  await expect(positions).toContainText('Trench')
  await positions.getByLabel(/Arc facing/).fill('180')
  await positions.getByLabel(/Arc facing/).press('Enter')

  // The Partisans' team in it.
  await panel.getByRole('button', { name: 'Forces' }).click()
  const partisans = panel.getByRole('region', { name: 'Partisans forces' })
  await partisans.getByRole('button', { name: 'Edit Team 2', exact: true }).click()
  const where = partisans.getByLabel('Where Team 2 starts', { exact: true })
  await where.selectOption({ label: (await where.locator('option', { hasText: 'trench' }).textContent())! })
  await expect(count).not.toContainText(/[1-9]\d* error/)
  await expect(partisans.getByTestId('side-points-partisans')).toHaveText('24 points')
  await positions.scrollIntoViewIfNeeded()
  await shot(page, info, '03-trench-held')

  // A weapon cache (SMLE-SCEN-06): an objective placed, made a cache; with no weapon the check says so.
  await panel.getByRole('group', { name: 'Place an objective' }).getByRole('button', { name: 'Objective' }).click()
  const cacheAt = await onCanvas(page, table, 12, 20)
  await page.mouse.click(cacheAt.x, cacheAt.y)
  await page.keyboard.press('Escape')
  const objectives = panel.getByRole('list', { name: 'Objectives' })
  await objectives.getByLabel('Kind of objective Objective 1', { exact: true }).selectOption('cache')
  await expect(page.getByTestId('editor-problems')).toContainText(
    'Weapon cache "Objective 1" holds no weapon: choose the weapon a figure picks up there (SMLE-SCEN-06).',
  )
  await objectives.getByLabel('Weapon in cache Objective 1', { exact: true }).selectOption('flamethrower')
  await expect(page.getByTestId('editor-problems')).not.toContainText('holds no weapon')
  await panel.getByLabel('Heroes and Hollywood rules (§14.1)', { exact: true }).check()

  // A cottage between them, made two storeys high, with a locked back door and a window upstairs.
  await panel
    .getByRole('group', { name: 'Place a building' })
    .getByRole('button', { name: /^Cottage/ })
    .click()
  const spot = await onCanvas(page, table, 30, 22)
  await page.mouse.click(spot.x, spot.y)
  await page.keyboard.press('Escape')
  const buildings = panel.getByRole('list', { name: 'Buildings' })
  await expect(buildings.locator(':scope > li')).toHaveCount(1)
  const cottageWidth = buildings.getByLabel('Width west to east (inches) of Cottage', { exact: true })
  await cottageWidth.fill('7')
  await cottageWidth.press('Enter')
  await buildings.getByLabel('Storeys of Cottage', { exact: true }).selectOption('2')
  await buildings.getByLabel('Add a door to Cottage', { exact: true }).selectOption('north')
  await buildings.getByLabel('cottage-1-door-1 of Cottage', { exact: true }).selectOption('locked')
  await buildings.getByLabel('Add a window to Cottage', { exact: true }).selectOption('1:south')
  await expect(buildings.getByRole('list', { name: 'Windows of Cottage' }).locator('li')).toHaveCount(5)
  // Two windows over one another upstairs: the check says so in words; undone.
  await buildings.getByLabel('Add a window to Cottage', { exact: true }).selectOption('1:south')
  const lastAt = buildings.getByLabel('Place of window 6 of Cottage along its wall (inches)', { exact: true })
  await buildings.getByLabel('Floor of window 6 of Cottage', { exact: true }).selectOption('0')
  await lastAt.fill('1.2')
  await lastAt.press('Enter')
  await expect(page.getByTestId('editor-problems')).toContainText(
    'Two windows of the Cottage overlap in its south wall on the ground floor',
  )
  await expect(count).toContainText(/[1-9]\d* error/)
  await buildings.scrollIntoViewIfNeeded()
  await shot(page, info, '04-windows-overlap')
  for (let i = 0; i < 3; i++) await panel.getByRole('button', { name: 'Undo' }).click()
  await expect(buildings.getByRole('list', { name: 'Windows of Cottage' }).locator('li')).toHaveCount(5)
  await expect(count).not.toContainText(/[1-9]\d* error/)
  await shot(page, info, '05-two-storey-cottage')

  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('editor-note')).toContainText('Saved "Ambush at the ford"')
  const saved = JSON.parse(readFileSync(join(dataDir, 'scenarios', 'ambush-at-the-ford.json'), 'utf8')) as {
    table: unknown
    sides: { id: string; name: string }[]
    positions: { id: string; kind: string; arcDeg: number; points: unknown[]; sideId?: string }[]
    teams: { sideId: string; preparedPositionId?: string }[]
    description: string
    terrain: { areas: { kind: string; line?: unknown[]; widthIn?: number }[] }
    objectives: { kind: string; weapon?: string }[]
    settings: { optional: { heroes: boolean } }
    buildings: {
      widthIn: number
      floors: unknown[]
      stairs: unknown[]
      doors: { id: string; wall: string; state: string }[]
      windows: { wall: string; floor: number }[]
    }[]
  }
  expect(saved.table).toEqual({ widthIn: 60, depthIn: 36 })
  expect(saved.sides.map((s) => s.name)).toEqual(['Column', 'Partisans'])
  expect(saved.positions).toHaveLength(1)
  expect(saved.positions[0]).toMatchObject({ kind: 'trench', arcDeg: 180, sideId: 'partisans' })
  expect(saved.positions[0]!.points).toHaveLength(3)
  expect(saved.teams.find((t) => t.sideId === 'partisans')!.preparedPositionId).toBe(saved.positions[0]!.id)

  expect(saved.objectives[0]).toMatchObject({ kind: 'cache', weapon: 'flamethrower' })
  expect(saved.settings.optional.heroes).toBe(true)
  expect(saved.description).toBe('A column must cross the ford.')
  expect(saved.terrain.areas.map((a) => [a.kind, a.line?.length, a.widthIn])).toEqual([
    ['road', 3, 3],
    ['water', 2, 1.2],
  ])
  const cottage = saved.buildings[0]!
  expect(cottage.widthIn).toBe(7)
  expect(cottage.floors).toHaveLength(2)
  expect(cottage.stairs).toHaveLength(1)
  expect(cottage.doors.map((d) => [d.id, d.wall, d.state])).toEqual([
    ['cottage-1-door', 'south', 'closed'],
    ['cottage-1-door-1', 'north', 'locked'],
  ])
  expect(cottage.windows.filter((w) => w.floor === 1).map((w) => w.wall)).toEqual(['south'])

  // Play-tested: the road, the stream, the two-storey cottage and the trench on the table of the game.
  await panel.getByRole('button', { name: 'Play-test' }).click()
  await expect(editor).toHaveCount(0)
  const snap = await snapshot()
  expect(snap.scenario.id).toBe('ambush-at-the-ford')
  expect(snap.state.doors['cottage-1-door-1']).toMatchObject({ state: 'locked' })
  expect(snap.scenario.terrain.areas.map((a) => a.kind)).toEqual(['road', 'water'])
  await page.waitForSelector('html[data-ready="true"]')
  await shot(page, info, '06-play-test')
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 1 })
  await hostRequest('scenario:delete', { id: 'ambush-at-the-ford' })
  expect(errors).toEqual([])
})
