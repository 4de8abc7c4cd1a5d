import type { TableScenario } from '../scenario/schema'
import type { LogEntry, MatchHeader } from './match'
import type { Ruleset } from './ruleset'
import { REFEREE, type Viewer } from './viewer'

/**
 * Commands between two keyframes (stored states) of a replay. Folding one
 * command's events costs a quarter to half a millisecond on the reference
 * town, so a seek replays at most 15 commands (a few ms) while a
 * 1,000-command game keeps 63 states, which share most of their data (see
 * docs/replay.md for the measurements).
 */
export const KEYFRAME_EVERY = 16

/** A place on a replay's timeline worth a marker: a new round, or a new activation. */
export interface ReplayMark {
  /** The command index it comes after (the state after `index` commands shows it). */
  readonly index: number
  readonly kind: 'round' | 'activation'
  /** For people: "Round 3", "1st Section". */
  readonly label: string
}

/**
 * A finished or running game opened for replay: its header and log, read
 * only, with keyframes from which the state after any number of commands is
 * rebuilt by applying the few entries since the nearest keyframe. Pure and
 * deterministic: `stateAt(i)` is always the state the original game had
 * after its first `i` commands.
 */
export interface Replay<S = unknown, C = unknown, E = unknown, Sc extends TableScenario = TableScenario> {
  readonly ruleset: Ruleset<S, C, E, Sc>
  readonly header: MatchHeader<Sc>
  readonly entries: readonly LogEntry<C, E>[]
  /** The number of commands: the timeline runs from 0 (the start) to `length` (the last command given). */
  readonly length: number
  readonly keyframeEvery: number
  /** Rounds and activations, as the viewer the replay was opened for may see them. */
  readonly marks: readonly ReplayMark[]
  /** The state after the first `index` commands (0: the game's initial state). Throws for an index off the timeline. */
  stateAt(index: number): S
}

/** How a replay is opened. */
export interface ReplayOptions {
  /** Commands between keyframes (default `KEYFRAME_EVERY`). */
  readonly keyframeEvery?: number
  /** Whose marks: a hidden team's activation is not marked for a seat that may not know of it (default: the referee's). */
  readonly viewer?: Viewer
}

/**
 * Opens a game's log for replay: one pass over the log keeps a state every
 * `keyframeEvery` commands and notes the rounds and activations.
 */
export function openReplay<S, C, E, Sc extends TableScenario>(
  ruleset: Ruleset<S, C, E, Sc>,
  header: MatchHeader<Sc>,
  entries: readonly LogEntry<C, E>[],
  options: ReplayOptions = {},
): Replay<S, C, E, Sc> {
  const every = options.keyframeEvery ?? KEYFRAME_EVERY
  if (!Number.isInteger(every) || every < 1)
    throw new Error(`A keyframe interval is a whole number of commands ≥ 1, not ${every}.`)
  const viewer = options.viewer ?? REFEREE
  const keyframes: S[] = []
  const marks: ReplayMark[] = []
  let state = ruleset.initialState(header.scenario, header.seed, header.dice)
  keyframes.push(state)
  for (const [i, entry] of entries.entries()) {
    const before = state
    for (const e of entry.events) state = ruleset.apply(state, e)
    const index = i + 1
    if (index % every === 0) keyframes.push(state)
    const round = ruleset.round(state)
    if (round !== ruleset.round(before)) marks.push({ index, kind: 'round', label: `Round ${round}` })
    const label = ruleset.activationMark?.(entry.events, ruleset.view(state, viewer, header.scenario)) ?? null
    if (label !== null) marks.push({ index, kind: 'activation', label })
  }
  // The last position asked for: stepping forward from it applies one entry.
  let last: { index: number; state: S } = { index: 0, state: keyframes[0] as S }
  const stateAt = (index: number): S => {
    if (!Number.isInteger(index) || index < 0 || index > entries.length)
      throw new RangeError(`No command ${index} in this replay: it runs from 0 to ${entries.length}.`)
    const k = Math.floor(index / every)
    let from: { index: number; state: S } = { index: k * every, state: keyframes[k] as S }
    if (last.index <= index && last.index > from.index) from = last
    let s = from.state
    for (let i = from.index; i < index; i++) for (const e of entries[i]!.events) s = ruleset.apply(s, e)
    last = { index, state: s }
    return s
  }
  return { ruleset, header, entries, length: entries.length, keyframeEvery: every, marks, stateAt }
}

/** One step of a replay as a viewer may see it: the table after it, its events, its log lines. */
export interface ReplayStep<S = unknown, E = unknown, Sc extends TableScenario = TableScenario> {
  readonly index: number
  /** The state after `index` commands, as the viewer may know it. */
  readonly state: S
  readonly scenario: Sc
  readonly round: number
  /** The events of command `index` the viewer may see (none at 0): its dice among them, with their recorded throws. */
  readonly events: readonly E[]
  /** Those events in words (bookkeeping events, which have none, left out). */
  readonly lines: readonly string[]
}

/**
 * The replay at `index` as `viewer` may see it: the viewed state and
 * scenario, and the viewed events of the command that led there, told in
 * words from the state before it (with anything those events revealed, so
 * a team coming into view is named, not numbered).
 */
export function viewReplayStep<S, C, E, Sc extends TableScenario>(
  replay: Replay<S, C, E, Sc>,
  index: number,
  viewer: Viewer,
): ReplayStep<S, E, Sc> {
  const { ruleset, header } = replay
  const after = replay.stateAt(index)
  const state = ruleset.view(after, viewer, header.scenario)
  const base = {
    index,
    state,
    scenario: ruleset.viewScenario(header.scenario, after, viewer),
    round: ruleset.round(after),
  }
  if (index === 0) return { ...base, events: [], lines: [] }
  const events = ruleset.viewEvents(replay.entries[index - 1]!.events, after, viewer)
  const before = describingState(ruleset.view(replay.stateAt(index - 1), viewer, header.scenario), state)
  // stateAt(index - 1) moved the replay's cursor back: set it where it was asked for.
  replay.stateAt(index)
  const lines = events.map((e) => ruleset.describe(e, before)).filter((l) => l !== '')
  return { ...base, events, lines }
}

/**
 * The state to tell a step's events with: the state before them, with the
 * records (teams, figures, units…) that the step brought into view added
 * from the state after.
 */
function describingState<S>(before: S, after: S): S {
  if (!isRecord(before) || !isRecord(after)) return before
  let out: Record<string, unknown> | null = null
  for (const [key, a] of Object.entries(after)) {
    const b = before[key]
    if (!isRecord(a) || !isRecord(b)) continue
    const added = Object.keys(a).filter((id) => !(id in b))
    if (added.length === 0) continue
    out ??= { ...before }
    out[key] = { ...a, ...b }
  }
  return (out ?? before) as S
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}
