import { expect, test } from '@playwright/test'
import { reachesDoor } from '../../src-engine/rules/smle/commands/doors'
import type { SmleSnapshot } from '../../src-main/ipc/contract'
import { buildWorld, type World } from '../../src-engine/world/world'
import {
  canvasStats,
  doorAngle,
  doorPoint,
  meanAbsDiff,
  openApp,
  type Opening,
  openingFor,
  regionLuma,
  shot,
  snapshot,
  startAt,
} from './support'

type Table = Pick<SmleSnapshot, 'scenario' | 'state'>

/**
 * A closed door that a figure of the active team stands by, facing the
 * default camera with nothing of the table between the camera and it (asked
 * of the rules' own hull, which the picture is drawn from); null if none.
 */
function doorActiveTeamCanOpen(snap: Table, world: World = buildWorld(snap.scenario)): string | null {
  const s = snap.state
  const teamId = s.activeUnit ? s.activeUnit.teamIds[s.activeUnit.index] : undefined
  const team = Object.values(s.figures).filter((f) => f.teamId === teamId)
  const { widthIn: w, depthIn: d } = snap.scenario.table
  const camera = { x: w / 2, y: Math.max(w, d) * 0.62, z: d + Math.max(w, d) * 0.7 }
  for (const door of world.doors()) {
    if (s.doors[door.id]?.state !== 'closed' || door.outward.z < 0.5) continue
    if (!team.some((f) => reachesDoor(f, door))) continue
    const y = world.groundHeightAt(door.centre.x, door.centre.z) + door.heightIn * 0.75
    const front = { x: door.centre.x + door.outward.x * 0.2, y, z: door.centre.z + door.outward.z * 0.2 }
    if (world.rayBlocker(camera, front, s.doors) === null) return door.id
  }
  return null
}

/** A seed and opening at which some team's turn comes with a door it can open in view. */
const opening: Opening = openingFor(
  'reference-town',
  null,
  (m) => doorActiveTeamCanOpen({ scenario: m.header.scenario, state: m.state }, m.world) !== null,
  5,
)

test.beforeEach(async () => {
  await startAt('reference-town', opening)
})

test('the reference town loads, is drawn in under 100 draw calls, hides its roofs, and a door still opens on a click', async ({
  page,
}, info) => {
  await openApp(page)
  expect((await snapshot()).scenario.id).toBe('reference-town')
  await shot(page, info, '01-default-camera')

  const stats = await canvasStats(page)
  expect(stats.variance).toBeGreaterThan(100)
  expect(stats.distinct).toBeGreaterThan(500)
  const drawn = await page.evaluate(() => window.smleInspect!.renderInfo())
  expect(drawn.drawCalls).toBeGreaterThan(10)
  expect(drawn.drawCalls).toBeLessThanOrEqual(100)

  // The roof toggle shows what is inside the houses.
  const centre = await page.evaluate(() => window.smleInspect!.project(36, 2.5, 18))
  const roofed = await regionLuma(page, centre, 120)
  await page.getByTestId('roof-toggle').click()
  await expect(page.getByTestId('roof-toggle')).toHaveText('Roofs: off')
  await expect.poll(async () => meanAbsDiff(roofed, await regionLuma(page, centre, 120))).toBeGreaterThan(3)
  await shot(page, info, '02-roofs-off')
  await page.getByTestId('roof-toggle').click()
  await page.getByTestId('roof-toggle').click()
  await expect(page.getByTestId('roof-toggle')).toHaveText('Roofs: on')

  // The active team stands by a closed door: a click on it, the host opens it and the door swings.
  const doorId = doorActiveTeamCanOpen(await snapshot())
  if (!doorId) throw new Error('the opening lost its door')
  expect(await doorAngle(page, doorId)).toBe(0)
  const at = await doorPoint(page, doorId)
  await page.mouse.click(at.x, at.y)
  await expect.poll(() => doorAngle(page, doorId)).toBeGreaterThan(1.55)
  expect((await snapshot()).state.doors[doorId]?.state).toBe('open')
  await shot(page, info, '03-door-open')

  // A closer look at the opened door: zoom in over it.
  await page.mouse.move(at.x, at.y)
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -240)
  await expect.poll(async () => (await canvasStats(page)).distinct).toBeGreaterThan(500)
  await shot(page, info, '04-closer')
})
