import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { dispatch, type Match, newHeader, ScenarioSchema, startMatch } from '../../src-engine/index'
import { pacedLengthMs } from '../../src-renderer/hud/replay-video/pacing'
import { nextCommand } from '../fixtures/drive'
import { readWebm } from '../fixtures/webm'
import { dataDir, hostRequest, openApp, openPanel, shot } from './support'

const SEED = 7
/** Commands of the game replayed: two activation rolls (dice), then holds, moves and ends of activation. */
const COMMANDS = 9
/**
 * The measured render starts here, after the dice: a step that throws dice
 * holds this machine's page for seconds while the tray replays the throw, and
 * the capture's frames then tell little of the time. Seven plain steps at
 * Play's pace: about 4.9 s of video.
 */
const RENDER_FROM = 3

/** The game's commands, played engine-side, and whether each step (0: the start) threw dice. */
function playEngineSide(): { commands: unknown[]; dice: boolean[] } {
  const file = join(import.meta.dirname, '..', '..', 'assets', 'scenarios', 'farmhouse-skirmish.json')
  const scenario = ScenarioSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
  let m: Match = startMatch(newHeader(scenario, SEED))
  const commands: unknown[] = []
  const dice = [false]
  for (let i = 0; i < COMMANDS; i++) {
    const c = nextCommand(m)
    const r = dispatch(m, c)
    if (!r.decision.ok) throw new Error(`refused ${JSON.stringify(c)}`)
    dice.push(r.decision.events.some((e) => e.type === 'DiceRolled'))
    m = r.match
    commands.push(c)
  }
  return { commands, dice }
}

const game = playEngineSide()
const recordingsDir = join(dataDir, 'recordings')
const recordings = (): string[] => {
  try {
    return readdirSync(recordingsDir).sort()
  } catch {
    return []
  }
}
const shownIndex = (page: Page) => page.getByTestId('replay-index')
const progressValue = async (page: Page) =>
  Number((await page.getByTestId('replay-render-progress').getAttribute('value')) ?? -1)

/**
 * The page's socket goes to the real host through this route; `hold` keeps
 * the host's messages from the page until `release`, so a render waits at its
 * next step while a screenshot (seconds on this machine) is taken.
 */
async function routeHost(page: Page): Promise<{ hold: () => void; release: () => void }> {
  let held: (string | Buffer)[] | null = null
  let toPage: (m: string | Buffer) => void = () => undefined
  await page.routeWebSocket(/\/ws/, (ws) => {
    const server = ws.connectToServer()
    ws.onMessage((m) => server.send(m))
    server.onMessage((m) => (held ? held.push(m) : ws.send(m)))
    toPage = (m) => ws.send(m)
  })
  return {
    hold: () => void (held ??= []),
    release: () => {
      const waiting = held ?? []
      held = null
      for (const m of waiting) toPage(m)
    },
  }
}

/** Opens the app and the game's replay (at its last command), the dice tray open. */
async function openGameReplay(page: Page): Promise<void> {
  await openApp(page)
  await openPanel(page, 'dice')
  await page.getByTestId('replay-toggle').click()
  await expect(shownIndex(page)).toHaveAttribute('data-index', String(COMMANDS))
}

/** Notes every step the replay bar shows from now on, and every progress text, in order (`window.noted`). */
async function noteSteps(page: Page): Promise<void> {
  await page.evaluate(() => {
    const noted = { steps: [] as number[], progress: [] as string[] }
    Object.assign(window, { noted })
    setInterval(() => {
      const i = Number(document.querySelector('[data-testid="replay-index"]')?.getAttribute('data-index') ?? -1)
      if (noted.steps.at(-1) !== i) noted.steps.push(i)
      const text = document.querySelector('[data-testid="replay-render-text"]')?.textContent
      if (text && noted.progress.at(-1) !== text) noted.progress.push(text)
    }, 20)
  })
}
const noted = (page: Page) =>
  page.evaluate(() => (window as unknown as { noted: { steps: number[]; progress: string[] } }).noted)

