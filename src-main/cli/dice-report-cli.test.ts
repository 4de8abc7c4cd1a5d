import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { diceReport } from '../../src-engine/dice/fairness'
import { parseDiceReportArgs, runDiceReportCli } from './dice-report-cli'

let dir = ''
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = ''
})

describe('npm run dice-report', () => {
  it('reads its flags, with sensible defaults', () => {
    expect(parseDiceReportArgs([])).toEqual({
      dice: 60000,
      seed: 1,
      perRoll: 2,
      method: 'physics',
      jsonPath: 'dice-report.json',
      svgPath: 'dice-report.svg',
    })
    expect(
      parseDiceReportArgs([
        '--dice',
        '600',
        '--seed',
        '42',
        '--per-roll',
        '3',
        '--json',
        'a.json',
        '--svg',
        'b.svg',
        '--quick',
      ]),
    ).toEqual({
      dice: 600,
      seed: 42,
      perRoll: 3,
      method: 'quick',
      jsonPath: 'a.json',
      svgPath: 'b.svg',
    })
    expect(() => parseDiceReportArgs(['--dice', 'lots'])).toThrow(/--dice needs a whole number/)
    expect(() => parseDiceReportArgs(['--seed', '-3'])).toThrow(/--seed/)
    expect(() => parseDiceReportArgs(['--colour', 'red'])).toThrow(/Unknown or incomplete option "--colour"/)
    expect(() => parseDiceReportArgs(['--json'])).toThrow(/Unknown or incomplete option "--json"/)
  })

  it(
    'prints face counts, both chi-square tests with p-values, serial correlation and the cocked rate, and writes JSON and SVG',
    { timeout: 60_000 },
    () => {
      dir = mkdtempSync(join(tmpdir(), 'dice-report-'))
      const json = join(dir, 'sub', 'r.json')
      const svg = join(dir, 'r.svg')
      let out = ''
      let t = 0
      const code = runDiceReportCli(
        ['--dice', '200', '--seed', '9', '--json', json, '--svg', svg],
        (s) => (out += s),
        () => undefined,
        () => (t += 1000),
      )
      expect(code).toBe(0)
      const report = diceReport({ dice: 200, seed: 9 })
      expect(JSON.parse(readFileSync(json, 'utf8'))).toEqual(JSON.parse(JSON.stringify(report)))
      expect(readFileSync(svg, 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\n$/)
      expect(out).toContain(`  observed ${report.faces.observed.map((c) => String(c).padStart(8)).join('')}`)
      expect(out).toContain(`chi-square ${report.faces.statistic.toFixed(3)} (df 5)`)
      expect(out).toContain(`chi-square ${report.sums.statistic.toFixed(3)} (df 10)`)
      expect(out).toContain(`Serial correlation (lag 1): r = ${report.serial.r.toFixed(5)}`)
      expect(out).toContain(`Cocked dice: ${report.cocked.count} of ${report.cocked.diceThrown}`)
      expect(out).toContain(`Wrote ${json} and ${svg}.`)
    },
  )

  it('a bad command line prints why and exits 2, writing nothing', () => {
    let err = ''
    expect(
      runDiceReportCli(
        ['--dice', '1'],
        () => undefined,
        (s) => (err += s),
        () => 0,
      ),
    ).toBe(2)
    expect(err).toMatch(/--dice needs a whole number from 2/)
  })
})
