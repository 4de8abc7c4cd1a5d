import type { PlayerSpec } from '../smle/players'
import { seatInputs } from '../seat-input'
import { seedRng } from '../../rng/sfc32'
import type { SmrCommand } from '../../rules/smr/commands/index'
import { sideToAct } from '../../rules/smr/legal'
import { type SmrMatch, SmrRandomPlayer } from '../../rules/smr/random-player'
import { smrBot } from './smr-bot'

/**
 * The next command of an SMR game whose sides are played as `players` says
 * (a side not named plays random): each bot is given its own seat's view only
 * (`seatInputs`); the random player, a test opponent, picks among commands
 * the rules accept in the game itself. Every player draws from its own
 * generator, seeded from `seed`, never from the game's.
 */
export function smrPlayersFor(
  players: Readonly<Record<string, PlayerSpec>>,
  seed: number,
): (m: SmrMatch) => SmrCommand | null {
  const random = new SmrRandomPlayer(seedRng(seed))
  const inputs = seatInputs()
  const bots = new Map<string, ReturnType<typeof smrBot>>()
  let n = 0
  return (m) => {
    const side = sideToAct(m.state)
    if (side === null) return null
    const spec = players[side] ?? { kind: 'random' }
    if (spec.kind === 'random') return random.next(m.state, m.world) ?? null
    let bot = bots.get(side)
    if (!bot) {
      bot = smrBot(spec.level, (seed ^ Math.imul(0x9e3779b9, ++n)) >>> 0)
      bots.set(side, bot)
    }
    return bot.choose(inputs(m, side))
  }
}
