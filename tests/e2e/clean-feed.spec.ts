import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { type MatchState, sideToAct, viewState } from '../../src-engine/index'
import { nextStep } from '../../src-renderer/state/next-step'
import { readWebm } from '../fixtures/webm'
import { hostRequest, RESULTS_DIR, shot, snapshot } from './support'

interface AmbushFile {
  teams: { id: string; name: string; hidden?: boolean; figures: { id: string; name: string }[] }[]
}
const ambush = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'assets', 'scenarios', 'smle-ambush.json'), 'utf8'),
) as AmbushFile
/** The partisans set up hidden (SMLE-SCEN-05): ids and names a spectator must never be sent. */
const secrets = ambush.teams.filter((t) => t.hidden).flatMap((t) => [t.id, ...t.figures.flatMap((f) => [f.id, f.name])])
const asWord = (s: string): RegExp =>
  new RegExp(`(^|[^A-Za-z0-9-])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9-])`)

/** Words of the player's panels and bars: none may show on the feed. */
const PANEL_WORDS = ['Undo', 'Fairness report', 'Game log', 'Actions', 'Teams', 'New game', 'Save', 'Watching']

const ready = (page: Page) => page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 })

/** The player moves the game on with E (roll activation, hold fire, end activation), its panels hidden. */
async function playNextStep(player: Page): Promise<void> {
  const before = (await snapshot()).seq
  if (!nextStep((await snapshot()).state)) throw new Error('the game is over')
  // E acts on the game the page was sent: wait until it has the host's last change.
  await expect.poll(() => player.evaluate(() => window.smleInspect?.seq() ?? -1)).toBe(before)
  await player.keyboard.press('e')
  await expect.poll(async () => (await snapshot()).seq).toBeGreaterThan(before)
}

test('the clean feed shows the table and the viewers’ overlays only, follows a game played elsewhere, and is sent nothing hidden', async ({
  browser,
}, info) => {
  await hostRequest('match:new', { scenarioId: 'smle-ambush', seed: 5 })
  const feed = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  const errors: string[] = []
  feed.on('pageerror', (e) => errors.push(e.message))
  const frames: string[] = []
  feed.on('websocket', (ws) => ws.on('framereceived', (f) => void frames.push(String(f.payload))))
  // No seat named: a clean feed watches as a spectator.
  await feed.goto('/?clean=1')
  await ready(feed)

  // The table and overlays, nothing to press and no panel.
  await expect(feed.getByTestId('feed-title')).toHaveText('Ambush!')
  await expect(feed.locator('button')).toHaveCount(0)
  await expect(feed.locator('.panel, .dock-grid, [data-panel]')).toHaveCount(0)
  const text = await feed.locator('body').innerText()
  for (const w of PANEL_WORDS) expect(text).not.toContain(w)
  // For a browser source: no cursor, no scrollbars.
  const page = await feed.evaluate(() => ({
    cursor: getComputedStyle(document.body).cursor,
    canvasCursor: getComputedStyle(document.querySelector('canvas')!).cursor,
    overflows:
      document.documentElement.scrollHeight > window.innerHeight ||
      document.documentElement.scrollWidth > window.innerWidth,
  }))
  expect(page).toEqual({ cursor: 'none', canvasCursor: 'none', overflows: false })

  // A player's window (the hot seat) beside it: P hides every panel there, the keys still work.
  const player = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  await player.goto('/')
  await ready(player)
  const teams = player.getByRole('region', { name: 'Teams' })
  await expect(teams).toBeVisible()
  await player.keyboard.press('p')
  await expect(teams).toBeHidden()
  await expect(player.locator('.dock-grid')).toBeHidden()
  await expect(player.getByText('Panels hidden: press P to show them')).toBeVisible()
  await shot(player, info, 'player-panels-hidden')

  // Played from the player's window, step by step: the round and the side to act follow; rolls show in the corner.
  for (let i = 0; i < 3; i++) {
    await playNextStep(player)
    const state = (await snapshot()).state
    // The feed watches as a spectator: a window only the hidden partisans may fire in is not shown to it, and the
    // side to act it shows is the one its view gives (SMLE-SCEN-05).
    const seen = viewState(state, { kind: 'spectator' })
    const acting = seen.sides.find((s) => s.id === (seen.pending?.sideId ?? sideToAct(seen)))
    await expect(feed.getByTestId('feed-round')).toHaveText(state.phase === 'setup' ? 'Set-up' : `Round ${state.round}`)
    if (acting) await expect(feed.getByTestId('feed-acting')).toContainText(acting.name)
    if (i === 0) {
      // Activation was rolled: the tray replays the throw in the corner, with what it is for.
      await expect(feed.getByTestId('feed-roll')).toHaveAttribute('data-phase', 'rolling')
      await expect(feed.getByTestId('feed-roll')).toContainText('activation of')
      await expect(feed.getByTestId('dice-tray')).toBeVisible()
      await shot(feed, info, '1280x720-rolling')
    }
  }
  await expect(feed.locator('button')).toHaveCount(0)
  await expect(feed.locator('.panel, .dock-grid, [data-panel]')).toHaveCount(0)
  // P again: the player's panels are back.
  await player.keyboard.press('p')
  await expect(teams).toBeVisible()
  await player.close()

  // Settled, the roll shows its dice, modifiers with their clauses and the total.
  const roll = feed.getByTestId('feed-roll')
  await expect(roll).toContainText(/Total \d+/, { timeout: 30_000 })
  await shot(feed, info, '1280x720-roll-settled')
  await expect(roll).toContainText(/\[SMLE-[A-Z]+-\d+\]/)

  // Nothing hidden reached the feed: not in a frame, not on the page, not in its drawn scene.
  expect(frames.length).toBeGreaterThan(0)
  const names = await feed.evaluate(() => window.smleInspect?.objectNames() ?? [])
  const seen = `${frames.join('\n')}\n${await feed.content()}\n${names.join('\n')}`
  for (const s of secrets) expect(seen, `"${s}" reached the feed`).not.toMatch(asWord(s))
  expect(errors).toEqual([])
  await feed.close()
})

