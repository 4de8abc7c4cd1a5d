import type { z } from 'zod'
import type { Decision } from '../decision'
import type { MatchState } from '../state/state'
import type { World } from '../world'

/** One command of the table: the schema of its JSON (its `type` is the table's key) and its rule. */
export interface CommandDef<T extends string> {
  readonly schema: z.ZodType<{ type: T }>
  /** Judges a parsed command: its events, or a refusal naming the clause it breaks. */
  readonly decide: (state: MatchState, cmd: never, world: World) => Decision
}

/** A table entry: the rule is typed by the schema's own output. */
export function defineCommand<T extends string, S extends z.ZodType<{ type: T }>>(
  schema: S,
  decide: (state: MatchState, cmd: z.output<S>, world: World) => Decision,
): { readonly schema: S; readonly decide: (state: MatchState, cmd: z.output<S>, world: World) => Decision } {
  return { schema, decide }
}
