import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { newHeader, parseScenario, type Scenario, smle, startMatch } from '../../src-engine/index'
import { playOut, PlayoutError } from '../../src-engine/rules/smle/queries/playout'

/**
 * `npm run sim -- --scenario <id|file> --seed N [--games K] [--json]`: plays
 * whole games with the random legal-command player on both sides (quick
 * dice), and prints each result: winner, rounds, casualties per side; with
 * `--json`, one JSON object per game.
 */
interface Options {
  readonly scenario: string
  readonly seed: number
  readonly games: number
  readonly json: boolean
}

function parseArgs(argv: readonly string[]): Options {
  const get = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`)
    return i >= 0 ? argv[i + 1] : undefined
  }
  const scenario = get('scenario')
  if (!scenario) throw new Error('usage: npm run sim -- --scenario <id|file> --seed N [--games K] [--json]')
  const seed = Number(get('seed') ?? 1)
  const games = Number(get('games') ?? 1)
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new Error(`--seed must be a whole number from 0 to ${0xffffffff}`)
  if (!Number.isInteger(games) || games < 1) throw new Error('--games must be a whole number of at least 1')
  return { scenario, seed, games, json: argv.includes('--json') }
}

function loadScenario(idOrFile: string): Scenario {
  const root = resolve(import.meta.dirname, '..', '..')
  const candidates = [idOrFile, join(root, 'assets', 'scenarios', `${idOrFile}.json`)]
  const file = candidates.find((c) => c.endsWith('.json') && existsSync(c))
  if (!file)
    throw new Error(
      `There is no scenario "${idOrFile}" (looked for ${candidates.filter((c) => c.endsWith('.json')).join(' and ')}).`,
    )
  const parsed = parseScenario(JSON.parse(readFileSync(file, 'utf8')))
  if (!parsed.ok) throw new Error(`Scenario file ${file}: ${parsed.message}`)
  if (parsed.ruleset.id !== smle.id)
    throw new Error(`Scenario file ${file} is for ${parsed.ruleset.name}; the simulator plays SMLE only so far.`)
  return parsed.scenario as Scenario
}

function main(): void {
  const options = parseArgs(process.argv.slice(2))
  const scenario = loadScenario(options.scenario)
  const wins: Record<string, number> = {}
  let failures = 0
  const t0 = performance.now()
  for (let g = 0; g < options.games; g++) {
    const seed = (options.seed + g) >>> 0
    const started = performance.now()
    try {
      const r = playOut(startMatch(newHeader(scenario, seed, 'quick')), seed)
      const ms = Math.round(performance.now() - started)
      const winner = r.winnerSideId ?? 'draw'
      wins[winner] = (wins[winner] ?? 0) + 1
      if (options.json)
        process.stdout.write(
          `${JSON.stringify({ scenario: scenario.id, seed, winner: r.winnerSideId, reason: r.reason, rounds: r.rounds, commands: r.commands, casualties: r.casualties, ms })}\n`,
        )
      else {
        const cas = Object.entries(r.casualties)
          .map(
            ([side, c]) =>
              `${side} ${c.dead} dead, ${c.seriouslyWounded} seriously wounded, ${c.gone} fled or captured`,
          )
          .join('; ')
        process.stdout.write(
          `${scenario.id} seed ${seed}: ${winner === 'draw' ? 'draw' : `${winner} wins`} in round ${r.rounds} (${r.commands} commands, ${ms} ms) — ${r.reason} Casualties: ${cas}.\n`,
        )
      }
    } catch (err) {
      failures++
      const message = err instanceof Error ? err.message : String(err)
      if (options.json) process.stdout.write(`${JSON.stringify({ scenario: scenario.id, seed, error: message })}\n`)
      else process.stderr.write(`${scenario.id} seed ${seed}: ERROR ${message}\n`)
      if (!(err instanceof PlayoutError)) throw err
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

try {
  main()
} catch (err) {
  process.stderr.write(`sim failed: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exitCode = 1
}
