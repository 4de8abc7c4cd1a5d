import { dispatch, type Match } from '../../core/match'
import { RngCursor, type RngState } from '../../rng/sfc32'
import type { SmrCommand } from './commands/index'
import type { SmrEvent } from './events'
import type { SmrWorld } from './geometry'
import { accepted, candidateCommands, sideToAct, unitMoveCandidates } from './legal'
import { missileTargets } from './missiles'
import type { SmrScenario } from './scenario'
import { livingUnits, type SmrState } from './state'

/** An SMR game in progress, through the kernel. */
export type SmrMatch = Match<SmrState, SmrCommand, SmrEvent, SmrScenario>

/**
 * A player choosing at random among commands the rules accept, from its own
 * seeded generator (never the game's): it plays both sides. Bent on battle
 * (it prefers charges and moves toward the enemy) so that games end.
 */
export class SmrRandomPlayer {
  private readonly rng: RngCursor

  constructor(seed: RngState) {
    this.rng = new RngCursor(seed)
  }

  private pick<T>(xs: readonly T[]): T | undefined {
    return xs.length === 0 ? undefined : xs[this.rng.int(xs.length)]
  }

  private chance(p: number): boolean {
    return this.rng.int(1000) < p * 1000
  }

  /**
   * Commands for the side to act, best first: the playout gives them to the
   * rules in turn until one is accepted (the last one always is: end the
   * movement, hold fire, forgo the bonus, decline reinforcements).
   */
  *candidates(state: SmrState, world: SmrWorld): Generator<SmrCommand> {
    const side = sideToAct(state)
    if (!side) return
    if (state.phase === 'turn' && state.step === 'movement') {
      yield* this.movement(state, world, side)
      return
    }
    if (state.phase === 'turn' && state.step === 'missiles') {
      const shots = livingUnits(state)
        .filter((u) => u.sideId === side)
        .flatMap((u) => {
          const t = this.chance(0.85) ? this.pick(missileTargets(state, world, u).slice(0, 3)) : undefined
          return t ? [{ unitId: u.id, targetId: t.id }] : []
        })
      yield { type: 'declareMissiles', sideId: side, shots }
      yield { type: 'declareMissiles', sideId: side, shots: [] }
      return
    }
    if (state.phase === 'setup') {
      yield { type: 'endSetup', sideId: side }
      return
    }
    if (state.phase === 'turn' && state.step === 'bonus') {
      const all = candidateCommands(state, world, side)
      yield* all.filter((c) => c.type === 'bonusAttack')
      yield* all.filter((c) => c.type === 'forgoBonus')
      return
    }
    if (state.phase === 'turn' && state.step === 'reinforcements') {
      const edge = this.pick(['north', 'south', 'east', 'west'] as const)!
      if (this.chance(0.9))
        yield { type: 'reinforce', sideId: side, edge, weapon: this.pick(['hand', 'bow', 'sling'] as const)! }
      yield { type: 'declineReinforcements', sideId: side }
      return
    }
    const options = candidateCommands(state, world, side).filter((c) => accepted(state, world, c))
    const chosen = this.pick(options)
    if (chosen) yield chosen
  }

  /** A command for the side to act that the rules accept; undefined when the game is over. */
  next(state: SmrState, world: SmrWorld): SmrCommand | undefined {
    for (const c of this.candidates(state, world)) if (accepted(state, world, c)) return c
    return undefined
  }

  /** One unit at a time, at random; charges first, then the advance, then other moves; now and then it stops. */
  private *movement(state: SmrState, world: SmrWorld, side: string): Generator<SmrCommand> {
    const end: SmrCommand = { type: 'endMovement', sideId: side }
    if (this.chance(0.04)) {
      yield end
      return
    }
    const units = livingUnits(state).filter((u) => u.sideId === side)
    const order = units.map((u) => ({ u, k: this.rng.int(1 << 30) })).sort((a, b) => a.k - b.k)
    for (const { u } of order) {
      if (u.movedTurn === state.turn && u.hiddenIn === null && !(state.leaders[side] === u.id)) continue
      if (u.hiddenIn !== null && !this.chance(0.25)) continue
      const cands = unitMoveCandidates(state, world, u)
      if (cands.length === 0) continue
      const charges: SmrCommand[] = cands.filter(
        (c) => c.type === 'charge' || c.type === 'rally' || c.type === 'bashDoor',
      )
      // The first plain move offered is the full move toward the nearest enemy (or out of a building).
      const advance = cands.filter((c) => !charges.includes(c)).slice(0, 1)
      const rest = cands
        .filter((c) => !charges.includes(c) && !advance.includes(c))
        .map((c) => ({ c, k: this.rng.int(1 << 30) }))
      rest.sort((a, b) => a.k - b.k)
      // Toward the enemy far more often than anywhere else, so that games come to blows and end.
      const ordered = this.chance(0.9)
        ? [...charges, ...(this.chance(0.8) ? advance : []), ...rest.map((r) => r.c), ...advance]
        : [...(this.chance(0.8) ? advance : []), ...rest.map((r) => r.c), ...advance, ...charges]
      yield* ordered.slice(0, 6)
    }
    yield end
  }
}

