import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseScenario, type Scenario } from '../../src-engine/index'
import { playersFor } from '../../src-engine/ai/smle/players'
import { dispatch, newHeader, startMatch } from '../../src-engine/rules/smle/match'
import { playOutWith } from '../../src-engine/rules/smle/queries/playout'
import { reportSide } from '../../src-main/cli/ai-games'
import { SECTION_16 } from '../../src-main/cli/scenario-lists'
import { type Figure, median } from './figures'

const root = join(import.meta.dirname, '..', '..')
const scenario = (id: string): Scenario => {
  const parsed = parseScenario(JSON.parse(readFileSync(join(root, 'assets', 'scenarios', `${id}.json`), 'utf8')))
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.scenario as Scenario
}

/** Games a side for the bench's win rate (`npm run ai-report` plays 100). */
const BENCH_GAMES = 1
/** How many times the computer-against-computer game is timed (its median is the figure). */
const GAME_RUNS = 3
/**
 * The seeds of the computer-against-computer games timed once each beside the seed-1 game: any change to one decision
 * makes the seed-1 game another game (521 commands became 646 with no change in the cost of a decision), so its time
 * alone says little of whether the computer got faster.
 */
const SPREAD_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8]
/** Commands of the reference town timed for the decision figures. */
const TOWN_COMMANDS = 30

/**
 * The computer opponent: its win rate against the random player over every
 * side of the six §16 scenarios, its time per command on the reference town
 * (100 figures a side), and a whole computer-against-computer game.
 */
export function aiFigures(): Figure[] {
  let wins = 0
  let games = 0
  for (const id of SECTION_16) {
    const s = scenario(id)
    for (const side of s.sides) {
      const r = reportSide(s, side.id, BENCH_GAMES)
      wins += r.wins
      games += r.games
    }
  }
  const town = scenario('reference-town')
  const sides = town.sides.map((s) => s.id)
  const next = playersFor(
    Object.fromEntries(sides.map((id) => [id, { kind: 'bot' as const, level: 'normal' as const }])),
    1,
  )
  let m = startMatch(newHeader(town, 1, 'quick'))
  const decisions: number[] = []
  for (let i = 0; i < TOWN_COMMANDS && m.state.phase !== 'ended'; i++) {
    const t0 = performance.now()
    const c = next(m)
    decisions.push(performance.now() - t0)
    if (!c) break
    const r = dispatch(m, c)
    if (!r.decision.ok) throw new Error(`the computer was refused on the reference town: ${r.decision.reason.message}`)
    m = r.match
  }
  const few = scenario('smle-few-brave-sentients')
  // The same game (a new world and new players each time: nothing is kept from one run to the next) timed a few
  // times, and the median taken: a single run on a shared machine varied from 2.7 to 3.7 s.
  const runs: number[] = []
  for (let i = 0; i < GAME_RUNS; i++) {
    const t0 = performance.now()
    playOutWith(
      startMatch(newHeader(few, 1, 'quick')),
      playersFor(
        Object.fromEntries(few.sides.map((s) => [s.id, { kind: 'bot' as const, level: 'normal' as const }])),
        1,
      ),
    )
    runs.push((performance.now() - t0) / 1000)
  }
  const gameSeconds = median(runs)
  const bots = Object.fromEntries(few.sides.map((s) => [s.id, { kind: 'bot' as const, level: 'normal' as const }]))
  const spread: number[] = []
  let spreadMs = 0
  let spreadCommands = 0
  for (const seed of SPREAD_SEEDS) {
    const t0 = performance.now()
    const r = playOutWith(startMatch(newHeader(few, seed, 'quick')), playersFor(bots, seed))
    const ms = performance.now() - t0
    spread.push(ms / 1000)
    spreadMs += ms
    spreadCommands += r.commands
  }
  return [
    {
      name: 'ai.winRateVsRandom',
      value: wins / games,
      unit: 'share',
      note: `${games} games: ${BENCH_GAMES} a side of each §16 scenario, the computer (normal) against random (npm run ai-report for 100 a side)`,
    },
    {
      name: 'ai.decisionMsMedian',
      value: median(decisions),
      unit: 'ms',
      note: `reference-town (100 figures a side), computer against computer, first ${decisions.length} commands`,
    },
    { name: 'ai.decisionMsMax', value: Math.max(...decisions), unit: 'ms', note: 'the same commands: the slowest' },
    {
      name: 'ai.gameSeconds',
      value: gameSeconds,
      unit: 's',
      note: `a whole computer-against-computer game of smle-few-brave-sentients, quick dice (seed 1, median of ${GAME_RUNS} runs: ${runs.map((r) => r.toFixed(2)).join(', ')} s)`,
    },
    {
      name: 'ai.gameSecondsSeedsMedian',
      value: median(spread),
      unit: 's',
      note: `the same game for seeds ${SPREAD_SEEDS[0]}–${SPREAD_SEEDS.at(-1)}, once each: the median (${spread.map((r) => r.toFixed(2)).join(', ')} s)`,
    },
    {
      name: 'ai.gameMsPerCommand',
      value: spreadMs / spreadCommands,
      unit: 'ms',
      note: `those ${SPREAD_SEEDS.length} games: their time over their ${spreadCommands} commands (the cost of a command, whatever a game's length)`,
    },
  ]
}
