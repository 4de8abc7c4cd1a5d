import type { GameEvent } from '../rules/smle/events/events'
import { CORE_CLAUSES, type CoreClauseId } from './clauses'

/** Why a command was refused: the clause it breaks and a sentence for the player. */
export interface RejectReason {
  /** A clause id: `SMLE-DOOR-03`, `CORE-TABLE-02`, … */
  readonly clause: string
  readonly message: string
}

/** What the rules decided about a command. */
export type Decision = { readonly ok: true; readonly events: readonly GameEvent[] } | { readonly ok: false; readonly reason: RejectReason }

/** Accepts a command with these events. */
export function accept(events: readonly GameEvent[]): Decision {
  return { ok: true, events }
}

/** Refuses a command, naming the clause it breaks. */
export function reject(clause: string, message: string): Decision & { ok: false } {
  return { ok: false, reason: { clause, message } }
}

/** Refuses with a core clause; the message defaults to the clause's own words. */
export function rejectCore(clause: CoreClauseId, message: string = CORE_CLAUSES[clause]): Decision & { ok: false } {
  return reject(clause, message)
}

/** Either a value or the refusal that stopped it. */
export type Checked<T> = { readonly ok: true; readonly value: T } | (Decision & { readonly ok: false })