/** A side left with no command the rules accept, or a game that does not end. */
export class SmrPlayoutError extends Error {
  constructor(
    message: string,
    readonly match: SmrMatch,
  ) {
    super(message)
    this.name = 'SmrPlayoutError'
  }
}

/** How a game played out. */
export interface SmrPlayoutResult {
  readonly winnerSideId: string | null
  readonly reason: string
  readonly turns: number
  readonly commands: number
  /** Per side: units killed, and eliminated (routed off, trapped, failed rallies). */
  readonly casualties: Readonly<Record<string, { readonly killed: number; readonly eliminated: number }>>
  readonly match: SmrMatch
}

/**
 * Plays an SMR game to its end with the random player on both sides: each
 * of its candidates goes to the rules until one is accepted. Throws
 * `SmrPlayoutError` if none is (the fallbacks are always legal, so that is a
 * bug) or the game runs past `maxCommands`. `onCommand` sees every
 * state (invariant checks).
 */
export function playOutSmr(
  start: SmrMatch,
  playerSeed: RngState,
  maxCommands = 6000,
  onCommand?: (m: SmrMatch) => void,
): SmrPlayoutResult {
  const player = new SmrRandomPlayer(playerSeed)
  let m = start
  let n = 0
  while (m.state.phase !== 'ended') {
    if (n >= maxCommands)
      throw new SmrPlayoutError(`the game did not end within ${maxCommands} commands (turn ${m.state.turn})`, m)
    let next: SmrMatch | null = null
    let last = ''
    for (const cmd of player.candidates(m.state, m.world)) {
      const r = dispatch(m, cmd)
      if (r.decision.ok) {
        next = r.match
        break
      }
      last = `${r.decision.reason.clause} ${r.decision.reason.message} (${JSON.stringify(cmd)})`
    }
    if (!next) throw new SmrPlayoutError(`no command the rules accept for the side to act (last refused: ${last})`, m)
    m = next
    n++
    onCommand?.(m)
  }
  return resultOf(m, n)
}

/** How a finished game went: its winner, turns, commands and casualties per side. */
function resultOf(m: SmrMatch, commands: number): SmrPlayoutResult {
  const casualties: Record<string, { killed: number; eliminated: number }> = {}
  for (const s of m.state.sideIds) casualties[s] = { killed: 0, eliminated: 0 }
  for (const u of Object.values(m.state.units)) {
    const c = casualties[u.sideId]
    if (c && u.status === 'killed') c.killed++
    else if (c && u.status === 'eliminated') c.eliminated++
  }
  return {
    winnerSideId: m.state.result?.winnerSideId ?? null,
    reason: m.state.result?.reason ?? '',
    turns: m.state.turn,
    commands,
    casualties,
    match: m,
  }
}

/**
 * Plays an SMR game to its end, `next` giving each command (any players:
 * random, computer, scripted). Throws `SmrPlayoutError` when the rules
 * refuse one of them, when `next` has none for the side to act, or when the
 * game runs past `maxCommands`.
 */
export function playOutSmrWith(
  start: SmrMatch,
  next: (m: SmrMatch) => SmrCommand | null,
  maxCommands = 6000,
  onCommand?: (m: SmrMatch) => void,
): SmrPlayoutResult {
  let m = start
  let n = 0
  while (m.state.phase !== 'ended') {
    if (n >= maxCommands)
      throw new SmrPlayoutError(`the game did not end within ${maxCommands} commands (turn ${m.state.turn})`, m)
    const cmd = next(m)
    if (!cmd) throw new SmrPlayoutError('no command for the side to act', m)
    const r = dispatch(m, cmd)
    if (!r.decision.ok)
      throw new SmrPlayoutError(
        `command refused: ${r.decision.reason.clause} ${r.decision.reason.message} (${JSON.stringify(cmd)})`,
        m,
      )
    m = r.match
    n++
    onCommand?.(m)
  }
  return resultOf(m, n)
}
