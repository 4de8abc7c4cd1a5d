import { seedRng, type RngState } from '../rng/sfc32'
import { DICE_PHYSICS_VERSION, physicsRoll } from './physics-dice'
import { quickThrow } from './quick-dice'
import { chiSquarePValue, chiSquareStatistic, normalTwoSidedPValue, serialCorrelation } from './stats'

/** What to throw for a fairness report. */
export interface DiceReportOptions {
  /** How many dice to read (cocked dice thrown again do not count twice). */
  readonly dice: number
  readonly seed: number
  /** Dice per roll, as the game throws them (default 2: 2D6). */
  readonly perRoll?: number
  /** `physics` (the tray, default) or `quick` (the generator alone), to compare. */
  readonly method?: 'physics' | 'quick'
  /** Physics only: load every die (see `ThrowOptions.loadIn`), to show the test catches it. */
  readonly loadIn?: number
}

/** A chi-square goodness-of-fit test. */
export interface ChiSquareTest {
  readonly observed: number[]
  readonly expected: number[]
  readonly statistic: number
  readonly df: number
  readonly pValue: number
}

/** Whether the dice look fair, and the figures behind the verdict. */
export interface DiceReport {
  readonly dice: number
  readonly seed: number
  readonly perRoll: number
  readonly method: 'physics' | 'quick'
  readonly physicsVersion: number
  readonly loadIn: number
  /** Physics throws made, re-throws of cocked dice included. */
  readonly throws: number
  /** Faces 1..6. */
  readonly faces: ChiSquareTest
  /** Sums 2..12 of consecutive pairs of dice (each 2D6 roll when `perRoll` is 2). */
  readonly sums: ChiSquareTest
  /** Lag-1 correlation of consecutive faces, its z-score (r·√n) and two-sided p-value. */
  readonly serial: { readonly r: number; readonly z: number; readonly pValue: number }
  /** Dice that came to rest cocked and were thrown again, per die thrown. */
  readonly cocked: { readonly count: number; readonly diceThrown: number; readonly rate: number }
  /** Mean time from release to rest of a throw, seconds. */
  readonly meanSettleS: number
  /** Below this p-value a test counts as evidence of bias. */
  readonly alpha: number
  readonly verdict: string
}

/** A report that raises no alarm at 1 % — a fair die fails one test in a hundred by chance. */
export const REPORT_ALPHA = 0.01

/** 2D6 sums 2..12: 1, 2, … 6, … 2, 1 ways in 36. */
const SUM_WAYS = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]

/** A report in progress: throw in slices (so a host stays responsive), then read it. */
export interface DiceReportRun {
  /** Throws up to `rolls` more rolls; true when every die has been thrown. */
  step(rolls: number): boolean
  readonly progress: number
  report(): DiceReport
}

/** Starts a fairness report: a fresh generator seeded with `seed`, thrown roll by roll. */
export function startDiceReport(options: DiceReportOptions): DiceReportRun {
  const perRoll = options.perRoll ?? 2
  const method = options.method ?? 'physics'
  const loadIn = options.loadIn ?? 0
  if (!Number.isInteger(options.dice) || options.dice < 2) throw new RangeError('a report needs at least 2 dice')
  if (!Number.isInteger(perRoll) || perRoll < 1 || perRoll > 60) throw new RangeError('dice per roll must be 1 to 60')
  let rng: RngState = seedRng(options.seed)
  const faces: number[] = []
  let throws = 0
  let cocked = 0
  let diceThrown = 0
  let frames = 0
  const rollOnce = (): void => {
    const n = Math.min(perRoll, options.dice - faces.length)
    if (method === 'quick') {
      const r = quickThrow(rng, n)
      rng = r.rng
      faces.push(...r.faces)
      return
    }
    const r = physicsRoll(rng, n, { loadIn })
    rng = r.rng
    faces.push(...r.faces)
    for (const t of r.throws) {
      throws++
      cocked += t.cocked.length
      diceThrown += t.dice.length
      frames += t.frames - 1
    }
  }
  return {
    step(rolls) {
      for (let i = 0; i < rolls && faces.length < options.dice; i++) rollOnce()
      return faces.length >= options.dice
    },
    get progress() {
      return faces.length / options.dice
    },
    report: () => buildReport({ ...options, perRoll, method, loadIn }, faces, { throws, cocked, diceThrown, frames }),
  }
}

/** Throws the whole report at once. */
export function diceReport(options: DiceReportOptions): DiceReport {
  const run = startDiceReport(options)
  while (!run.step(1000));
  return run.report()
}

/** Chi-square test of observed counts against the expected shares. */
export function chiSquareTest(observed: readonly number[], shares: readonly number[]): ChiSquareTest {
  const n = observed.reduce((a, b) => a + b, 0)
  const total = shares.reduce((a, b) => a + b, 0)
  const expected = shares.map((s) => (n * s) / total)
  const statistic = chiSquareStatistic(observed, expected)
  const df = observed.length - 1
  return { observed: [...observed], expected, statistic, df, pValue: chiSquarePValue(statistic, df) }
}

/** The faces test alone: counts of 1..6 against one sixth each. */
export function facesTest(faces: readonly number[]): ChiSquareTest {
  const counts = [0, 0, 0, 0, 0, 0]
  for (const f of faces) counts[f - 1]!++
  return chiSquareTest(counts, [1, 1, 1, 1, 1, 1])
}

type Tally = { throws: number; cocked: number; diceThrown: number; frames: number }

function buildReport(o: Required<DiceReportOptions>, faces: readonly number[], t: Tally): DiceReport {
  const sumCounts = new Array<number>(11).fill(0)
  for (let i = 0; i + 1 < faces.length; i += 2) sumCounts[faces[i]! + faces[i + 1]! - 2]!++
  const r = serialCorrelation(faces)
  const z = r * Math.sqrt(faces.length)
  const report = {
    dice: faces.length,
    seed: o.seed,
    perRoll: o.perRoll,
    method: o.method,
    physicsVersion: DICE_PHYSICS_VERSION,
    loadIn: o.loadIn,
    throws: t.throws,
    faces: facesTest(faces),
    sums: chiSquareTest(sumCounts, SUM_WAYS),
    serial: { r, z, pValue: normalTwoSidedPValue(z) },
    cocked: { count: t.cocked, diceThrown: t.diceThrown, rate: t.diceThrown === 0 ? 0 : t.cocked / t.diceThrown },
    meanSettleS: t.throws === 0 ? 0 : t.frames / 60 / t.throws,
    alpha: REPORT_ALPHA,
  }
  return { ...report, verdict: verdictOf(report) }
}

function verdictOf(r: Pick<DiceReport, 'faces' | 'sums' | 'serial' | 'dice'>): string {
  const failed = [
    r.faces.pValue < REPORT_ALPHA ? 'the faces' : null,
    r.sums.pValue < REPORT_ALPHA ? 'the 2D6 sums' : null,
    r.serial.pValue < REPORT_ALPHA ? 'the serial correlation' : null,
  ].filter((x): x is string => x !== null)
  if (failed.length === 0)
    return `No sign of bias in ${r.dice.toLocaleString('en-US')} dice: every test is above p = ${REPORT_ALPHA}.`
  return `Possible bias: ${failed.join(', ')} below p = ${REPORT_ALPHA} (a fair die does this about once in ${Math.round(1 / REPORT_ALPHA)} reports per test).`
}
