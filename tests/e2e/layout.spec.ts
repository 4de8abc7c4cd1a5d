import { expect, type Page, test, type TestInfo } from '@playwright/test'
import { moveLeftIn } from '../../src-engine/index'
import type { PanelRect } from '../../src-renderer/hud/layout/panel-rects'
import { overlappingPairs, uncoveredFraction, withinWindow } from './panel-geometry'
import { hostRequest, openApp, openingFor, shot, snapshot } from './support'

// Round 1 rolled and the Bren team's turn ended: the section HQ acts, Pte Cole with his full 8" move.
const opening = openingFor(
  'farmhouse-skirmish',
  'br-section-hq',
  (m) => moveLeftIn(m.state, m.state.figures['br-r1']!) === 8,
)

const panels = (page: Page): Promise<PanelRect[]> => page.evaluate(() => window.smleInspect!.panels())

/** The table's share of the window: what no panel or bar covers. */
async function tableShare(page: Page): Promise<number> {
  const size = page.viewportSize()!
  return uncoveredFraction(
    (await panels(page)).map((p) => p.rect),
    size.width,
    size.height,
  )
}

async function resize(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height })
  await expect.poll(() => page.evaluate(() => `${window.innerWidth}x${window.innerHeight}`)).toBe(`${width}x${height}`)
  // The layout follows on the next frames.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
}

async function report(page: Page, info: TestInfo, step: string): Promise<PanelRect[]> {
  const list = await panels(page)
  const size = page.viewportSize()!
  await shot(page, info, step)
  console.log(
    `${step} ${size.width}x${size.height}: table ${(100 * (await tableShare(page))).toFixed(1)}% ` +
      list
        .map(
          (p) =>
            `${p.id}${p.collapsed ? '(c)' : ''}@${p.dock ?? '-'} ${Math.round(p.rect.x)},${Math.round(p.rect.y)} ${Math.round(p.rect.width)}x${Math.round(p.rect.height)}`,
        )
        .join('; '),
  )
  return list
}

/**
 * Opens the farmhouse at the section HQ's turn, as played on this page: the
 * activation rolls thrown in the tray (so the log has lines and the dice
 * panel a throw), then Pte Cole selected from the Actions panel.
 */
async function openPlayedGame(page: Page): Promise<void> {
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: opening.seed })
  await openApp(page)
  for (const c of opening.commands) await hostRequest('match:dispatch', c)
  await expect.poll(async () => (await snapshot()).seq).toBe(opening.commands.length)
  const lastRoll = (await snapshot()).state.rollCount - 1
  await expect
    .poll(() => page.evaluate(() => ({ id: window.smleDice?.rollId, phase: window.smleDice?.phase })), {
      timeout: 60_000,
    })
    .toEqual({ id: lastRoll, phase: 'settled' })
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Pte Cole', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText('Pte Cole')
  await expect(page.getByRole('region', { name: 'Game log' })).toBeAttached()
}

test('the default layout leaves the table two thirds of the window and no panel covers another', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1920, height: 1080 })
  await openPlayedGame(page)
  await report(page, info, '01-1920x1080')
  expect(await tableShare(page)).toBeGreaterThanOrEqual(2 / 3)

  // The window the other end-to-end flows use: a laptop's.
  await resize(page, 1280, 800)
  await report(page, info, '01b-1280x800')
  expect(await tableShare(page)).toBeGreaterThanOrEqual(2 / 3)

  await resize(page, 1280, 720)
  await report(page, info, '02-1280x720')
  expect(await tableShare(page)).toBeGreaterThanOrEqual(2 / 3)

  await resize(page, 1024, 640)
  const small = await report(page, info, '03-1024x640')
  expect(overlappingPairs(small)).toEqual([])
  for (const p of small) expect(withinWindow(p.rect, 1024, 640), `${p.id} within the window`).toBe(true)
  await resize(page, 800, 600)
  const smallest = await report(page, info, '04-800x600')
  expect(overlappingPairs(smallest)).toEqual([])
  for (const p of smallest) expect(withinWindow(p.rect, 800, 600), `${p.id} within the window`).toBe(true)
})

const panel = (page: Page, id: string) => page.locator(`[data-panel="${id}"]`)
const rectOf = async (page: Page, id: string) => (await panels(page)).find((p) => p.id === id)

/** Opens a panel's title-bar menu and picks an entry. */
async function fromMenu(page: Page, id: string, entry: string): Promise<void> {
  await panel(page, id)
    .getByRole('button', { name: /^Move the / })
    .click()
  await page
    .getByRole('menu')
    .getByRole('menuitemradio', { name: entry })
    .or(page.getByRole('menu').getByRole('menuitem', { name: entry }))
    .click()
  await expect(page.getByRole('menu')).toHaveCount(0)
}

