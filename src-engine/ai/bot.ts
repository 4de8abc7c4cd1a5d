import type { TableScenario } from '../scenario/schema'
import type { World } from '../world/world'

/** How hard a computer opponent plays. */
export type BotLevel = 'easy' | 'normal' | 'hard'
export const BOT_LEVELS: readonly BotLevel[] = ['easy', 'normal', 'hard']

/**
 * What a computer opponent is given to choose from: its own seat's view of the
 * game and nothing else. `state` is the ruleset's `view` for the bot's side
 * (hidden enemies removed, the generator's state hidden); `world` is built from
 * the seat's view of the scenario, so not even the table's start positions of
 * hidden troops reach it.
 */
export interface BotInput<S, Sc extends TableScenario = TableScenario> {
  readonly state: S
  readonly world: World<Sc>
  readonly sideId: string
}

/**
 * A computer player for one side. It chooses the next command for its side
 * from its seat's view; the real game then judges the command and throws the
 * real dice once. It may look ahead on copies of its view with its own quick
 * dice, never with the game's generator.
 */
export interface Bot<S = unknown, C = unknown, Sc extends TableScenario = TableScenario> {
  readonly level: BotLevel
  /** The next command for `input.sideId`, or null when it has none (the game is over or it is not its turn). */
  choose(input: BotInput<S, Sc>): C | null
}

/** Reads `bot`, `bot:easy`, `bot:hard` …: the level asked for, or null when the text names no bot. */
export function parseBotSpec(text: string): BotLevel | null {
  const [kind, level] = text.split(':')
  if (kind !== 'bot') return null
  if (level === undefined || level === '') return 'normal'
  return (BOT_LEVELS as readonly string[]).includes(level) ? (level as BotLevel) : null
}
