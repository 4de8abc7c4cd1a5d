import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseScenario, type Scenario } from '../../src-engine/index'
import { legalityRun, reportSide, reportSmrSide, type SideReport } from './ai-games'
import { PART_ENV, reportInJobs } from './ai-report-jobs'
import type { SmrScenario } from '../../src-engine/rules/smr/index'
import { parseAiReportArgs } from './ai-report-args'

/**
 * `npm run ai-report`: the computer opponent against the random player on
 * each side of each §16 scenario (default 100 games each, quick dice): wins,
 * draws, losses, win rate, and the time it takes per command. `--smr` reports
 * the SMR scenarios instead, `--all` both and the other built-in SMLE games
 * (the farmhouse skirmish, with and without armour); `--scenario` names one;
 * `--seed` is the first game's seed (1 by default). A game the rules stopped
 * is listed with its seed and why, and the run exits with an error.
 * `--jobs J` plays the report's games in J processes at once, each a share of
 * the seeds: the same games, sooner on a machine with J cores.
 * `--legality N` plays N games computer against computer instead, in turn on
 * every built-in game (§16's six, the farmhouse skirmish with and without
 * armour, and the two SMR scenarios), on the SMR ones (`--smr`), or on the one
 * `--scenario` names.
 */
async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  const { games, seed: firstSeed, level, legality, scenarioIds: ids, json, jobs } = parseAiReportArgs(argv)
  const root = resolve(import.meta.dirname, '..', '..')
  const load = (id: string): { scenario: Scenario | SmrScenario; isSmr: boolean } => {
    const path = join(root, 'assets', 'scenarios', `${id}.json`)
    if (!existsSync(path))
      throw new Error(
        `There is no built-in scenario "${id}". The built-in ones: ${readdirSync(join(root, 'assets', 'scenarios'))
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.slice(0, -5))
          .join(', ')}.`,
      )
    const parsed = parseScenario(JSON.parse(readFileSync(path, 'utf8')))
    if (!parsed.ok || (parsed.ruleset.id !== 'smle' && parsed.ruleset.id !== 'smr'))
      throw new Error(`${id} is not an SMLE or SMR scenario this program can read.`)
    return { scenario: parsed.scenario as Scenario | SmrScenario, isSmr: parsed.ruleset.id === 'smr' }
  }
  // Every scenario read before the first game: a bad name is told at once, not after an hour of games.
  const loaded = new Map(ids.map((id) => [id, load(id)]))
  if (legality !== null) {
    const n = legality
    const r = legalityRun(
      ids.map((id) => loaded.get(id)!.scenario),
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
  // A share of a report run with --jobs: every decision's time goes back with its side's line.
  const part = process.env[PART_ENV] === '1'
  const rows: string[][] = []
  const stopped: string[] = []
  // Each side told as soon as its games are over (a JSON line at once: a long run shows its progress).
  const told = (r: SideReport): void => {
    const id = r.scenarioId
    for (const f of r.stopped)
      stopped.push(`STOPPED ${id} (the computer plays ${r.sideId}) seed ${f.seed}: ${f.message}`)
    const ms = [...r.decisionMs].sort((a, b) => a - b)
    const median = ms[Math.floor(ms.length / 2)] ?? 0
    if (json)
      process.stdout.write(
        `${JSON.stringify({ scenario: id, side: r.sideId, level, games, firstSeed, wins: r.wins, draws: r.draws, losses: r.losses, failures: r.failures, stopped: r.stopped, winRate: r.wins / games, decisionMsMedian: median, decisionMsMax: ms.at(-1) ?? 0, ...(part ? { decisionMsAll: r.decisionMs } : {}) })}\n`,
      )
    rows.push([
      id,
      r.sideId,
      String(r.wins),
      String(r.draws),
      String(r.losses),
      String(r.failures),
      `${Math.round((100 * r.wins) / games)}%`,
      median.toFixed(0),
      (ms.at(-1) ?? 0).toFixed(0),
    ])
  }
  if (jobs > 1) for (const r of await reportInJobs(argv, games, firstSeed, jobs)) told(r)
  else
    for (const id of ids) {
      const { scenario, isSmr } = loaded.get(id)!
      for (const side of scenario.sides)
        told(
          isSmr
            ? reportSmrSide(scenario as SmrScenario, side.id, games, level, firstSeed)
            : reportSide(scenario as Scenario, side.id, games, level, firstSeed),
        )
    }
  if (stopped.length > 0) process.exitCode = 1
  if (json) return
  const head = ['scenario', 'computer plays', 'won', 'drawn', 'lost', 'failed', 'win rate', 'ms/cmd', 'max ms']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')
  process.stdout.write(
    `${[`The computer (${level}) against the random player, ${games} games a side (seeds ${firstSeed}–${firstSeed + games - 1}), quick dice:`, line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line), ...stopped].join('\n')}\n`,
  )
}

main().catch((err: unknown) => {
  process.stderr.write(`ai-report failed: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exitCode = 1
})
