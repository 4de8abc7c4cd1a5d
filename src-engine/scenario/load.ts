import type { AnyRuleset } from '../core/ruleset'
import { ScenarioHeaderSchema, type TableScenario } from './schema'

/** Finds a ruleset by id (the registry's lookup, passed in so that this stays neutral). */
export type ScenarioRulesetLookup = (
  id: string,
) => { ok: true; value: AnyRuleset } | { ok: false; reason: { message: string } }

/** A scenario read from a file: its ruleset and the scenario checked by that ruleset's schema, or why it was refused. */
export type ParsedScenario = { ok: true; ruleset: AnyRuleset; scenario: TableScenario } | { ok: false; message: string }

/**
 * Reads a scenario of any ruleset: the header first, then the ruleset its
 * `ruleset` field names (one this build does not have is refused, never
 * played with other rules: CORE-RULESET-01), then the rest by that
 * ruleset's own schema.
 */
export function parseScenario(raw: unknown, rulesetFor: ScenarioRulesetLookup): ParsedScenario {
  const header = ScenarioHeaderSchema.safeParse(raw)
  if (!header.success) {
    const issue = header.error.issues[0]
    return {
      ok: false,
      message: `The scenario is invalid${issue ? ` (at ${issue.path.join('.') || 'the top level'}: ${issue.message})` : ''}.`,
    }
  }
  const found = rulesetFor(header.data.ruleset)
  if (!found.ok) return { ok: false, message: found.reason.message }
  const parsed = found.value.scenarioSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return {
      ok: false,
      message: `The scenario is invalid${issue ? ` (at ${issue.path.join('.') || 'the top level'}: ${issue.message})` : ''}.`,
    }
  }
  return { ok: true, ruleset: found.value, scenario: parsed.data as TableScenario }
}
