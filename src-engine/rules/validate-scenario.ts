import { type ScenarioProblem, sortProblems } from '../scenario/problems'
import { ScenarioHeaderSchema, type TableScenario } from '../scenario/schema'
import { schemaProblems } from '../scenario/schema-words'
import { tableProblems } from '../world/table-problems'
import { rulesetFor } from './index'
import { validateSmleScenario } from './smle/editor/validate'
import { sidePoints } from './smle/queries/force-check'
import { ScenarioFieldsSchema } from './smle/scenario/schema'
import { smrSidePoints } from './smr/points'
import { parseSmrForPoints, smrPointsLines, validateSmrScenario } from './smr/editor/validate'

/**
 * Checks a scenario of any ruleset as it is edited: what is wrong, in words,
 * at its place (see `ScenarioProblem`). SMLE and SMR scenarios get every check
 * of the editor; other rulesets their schema's and the table's. A ruleset this
 * build does not have is one problem (CORE-RULESET-01).
 */
export function validateScenario(raw: unknown): ScenarioProblem[] {
  const header = ScenarioHeaderSchema.safeParse(raw)
  if (!header.success) return schemaProblems(raw, header.error.issues)
  if (header.data.ruleset === 'smle') return validateSmleScenario(raw)
  if (header.data.ruleset === 'smr') return validateSmrScenario(raw)
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

/** A scenario's errors in words, the first three of them: what a refused file or save is told. */
export function problemsInWords(problems: readonly ScenarioProblem[]): string {
  const errors = problems.filter((p) => p.severity === 'error')
  const shown = errors.slice(0, 3).map((p) => p.message)
  const more = errors.length > 3 ? ` (and ${errors.length - 3} more)` : ''
  return `The scenario has ${errors.length === 1 ? 'an error' : `${errors.length} errors`}: ${shown.join(' ')}${more}`
}

/** A side's points as the force builder shows them: its breakdown beside the scenario's total for it. */
export interface SidePointsSummary {
  readonly sideId: string
  readonly name: string
  /** SMLE-PTS-09: the side's cost, rounded. */
  readonly total: number
  /** The points the scenario gives the side, when it says. */
  readonly budget: number | null
  readonly lines: readonly { readonly label: string; readonly points: number; readonly clause: string }[]
  readonly multiplier: number
}

/** What the editor shows after every edit: the problems, and each side's points (SMLE; null while the forces cannot be priced). */
export interface EditorCheck {
  readonly problems: readonly ScenarioProblem[]
  readonly points: readonly SidePointsSummary[] | null
}

/** SMR-PTS-01: each side's points, against its total in a Type 2 battle (SMR-SETUP-05); null while the units cannot be priced. */
function smrPoints(raw: unknown): SidePointsSummary[] | null {
  const scenario = parseSmrForPoints(raw)
  if (!scenario) return null
  return scenario.sides.map((side) => ({
    sideId: side.id,
    name: side.name,
    total: smrSidePoints(scenario, side.id),
    budget: scenario.battleType === 2 ? (side.points ?? null) : null,
    lines: smrPointsLines(scenario, side.id),
    multiplier: 1,
  }))
}

/**
 * The editor's live check: `validateScenario`, and for an SMLE scenario
 * whose forces can be priced (every field and reference sound) each side's
 * points through the calculator (SMLE-PTS-09) against its total.
 */
export function editorCheck(raw: unknown): EditorCheck {
  const problems = validateScenario(raw)
  if ((raw as { ruleset?: unknown } | null)?.ruleset === 'smr') return { problems, points: smrPoints(raw) }
  const priceable =
    (raw as { ruleset?: unknown } | null)?.ruleset === 'smle' &&
    !problems.some((p) => p.code === 'schema' || p.code === 'reference')
  if (!priceable) return { problems, points: null }
  const scenario = ScenarioFieldsSchema.parse(raw)
  return {
    problems,
    points: scenario.sides.map((side) => {
      const p = sidePoints(scenario, side.id)
      return {
        sideId: side.id,
        name: side.name,
        total: p.total,
        budget: side.points ?? null,
        lines: p.lines,
        multiplier: p.multiplier,
      }
    }),
  }
}
