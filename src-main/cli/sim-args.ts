import { parsePlayerSpec, type PlayerSpec } from '../../src-engine/ai/smle/players'

export const USAGE =
  'usage: npm run sim -- --scenario <id|file> --seed N [--games K] [--player <sideId>=bot[:easy|normal|hard]]… [--json]'

/** What `npm run sim` was asked for. */
export interface SimArgs {
  /** A built-in scenario's id, or a scenario file's path. */
  readonly scenario: string
  /** The first game's seed. */
  readonly seed: number
  readonly games: number
  /** One JSON line a game instead of a sentence. */
  readonly json: boolean
  /** The sides the computer (or, named so, the random player) plays; every other side plays random. */
  readonly players: Readonly<Record<string, PlayerSpec>>
}

const whole = (flag: string, value: string | undefined, min: number, max: number): number => {
  const n = Number(value)
  if (value === undefined || value.startsWith('--') || !Number.isInteger(n) || n < min || n > max)
    throw new Error(`${flag} needs a whole number from ${min} to ${max}, got ${value ?? 'nothing'}. ${USAGE}`)
  return n
}

/**
 * Reads `npm run sim`'s command line; throws with a sentence for a bad one (no
 * scenario, an unknown or incomplete option, a number that is not one, a
 * player that is not `bot`, `bot:<level>` or `random`, a side named twice),
 * so that a mistyped flag is never run as the defaults. Whether each named
 * side is one of the scenario's is checked once the scenario is read.
 */
export function parseSimArgs(argv: readonly string[]): SimArgs {
  let scenario: string | null = null
  let seed = 1
  let games = 1
  let json = false
  const players: Record<string, PlayerSpec> = {}
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!
    const value = argv[i + 1]
    if (flag === '--json') {
      json = true
      continue
    }
    if (flag === '--scenario') {
      if (!value || value.startsWith('--'))
        throw new Error(`--scenario needs a scenario's id or file, got ${value ?? 'nothing'}. ${USAGE}`)
      scenario = value
    } else if (flag === '--seed') seed = whole(flag, value, 0, 0xffffffff)
    else if (flag === '--games') games = whole(flag, value, 1, 1_000_000)
    else if (flag === '--player') {
      const [sideId, spec, ...rest] = (value ?? '').split('=')
      const player = spec === undefined || rest.length > 0 ? null : parsePlayerSpec(spec)
      if (!sideId || !player)
        throw new Error(
          `--player takes <sideId>=bot, bot:easy, bot:normal, bot:hard or random (got "${value ?? ''}"). ${USAGE}`,
        )
      if (Object.hasOwn(players, sideId)) throw new Error(`--player names ${sideId} twice. ${USAGE}`)
      players[sideId] = player
    } else throw new Error(`Unknown option "${flag}". ${USAGE}`)
    i++
  }
  if (scenario === null) throw new Error(`--scenario is needed. ${USAGE}`)
  return { scenario, seed, games, json, players }
}
