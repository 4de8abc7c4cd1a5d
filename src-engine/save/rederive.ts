import type { LogEntry, MatchHeader } from '../core/match'
import type { AnyRuleset } from '../core/ruleset'
import type { TableScenario } from '../scenario/schema'
import { canonicalJson } from '../util/canonical-json'
import type { World } from '../world/world'

/** Where a recorded value first differs from what the rules give: its path and both values. */
export interface Difference {
  /** A path such as `events[2].faces[0]`. */
  readonly path: string
  readonly recorded: unknown
  readonly derived: unknown
}

/**
 * What re-deriving a log found: the state it leads to, or the first entry
 * that is not what the rules give (`message`: the sentence for the player;
 * `detail`: the entry and what differs, e.g. `entry 17 (moveFigure) records
 * events the rules do not give (…)`).
 */
export type Rederived<S> = { ok: true; state: S } | { ok: false; message: string; detail: string }

/**
 * Plays a saved log again from its header: from the scenario, seed and dice
 * mode, every recorded command is parsed and decided by the rules in order,
 * as `dispatch` does (physics dice are thrown again by the same physics from
 * the generator state the game has reached). The log is accepted only if
 * entries are numbered 1..n and each one's events (compared as canonical JSON)
 * and undo barrier are exactly what the rules decide now. Anything else (dice
 * faces, a total or a success edited, a move edited, another seed, a barrier
 * cleared, an event added or removed, a command changed) is refused with a
 * sentence naming the first entry that differs and how.
 */
export function rederiveLog<S, C, E, Sc extends TableScenario>(
  ruleset: AnyRuleset,
  header: MatchHeader<Sc>,
  entries: readonly LogEntry<C, E>[],
  world: World<Sc>,
): Rederived<S> {
  let state = ruleset.initialState(header.scenario, header.seed, header.dice) as S
  for (const [i, entry] of entries.entries()) {
    const n = i + 1
    const refuse = (what: string): Rederived<S> => {
      const detail = `entry ${n}${commandLabel(entry.command)} ${what}`
      return { ok: false, message: `The save does not match its own game: ${detail}.`, detail }
    }
    if (entry.seq !== n) return refuse(`is numbered ${entry.seq} (entries run 1, 2, 3, … in order)`)
    const parsed = ruleset.parseCommand(entry.command)
    if (!parsed.ok)
      return refuse(`is a command the rules cannot read (${parsed.reason.clause}: ${parsed.reason.message})`)
    let decision: ReturnType<AnyRuleset['decide']>
    try {
      decision = ruleset.decide(state, parsed.value, world)
    } catch (err) {
      return refuse(`cannot be decided by the rules (${err instanceof Error ? err.message : String(err)})`)
    }
    if (!decision.ok)
      return refuse(
        `is a command the rules refuse at that point (${decision.reason.clause}: ${decision.reason.message})`,
      )
    const diff = firstDifference(entry.events, decision.events, 'events')
    if (diff)
      return refuse(
        `records events the rules do not give (first difference at ${diff.path}: the file has ${shown(diff.recorded)}, the rules give ${shown(diff.derived)})`,
      )
    const barrier = decision.events.some((e) => ruleset.revealsRandomness(e))
    if (barrier !== entry.barrier)
      return refuse(
        barrier
          ? 'has its undo barrier cleared, though its events reveal randomness (undo would pass the dice)'
          : 'is marked an undo barrier, though none of its events reveals randomness',
      )
    for (const e of entry.events) state = ruleset.apply(state, e) as S
  }
  return { ok: true, state }
}

/** ` (moveFigure)` for a command with a string `type`, else nothing. */
function commandLabel(command: unknown): string {
  const type = typeof command === 'object' && command !== null ? (command as { type?: unknown }).type : undefined
  return typeof type === 'string' ? ` (${type})` : ''
}

/** A value in a message: `nothing` for a missing one, `a TurnStarted event` for a whole event, else short JSON cut at 60 characters. */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing'
  const type = isPlainObject(value) ? value.type : undefined
  if (typeof type === 'string') return `a ${type} event`
  const text = canonicalJson(value)
  return text.length > 60 ? `${text.slice(0, 59)}…` : text
}

/** The first place two JSON values differ (as canonical JSON), depth first, or null when they are the same. */
export function firstDifference(recorded: unknown, derived: unknown, path = ''): Difference | null {
  if (recorded === undefined && derived === undefined) return null
  if (recorded === undefined || derived === undefined) return { path, recorded, derived }
  if (canonicalJson(recorded) === canonicalJson(derived)) return null
  if (Array.isArray(recorded) && Array.isArray(derived)) {
    for (let i = 0; i < Math.max(recorded.length, derived.length); i++) {
      const d = firstDifference(recorded[i], derived[i], `${path}[${i}]`)
      if (d) return d
    }
    return { path, recorded, derived }
  }
  if (isPlainObject(recorded) && isPlainObject(derived)) {
    const keys = [...new Set([...Object.keys(recorded), ...Object.keys(derived)])].sort()
    for (const key of keys) {
      const d = firstDifference(recorded[key], derived[key], path ? `${path}.${key}` : key)
      if (d) return d
    }
  }
  return { path, recorded, derived }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
