import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseScenario, type Scenario } from '../../src-engine/index'
import { BOT_LEVELS, type BotLevel } from '../../src-engine/ai/bot'
import { legalityRun, reportSide, reportSmrSide } from './ai-games'
import type { SmrScenario } from '../../src-engine/rules/smr/index'
import { SECTION_16, SMLE_OTHER, SMR_SCENARIOS } from './scenario-lists'

const USAGE =
  'usage: npm run ai-report -- [--games N] [--seed S] [--level easy|normal|hard] [--scenario <id>] [--smr | --all] [--json] | --legality N [--seed S] [--scenario <id> | --smr]'

/**
 * `npm run ai-report`: the computer opponent against the random player on
 * each side of each §16 scenario (default 100 games each, quick dice): wins,
 * draws, losses, win rate, and the time it takes per command. `--smr` reports
 * the SMR scenarios instead, `--all` both and the other built-in SMLE games
 * (the farmhouse skirmish, with and without armour); `--scenario` names one;
 * `--seed` is the first game's seed (1 by default). A game the rules stopped
 * is listed with its seed and why, and the run exits with an error.
 * `--legality N` plays N games computer against computer instead, in turn on
 * every built-in game (§16's six, the farmhouse skirmish with and without
 * armour, and the two SMR scenarios), on the SMR ones (`--smr`), or on the one
 * `--scenario` names.
 */
function main(): void {
  const argv = process.argv.slice(2)
  const get = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`)
    return i >= 0 ? argv[i + 1] : undefined
  }
  const games = Number(get('games') ?? 100)
  if (!Number.isInteger(games) || games < 1) throw new Error(`--games must be a whole number of at least 1. ${USAGE}`)
  const level = (get('level') ?? 'normal') as BotLevel
  if (!BOT_LEVELS.includes(level)) throw new Error(`--level must be easy, normal or hard. ${USAGE}`)
  const only = get('scenario')
  const legality = get('legality')
  const ids: readonly string[] = only
    ? [only]
    : argv.includes('--all')
      ? [...SECTION_16, ...SMLE_OTHER, ...SMR_SCENARIOS]
      : argv.includes('--smr')
        ? SMR_SCENARIOS
        : legality !== undefined
          ? [...SECTION_16, ...SMLE_OTHER, ...SMR_SCENARIOS]
          : SECTION_16
  const root = resolve(import.meta.dirname, '..', '..')
  const load = (id: string): { scenario: Scenario | SmrScenario; isSmr: boolean } => {
    const parsed = parseScenario(JSON.parse(readFileSync(join(root, 'assets', 'scenarios', `${id}.json`), 'utf8')))
    if (!parsed.ok || (parsed.ruleset.id !== 'smle' && parsed.ruleset.id !== 'smr'))
      throw new Error(`${id} is not an SMLE or SMR scenario this program can read.`)
    return { scenario: parsed.scenario as Scenario | SmrScenario, isSmr: parsed.ruleset.id === 'smr' }
  }
  const firstSeed = Number(get('seed') ?? 1)
  if (!Number.isInteger(firstSeed) || firstSeed < 0)
    throw new Error(`--seed must be a whole number of at least 0. ${USAGE}`)
  if (legality !== undefined) {
    const n = Number(legality)
    if (!Number.isInteger(n) || n < 1) throw new Error(`--legality must be a whole number of at least 1. ${USAGE}`)
    const r = legalityRun(
      ids.map((id) => load(id).scenario),
      n,
      firstSeed,
      (done, so) => {
        // A stopped game is told at once (a long run's seeds are found without waiting for its end), and again at
        // the end.
        const last = so.failures.at(-1)
        if (last && last.seed === firstSeed + done - 1)
          process.stdout.write(`STOPPED ${last.scenarioId} seed ${last.seed}: ${last.message}\n`)
        if (done % 10 === 0 || done === n)
          process.stdout.write(
            `${done}/${n} games, ${so.commands} commands, ${so.failures.length} stopped, ${so.seconds.toFixed(0)} s\n`,
          )
      },
    )
    for (const f of r.failures) process.stdout.write(`STOPPED ${f.scenarioId} seed ${f.seed}: ${f.message}\n`)
    if (r.failures.length > 0) process.exitCode = 1
    return
  }
  const rows: string[][] = []
  const stopped: string[] = []
  for (const id of ids) {
    const { scenario, isSmr } = load(id)
    for (const side of scenario.sides) {
      const r = isSmr
        ? reportSmrSide(scenario as SmrScenario, side.id, games, level, firstSeed)
        : reportSide(scenario as Scenario, side.id, games, level, firstSeed)
      for (const f of r.stopped)
        stopped.push(`STOPPED ${id} (the computer plays ${side.id}) seed ${f.seed}: ${f.message}`)
      const ms = [...r.decisionMs].sort((a, b) => a - b)
      const median = ms[Math.floor(ms.length / 2)] ?? 0
      if (argv.includes('--json'))
        process.stdout.write(
          `${JSON.stringify({ scenario: id, side: side.id, level, games, firstSeed, wins: r.wins, draws: r.draws, losses: r.losses, failures: r.failures, stopped: r.stopped, winRate: r.wins / games, decisionMsMedian: median, decisionMsMax: ms.at(-1) ?? 0 })}\n`,
        )
      rows.push([
        id,
        side.id,
        String(r.wins),
        String(r.draws),
        String(r.losses),
        String(r.failures),
        `${Math.round((100 * r.wins) / games)}%`,
        median.toFixed(0),
        (ms.at(-1) ?? 0).toFixed(0),
      ])
    }
  }
  if (stopped.length > 0) process.exitCode = 1
  if (argv.includes('--json')) return
  const head = ['scenario', 'computer plays', 'won', 'drawn', 'lost', 'failed', 'win rate', 'ms/cmd', 'max ms']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')
  process.stdout.write(
    `${[`The computer (${level}) against the random player, ${games} games a side (seeds ${firstSeed}–${firstSeed + games - 1}), quick dice:`, line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line), ...stopped].join('\n')}\n`,
  )
}

try {
  main()
} catch (err) {
  process.stderr.write(`ai-report failed: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exitCode = 1
}
