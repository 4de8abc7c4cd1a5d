import { settle } from '../settle'
import type { World } from '../world'
import { type Command, COMMANDS, CommandSchema } from './index'
import type { CommandDef } from './define'
import { accept, type Decision, rejectCore } from '../decision'
import { EventLog } from '../events/event-log'
import { hiddenRollsOf } from '../view-events'
import type { MatchState } from '../state/state'

/**
 * Judges a command against the rules and the table. Reads the state, may draw
 * from its generator (recording the outcome in events) and asks the world;
 * never mutates anything. A refusal names the clause it enforces.
 */
export function decide(state: MatchState, command: unknown, world: World): Decision {
  const parsed = parseCommand(command)
  return parsed.ok ? decideCommand(state, parsed.value, world) : parsed
}

/** Checks a command's shape (CORE-CMD-02) and fills in its defaults. */
export function parseCommand(command: unknown): { ok: true; value: Command } | (Decision & { ok: false }) {
  const parsed = CommandSchema.safeParse(command)
  if (parsed.success) return { ok: true, value: parsed.data }
  const issue = parsed.error.issues[0]
  return rejectCore(
    'CORE-CMD-02',
    `The command is malformed${issue ? ` at "${issue.path.join('.') || 'type'}": ${issue.message}` : ''}.`,
  )
}

/**
 * Judges a command already parsed by `parseCommand`, then settles what the
 * events changed on the table: hidden teams seen (SMLE-SCEN-05), activation
 * levels (SMLE-ACT-16) and victory (§16).
 */
export function decideCommand(state: MatchState, cmd: Command, world: World): Decision {
  let byState = taken.get(world)
  if (!byState) taken.set(world, (byState = new WeakMap()))
  let byCommand = byState.get(state)
  const key = commandKey(cmd)
  const known = byCommand?.get(key)
  if (known) return known
  const decision = settled(state, cmd, world)
  if (!byCommand) byState.set(state, (byCommand = new Map()))
  if (byCommand.size >= KEPT_PER_STATE) byCommand.delete(byCommand.keys().next().value as string)
  byCommand.set(key, decision)
  return decision
}

/**
 * `decideCommand` for a state judged once and dropped (a look-ahead's own
 * copy of the game): the same decision, not kept, since nothing will ask for
 * it again.
 */
export function decideOnce(state: MatchState, cmd: Command, world: World): Decision {
  return settled(state, cmd, world)
}

/**
 * Decisions taken, by world and state (neither is changed in place, and a
 * decision reads nothing else), then by command: the same command judged
 * again on the same state (a check before it is sent, a preview, then the
 * dispatch) is the decision already taken, with the same events and dice.
 */
const taken = new WeakMap<World, WeakMap<MatchState, Map<string, Decision>>>()
/** Decisions kept per state (the oldest is dropped first). */
const KEPT_PER_STATE = 16

/** A command as text that tells every value apart (strings from numbers, -0 from 0, NaN and infinities). */
function commandKey(cmd: Command): string {
  return JSON.stringify(cmd, (_k, v: unknown) =>
    typeof v === 'string' ? `s${v}` : typeof v === 'number' ? `n${Object.is(v, -0) ? '-0' : String(v)}` : v,
  )
}

/** `decideCommand` worked out: the command's rule, then the settling. */
function settled(state: MatchState, cmd: Command, world: World): Decision {
  const decision = judge(state, cmd, world)
  if (!decision.ok) return decision
  // The events as the command's rule recorded them, with the state it reached (not applied again).
  const log = EventLog.of(state, decision.events)
  settle(log, world)
  // SMLE-SCEN-05: the rolls of teams still hidden, counted for the seats they are kept from (their roll ids).
  const hidden = hiddenRollsOf(log.events, log.state)
  if (hidden) log.push({ type: 'RollsHidden', bySide: hidden })
  const accepted = accept(log.events)
  outcomes.set(accepted, log.state)
  return accepted
}

/**
 * The state each accepted decision leads to from the state it was taken on:
 * its events applied in turn, as they were while it was decided.
 */
const outcomes = new WeakMap<Decision, MatchState>()

/**
 * The state an accepted decision of `decideCommand` leads to from the state
 * it was judged on (the same as applying its events to that state in turn),
 * or undefined for a decision made elsewhere.
 */
export function stateAfter(decision: Decision): MatchState | undefined {
  return outcomes.get(decision)
}

/** The command's own rule, without the settling: the table's entry for its type. */
export function judge(state: MatchState, cmd: Command, world: World): Decision {
  const entry: CommandDef<string> = COMMANDS[cmd.type]
  return entry.decide(state, cmd as never, world)
}
