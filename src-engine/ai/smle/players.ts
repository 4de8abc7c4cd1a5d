import { type BotLevel, parseBotSpec } from '../bot'
import { seatInputs } from '../seat-input'
import { seedRng } from '../../rng/sfc32'
import type { CommandInput } from '../../rules/smle/commands/index'
import type { Match } from '../../rules/smle/match'
import { randomPlayer, sideToAct } from '../../rules/smle/queries/legal-commands'
import { smleBot } from './smle-bot'

/** Who plays a side in a headless game: the random legal-command player, or the computer at a level. */
export type PlayerSpec = { readonly kind: 'random' } | { readonly kind: 'bot'; readonly level: BotLevel }

/** Reads `random`, `bot`, `bot:easy`, `bot:normal`, `bot:hard`; null for anything else. */
export function parsePlayerSpec(text: string): PlayerSpec | null {
  if (text === 'random') return { kind: 'random' }
  const level = parseBotSpec(text)
  return level ? { kind: 'bot', level } : null
}

/**
 * The next command of a game whose sides are played as `players` says (a
 * side not named plays random). Each bot is given its own seat's view only
 * (`seatInputs`); the random player, a test opponent, picks among the legal
 * commands of the game itself. Every player draws from its own generator,
 * seeded from `seed`, never from the game's.
 */
export function playersFor(
  players: Readonly<Record<string, PlayerSpec>>,
  seed: number,
): (m: Match) => CommandInput | null {
  const random = randomPlayer(seedRng(seed))
  const inputs = seatInputs()
  const bots = new Map<string, ReturnType<typeof smleBot>>()
  let n = 0
  return (m) => {
    const side = sideToAct(m.state)
    if (side === null) return null
    const spec = players[side] ?? { kind: 'random' }
    if (spec.kind === 'random') return random.next(m.state, m.world)
    let bot = bots.get(side)
    if (!bot) {
      bot = smleBot(spec.level, (seed ^ (0x9e3779b9 * ++n)) >>> 0)
      bots.set(side, bot)
    }
    return bot.choose(inputs(m, side))
  }
}
