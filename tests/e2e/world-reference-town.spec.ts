import { expect, test } from '@playwright/test'
import { reachesDoor } from '../../src-engine/commands/doors'
import type { MatchSnapshot } from '../../src-main/ipc/contract'
import { buildWorld } from '../../src-engine/world/world'
import { canvasStats, doorAngle, doorPoint, hostRequest, meanAbsDiff, openApp, regionLuma, shot, snapshot } from './support'

test.beforeEach(async () => {
  await hostRequest('match:new', { scenarioId: 'reference-town', seed: 1 })
})

/**
 * A closed door of a house a Red figure stands by, facing the default camera
 * with nothing of the table between the camera and it (asked of the rules'
 * own hull, which the picture is drawn from).
 */
function doorRedCanOpen(snap: MatchSnapshot): string {
  const world = buildWorld(snap.scenario)
  const { widthIn: w, depthIn: d } = snap.scenario.table
  const camera = { x: w / 2, y: Math.max(w, d) * 0.62, z: d + Math.max(w, d) * 0.7 }
  const red = Object.values(snap.state.figures).filter((f) => f.sideId === 'red')
  for (const door of world.doors()) {
    if (snap.state.doors[door.id]?.state !== 'closed' || door.outward.z < 0.5) continue
    if (!red.some((f) => reachesDoor(f, door))) continue
    const y = world.groundHeightAt(door.centre.x, door.centre.z) + door.heightIn * 0.75
    const front = { x: door.centre.x + door.outward.x * 0.2, y, z: door.centre.z + door.outward.z * 0.2 }
    if (world.rayBlocker(camera, front, snap.state.doors) === null) return door.id
  }
  throw new Error('no door of a Red-held house faces the camera')
}

test('the reference town loads, is drawn in under 100 draw calls, hides its roofs, and a door still opens on a click', async ({ page }, info) => {
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

  // Red's turn: click the door of a house Red holds; the host opens it and the door swings.
  await page.getByRole('button', { name: 'End turn' }).click()
  await expect.poll(async () => (await snapshot()).state.activeSideId).toBe('red')
  const doorId = doorRedCanOpen(await snapshot())
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
