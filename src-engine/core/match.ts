import type { DiceMode } from '../dice/roll'
import { RNG_NAME } from '../rng/sfc32'
import type { TableScenario } from '../scenario/schema'
import { buildWorld, type World } from '../world/world'
import { type Decision, type RejectReason, rejectCore } from './decision'
import type { Ruleset } from './ruleset'

/** What a game is: everything needed, with the log, to rebuild its state. */
export interface MatchHeader<Sc extends TableScenario = TableScenario> {
  /** The version of the ruleset's rules the log was played under. */
  readonly rulesVersion: number
  /** The ruleset's id (the registry's key). */
  readonly ruleset: string
  readonly seed: number
  readonly rng: typeof RNG_NAME
  /** How dice are thrown: `physics` (the tray) or `quick` (the generator alone, for bulk simulation). */
  readonly dice: DiceMode
  readonly scenario: Sc
  /** The sides the computer plays, and at what level (`bot:easy`, `bot:normal`, `bot:hard`); the others are people. */
  readonly players?: Readonly<Record<string, string>>
}

/** One accepted command and the events the rules decided for it. */
export interface LogEntry<C = unknown, E = unknown> {
  readonly seq: number
  readonly command: C
  readonly events: readonly E[]
  /** The entry revealed randomness: undo stops here (CORE-UNDO-01). */
  readonly barrier: boolean
}

/** A game in progress: its ruleset, header, log, current state and derived world. */
export interface Match<S = unknown, C = unknown, E = unknown, Sc extends TableScenario = TableScenario> {
  readonly ruleset: Ruleset<S, C, E, Sc>
  readonly header: MatchHeader<Sc>
  readonly entries: readonly LogEntry<C, E>[]
  readonly state: S
  readonly world: World<Sc>
}

/** Makes a header for a new game of `ruleset` on `scenario`. */
export function newMatchHeader<Sc extends TableScenario>(
  ruleset: Ruleset<unknown, unknown, unknown, Sc>,
  scenario: Sc,
  seed: number,
  dice: DiceMode = 'physics',
  players: Readonly<Record<string, string>> = {},
): MatchHeader<Sc> {
  const header: MatchHeader<Sc> = {
    rulesVersion: ruleset.version,
    ruleset: ruleset.id,
    seed,
    rng: RNG_NAME,
    dice,
    scenario,
  }
  return Object.keys(players).length === 0 ? header : { ...header, players }
}

/** Starts a game: the scenario's initial state with its generator seeded. */
export function startMatchOf<S, C, E, Sc extends TableScenario>(
  ruleset: Ruleset<S, C, E, Sc>,
  header: MatchHeader<Sc>,
  world: World<Sc> = buildWorld(header.scenario),
): Match<S, C, E, Sc> {
  return { ruleset, header, entries: [], state: ruleset.initialState(header.scenario, header.seed, header.dice), world }
}

/** state = fold(events): the state a log leads to. */
export function replayLog<S, C, E, Sc extends TableScenario>(
  ruleset: Ruleset<S, C, E, Sc>,
  header: MatchHeader<Sc>,
  entries: readonly LogEntry<C, E>[],
): S {
  let state = ruleset.initialState(header.scenario, header.seed, header.dice)
  for (const entry of entries) for (const e of entry.events) state = ruleset.apply(state, e)
  return state
}

/** Rebuilds a game from a header and a log (a load). */
export function restoreMatchOf<S, C, E, Sc extends TableScenario>(
  ruleset: Ruleset<S, C, E, Sc>,
  header: MatchHeader<Sc>,
  entries: readonly LogEntry<C, E>[],
  world: World<Sc> = buildWorld(header.scenario),
): Match<S, C, E, Sc> {
  return { ruleset, header, entries, state: replayLog(ruleset, header, entries), world }
}

/** Applies a command: on acceptance the log grows by one entry; on refusal the game is unchanged. */
export function dispatch<S, C, E, Sc extends TableScenario>(
  match: Match<S, C, E, Sc>,
  command: unknown,
): { match: Match<S, C, E, Sc>; decision: Decision<E>; entry?: LogEntry<C, E> } {
  const { ruleset } = match
  const parsed = ruleset.parseCommand(command)
  if (!parsed.ok) return { match, decision: parsed }
  const decision = ruleset.decide(match.state, parsed.value, match.world)
  if (!decision.ok) return { match, decision }
  const entry: LogEntry<C, E> = {
    seq: match.entries.length + 1,
    command: parsed.value,
    events: decision.events,
    barrier: decision.events.some((e) => ruleset.revealsRandomness(e)),
  }
  let state = match.state
  for (const e of decision.events) state = ruleset.apply(state, e)
  return { match: { ...match, entries: [...match.entries, entry], state }, decision, entry }
}

/** True when the last command can be undone. */
export function canUndo(match: { readonly entries: readonly { readonly barrier: boolean }[] }): boolean {
  const last = match.entries.at(-1)
  return last !== undefined && !last.barrier
}

/**
 * Undoes the last command, unless it revealed randomness: undo can never buy
 * a re-roll (CORE-UNDO-01).
 */
export function undo<S, C, E, Sc extends TableScenario>(
  match: Match<S, C, E, Sc>,
): { ok: true; match: Match<S, C, E, Sc>; undone: LogEntry<C, E> } | { ok: false; reason: RejectReason } {
  const last = match.entries.at(-1)
  if (!last) return { ok: false, reason: rejectCore('CORE-UNDO-02').reason }
  if (last.barrier)
    return {
      ok: false,
      reason: rejectCore('CORE-UNDO-01', 'The last action rolled dice; it cannot be undone (no re-rolls by undoing).')
        .reason,
    }
  const entries = match.entries.slice(0, -1)
  return {
    ok: true,
    match: { ...match, entries, state: replayLog(match.ruleset, match.header, entries) },
    undone: last,
  }
}
