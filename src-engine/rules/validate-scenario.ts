import { type ScenarioProblem, sortProblems } from '../scenario/problems'
import { ScenarioHeaderSchema, type TableScenario } from '../scenario/schema'
import { schemaProblems } from '../scenario/schema-words'
import { tableProblems } from '../world/table-problems'
import { rulesetFor } from './index'
import { validateSmleScenario } from './smle/editor/validate'

/**
 * Checks a scenario of any ruleset as it is edited: what is wrong, in words,
 * at its place (see `ScenarioProblem`). SMLE scenarios get every check of
 * the editor; other rulesets their schema's and the table's. A ruleset this
 * build does not have is one problem (CORE-RULESET-01).
 */
export function validateScenario(raw: unknown): ScenarioProblem[] {
  const header = ScenarioHeaderSchema.safeParse(raw)
  if (!header.success) return schemaProblems(raw, header.error.issues)
  if (header.data.ruleset === 'smle') return validateSmleScenario(raw)
  const found = rulesetFor(header.data.ruleset)
  if (!found.ok)
    return [{ code: 'unknown-ruleset', severity: 'error', message: found.reason.message, clause: 'CORE-RULESET-01' }]
  const parsed = found.value.scenarioSchema.safeParse(raw)
  if (!parsed.success) return sortProblems(schemaProblems(raw, parsed.error.issues))
  return sortProblems(tableProblems(parsed.data as TableScenario))
}

/** True when a list of problems has an error (the scenario cannot be saved or played as it is). */
export function hasErrors(problems: readonly ScenarioProblem[]): boolean {
  return problems.some((p) => p.severity === 'error')
}
