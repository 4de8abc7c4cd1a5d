import { expect, type Page, test } from '@playwright/test'
import { buildWorld, type CommandInput, randomPlayer, seedRng } from '../../src-engine/index'
import { shotClear, type Shot } from '../../src-renderer/scene/camera/director'
import { hostRequest, shot, snapshot } from './support'

type DirectorShot = NonNullable<ReturnType<NonNullable<Window['smleInspect']>['directorShot']>>

const ready = (page: Page) => page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 })
const directorShot = (page: Page) => page.evaluate(() => window.smleInspect?.directorShot() ?? null)
const cameraAt = (page: Page) => page.evaluate(() => window.smleInspect!.cameraPosition())
const dist = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }) =>
  Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)

/**
 * Waits until the camera has come to rest on the director's latest shot (an
 * action held back while a shot was held may follow the one asked for), and
 * checks that shot too stands clear of walls and the ground.
 */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await directorShot(page)
        return s ? dist(await cameraAt(page), s.position) : 99
      },
      { timeout: 30_000 },
    )
    .toBeLessThan(0.6)
  const last = (await directorShot(page))!
  const state = (await snapshot()).state
  expect(shotClear(buildWorld((await snapshot()).scenario), state.doors, last as Shot)).toBe(true)
}

/** Plays the random legal player's commands through the host until one makes the director frame `kind`. */
async function playUntil(page: Page, kinds: readonly string[], seed: number, limit = 80): Promise<DirectorShot> {
  const s0 = await snapshot()
  const world = buildWorld(s0.scenario)
  const player = randomPlayer(seedRng(seed))
  for (let i = 0; i < limit; i++) {
    const before = (await directorShot(page))?.atMs ?? -1
    const s = await snapshot()
    const c = player.next(s.state, world)
    if (!c) break
    const r = await hostRequest<{ ok: boolean }>('match:dispatch', c as CommandInput)
    expect(r.ok).toBe(true)
    // The feed has the change (and the director its shot, if it takes one) before the next command.
    await expect
      .poll(async () => (await page.evaluate(() => window.smleInspect?.stateHash() ?? null)) !== null)
      .toBe(true)
    await page.waitForTimeout(120)
    const got = await directorShot(page)
    if (got && got.atMs !== before && kinds.includes(got.kind)) return got
  }
  throw new Error(`no ${kinds.join('/')} shot in ${limit} commands`)
}

test('the director camera follows the action on the clean feed: teams, moves and fire, never through a wall', async ({
  browser,
}, info) => {
  test.setTimeout(150_000)
  await hostRequest('match:new', { scenarioId: 'smle-few-brave-sentients', seed: 3 })
  const feed = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  // The feed's camera is the director's unless its address says otherwise.
  await feed.goto('/?clean=1')
  await ready(feed)
  const world = buildWorld((await snapshot()).scenario)
  const clear = (s: DirectorShot) => shotClear(world, (s0State?.doors ?? {}) as never, s as Shot)
  let s0State = (await snapshot()).state

  // Its opening shot frames the table (or the acting team).
  await expect.poll(async () => (await directorShot(feed))?.kind).toBe('team')
  await shot(feed, info, '01-opening')

  // A figure moves: the camera glides or cuts to it, and settles on the shot it asked for.
  const move = await playUntil(feed, ['move'], 5)
  s0State = (await snapshot()).state
  expect(clear(move)).toBe(true)
  await settled(feed)
  await shot(feed, info, '02-move')

  // Fire: the camera looks from behind the firer toward its target.
  const fire = await playUntil(feed, ['fire', 'assault', 'explosion'], 9, 200)
  s0State = (await snapshot()).state
  expect(clear(fire)).toBe(true)
  await feed.waitForTimeout(400)
  // While the dice roll, the tray comes forward in the middle of the picture.
  const forward = await feed.evaluate(() => {
    const t = document.querySelector<HTMLElement>('[data-testid="dice-tray"][data-spotlight="on"]')
    return t ? t.getBoundingClientRect().width : null
  })
  if (forward !== null) {
    expect(forward).toBeGreaterThan(1280 * 0.4)
    await shot(feed, info, '03-fire-tray-forward')
  }
  await settled(feed)
  await shot(feed, info, '04-fire')
  info.annotations.push({
    type: 'director',
    description: `move ${move.cut ? 'cut' : 'glide'} to ${JSON.stringify(move.target)}; ${fire.kind} ${fire.cut ? 'cut' : 'glide'} from ${JSON.stringify(fire.position)}`,
  })
})

