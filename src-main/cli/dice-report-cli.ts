import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { type DiceReport, type DiceReportOptions, startDiceReport } from '../../src-engine/dice/fairness'
import { diceReportSvg, formatP } from '../../src-engine/dice/report-svg'

/** What `npm run dice-report` was asked for. */
export interface DiceReportArgs extends DiceReportOptions {
  readonly jsonPath: string
  readonly svgPath: string
}

export const USAGE = `Usage: npm run dice-report -- [--dice 60000] [--seed N] [--per-roll 2] [--json dice-report.json] [--svg dice-report.svg] [--quick]

Throws dice through the same physics as the game and reports whether they look fair:
face counts, chi-square tests of the faces and of 2D6 sums with p-values, serial
correlation, and how often a die came to rest cocked. Writes the report as JSON and
its histograms as SVG.

  --dice N       dice to read (default 60000)
  --seed N       generator seed, 0..4294967295 (default 1)
  --per-roll N   dice thrown together, as in the game (default 2: 2D6)
  --json PATH    where to write the JSON report (default dice-report.json)
  --svg PATH     where to write the histogram (default dice-report.svg)
  --quick        throw quick dice (the generator alone) instead, to compare`

const int = (flag: string, value: string | undefined, min: number, max: number): number => {
  const n = Number(value)
  if (value === undefined || !Number.isInteger(n) || n < min || n > max)
    throw new Error(`${flag} needs a whole number from ${min} to ${max}, got ${value ?? 'nothing'}.`)
  return n
}

/** Reads the command line; throws with a sentence for a bad one. */
export function parseDiceReportArgs(argv: readonly string[]): DiceReportArgs {
  let dice = 60_000
  let seed = 1
  let perRoll = 2
  let jsonPath = 'dice-report.json'
  let svgPath = 'dice-report.svg'
  let method: 'physics' | 'quick' = 'physics'
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = argv[i + 1]
    if (flag === '--dice') dice = int(flag, value, 2, 100_000_000)
    else if (flag === '--seed') seed = int(flag, value, 0, 0xffffffff)
    else if (flag === '--per-roll') perRoll = int(flag, value, 1, 60)
    else if (flag === '--json' && value) jsonPath = value
    else if (flag === '--svg' && value) svgPath = value
    else if (flag === '--quick') {
      method = 'quick'
      continue
    } else throw new Error(`Unknown or incomplete option "${flag}".\n\n${USAGE}`)
    i++
  }
  return { dice, seed, perRoll, method, jsonPath, svgPath }
}

const pad = (s: string | number, n: number): string => String(s).padStart(n)

/** The report as the terminal shows it. */
export function formatDiceReport(r: DiceReport, seconds: number): string {
  const lines = [
    `Dice fairness report: ${r.dice.toLocaleString('en-US')} dice, ${r.method} dice (tray version ${r.physicsVersion}), seed ${r.seed}, ${r.perRoll} per roll`,
    '',
    'Faces      ' + [1, 2, 3, 4, 5, 6].map((f) => pad(f, 8)).join(''),
    '  observed ' + r.faces.observed.map((c) => pad(c, 8)).join(''),
    '  expected ' + r.faces.expected.map((c) => pad(c.toFixed(1), 8)).join(''),
    `  chi-square ${r.faces.statistic.toFixed(3)} (df ${r.faces.df}), p = ${formatP(r.faces.pValue)}`,
    '',
    '2D6 sums   ' + r.sums.observed.map((_, i) => pad(i + 2, 7)).join(''),
    '  observed ' + r.sums.observed.map((c) => pad(c, 7)).join(''),
    '  expected ' + r.sums.expected.map((c) => pad(c.toFixed(0), 7)).join(''),
    `  chi-square ${r.sums.statistic.toFixed(3)} (df ${r.sums.df}), p = ${formatP(r.sums.pValue)}`,
    '',
    `Serial correlation (lag 1): r = ${r.serial.r.toFixed(5)}, z = ${r.serial.z.toFixed(3)}, p = ${formatP(r.serial.pValue)}`,
    r.method === 'physics'
      ? `Cocked dice: ${r.cocked.count} of ${r.cocked.diceThrown.toLocaleString('en-US')} dice thrown (${(r.cocked.rate * 100).toFixed(3)} %), each thrown again; ${r.throws.toLocaleString('en-US')} throws, ${r.meanSettleS.toFixed(2)} s to rest on average`
      : 'Cocked dice: none (quick dice)',
    '',
    r.verdict,
    `(${seconds.toFixed(1)} s)`,
  ]
  return lines.join('\n')
}

/** Runs the report, printing progress and the result, and writes the JSON and SVG files. */
export function runDiceReportCli(
  argv: readonly string[],
  out: (s: string) => void,
  err: (s: string) => void,
  clockMs: () => number,
): number {
  let args: DiceReportArgs
  try {
    args = parseDiceReportArgs(argv)
  } catch (e) {
    err(`${e instanceof Error ? e.message : String(e)}\n`)
    return 2
  }
  const t0 = clockMs()
  const run = startDiceReport(args)
  let shown = 0
  while (!run.step(200)) {
    const pct = Math.floor(run.progress * 20) * 5
    if (pct > shown) {
      shown = pct
      err(`\rthrowing… ${pct} %`)
    }
  }
  if (shown > 0) err('\r')
  const report = run.report()
  for (const [path, text] of [
    [args.jsonPath, `${JSON.stringify(report, null, 2)}\n`],
    [args.svgPath, `${diceReportSvg(report)}\n`],
  ] as const) {
    mkdirSync(dirname(resolve(path)), { recursive: true })
    writeFileSync(path, text)
  }
  out(`${formatDiceReport(report, (clockMs() - t0) / 1000)}\nWrote ${args.jsonPath} and ${args.svgPath}.\n`)
  return 0
}
