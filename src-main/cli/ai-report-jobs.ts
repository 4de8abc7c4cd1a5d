import { spawn } from 'node:child_process'
import type { SideReport } from './ai-games'

/** Set in the environment of a process playing a share of a report's games: its JSON lines carry every decision's time. */
export const PART_ENV = 'SMLE_AI_REPORT_PART'

/** One share of a report's games: `games` games from seed `seed`. */
export interface SeedShare {
  readonly seed: number
  readonly games: number
}

/**
 * The seeds `firstSeed`… of `games` games shared out in `jobs` runs of
 * consecutive seeds (the first ones a game longer when they do not share out
 * evenly); never an empty share.
 */
export function seedShares(games: number, firstSeed: number, jobs: number): SeedShare[] {
  const n = Math.max(1, Math.min(jobs, games))
  const out: SeedShare[] = []
  let seed = firstSeed
  for (let i = 0; i < n; i++) {
    const size = Math.floor(games / n) + (i < games % n ? 1 : 0)
    out.push({ seed, games: size })
    seed += size
  }
  return out
}

/** The report's own command line for one share: the same scenarios and level, the share's games and seeds, as JSON. */
export function shareArgs(argv: readonly string[], share: SeedShare): string[] {
  const dropped = new Set(['--jobs', '--games', '--seed'])
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!
    if (dropped.has(flag)) i++
    else if (flag !== '--json') out.push(flag)
  }
  return [...out, '--games', String(share.games), '--seed', String(share.seed), '--json']
}

/** A report's JSON line for a side (`npm run ai-report -- --json`), as a share's process writes it. */
type PartLine = Pick<SideReport, 'games' | 'wins' | 'draws' | 'losses' | 'failures' | 'stopped'> & {
  readonly scenario: string
  readonly side: string
  readonly decisionMsAll: readonly number[]
}

/** A share's JSON lines read back as its side reports; throws on a line that is not one. */
export function readPart(stdout: string): SideReport[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const p = JSON.parse(line) as PartLine
      if (typeof p.scenario !== 'string' || !Array.isArray(p.decisionMsAll))
        throw new Error(`a share of the report wrote a line that is not a side's report: ${line.slice(0, 120)}`)
      return {
        scenarioId: p.scenario,
        sideId: p.side,
        games: p.games,
        wins: p.wins,
        draws: p.draws,
        losses: p.losses,
        failures: p.failures,
        stopped: p.stopped,
        decisionMs: p.decisionMsAll,
      }
    })
}

/**
 * The shares' reports as one: each side's games, wins, draws, losses and
 * stopped games added up, its decision times put together; the sides in the
 * order the first share reports them. Every share must report the same sides.
 */
export function mergeShares(parts: readonly (readonly SideReport[])[]): SideReport[] {
  const first = parts[0] ?? []
  return first.map((r, i) => {
    const all = parts.map((p) => {
      const same = p[i]
      if (!same || same.scenarioId !== r.scenarioId || same.sideId !== r.sideId)
        throw new Error(`the report's shares did not play the same sides (${r.scenarioId}, ${r.sideId})`)
      return same
    })
    return {
      scenarioId: r.scenarioId,
      sideId: r.sideId,
      games: all.reduce((n, x) => n + x.games, 0),
      wins: all.reduce((n, x) => n + x.wins, 0),
      draws: all.reduce((n, x) => n + x.draws, 0),
      losses: all.reduce((n, x) => n + x.losses, 0),
      failures: all.reduce((n, x) => n + x.failures, 0),
      stopped: all.flatMap((x) => x.stopped),
      decisionMs: all.flatMap((x) => x.decisionMs),
    }
  })
}

/**
 * Plays the report's games in `jobs` processes at once (this script again,
 * with the same loader, each given a share of the seeds) and puts their
 * reports together: the very games one process would play, sooner.
 */
export async function reportInJobs(
  argv: readonly string[],
  games: number,
  firstSeed: number,
  jobs: number,
): Promise<SideReport[]> {
  const script = process.argv[1]
  if (!script) throw new Error('--jobs: this script cannot tell where it is to start its shares')
  const runs = seedShares(games, firstSeed, jobs).map(
    (share) =>
      new Promise<SideReport[]>((resolve, reject) => {
        const child = spawn(process.execPath, [...process.execArgv, script, ...shareArgs(argv, share)], {
          env: { ...process.env, [PART_ENV]: '1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let out = ''
        let err = ''
        child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d))
        child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d))
        child.on('error', reject)
        child.on('close', (code) => {
          // A share whose games the rules stopped exits with 1 and has reported them; any other failure has not.
          try {
            const reports = readPart(out)
            if (code !== 0 && reports.every((r) => r.failures === 0)) throw new Error(err.trim() || `exit code ${code}`)
            resolve(reports)
          } catch (e) {
            reject(
              new Error(
                `the share of seeds ${share.seed}–${share.seed + share.games - 1} failed: ${e instanceof Error ? e.message : String(e)}`,
              ),
            )
          }
        })
      }),
  )
  return mergeShares(await Promise.all(runs))
}
