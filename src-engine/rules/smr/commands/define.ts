import type { z } from 'zod'
import type { Decision } from '../../../core/decision'
import type { SmrEvent } from '../events'
import type { SmrWorld } from '../geometry'
import type { SmrState } from '../state'

/** What an SMR command's rule returns: its events, or a refusal naming the clause it breaks. */
export type SmrDecision = Decision<SmrEvent>

/** One command of the table: the schema of its JSON (its `type` is the table's key) and its rule. */
export interface CommandDef<T extends string> {
  readonly schema: z.ZodType<{ type: T }>
  readonly decide: (state: SmrState, cmd: never, world: SmrWorld) => SmrDecision
}

/** A table entry: the rule is typed by the schema's own output. */
export function defineCommand<T extends string, S extends z.ZodType<{ type: T }>>(
  schema: S,
  decide: (state: SmrState, cmd: z.output<S>, world: SmrWorld) => SmrDecision,
): { readonly schema: S; readonly decide: (state: SmrState, cmd: z.output<S>, world: SmrWorld) => SmrDecision } {
  return { schema, decide }
}
