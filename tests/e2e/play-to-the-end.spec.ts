import { expect, type Page, test } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  type CommandInput,
  dispatch,
  type Match,
  newHeader,
  randomPlayer,
  ScenarioSchema,
  seedRng,
  startMatch,
} from '../../src-engine/index'
import { openApp, shot, snapshot, startAt } from './support'

// "Ambush!" (SMLE-SCEN-05), seed 1: seven rounds played by the random legal-command player on both sides
// (engine-side, dice thrown in the tray as the host throws them), then the last round through the UI.
const SCENARIO = 'smle-ambush'
const SEED = 1

/** The commands that bring the game to the roll of its last round. */
function toLastRound(): CommandInput[] {
  const scenario = ScenarioSchema.parse(
    JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'assets', 'scenarios', `${SCENARIO}.json`), 'utf8')),
  )
  const limit = scenario.roundLimit ?? 10
  const player = randomPlayer(seedRng(SEED))
  let m: Match = startMatch(newHeader(scenario, SEED))
  const commands: CommandInput[] = []
  while (!(m.state.round === limit && m.state.phase === 'activation')) {
    if (m.state.phase === 'ended') throw new Error(`seed ${SEED}: the game ended before its last round`)
    const c = player.next(m.state, m.world)
    if (!c) throw new Error('no legal command')
    const r = dispatch(m, c)
    if (!r.decision.ok) throw new Error(`refused: ${r.decision.reason.clause}`)
    m = r.match
    commands.push(c)
  }
  return commands
}

const opening = { seed: SEED, commands: toLastRound() }

/** Moves the game on from the UI: the turn bar's step, or else the first option the Actions panel offers. */
async function moveOn(page: Page): Promise<void> {
  const seq = (await snapshot()).seq
  // The page has had the reply to its last command (its step is greyed until then: one command at a time).
  await expect(page.locator('.panel.turn[data-sending]')).toHaveCount(0)
  const step = page.locator('.panel.turn').getByRole('button').first()
  const label = (await step.textContent()) ?? ''
  if (label !== 'Undo' && (await step.isEnabled())) await step.click()
  const moved = await expect
    .poll(async () => (await snapshot()).seq, { timeout: 4000 })
    .toBeGreaterThan(seq)
    .then(() => true)
    .catch(() => false)
  if (moved) return
  // The step was refused (a compulsory move first, SMLE-OPT-07/08, or a reaction to decide): do what the rules ask.
  await expect(page.getByRole('alert')).toContainText('SMLE-')
  await page
    .getByRole('region', { name: 'Actions' })
    .getByRole('button', { name: /^(Fall back|Break|Stay up|Hold fire)/ })
    .first()
    .click()
  // On a loaded machine an answer can be slow: the caller tries again from what the page then shows (its loop is
  // bounded, and the game must still reach its end).
  await expect
    .poll(async () => (await snapshot()).seq, { timeout: 10_000 })
    .toBeGreaterThan(seq)
    .catch(() => undefined)
}

test('Ambush! to the end: the last round through the UI, then the victory check and the summary', async ({
  page,
}, info) => {
  test.setTimeout(150_000)
  await startAt(SCENARIO, opening)
  await openApp(page)
  const start = await snapshot()
  expect(start.state.round).toBe(8)
  expect(start.state.phase).toBe('activation')
  await shot(page, info, '01-last-round')

  for (let i = 0; i < 80 && (await snapshot()).state.phase !== 'ended'; i++) await moveOn(page)
  const end = await snapshot()
  expect(end.state.phase).toBe('ended')
  expect(end.state.result).not.toBeNull()

  const over = page.getByRole('dialog', { name: 'Game over' })
  await expect(over).toBeVisible()
  const winner = end.state.result?.winnerSideId
  const name = end.state.sides.find((s) => s.id === winner)?.name
  await expect(over.getByTestId('winner')).toContainText(name ? `${name} won` : 'draw')
  await expect(over).toContainText(end.state.result!.reason)
  await shot(page, info, '02-game-over')
})
