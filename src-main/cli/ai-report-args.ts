import { BOT_LEVELS, type BotLevel } from '../../src-engine/ai/bot'
import { SECTION_16, SMLE_OTHER, SMR_SCENARIOS } from './scenario-lists'

export const USAGE =
  'usage: npm run ai-report -- [--games N] [--seed S] [--level easy|normal|hard] [--scenario <id>] [--smr | --all] [--json] [--jobs J] | --legality N [--seed S] [--scenario <id> | --smr]'

/** What `npm run ai-report` was asked for. */
export interface AiReportArgs {
  /** Games a side against the random player (the win-rate report). */
  readonly games: number
  /** The first game's seed. */
  readonly seed: number
  readonly level: BotLevel
  /** Computer-against-computer games to play for legality instead of the report, or null for the report. */
  readonly legality: number | null
  /** The scenarios, by id, in the order they are played. */
  readonly scenarioIds: readonly string[]
  /** One JSON line a side instead of the table. */
  readonly json: boolean
  /**
   * How many processes play the report's games at once (each a share of the seeds, the same games as one process
   * plays): a machine with J cores reports J times sooner.
   */
  readonly jobs: number
}

const whole = (flag: string, value: string | undefined, min: number): number => {
  const n = Number(value)
  if (value === undefined || value.startsWith('--') || !Number.isInteger(n) || n < min)
    throw new Error(`${flag} needs a whole number of at least ${min}, got ${value ?? 'nothing'}. ${USAGE}`)
  return n
}

/**
 * Reads `npm run ai-report`'s command line; throws with a sentence for a bad
 * one (an unknown or incomplete option, a number that is not one, options
 * that contradict each other), so that a mistyped flag is never run as the
 * defaults.
 */
export function parseAiReportArgs(argv: readonly string[]): AiReportArgs {
  let games: number | null = null
  let seed = 1
  let level: BotLevel | null = null
  let legality: number | null = null
  let scenario: string | null = null
  let smr = false
  let all = false
  let json = false
  let jobs: number | null = null
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!
    const value = argv[i + 1]
    if (flag === '--smr') smr = true
    else if (flag === '--all') all = true
    else if (flag === '--json') json = true
    else {
      if (flag === '--games') games = whole(flag, value, 1)
      else if (flag === '--seed') seed = whole(flag, value, 0)
      else if (flag === '--legality') legality = whole(flag, value, 1)
      else if (flag === '--jobs') jobs = whole(flag, value, 1)
      else if (flag === '--level') {
        if (!BOT_LEVELS.includes(value as BotLevel))
          throw new Error(`--level must be easy, normal or hard, got ${value ?? 'nothing'}. ${USAGE}`)
        level = value as BotLevel
      } else if (flag === '--scenario') {
        if (!value || value.startsWith('--'))
          throw new Error(`--scenario needs a scenario's id, got ${value ?? 'nothing'}. ${USAGE}`)
        scenario = value
      } else throw new Error(`Unknown option "${flag}". ${USAGE}`)
      i++
    }
  }
  if (smr && all) throw new Error(`--smr and --all name different sets of scenarios: give one. ${USAGE}`)
  if (scenario !== null && (smr || all))
    throw new Error(`--scenario names one scenario; --smr and --all name sets of them: give one. ${USAGE}`)
  if (legality !== null && all)
    throw new Error(`--legality plays every built-in game already; --all is not needed. ${USAGE}`)
  if (legality !== null && (games !== null || json || level !== null))
    throw new Error(
      `--games, --level and --json belong to the report against the random player, not to --legality (it plays the levels in turn). ${USAGE}`,
    )
  if (legality !== null && jobs !== null)
    throw new Error(`--jobs shares out the report's games; --legality plays its games in one process. ${USAGE}`)
  const everything = [...SECTION_16, ...SMLE_OTHER, ...SMR_SCENARIOS]
  const scenarioIds: readonly string[] =
    scenario !== null ? [scenario] : smr ? SMR_SCENARIOS : all || legality !== null ? everything : SECTION_16
  return { games: games ?? 100, seed, level: level ?? 'normal', legality, scenarioIds, json, jobs: jobs ?? 1 }
}