test('overlays switch from the address; bg=transparent leaves all but the table transparent', async ({ browser }) => {
  await hostRequest('match:new', { scenarioId: 'smle-ambush', seed: 5 })
  const feed = await browser.newPage({ viewport: { width: 1920, height: 1080 } })
  await feed.goto('/?seat=spectator&clean=1&overlays=round,casualties&bg=transparent')
  await ready(feed)
  await expect(feed.getByTestId('feed-round')).toBeVisible()
  await expect(feed.getByTestId('feed-title')).toHaveCount(0)
  // A loss drawn as if just seen, in the spectator's own view (the ticker reads the events the seat was sent).
  await feed.evaluate(async () => {
    const ws = new WebSocket(`ws://${location.host}/ws?seat=spectator`)
    const reply = await new Promise<{ value: { state: MatchState } }>((resolve) => {
      ws.addEventListener('message', (ev) => {
        const msg = JSON.parse(String(ev.data)) as { id?: number; reply?: { value: never } }
        if (msg.id === 1 && msg.reply) resolve(msg.reply)
      })
      ws.addEventListener('open', () => ws.send(JSON.stringify({ id: 1, channel: 'match:snapshot' })))
    })
    ws.close()
    const state = reply.value.state
    const figureId = Object.keys(state.figures)[0]!
    window.smleInspect!.showState({
      state,
      recent: [
        { seq: 1, event: { type: 'FigureStatusChanged', figureId, status: 'dead', cause: 'shot' }, before: state },
      ],
    })
  })
  await expect(feed.getByTestId('feed-casualties')).toContainText('killed (shot)')
  const corner = await feed.evaluate(() => {
    const c = document.querySelector('canvas')!
    const tmp = document.createElement('canvas')
    tmp.width = c.width
    tmp.height = c.height
    const ctx = tmp.getContext('2d')!
    ctx.drawImage(c, 0, 0)
    return {
      corner: ctx.getImageData(2, 2, 1, 1).data[3],
      middle: ctx.getImageData(c.width / 2, c.height / 2, 1, 1).data[3],
    }
  })
  expect(corner).toEqual({ corner: 0, middle: 255 })
  // Sized with the page: at 1920×1080 the turn overlay is as large, in proportion, as at 1280×720.
  const tall = (await feed.getByTestId('feed-round').boundingBox())!.height
  expect(tall).toBeGreaterThan(1080 * 0.025)
  await feed.screenshot({ path: join(RESULTS_DIR, 'clean-feed', 'transparent-1920x1080.png'), omitBackground: true })
  await feed.setViewportSize({ width: 1280, height: 720 })
  await expect
    .poll(async () => (await feed.getByTestId('feed-round').boundingBox())!.height / tall)
    .toBeGreaterThan(0.6)
  expect((await feed.getByTestId('feed-round').boundingBox())!.height / tall).toBeLessThan(0.73)
  await feed.close()
})

test('Shift+R records the clean feed: the indicator shows, and again the file is saved and named', async ({
  browser,
}, info) => {
  await hostRequest('match:new', { scenarioId: 'smle-ambush', seed: 5 })
  const feed = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  const errors: string[] = []
  feed.on('pageerror', (e) => errors.push(e.message))
  await feed.goto('/?clean=1')
  await ready(feed)
  await feed.keyboard.press('Shift+R')
  const indicator = feed.getByTestId('recording-indicator')
  await expect(indicator).toHaveText(/● REC 0:0\d/)
  await expect(indicator).toHaveText(/REC 0:0[2-9]/)
  await shot(feed, info, 'recording')
  await feed.keyboard.press('Shift+R')
  await expect(indicator).toBeHidden()
  const notice = feed.getByTestId('feed-notice')
  await expect(notice).toContainText('Recording saved to ')
  await shot(feed, info, 'recording-saved')
  const path = (await notice.textContent())!.replace(/^.*Recording saved to /, '').trim()
  const bytes = readFileSync(path)
  expect([...bytes.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3])
  expect(readWebm(bytes).frames).toBeGreaterThanOrEqual(2)
  // Still nothing to press on the feed.
  await expect(feed.locator('button')).toHaveCount(0)
  expect(errors).toEqual([])
  await feed.close()
})

test('a replay on the feed tells each step in the log’s words (`log=0` switches it off)', async ({ browser }, info) => {
  await hostRequest('match:new', { scenarioId: 'smle-ambush', seed: 5 })
  for (let i = 0; i < 3; i++) {
    const step = nextStep((await snapshot()).state)
    if (step) await hostRequest('match:dispatch', step.command)
  }
  const feed = await browser.newPage({ viewport: { width: 1280, height: 720 } })
  await feed.goto('/?clean=1&replay=game&speed=4')
  await ready(feed)
  const log = feed.getByTestId('feed-log')
  await expect(log).toBeVisible({ timeout: 30_000 })
  await expect(log.locator('li').first()).not.toBeEmpty()
  await shot(feed, info, 'replay-log')
  await feed.goto('/?clean=1&replay=game&speed=4&log=0')
  await ready(feed)
  await expect.poll(() => feed.evaluate(() => window.smleInspect?.replay()?.index ?? 0)).toBeGreaterThan(1)
  await expect(log).toHaveCount(0)
  await feed.close()
})
