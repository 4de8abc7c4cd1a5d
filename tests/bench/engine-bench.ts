import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { legalCommands, newHeader, playOut, ScenarioSchema, sideToAct, startMatch } from '../../src-engine/index'
import type { Figure } from './figures'

/** The six scenarios of SMLE §16, as the sim CLI plays them. */
const SCENARIOS = [
  'smle-few-brave-sentients',
  'smle-magnificent-seven',
  'smle-multiple-signals',
  'smle-commando',
  'smle-ambush',
  'smle-exterminator',
]

function scenario(id: string) {
  const file = join(import.meta.dirname, '..', '..', 'assets', 'scenarios', `${id}.json`)
  return ScenarioSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
}

/**
 * Headless engine throughput: whole games of the six §16 scenarios played to
 * the end by the random legal-command player on both sides, quick dice (as
 * `npm run sim` plays them), and how fast `legalCommands` answers along the way.
 */
export function engineFigures(seedsPerScenario = 2): Figure[] {
  const scenarios = SCENARIOS.map(scenario)
  playOut(startMatch(newHeader(scenarios[0]!, 99, 'quick')), 99) // warm-up
  let games = 0
  let commands = 0
  let queries = 0
  let queryMs = 0
  const t0 = performance.now()
  for (const s of scenarios) {
    for (let seed = 1; seed <= seedsPerScenario; seed++) {
      const r = playOut(startMatch(newHeader(s, seed, 'quick')), seed, 20000, (m) => {
        // Every 25th position: time one legalCommands call for the side to act.
        if (m.entries.length % 25 !== 0) return
        const side = sideToAct(m.state)
        if (side === null) return
        const q0 = performance.now()
        legalCommands(m.state, m.world, side)
        queryMs += performance.now() - q0
        queries++
      })
      games++
      commands += r.commands
    }
  }
  const secs = (performance.now() - t0 - queryMs) / 1000
  return [
    {
      name: 'engine.gamesPerSecond',
      value: games / secs,
      unit: 'games/s',
      note: `${games} whole games (${seedsPerScenario} seeds × the six §16 scenarios), random legal-command player on both sides, quick dice`,
    },
    {
      name: 'engine.commandsPerSecond',
      value: commands / secs,
      unit: 'cmd/s',
      note: 'the same games: commands chosen by the player (legalCommands) and dispatched',
    },
    {
      name: 'engine.legalCommandsMs',
      value: queries === 0 ? 0 : queryMs / queries,
      unit: 'ms',
      note: `mean time of one legalCommands call, ${queries} positions sampled from those games`,
    },
  ]
}
