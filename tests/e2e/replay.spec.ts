import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import {
  dispatch,
  hashValue,
  type Match,
  newHeader,
  ScenarioSchema,
  sidesViewer,
  startMatch,
  viewState,
} from '../../src-engine/index'
import { nextCommand } from '../fixtures/drive'
import { canvasStats, dataDir, hostRequest, openApp, openPanel, shot } from './support'

const SEED = 12
/** Commands played before the replay is opened: set-up, activation rolls (dice), moves and ends of activation. */
const COMMANDS = 9

/** The hot seat's view of every state the game goes through: what the page drew live, by command index. */
function playEngineSide(): { commands: unknown[]; hashes: string[] } {
  const file = join(import.meta.dirname, '..', '..', 'assets', 'scenarios', 'farmhouse-skirmish.json')
  const scenario = ScenarioSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
  let m: Match = startMatch(newHeader(scenario, SEED))
  const hotSeat = sidesViewer(...scenario.sides.map((s) => s.id))
  const hashes = [hashValue(viewState(m.state, hotSeat, scenario))]
  const commands: unknown[] = []
  for (let i = 0; i < COMMANDS; i++) {
    const c = nextCommand(m)
    const r = dispatch(m, c)
    if (!r.decision.ok) throw new Error(`refused ${JSON.stringify(c)}`)
    m = r.match
    commands.push(c)
    hashes.push(hashValue(viewState(m.state, hotSeat, scenario)))
  }
  return { commands, hashes }
}

const drawnHash = (page: Page) => page.evaluate(() => window.smleInspect?.stateHash() ?? null)
const drawnIndex = (page: Page) => page.evaluate(() => window.smleInspect?.replay()?.index ?? null)

/** Waits until the replay shows step `i`, then checks that the table drawn is the original game's state at `i`. */
async function expectStep(page: Page, i: number, hashes: readonly string[]): Promise<void> {
  await page.waitForFunction((index) => window.smleInspect?.replay()?.index === index, i, { polling: 25 })
  await expect(page.getByTestId('replay-index')).toHaveAttribute('data-index', String(i))
  expect(await drawnHash(page), `state drawn at step ${i}`).toBe(hashes[i])
}

test('replay: step forward and back through the game just played, then through its save, read only', async ({
  page,
}, info) => {
  const { commands, hashes } = playEngineSide()
  await hostRequest('match:new', { scenarioId: 'farmhouse-skirmish', seed: SEED })
  await openApp(page)
  // Played through the host while the page watches: each state drawn live is the original's.
  for (const [i, c] of commands.entries()) {
    const d = await hostRequest<{ ok: boolean }>('match:dispatch', c)
    expect(d.ok).toBe(true)
    await expect
      .poll(() => drawnHash(page), { message: `live state after ${i + 1}`, intervals: [25, 50, 100] })
      .toBe(hashes[i + 1])
  }

  // The running game as a replay: it opens at its last command.
  await page.getByTestId('replay-toggle').click()
  await expect(page.getByTestId('replay-bar')).toBeVisible()
  await expect(page.getByTestId('replay-shows')).toHaveText('As your seat saw it')
  await expectStep(page, COMMANDS, hashes)
  // Back one command at a time (←), to the start, each state the original's.
  for (let i = COMMANDS - 1; i >= 0; i--) {
    await page.keyboard.press('ArrowLeft')
    await expectStep(page, i, hashes)
  }
  // Forward with the button, showing each step's words.
  for (let i = 1; i <= 2; i++) {
    await page.getByRole('button', { name: 'Step forward' }).click()
    await expectStep(page, i, hashes)
  }
  // The first activation roll: its dice are thrown again in the tray, from their recorded throws.
  const rolled = commands.findIndex((c) => (c as { type: string }).type === 'rollActivation') + 1
  expect(rolled).toBeGreaterThan(0)
  await page.getByLabel('Replay timeline').fill(String(rolled))
  await expectStep(page, rolled, hashes)
  await expect(page.getByTestId('replay-lines')).toContainText('rolled for')
  await openPanel(page, 'dice')
  // Recomputed from the recorded throw and checked against its faces and trajectory fingerprint.
  await page.waitForFunction(() => window.smleDice?.verified === true, undefined, { polling: 50 })
  // Thrown again in the tray: its frames play (on a loaded machine the dice may already be at rest when asked).
  expect(['rolling', 'settled']).toContain(await page.evaluate(() => window.smleDice?.phase))
  await expect.poll(() => page.evaluate(() => window.smleDice?.frame ?? 0)).toBeGreaterThan(0)
  expect(await page.evaluate(() => window.smleDice?.replayedFaces)).toEqual(
    await page.evaluate(() => window.smleDice?.recordedFaces),
  )
  const stats = await canvasStats(page)
  expect(stats.variance).toBeGreaterThan(100)
  await shot(page, info, '01-replay-activation-roll')
  // End, and Home: both ends of the timeline.
  await page.keyboard.press('End')
  await expectStep(page, COMMANDS, hashes)
  await page.keyboard.press('Home')
  await expectStep(page, 0, hashes)
  // Space plays (a step every moment), Space again pauses.
  await page.keyboard.press('Space')
  await expect.poll(() => drawnIndex(page)).toBeGreaterThanOrEqual(1)
  await page.keyboard.press('Space')
  await expect(page.getByTestId('replay-play')).toHaveAccessibleName('Play')
  const paused = (await drawnIndex(page))!
  await expectStep(page, paused, hashes)

  // The game itself was not touched by the replay.
  const seq = (await hostRequest<{ seq: number }>('match:snapshot')).seq
  expect(seq).toBe(COMMANDS)

  // Leave (Esc): the game is back as it stands.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('replay-bar')).toHaveCount(0)
  await expect.poll(() => drawnHash(page)).toBe(hashes[COMMANDS])

  // Saved, then replayed from the Saves panel: the file is only read.
  const saved = await hostRequest<{ id: string }>('save:create', { name: 'Replay me' })
  const file = join(dataDir, 'saves', `${saved.id}.smle.json`)
  const bytes = readFileSync(file)
  await openPanel(page, 'saves')
  await page.getByRole('button', { name: 'Refresh list' }).click()
  await page.getByRole('button', { name: 'Replay Replay me' }).click()
  await expect(page.getByTestId('replay-bar')).toContainText('Replay: Replay me')
  await expectStep(page, 0, hashes)
  for (let i = 1; i <= 2; i++) {
    await page.keyboard.press('ArrowRight')
    await expectStep(page, i, hashes)
  }
  await page.getByLabel('Jump to round').selectOption({ label: 'Start' })
  await expectStep(page, 0, hashes)
  await page.keyboard.press('End')
  await expectStep(page, COMMANDS, hashes)
  await shot(page, info, '02-replay-of-save-at-end')
  await page.getByRole('button', { name: 'Leave replay' }).click()
  await expect(page.getByTestId('replay-bar')).toHaveCount(0)
  expect(readFileSync(file).equals(bytes)).toBe(true)
  expect((await hostRequest<{ seq: number }>('match:snapshot')).seq).toBe(COMMANDS)
})
