import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import {
  type AnyRuleset,
  newHeader,
  parseScenario,
  type Scenario,
  seedRng,
  startMatch,
  type TableScenario,
} from '../../src-engine/index'
import { playOut, playOutWith, PlayoutError } from '../../src-engine/rules/smle/queries/playout'
import { type PlayerSpec, playersFor } from '../../src-engine/ai/smle/players'
import { parseSimArgs } from './sim-args'
import { newMatchHeader, startMatchOf } from '../../src-engine/core/match'
import {
  playOutSmr,
  playOutSmrWith,
  smr,
  SmrPlayoutError,
  type SmrScenario,
  smrInvariants,
} from '../../src-engine/rules/smr/index'
import { smrPlayersFor } from '../../src-engine/ai/smr/players'

/**
 * `npm run sim -- --scenario <id|file> --seed N [--games K] [--player <sideId>=bot[:easy|normal|hard]]… [--json]`:
 * plays whole games of any ruleset the registry has (the scenario's
 * `ruleset` field picks it) with quick dice, checks the ruleset's invariants
 * after every command, and prints each result: winner, rounds, casualties
 * per side; with `--json`, one JSON object per game. A side named with
 * `--player` is played by the computer opponent at that level (normal when
 * none is given), seeing only its own seat's view; every other side plays
 * the random legal-command player.
 */
function loadScenario(idOrFile: string): { ruleset: AnyRuleset; scenario: TableScenario } {
  const root = resolve(import.meta.dirname, '..', '..')
  const candidates = [idOrFile, join(root, 'assets', 'scenarios', `${idOrFile}.json`)]
  const file = candidates.find((c) => c.endsWith('.json') && existsSync(c))
  if (!file)
    throw new Error(
      `There is no scenario "${idOrFile}" (looked for ${candidates.filter((c) => c.endsWith('.json')).join(' and ')}).`,
    )
  const parsed = parseScenario(JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.ok) throw new Error(`Scenario file ${file}: ${parsed.message}`)
  return { ruleset: parsed.ruleset, scenario: parsed.scenario }
}

/** One game played out, whatever the ruleset. */
interface GameResult {
  readonly winnerSideId: string | null
  readonly reason: string
  readonly rounds: number
  readonly commands: number
  readonly casualties: Readonly<Record<string, Readonly<Record<string, number>>>>
}

/** A rules failure a game met (a refused legal command, a game that does not end, a broken invariant). */
class SimError extends Error {}

/** Each ruleset's random player, by ruleset id. */
const PLAYERS: Readonly<
  Record<string, (scenario: TableScenario, seed: number, players: Readonly<Record<string, PlayerSpec>>) => GameResult>
> = {
  smle(scenario, seed, players) {
    try {
      const start = startMatch(newHeader(scenario as Scenario, seed, 'quick'))
      if (Object.keys(players).length === 0) return playOut(start, seed)
      return playOutWith(start, playersFor(players, seed))
    } catch (err) {
      if (err instanceof PlayoutError) throw new SimError(err.message)
      throw err
    }
  },
  smr(scenario, seed, players) {
    try {
      const start = startMatchOf(smr, newMatchHeader(smr, scenario as SmrScenario, seed, 'quick'))
      const check = (m: {
        state: Parameters<typeof smrInvariants>[0]
        world: Parameters<typeof smrInvariants>[1]
        entries: readonly unknown[]
      }) => {
        const broken = smrInvariants(m.state, m.world)
        if (broken.length > 0) throw new SimError(`invariant broken after command ${m.entries.length}: ${broken[0]}`)
      }
      const r =
        Object.keys(players).length === 0
          ? playOutSmr(start, seedRng(seed), 20000, check)
          : playOutSmrWith(start, smrPlayersFor(players, seed), 20000, check)
      return { ...r, rounds: r.turns }
    } catch (err) {
      if (err instanceof SmrPlayoutError) throw new SimError(err.message)
      throw err
    }
  },
}

function main(): void {
  const options = parseSimArgs(process.argv.slice(2))
  const { ruleset, scenario } = loadScenario(options.scenario)
  const play = PLAYERS[ruleset.id]
  if (!play) throw new Error(`The simulator has no player for ${ruleset.name} yet.`)
  const sideIds = (scenario as TableScenario & { sides: readonly { id: string }[] }).sides.map((s) => s.id)
  for (const sideId of Object.keys(options.players))
    if (!sideIds.includes(sideId))
      throw new Error(
        `--player names "${sideId}", which is not a side of ${scenario.id} (its sides: ${sideIds.join(', ')}).`,
      )
  const wins: Record<string, number> = {}
  let failures = 0
  const t0 = performance.now()
  for (let g = 0; g < options.games; g++) {
    const seed = (options.seed + g) >>> 0
    const started = performance.now()
    try {
      const r = play(scenario, seed, options.players)
      const ms = Math.round(performance.now() - started)
      const winner = r.winnerSideId ?? 'draw'
      wins[winner] = (wins[winner] ?? 0) + 1
      if (options.json)
        process.stdout.write(
          `${JSON.stringify({ scenario: scenario.id, ruleset: ruleset.id, seed, winner: r.winnerSideId, reason: r.reason, rounds: r.rounds, commands: r.commands, casualties: r.casualties, ms })}\n`,
        )
      else {
        const cas = Object.entries(r.casualties)
          .map(
            ([side, c]) =>
              `${side} ${Object.entries(c)
                .map(([what, n]) => `${n} ${words(what)}`)
                .join(', ')}`,
          )
          .join('; ')
        process.stdout.write(
          `${scenario.id} seed ${seed}: ${winner === 'draw' ? 'draw' : `${winner} wins`} in ${ruleset.id === 'smr' ? 'turn' : 'round'} ${r.rounds} (${r.commands} commands, ${ms} ms) — ${r.reason} Casualties: ${cas}.\n`,
        )
      }
    } catch (err) {
      failures++
      const message = err instanceof Error ? err.message : String(err)
      if (options.json) process.stdout.write(`${JSON.stringify({ scenario: scenario.id, seed, error: message })}\n`)
      else process.stderr.write(`${scenario.id} seed ${seed}: ERROR ${message}\n`)
      if (!(err instanceof SimError)) throw err
    }
  }
  if (!options.json) {
    const secs = (performance.now() - t0) / 1000
    process.stdout.write(
      `${options.games} game${options.games === 1 ? '' : 's'} in ${secs.toFixed(1)} s: ${Object.entries(wins)
        .map(([w, n]) => `${w} ${n}`)
        .join(', ')}${failures ? `, ${failures} failed` : ''}.\n`,
    )
  }
  if (failures > 0) process.exitCode = 1
}

/** A casualty count's name in words: `seriouslyWounded` → `seriously wounded`. */
function words(key: string): string {
  return key === 'gone' ? 'fled or captured' : key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)
}

try {
  main()
} catch (err) {
  process.stderr.write(`sim failed: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exitCode = 1
}
