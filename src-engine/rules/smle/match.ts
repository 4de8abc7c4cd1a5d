import type { DiceMode } from '../../dice/roll'
import {
  newMatchHeader,
  type LogEntry as KernelLogEntry,
  type Match as KernelMatch,
  type MatchHeader as KernelHeader,
  replayLog,
  restoreMatchOf,
  startMatchOf,
} from '../../core/match'
import type { Command } from './commands/index'
import type { GameEvent } from './events/events'
import { smle } from './ruleset'
import type { Scenario } from './scenario/schema'
import type { MatchState } from './state/state'
import type { World } from './world'

/** An SMLE game's header. */
export type MatchHeader = KernelHeader<Scenario>
/** One accepted SMLE command and its events. */
export type LogEntry = KernelLogEntry<Command, GameEvent>
/** An SMLE game in progress. */
export type Match = KernelMatch<MatchState, Command, GameEvent, Scenario>

/** Makes a header for a new SMLE game. */
export function newHeader(scenario: Scenario, seed: number, dice: DiceMode = 'physics'): MatchHeader {
  return newMatchHeader(smle, scenario, seed, dice)
}

/** Starts an SMLE game. */
export function startMatch(header: MatchHeader, world?: World): Match {
  return startMatchOf(smle, header, world)
}

/** state = fold(events) for an SMLE log. */
export function replay(header: MatchHeader, entries: readonly LogEntry[]): MatchState {
  return replayLog(smle, header, entries)
}

/** Rebuilds an SMLE game from a header and a log. */
export function restoreMatch(header: MatchHeader, entries: readonly LogEntry[], world?: World): Match {
  return restoreMatchOf(smle, header, entries, world)
}

export { canUndo, dispatch, undo } from '../../core/match'
