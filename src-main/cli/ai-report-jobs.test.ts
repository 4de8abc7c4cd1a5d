import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SideReport } from './ai-games'
import { mergeShares, readPart, seedShares, shareArgs } from './ai-report-jobs'

const side = (sideId: string, over: Partial<SideReport> = {}): SideReport => ({
  scenarioId: 'smle-ambush',
  sideId,
  games: 2,
  wins: 1,
  draws: 1,
  losses: 0,
  failures: 0,
  stopped: [],
  decisionMs: [1, 2],
  ...over,
})

describe('npm run ai-report -- --jobs: the games shared out among processes', () => {
  it('shares the seeds out in runs of consecutive seeds, every game once, none empty', () => {
    expect(seedShares(100, 1, 2)).toEqual([
      { seed: 1, games: 50 },
      { seed: 51, games: 50 },
    ])
    expect(seedShares(10, 5, 3)).toEqual([
      { seed: 5, games: 4 },
      { seed: 9, games: 3 },
      { seed: 12, games: 3 },
    ])
    // More processes than games: one game each.
    expect(seedShares(2, 1, 4)).toEqual([
      { seed: 1, games: 1 },
      { seed: 2, games: 1 },
    ])
  })

  it("gives each share the report's own scenarios and level, with its games and seeds, as JSON", () => {
    const argv = ['--jobs', '2', '--scenario', 'smle-ambush', '--games', '10', '--level', 'hard', '--seed', '7']
    expect(shareArgs(argv, { seed: 12, games: 5 })).toEqual([
      '--scenario',
      'smle-ambush',
      '--level',
      'hard',
      '--games',
      '5',
      '--seed',
      '12',
      '--json',
    ])
    expect(shareArgs(['--smr', '--json'], { seed: 1, games: 3 })).toEqual([
      '--smr',
      '--games',
      '3',
      '--seed',
      '1',
      '--json',
    ])
  })

  it("adds up each side's games and results over the shares, keeps every stopped game and every decision's time", () => {
    const merged = mergeShares([
      [side('column'), side('partisans', { wins: 2, draws: 0 })],
      [
        side('column', { wins: 0, losses: 1, draws: 0, failures: 1, stopped: [{ seed: 4, message: 'refused' }] }),
        side('partisans', { decisionMs: [9] }),
      ],
    ])
    expect(merged).toEqual([
      side('column', {
        games: 4,
        wins: 1,
        draws: 1,
        losses: 1,
        failures: 1,
        stopped: [{ seed: 4, message: 'refused' }],
        decisionMs: [1, 2, 1, 2],
      }),
      side('partisans', { games: 4, wins: 3, draws: 1, decisionMs: [1, 2, 9] }),
    ])
  })

  it('refuses shares that did not play the same sides, and a line that is not a side’s report', () => {
    expect(() => mergeShares([[side('column')], [side('partisans')]])).toThrow(/did not play the same sides/)
    expect(() => mergeShares([[side('column'), side('partisans')], [side('column')]])).toThrow(/same sides/)
    expect(() => readPart('{"scenario":"smle-ambush","side":"column"}\n')).toThrow(/not a side's report/)
    expect(() => readPart('Error: something\n')).toThrow()
  })

  it('plays the very games one process plays: the same results for every side, seed for seed', async () => {
    const root = join(import.meta.dirname, '..', '..')
    const run = (extra: string[]): Promise<{ code: number | null; out: string; err: string }> =>
      new Promise((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', join(root, 'src-main', 'cli', 'ai-report.ts'), '--scenario', 'smr-contact', ...extra],
          { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
        )
        let out = ''
        let err = ''
        child.stdout.on('data', (d: Buffer) => (out += d.toString()))
        child.stderr.on('data', (d: Buffer) => (err += d.toString()))
        child.on('close', (code) => resolve({ code, out, err }))
      })
    const results = (out: string) =>
      out
        .trim()
        .split('\n')
        .map((l) => {
          const r = JSON.parse(l) as Record<string, unknown>
          return [r.scenario, r.side, r.games, r.firstSeed, r.wins, r.draws, r.losses, r.failures, r.stopped]
        })
    // Seeds 5 and 6 in one process, and shared out between two.
    const one = await run(['--games', '2', '--seed', '5', '--json'])
    const two = await run(['--games', '2', '--seed', '5', '--json', '--jobs', '2'])
    expect(one.err).toBe('')
    expect(two.err).toBe('')
    expect(one.code).toBe(0)
    expect(two.code).toBe(0)
    expect(results(two.out)).toEqual(results(one.out))
    expect(results(one.out).length).toBeGreaterThan(1)
    // A share's extra field stays within the shares.
    expect(two.out).not.toContain('decisionMsAll')
    // The table, too, is the one-process table (its times aside).
    const table = await run(['--games', '2', '--seed', '5', '--jobs', '2'])
    expect(table.code).toBe(0)
    expect(table.out).toContain('2 games a side (seeds 5–6)')
    for (const [scenario, sideId, , , wins, draws, losses] of results(one.out))
      expect(table.out).toMatch(
        new RegExp(
          `${String(scenario)}\\s+${String(sideId)}\\s+${String(wins)}\\s+${String(draws)}\\s+${String(losses)}\\s`,
        ),
      )
  }, 180_000)
})
