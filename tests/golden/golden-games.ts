import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { canonicalJson, hashText, type Match, newHeader, ScenarioSchema, startMatch } from '../../src-engine/index'
import { playOut } from '../../src-engine/rules/smle/queries/playout'

/** Every built-in scenario: each plays the golden games. */
export const GOLDEN_SCENARIOS = [
  'farmhouse-skirmish',
  'farm-lane-armour',
  'reference-town',
  'smle-few-brave-sentients',
  'smle-magnificent-seven',
  'smle-multiple-signals',
  'smle-commando',
  'smle-ambush',
  'smle-exterminator',
] as const

/** One golden game: a scenario, a seed, a dice mode and how many commands of it are recorded. */
export interface GoldenGame {
  readonly scenario: string
  readonly seed: number
  readonly dice: 'quick' | 'physics'
  /** Commands played (quick games play to the end; physics games stop here). */
  readonly maxCommands: number
}

/** A whole game (quick dice) is played unless the scenario is large: then its first commands. */
const WHOLE = 20000
const quickBudget = (scenario: string): number => (scenario === 'reference-town' ? 150 : WHOLE)

/** Two quick-dice games a scenario, and the opening of a physics-dice game. */
export const GOLDEN_GAMES: readonly GoldenGame[] = GOLDEN_SCENARIOS.flatMap((scenario) => [
  { scenario, seed: 1, dice: 'quick' as const, maxCommands: quickBudget(scenario) },
  { scenario, seed: 2, dice: 'quick' as const, maxCommands: quickBudget(scenario) },
  { scenario, seed: 3, dice: 'physics' as const, maxCommands: 40 },
])

/** What a golden game recorded: per command, a short hash of its events and the state after it. */
export interface GoldenRecord {
  readonly key: string
  readonly commands: number
  readonly winner: string | null
  /** 8 hex digits per command: hash of the command's events and the resulting state. */
  readonly hashes: string
}

const root = join(import.meta.dirname, '..', '..')

/** A game's key in the golden file. */
export const goldenKey = (g: GoldenGame): string => `${g.scenario}#${g.seed}/${g.dice}`

/** Plays one golden game and hashes it after every command. */
export function playGolden(g: GoldenGame): GoldenRecord {
  const scenario = ScenarioSchema.parse(
    JSON.parse(readFileSync(join(root, 'assets', 'scenarios', `${g.scenario}.json`), 'utf8')),
  )
  const hashes: string[] = []
  const onCommand = (m: Match): void => {
    const entry = m.entries.at(-1)
    hashes.push(hashText(canonicalJson({ events: entry?.events, barrier: entry?.barrier, state: m.state })).slice(-8))
  }
  let winner: string | null = null
  try {
    const r = playOut(startMatch(newHeader(scenario, g.seed, g.dice)), g.seed, g.maxCommands, onCommand)
    winner = r.winnerSideId
  } catch (err) {
    // A game with a budget short of a whole game stops there; that is expected.
    if (!(err instanceof Error && /did not end within/.test(err.message) && g.maxCommands < WHOLE)) throw err
  }
  return { key: goldenKey(g), commands: hashes.length, winner, hashes: hashes.join('') }
}
