import { CORE_CLAUSES, type CoreClauseId } from './clauses'

/** Why a command was refused: the clause it breaks and a sentence for the player. */
export interface RejectReason {
  /** A clause id: `SMLE-DOOR-03`, `CORE-TABLE-02`, … */
  readonly clause: string
  readonly message: string
}

/** A refusal: the command changes nothing. */
export type Refusal = { readonly ok: false; readonly reason: RejectReason }

/** What the rules decided about a command: the events it causes, or a refusal. */
export type Decision<E> = { readonly ok: true; readonly events: readonly E[] } | Refusal

/** Accepts a command with these events. */
export function accept<E>(events: readonly E[]): Decision<E> {
  return { ok: true, events }
}

/** Refuses a command, naming the clause it breaks. */
export function reject(clause: string, message: string): Refusal {
  return { ok: false, reason: { clause, message } }
}

/** Refuses with a core clause; the message defaults to the clause's own words. */
export function rejectCore(clause: CoreClauseId, message: string = CORE_CLAUSES[clause]): Refusal {
  return reject(clause, message)
}

/** Either a value or the refusal that stopped it. */
export type Checked<T> = { readonly ok: true; readonly value: T } | Refusal
