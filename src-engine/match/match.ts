import type { Command } from '../rules/smle/commands/index'
import { decideCommand, parseCommand } from '../rules/smle/commands/decide'
import { type Decision, type RejectReason, rejectCore } from '../core/decision'
import { applyEvents } from '../rules/smle/apply/apply'
import { type GameEvent, revealsRandomness } from '../rules/smle/events/events'
import type { MatchState } from '../rules/smle/state/state'
import { RNG_NAME } from '../rng/sfc32'
import type { Scenario } from '../scenario/schema'
import { buildWorld, type World } from '../world/world'
import { initialState } from '../rules/smle/initial-state'

/** Bumped whenever a rule change would make old logs play differently. */
export const RULES_VERSION = 1

/** What a game is: everything needed, with the log, to rebuild its state. */
export interface MatchHeader {
  readonly rulesVersion: number
  readonly ruleset: Scenario['ruleset']
  readonly seed: number
  readonly rng: typeof RNG_NAME
  /** How dice are thrown: `physics` (the tray) or `quick` (the generator alone, for bulk simulation). */
  readonly dice: 'physics' | 'quick'
  readonly scenario: Scenario
}

/** One accepted command and the events the rules decided for it. */
export interface LogEntry {
  readonly seq: number
  readonly command: Command
  readonly events: readonly GameEvent[]
  /** The entry revealed randomness: undo stops here (CORE-UNDO-01). */
  readonly barrier: boolean
}

/** A game in progress: header, log, current state and its derived world. */
export interface Match {
  readonly header: MatchHeader
  readonly entries: readonly LogEntry[]
  readonly state: MatchState
  readonly world: World
}

/** Makes a header for a new game. */
export function newHeader(scenario: Scenario, seed: number, dice: MatchHeader['dice'] = 'physics'): MatchHeader {
  return { rulesVersion: RULES_VERSION, ruleset: scenario.ruleset, seed, rng: RNG_NAME, dice, scenario }
}

/** Starts a game: the scenario's initial state with its generator seeded. */
export function startMatch(header: MatchHeader, world: World = buildWorld(header.scenario)): Match {
  return { header, entries: [], state: initialState(header.scenario, header.seed, header.dice), world }
}

/** state = fold(events): the state a log leads to. */
export function replay(header: MatchHeader, entries: readonly LogEntry[]): MatchState {
  let state = initialState(header.scenario, header.seed, header.dice)
  for (const entry of entries) state = applyEvents(state, entry.events)
  return state
}

/** Rebuilds a game from a header and a log (a load). */
export function restoreMatch(header: MatchHeader, entries: readonly LogEntry[], world: World = buildWorld(header.scenario)): Match {
  return { header, entries, state: replay(header, entries), world }
}

/** Applies a command: on acceptance the log grows by one entry; on refusal the game is unchanged. */
export function dispatch(match: Match, command: unknown): { match: Match; decision: Decision; entry?: LogEntry } {
  const parsed = parseCommand(command)
  if (!parsed.ok) return { match, decision: parsed }
  const decision = decideCommand(match.state, parsed.value, match.world)
  if (!decision.ok) return { match, decision }
  const entry: LogEntry = { seq: match.entries.length + 1, command: parsed.value, events: decision.events, barrier: decision.events.some(revealsRandomness) }
  return { match: { ...match, entries: [...match.entries, entry], state: applyEvents(match.state, decision.events) }, decision, entry }
}

/** True when the last command can be undone. */
export function canUndo(match: Match): boolean {
  const last = match.entries.at(-1)
  return last !== undefined && !last.barrier
}

/**
 * Undoes the last command, unless it revealed randomness: undo can never buy
 * a re-roll (CORE-UNDO-01).
 */
export function undo(match: Match): { ok: true; match: Match; undone: LogEntry } | { ok: false; reason: RejectReason } {
  const last = match.entries.at(-1)
  if (!last) return { ok: false, reason: rejectCore('CORE-UNDO-02').reason }
  if (last.barrier) return { ok: false, reason: rejectCore('CORE-UNDO-01', 'The last action rolled dice; it cannot be undone (no re-rolls by undoing).').reason }
  const entries = match.entries.slice(0, -1)
  return { ok: true, match: { ...match, entries, state: replay(match.header, entries) }, undone: last }
}