test('a replay is rendered to a WebM video with its progress shown; a cancelled render leaves no file', async ({
  page,
}, info) => {
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: SEED })
  for (const c of game.commands) expect((await hostRequest<{ ok: boolean }>('match:dispatch', c)).ok).toBe(true)
  const host = await routeHost(page)
  await openGameReplay(page)
  await page.getByLabel('Replay timeline').fill(String(RENDER_FROM))
  await expect(shownIndex(page)).toHaveAttribute('data-index', String(RENDER_FROM))
  expect(game.dice.slice(RENDER_FROM)).not.toContain(true)
  const before = recordings()
  const progress = page.getByTestId('replay-render-progress')
  const indicator = page.getByTestId('recording-indicator')
  const message = page.getByTestId('message')

  // From the step shown to the end, at Play's pace.
  await noteSteps(page)
  await page.getByTestId('replay-render').click()
  await expect(progress).toBeVisible()
  // The keys do not move the replay while it renders, and the step controls wait.
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Space')
  expect(
    await page.evaluate(() =>
      ['Step back', 'Step forward', 'Play', 'Replay timeline', 'Jump to round'].map(
        (name) => document.querySelector<HTMLButtonElement>(`[aria-label="${name}"]`)?.disabled,
      ),
    ),
  ).toEqual([true, true, true, true, true])
  await expect(page.getByTestId('replay-render')).toBeDisabled()
  await expect(page.getByTestId('record-toggle')).toBeDisabled()
  await expect(indicator).toContainText('REC')
  // The director films it (the player's own camera was on).
  await expect(page.getByTestId('camera-choice')).toHaveValue('auto')
  // (No screenshot of this render: one takes seconds here and would starve the video of frames.)

  await expect(message).toContainText('Video of the replay saved to ', { timeout: 20_000 })
  await expect(progress).toBeHidden()
  await expect(indicator).toBeHidden()
  await expect(shownIndex(page)).toHaveAttribute('data-index', String(COMMANDS))
  await expect(page.getByTestId('replay-render')).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Step back' })).toBeEnabled()
  await expect(page.getByTestId('camera-choice')).toHaveValue('free')
  await shot(page, info, '01-saved')
  // Every step once, in order (the keys pressed moved nothing), and the bar with each.
  const rendered = await noted(page)
  expect(rendered.steps).toEqual([3, 4, 5, 6, 7, 8, 9])
  expect(rendered.progress.filter((t) => t.startsWith('Rendering'))).toEqual(
    [0, 17, 33, 50, 67, 83, 100].map((p, i) => `Rendering video: command ${i + 3} of 9 (${p}%)`),
  )

  const path = (await message.textContent())!.replace(/^.*Video of the replay saved to /, '').trim()
  expect(path.startsWith(recordingsDir)).toBe(true)
  expect(path).toMatch(/\/replay-Skirmish-at-the-Farmhouse[^/]*\.webm$/)
  expect(recordings().filter((n) => !before.includes(n))).toEqual([path.slice(recordingsDir.length + 1)])
  expect(recordings().filter((n) => !n.endsWith('.webm'))).toEqual([])

  const bytes = readFileSync(path)
  const webm = readWebm(bytes)
  expect(webm.codecs.some((c) => c === 'V_VP8' || c === 'V_VP9')).toBe(true)
  const canvasSize = await page.evaluate(() => {
    const c = document.querySelector('canvas')!
    return { width: c.width, height: c.height }
  })
  expect({ width: webm.width, height: webm.height }).toEqual(canvasSize)
  expect(webm.keyFrames).toBeGreaterThanOrEqual(1)
  const durationMs = (webm.lastFrameMs ?? 0) - (webm.firstFrameMs ?? 0)
  // Play's pace: 0.7 s a step.
  const pacedMs = pacedLengthMs(game.dice.slice(RENDER_FROM))
  expect(pacedMs).toBe(7 * 700)
  info.annotations.push({
    type: 'render',
    description: `${bytes.length} bytes, ${webm.frames} frames (${webm.keyFrames} key), ${durationMs} ms (paced ${pacedMs} ms), ${webm.codecs.join(',')} ${webm.width}×${webm.height}`,
  })
  // Generous bounds: on a shared machine drawing with SwiftShader the capture gets one or two frames a second
  // (9 frames over 4.7 to 5.7 s here), the first and last near the ends of the render.
  expect(webm.frames).toBeGreaterThanOrEqual(3)
  expect(durationMs).toBeGreaterThan(pacedMs * 0.6)
  expect(durationMs).toBeLessThan(pacedMs + 5000)

  // From the end, a render starts at the start (10.8 s, its dice thrown); Cancel drops it.
  const saved = recordings()
  await page.getByTestId('replay-render').click()
  await expect.poll(() => progressValue(page)).toBeGreaterThanOrEqual(1)
  host.hold()
  await shot(page, info, '02-rendering')
  host.release()
  await page.getByTestId('replay-render-cancel').click()
  await expect(message).toContainText('Rendering cancelled: no video was saved.')
  await expect(progress).toBeHidden()
  await expect(indicator).toBeHidden()
  await expect(page.getByRole('button', { name: 'Step back' })).toBeEnabled()
  // The host drops the upload's temporary file as the cancel reaches it.
  await expect.poll(recordings).toEqual(saved)
  expect((await noted(page)).steps.slice(7, 9)).toEqual([0, 1])

  // Again, from where that one stopped: Esc leaves the replay and ends the render.
  await page.getByTestId('replay-render').click()
  await expect(progress).toBeVisible()
  await expect(indicator).toContainText('REC')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('replay-bar')).toHaveCount(0)
  await expect(message).toContainText('the replay was left. Nothing was saved.')
  await expect(indicator).toBeHidden()
  await expect.poll(recordings).toEqual(saved)
})
