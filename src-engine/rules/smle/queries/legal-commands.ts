import type { CommandInput } from '../commands/index'
import type { MatchState } from '../state/state'
import { RngCursor, type RngState } from '../../../rng/sfc32'
import type { World } from '../world'
import { activeTeam } from '../sequence'
import {
  type CandidateKind,
  decisionCandidates,
  figureMoveProposals,
  moveAccepted,
  movers,
  teamMoveCandidates,
  turnGenerators,
} from './candidates'

/**
 * The commands `sideId` may give now, each one the rules accept: set-up and
 * activation choices, the decisions of interrupt windows, and in its team's
 * turn the end of the activation, moves (sampled: the compass points at full
 * and half reach, toward and away from the nearest enemy and the objectives),
 * fire, close assaults, doors, vehicles and the Other options. Empty when it
 * is not this side's turn to decide. This is the API an automated opponent
 * uses; `decide` checks every command again on dispatch.
 */
export function legalCommands(state: MatchState, world: World, sideId: string): CommandInput[] {
  if (state.phase === 'ended') return []
  const decisions = decisionCandidates(state, world, sideId)
  if (decisions.length > 0) return decisions
  const gens = turnGenerators(state, sideId)
  return (['end', 'move', 'fire', 'assault', 'other'] as const).flatMap((k) => gens[k]?.(state, world) ?? [])
}

/** The side that must give the next command (the side with a pending decision, else the side to act), or null when the game is over. */
export function sideToAct(state: MatchState): string | null {
  if (state.phase === 'ended') return null
  return state.pending?.sideId ?? state.activeSideId
}

/** How the random player weighs the kinds of command (attacks as likely as moves; ending a turn less so). */
const KIND_WEIGHT: Readonly<Record<Exclude<CandidateKind, 'decide'>, number>> = {
  move: 4,
  fire: 4,
  assault: 4,
  other: 1,
  end: 1,
}

/** A player that picks legal commands at random from its own seeded generator (not the game's). */
export interface RandomPlayer {
  /** A legal command for the side to act, or null when the game is over. */
  next(state: MatchState, world: World): CommandInput | null
  /** Its generator, for reproducible runs. */
  rng(): RngState
}

/**
 * A random legal-command player for both sides: it picks a kind of command
 * (move, fire, assault, Other option, end of activation) with the weights
 * above among the kinds that have a legal command now, then one command of
 * that kind, uniformly. After `maxPerTurn` commands in one team's turn it
 * ends the activation, so that door-opening and the like cannot go on for
 * ever.
 */
export function randomPlayer(seed: RngState, maxPerTurn = 24): RandomPlayer {
  const cursor = new RngCursor(seed)
  let turnKey = ''
  let inTurn = 0
  const pick = <T>(items: readonly T[]): T | undefined =>
    items.length === 0 ? undefined : items[cursor.int(items.length)]
  /** The first of the proposals, in random order, that the rules accept (so that a figure's every move need not be planned). */
  const firstAccepted = (state: MatchState, world: World, proposals: CommandInput[]): CommandInput | undefined => {
    const left = [...proposals]
    while (left.length > 0) {
      const c = left.splice(cursor.int(left.length), 1)[0]
      if (c && moveAccepted(state, world, c)) return c
    }
    return undefined
  }
  /** A move: one figure's at random (or the team's fall back or vehicle move), so as not to plan every figure's every move. */
  const pickMove = (state: MatchState, world: World, side: string): CommandInput | undefined => {
    const team = activeTeam(state)
    if (!team || team.sideId !== side) return undefined
    const figures = [...movers(state, team)]
    while (figures.length > 0) {
      const f = figures.splice(cursor.int(figures.length + 1), 1)[0]
      const choice = f
        ? firstAccepted(state, world, figureMoveProposals(state, world, team, f))
        : pick(teamMoveCandidates(state, world, team))
      if (choice) return choice
    }
    return pick(teamMoveCandidates(state, world, team))
  }
  return {
    rng: () => cursor.state(),
    next(state, world) {
      const side = sideToAct(state)
      if (side === null) return null
      const decisions = decisionCandidates(state, world, side)
      if (decisions.length > 0) return pick(decisions) ?? null
      const unit = state.activeUnit
      const key = unit ? `${state.round}:${unit.turn}:${unit.teamIds[unit.index]}` : ''
      if (key !== turnKey) {
        turnKey = key
        inTurn = 0
      }
      inTurn++
      const gens = turnGenerators(state, side)
      const end = gens.end?.(state, world) ?? []
      if (inTurn > maxPerTurn && end.length > 0) return end[0] ?? null
      const kinds = (['move', 'fire', 'assault', 'other', 'end'] as const).filter((k) => gens[k] !== undefined)
      const tried = new Set<string>()
      while (tried.size < kinds.length) {
        const open = kinds.filter((k) => !tried.has(k))
        const total = open.reduce((a, k) => a + KIND_WEIGHT[k], 0)
        let r = cursor.float() * total
        const kind = open.find((k) => (r -= KIND_WEIGHT[k]) < 0) ?? open[open.length - 1]
        if (kind === undefined) break
        tried.add(kind)
        const choice =
          kind === 'move'
            ? pickMove(state, world, side)
            : pick(kind === 'end' ? end : (gens[kind]?.(state, world) ?? []))
        if (choice) return choice
      }
      return end[0] ?? null
    },
  }
}
