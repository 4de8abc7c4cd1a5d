import { dispatch } from '../../../core/match'
import type { Match } from '../match'
import { seedRng } from '../../../rng/sfc32'
import { randomPlayer } from './legal-commands'
import type { CommandInput } from '../commands/index'

/** How a game played out. */
export interface PlayoutResult {
  readonly winnerSideId: string | null
  readonly reason: string
  readonly rounds: number
  readonly commands: number
  /** Per side: figures dead, seriously wounded, and gone (fled or captured). */
  readonly casualties: Readonly<
    Record<string, { readonly dead: number; readonly seriouslyWounded: number; readonly gone: number }>
  >
  readonly match: Match
}

/** A refusal that a legal command should never meet: the player and the rules disagree. */
export class PlayoutError extends Error {
  constructor(
    message: string,
    readonly match: Match,
  ) {
    super(message)
    this.name = 'PlayoutError'
  }
}

/**
 * Plays a game to its end with the random legal-command player on both
 * sides (its choices drawn from `playerSeed`, the dice from the game's own
 * generator). Throws a `PlayoutError` if the rules refuse a command the
 * player thought legal, or if the game does not end within `maxCommands`.
 */
export function playOut(
  start: Match,
  playerSeed: number,
  maxCommands = 20000,
  onCommand?: (m: Match) => void,
): PlayoutResult {
  const player = randomPlayer(seedRng(playerSeed))
  return playOutWith(start, (m) => player.next(m.state, m.world), maxCommands, onCommand)
}

/**
 * Plays a game to its end, `next` giving each command (any players: random,
 * computer, scripted). Throws a `PlayoutError` when the rules refuse one of
 * them, when `next` has none for the side to act, or when the game does not
 * end within `maxCommands`.
 */
export function playOutWith(
  start: Match,
  next: (m: Match) => CommandInput | null,
  maxCommands = 20000,
  onCommand?: (m: Match) => void,
): PlayoutResult {
  let m = start
  let n = 0
  while (m.state.phase !== 'ended') {
    if (n >= maxCommands) throw new PlayoutError(`the game did not end within ${maxCommands} commands`, m)
    const cmd = next(m)
    if (!cmd) throw new PlayoutError('no legal command for the side to act', m)
    const r = dispatch(m, cmd)
    if (!r.decision.ok)
      throw new PlayoutError(
        `legal command refused: ${r.decision.reason.clause} ${r.decision.reason.message} (${JSON.stringify(cmd)})`,
        m,
      )
    m = r.match
    n++
    onCommand?.(m)
  }
  const casualties: Record<string, { dead: number; seriouslyWounded: number; gone: number }> = {}
  for (const side of m.state.sides) casualties[side.id] = { dead: 0, seriouslyWounded: 0, gone: 0 }
  for (const f of Object.values(m.state.figures)) {
    const c = casualties[f.sideId]
    if (!c) continue
    if (f.status === 'dead') c.dead++
    else if (f.status === 'seriousWound') c.seriouslyWounded++
    else if (f.offTable === 'fled' || f.offTable === 'captured') c.gone++
  }
  return {
    winnerSideId: m.state.result?.winnerSideId ?? null,
    reason: m.state.result?.reason ?? '',
    rounds: m.state.result?.round ?? m.state.round,
    commands: n,
    casualties,
    match: m,
  }
}
