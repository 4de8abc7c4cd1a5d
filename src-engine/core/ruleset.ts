import type { z } from 'zod'
import type { DiceMode } from '../dice/roll'
import type { TableScenario } from '../scenario/schema'
import type { PathMover, World } from '../world/world'
import type { Checked, Decision, RejectReason } from './decision'
import type { Viewer } from './viewer'

/** How a game ended: the winning side (null for a draw) and why. */
export interface Outcome {
  readonly winnerSideId: string | null
  readonly reason: string
}

/**
 * What a ruleset provides to the kernel. The kernel (log, randomness
 * barriers, undo, replay, state hashes, saves) knows nothing else of a
 * ruleset's rules: state, commands and events are its own types.
 *
 * - `S`: the game state (plain, JSON-safe data, with the seeded generator in it);
 * - `C`: a command (what a player asks for);
 * - `E`: an event (what the rules decided);
 * - `Sc`: the ruleset's scenario (the table, which the world is built from, plus its forces and mission).
 */
export interface Ruleset<S = unknown, C = unknown, E = unknown, Sc extends TableScenario = TableScenario> {
  /** The ruleset's id, as a scenario's or a save's `ruleset` field names it: `smle`, `smr`. */
  readonly id: string
  /** Its name for people. */
  readonly name: string
  /** Bumped whenever a rule change would make old logs play differently. */
  readonly version: number
  /** A scenario of this ruleset, checked, with every default filled in. */
  readonly scenarioSchema: z.ZodType<Sc>
  /** A log entry's command as saved. */
  readonly commandSchema: z.ZodType<C>
  /** A log entry's event as saved. */
  readonly eventSchema: z.ZodType<E>
  /** The state a game starts in, its generator seeded. */
  initialState(scenario: Sc, seed: number, dice: DiceMode): S
  /** Checks a command's shape and fills in its defaults; a malformed one is refused (CORE-CMD-02). */
  parseCommand(command: unknown): Checked<C>
  /** Judges a parsed command: its events, or a refusal naming the clause it breaks. May draw from the state's generator; never mutates. */
  decide(state: S, command: C, world: World<Sc>): Decision<E>
  /** Folds one event into the state: total, no randomness, no geometry. */
  apply(state: S, event: E): S
  /** True when an event revealed randomness: its log entry is an undo barrier (CORE-UNDO-01). */
  revealsRandomness(event: E): boolean
  /** The side that must give the next command, or null once the game is over. */
  sideToAct(state: S): string | null
  /** The commands `sideId` may give now (empty when it is not its turn). */
  legalCommands(state: S, world: World<Sc>, sideId: string): readonly unknown[]
  /** The movers whose path searches a host may prepare in idle moments (World.prepare); none when absent. */
  pathMovers?(state: S): readonly PathMover[]
  /** The round (or turn) the game is in, for lists of saves and logs. */
  round(state: S): number
  /** How the game ended, or null while it goes on. */
  outcome(state: S): Outcome | null
  /** An event in words, for the log. */
  describe(event: E, state: S): string
  /**
   * When one log entry's events begin an activation (a team's or a unit's
   * turn, a step of a turn), its name for a replay's timeline ("1st
   * Section"), read from `state`: the state after the events as a viewer
   * sees it. Null otherwise, and null when that viewer may not know of the
   * activation. No activation marks when absent.
   */
  activationMark?(events: readonly E[], state: S): string | null
  /** The state as `viewer` may know it: everything it may not know removed (`scenario`: the game's, for secrets it sets, like a raider's objective). */
  view(state: S, viewer: Viewer, scenario: Sc): S
  /** The scenario as `viewer` may know it in this state (forces still hidden removed). */
  viewScenario(scenario: Sc, state: S, viewer: Viewer): Sc
  /** The events of one entry that `viewer` may see, as it may see them (`state`: after them). */
  viewEvents(events: readonly E[], state: S, viewer: Viewer): E[]
  /**
   * The ids `viewer` may not know exist (hidden teams, their figures, hidden
   * units): a command from its seat naming one is refused as one naming
   * nothing would be (CORE-CMD-01; see `dispatchAs`). None when absent.
   */
  secretIds?(state: S, viewer: Viewer): ReadonlySet<string>
  /** A refusal as `viewer` may read it: none may name what it may not know. Unchanged when absent. */
  viewRefusal?(reason: RejectReason, state: S, viewer: Viewer): RejectReason
}

/** A ruleset of any types: what the registry and the kernel's generic code hold. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRuleset = Ruleset<any, any, any, any>
