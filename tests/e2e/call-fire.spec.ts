import { expect, type Page, test } from '@playwright/test'
import { type CallFire, initialState, type MatchState, type Scenario, ScenarioSchema } from '../../src-engine/index'
import { hostRequest, openApp, shot } from './support'

type P = { x: number; y: number; z: number }

test.beforeEach(async () => {
  await hostRequest('match:new', { scenarioId: 'reference-town', seed: 1 })
})

/**
 * A flat range: Blue's HQ (its sergeant carries a radio) watches Red's rifles
 * in the open; Blue's mortar team sits behind; a Blue scout has crept up
 * just short of the Red rifles, on the mortar's line.
 */
function mortarRange(): Scenario {
  return ScenarioSchema.parse({
    formatVersion: 1,
    id: 'mortar-range',
    name: 'Mortar range',
    ruleset: 'smle',
    table: { widthIn: 48, depthIn: 48 },
    sides: [
      { id: 'blue', name: 'Blue', colour: '#3f6fb0', deploymentZone: { minX: 0, minZ: 36, maxX: 48, maxZ: 48 } },
      { id: 'red', name: 'Red', colour: '#b0413e', deploymentZone: { minX: 0, minZ: 0, maxX: 48, maxZ: 12 } },
    ],
    firstSideId: 'blue',
    teams: [
      {
        id: 'hq',
        name: 'Blue HQ',
        sideId: 'blue',
        kind: 'command',
        figures: [
          { id: 'sgt', name: 'Sgt Adams', position: { x: 10, z: 40 }, isLeader: true, kit: ['radio'] },
          { id: 'cpl', name: 'Cpl Baker', position: { x: 11.5, z: 40.5 } },
        ],
      },
      {
        id: 'mortar',
        name: 'Mortar team',
        sideId: 'blue',
        kind: 'support',
        figures: [
          { id: 'gunner', name: 'Pte Clark', position: { x: 16, z: 42 }, weapon: 'light-mortar' },
          { id: 'loader', name: 'Pte Davies', position: { x: 17.5, z: 42 } },
        ],
      },
      {
        id: 'scout',
        name: 'Blue scout',
        sideId: 'blue',
        figures: [{ id: 'scout-1', name: 'Pte Evans', position: { x: 21, z: 20.5 } }],
      },
      {
        id: 'rifles',
        name: 'Red rifles',
        sideId: 'red',
        figures: [
          { id: 'r-1', name: 'Gefr Krause', position: { x: 20.5, z: 16 } },
          { id: 'r-2', name: 'Schütze Lang', position: { x: 22, z: 16 } },
          { id: 'r-3', name: 'Schütze Meyer', position: { x: 24, z: 16.5 } },
          { id: 'r-4', name: 'Schütze Noll', position: { x: 30, z: 12 } },
        ],
      },
    ],
  })
}

/** Blue's HQ acting at B7 (Observe for indirect fire needs B6+, SMLE-IND-02); every team rolled. */
function hqTurn(scenario: Scenario): MatchState {
  const s = initialState(scenario, 1)
  const teams = Object.fromEntries(
    Object.entries(s.teams).map(([id, t]) => [
      id,
      { ...t, activation: { die: 3, al: 7, band: 7, modifiers: [], shifts: [], blockId: '' } },
    ]),
  )
  return { ...s, phase: 'play', teams, activeSideId: 'blue', activeUnit: { teamIds: ['hq'], index: 0, turn: 'first' } }
}

async function look(page: Page, position: P, target: P): Promise<void> {
  await page.evaluate(({ position, target }) => window.smleInspect!.setCamera(position, target), { position, target })
  await page.waitForTimeout(300)
}

test('a call for fire before it is made: the point, its burst, where a miss may stray, and who is under it; a refused point says why', async ({
  page,
}, info) => {
  await openApp(page)
  const scenario = mortarRange()
  await page.evaluate((v) => window.smleInspect!.showState(v as never), { state: hqTurn(scenario), scenario })
  const call: CallFire = { type: 'callFire', observerId: 'sgt', firingTeamId: 'mortar', point: { x: 22, z: 16 } }
  await page.evaluate((c) => window.smleInspect!.showMarks({ fireCall: c }), call)

  const label = page.getByTestId('call-fire-preview')
  await expect(label).toHaveAttribute('data-ok', 'true')
  await expect(label).toHaveAttribute('data-radius', '2')
  // r-1, r-2 and r-3 within 2" of the point; the Blue scout only if the round strays short; r-4 never.
  await expect(label).toHaveAttribute('data-caught', '3')
  await expect(label).toHaveAttribute('data-strays', '1')
  await expect(label).toContainText('a miss strays up to 8" (doubled, SMLE-IND-04)')
  const names = await page.evaluate(() => window.smleInspect!.objectNames())
  expect(names.filter((n) => n === 'call-fire-stray')).toHaveLength(6)
  expect(names.filter((n) => n === 'call-fire-caught')).toHaveLength(3)
  expect(names).toContain('call-fire-caught-if-stray')
  await look(page, { x: 22, y: 22, z: 40 }, { x: 21, y: 0, z: 19 })
  await shot(page, info, '01-call-fire-planned')

  // A click on the table moves the point while planning (nothing is sent): too close to the mortar, refused.
  await look(page, { x: 16, y: 18, z: 58 }, { x: 16, y: 0, z: 38 })
  const near = await page.evaluate(() => window.smleInspect!.project(19, 0, 38))
  await page.mouse.click(near.x, near.y)
  await expect(label).toHaveAttribute('data-ok', 'false')
  await expect(label).toHaveAttribute('data-clause', 'SMLE-IND-01')
  await expect(label).toContainText('closer than')
  await shot(page, info, '02-call-fire-too-close')
  await expect(page.getByRole('region', { name: 'Selection' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(label).toHaveCount(0)
})