test('panels fold to their title and move to another dock; the layout is remembered after a reload, and reset', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openPlayedGame(page)
  const before = await report(page, info, '01-default')
  const teamsOpen = before.find((p) => p.id === 'teams')!
  expect(teamsOpen.collapsed).toBe(false)
  expect(before.find((p) => p.id === 'saves')).toMatchObject({ dock: 'right', collapsed: true })

  // A click on the title bar folds the teams to it: the table gets the room back.
  await panel(page, 'teams').locator('.panel-toggle').click()
  await expect(panel(page, 'teams')).toHaveAttribute('data-collapsed', 'true')
  await expect(panel(page, 'teams')).not.toContainText('Activation order')
  const teamsFolded = (await rectOf(page, 'teams'))!
  expect(teamsFolded.rect.height).toBeLessThan(50)
  expect(teamsFolded.rect.height).toBeLessThan(teamsOpen.rect.height)

  // The saves go to the bottom dock, opened; the log goes to the left.
  await fromMenu(page, 'saves', 'Dock at the bottom')
  await panel(page, 'saves').locator('.panel-toggle').click()
  await expect(page.getByLabel('Save name')).toBeVisible()
  await fromMenu(page, 'log', 'Dock left')
  await panel(page, 'log').locator('.panel-toggle').click()
  await expect(page.getByRole('region', { name: 'Game log' })).toContainText('Section HQ takes its first turn.')
  // Dragged by its title bar, the selection goes to the right dock (shown while dragging).
  const grip = (await panel(page, 'selection').locator('.panel-head h2').boundingBox())!
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2)
  await page.mouse.down()
  await page.mouse.move(grip.x + 40, grip.y + 20, { steps: 4 })
  await expect(page.locator('.dock-grid.dragging')).toHaveCount(1)
  const right = (await page.locator('.dock-right').boundingBox())!
  await page.mouse.move(right.x + right.width / 2, right.y + right.height - 30, { steps: 8 })
  await page.mouse.up()
  await expect(panel(page, 'selection')).toHaveAttribute('data-dock', 'right')
  await expect(page.locator('.dock-grid.dragging')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText('Pte Cole')
  const moved = await report(page, info, '02-folded-and-moved')
  expect(moved.find((p) => p.id === 'saves')).toMatchObject({ dock: 'bottom', collapsed: false })
  expect(moved.find((p) => p.id === 'log')).toMatchObject({ dock: 'left', collapsed: false })
  expect(moved.find((p) => p.id === 'selection')).toMatchObject({ dock: 'right', collapsed: false })
  const saves = moved.find((p) => p.id === 'saves')!.rect
  expect(saves.y + saves.height).toBeGreaterThan(720 - 40)
  expect(saves.x).toBeGreaterThan(moved.find((p) => p.id === 'teams')!.rect.x)
  expect(overlappingPairs(moved)).toEqual([])

  // Folded, the dice panel draws no tray: a throw shows at once as settled (the log still tells it).
  await panel(page, 'dice').locator('.panel-toggle').click()
  await expect(panel(page, 'dice')).toHaveAttribute('data-collapsed', 'true')
  const rollsBefore = (await snapshot()).state.rollCount
  const seq = (await snapshot()).seq
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Fire at Gruppe A' }).click()
  await page.getByTestId('fire-preview').getByRole('button', { name: 'Fire', exact: true }).click()
  await expect.poll(async () => (await snapshot()).seq).toBeGreaterThan(seq)
  const rollsAfter = (await snapshot()).state.rollCount
  expect(rollsAfter).toBeGreaterThan(rollsBefore)
  await expect
    .poll(() => page.evaluate(() => ({ id: window.smleDice?.rollId, phase: window.smleDice?.phase })))
    .toEqual({ id: rollsAfter - 1, phase: 'settled' })
  await expect(page.getByTestId('dice-tray')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Game log' })).toContainText(/to hit/i)
  await report(page, info, '02b-dice-folded-after-fire')

  // Reloaded, the page puts every panel back where the player left it.
  await page.reload()
  await page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 })
  await expect(panel(page, 'teams')).toHaveAttribute('data-collapsed', 'true')
  await expect(panel(page, 'dice')).toHaveAttribute('data-collapsed', 'true')
  await expect(panel(page, 'saves')).toHaveAttribute('data-dock', 'bottom')
  await expect(panel(page, 'saves')).toHaveAttribute('data-collapsed', 'false')
  await expect(panel(page, 'selection')).toHaveAttribute('data-dock', 'right')
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('smle.panel.log'))) ?? 'null')).toMatchObject({
    dock: 'left',
    collapsed: false,
  })
  await report(page, info, '03-reloaded')

  // Reset: every panel back to its default, nothing remembered.
  await fromMenu(page, 'teams', 'Reset layout')
  await expect(panel(page, 'teams')).toHaveAttribute('data-collapsed', 'false')
  await expect(panel(page, 'dice')).toHaveAttribute('data-collapsed', 'false')
  await expect(panel(page, 'saves')).toHaveAttribute('data-dock', 'right')
  await expect(panel(page, 'saves')).toHaveAttribute('data-collapsed', 'true')
  await expect(panel(page, 'selection')).toHaveAttribute('data-dock', 'left')
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('smle.panel.')))).toEqual([])
  await report(page, info, '04-reset')
})

test('SMR: the default layout of Contact leaves the table two thirds of a 1280×720 window', async ({ page }, info) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await hostRequest('match:new', { scenarioId: 'smr-contact', seed: 19 })
  await openApp(page)
  const actions = page.getByRole('region', { name: 'Actions' })
  await actions.getByRole('button', { name: 'Roll for initiative (2D6 each side)' }).click()
  await expect
    .poll(
      async () => {
        const last = (await hostRequest<{ state: { rollCount: number } }>('match:snapshot')).state.rollCount - 1
        const tray = await page.evaluate(() => ({ id: window.smleDice?.rollId, phase: window.smleDice?.phase }))
        return tray.id === last && tray.phase === 'settled'
      },
      { timeout: 60_000 },
    )
    .toBe(true)
  await page.getByRole('region', { name: 'Units' }).locator('[data-unit="nor-knight"]').click()
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText('Sir Robert')
  await expect(page.getByRole('region', { name: 'Game log' })).toBeAttached()
  const list = await report(page, info, '01-contact-1280x720')
  expect(list.map((p) => p.id)).toEqual(
    expect.arrayContaining(['units', 'selection', 'actions', 'log', 'dice', 'saves']),
  )
  expect(await tableShare(page)).toBeGreaterThanOrEqual(2 / 3)
  expect(overlappingPairs(list)).toEqual([])
  for (const p of list) expect(withinWindow(p.rect, 1280, 720), `${p.id} within the window`).toBe(true)
})