test('a player picks the camera: the director’s presets from the tool bar or C, and L locks it', async ({
  page,
}, info) => {
  test.setTimeout(120_000)
  await hostRequest('match:new', { scenarioId: 'smle-few-brave-sentients', seed: 3 })
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto('/')
  await ready(page)
  const choice = page.getByTestId('camera-choice')
  await expect(choice).toHaveValue('free')
  // C hands the camera to the director.
  await page.keyboard.press('c')
  await expect(choice).toHaveValue('auto')
  await expect.poll(async () => (await directorShot(page))?.kind).toBeTruthy()

  // The dice of a throw: the tray comes forward, large in the middle of the window, then goes back to its panel.
  const s = await snapshot()
  expect(
    (await hostRequest<{ ok: boolean }>('match:dispatch', { type: 'rollActivation', sideId: s.state.activeSideId })).ok,
  ).toBe(true)
  const trayWidth = () =>
    page.evaluate(() => {
      const t = document.querySelector<HTMLElement>('[data-testid="dice-tray"][data-spotlight="on"]')
      return t ? t.getBoundingClientRect().width : 0
    })
  await expect.poll(trayWidth).toBeGreaterThan(1280 * 0.4)
  await page.waitForTimeout(700)
  await shot(page, info, '00-tray-forward')
  await expect.poll(trayWidth, { timeout: 15_000 }).toBe(0)

  // Overhead: the camera looks nearly straight down on what it frames.
  await choice.selectOption('overhead')
  await expect
    .poll(async () => {
      const s = await directorShot(page)
      return s ? (s.position.y - s.target.y) / Math.hypot(s.position.x - s.target.x, s.position.z - s.target.z) : 0
    })
    .toBeGreaterThan(3)
  await settled(page)
  await shot(page, info, '01-overhead')

  // Locked, the camera stays put while the game goes on.
  await page.keyboard.press('l')
  await expect(choice).toHaveValue('locked')
  const still = await cameraAt(page)
  const lockedAt = (await directorShot(page))!.atMs
  await playUntilChange(page, 6)
  await page.waitForTimeout(600)
  expect(dist(await cameraAt(page), still)).toBeLessThan(1e-6)
  expect((await directorShot(page))!.atMs).toBe(lockedAt)
  await page.keyboard.press('l')
  await expect(choice).toHaveValue('overhead')

  // Low angle: the camera comes down near the table.
  await choice.selectOption('low')
  await expect
    .poll(async () => {
      const s = await directorShot(page)
      return s ? (s.position.y - s.target.y) / Math.hypot(s.position.x - s.target.x, s.position.z - s.target.z) : 99
    })
    .toBeLessThan(0.5)
  await settled(page)
  await shot(page, info, '02-low-angle')

  // Back to the player's own camera.
  await choice.selectOption('free')
  await expect(choice).toHaveValue('free')
})

/** A few of the random player's commands (anything that changes the game). */
async function playUntilChange(page: Page | null, n: number): Promise<void> {
  const s0 = await snapshot()
  const world = buildWorld(s0.scenario)
  const player = randomPlayer(seedRng(11))
  for (let i = 0; i < n; i++) {
    const c = player.next((await snapshot()).state, world)
    if (!c) return
    await hostRequest('match:dispatch', c as CommandInput)
  }
  await page?.waitForTimeout(200)
}

test('a feed address plays a save as a replay on its own, the director following each step', async ({
  browser,
}, info) => {
  test.setTimeout(120_000)
  await hostRequest('match:new', { scenarioId: 'smle-few-brave-sentients', seed: 3 })
  await playUntilChange(null, 14)
  const saved = await hostRequest<{ id: string }>('save:create', { name: 'Feed replay' })
  // The live game goes on elsewhere: the feed shows the save, not the game.
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: 7 })
  const feed = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  await feed.goto(`/?clean=1&replay=${encodeURIComponent(saved.id)}&speed=4`)
  await ready(feed)
  const shown = () => feed.evaluate(() => window.smleInspect?.replay() ?? null)
  await expect.poll(async () => (await shown())?.length).toBe(14)
  await expect(feed.getByTestId('feed-title')).toHaveText('The Few Brave Sentients')
  // It steps on by itself, and the camera follows.
  await expect.poll(async () => (await shown())?.index ?? 0, { timeout: 60_000 }).toBeGreaterThanOrEqual(6)
  await expect.poll(async () => (await directorShot(feed))?.kind).toBeTruthy()
  await expect(feed.locator('button')).toHaveCount(0)
  await shot(feed, info, '01-feed-replay')
  await expect.poll(async () => (await shown())?.index ?? 0, { timeout: 90_000 }).toBe(14)
})
