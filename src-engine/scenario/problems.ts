import type { Vec2 } from '../util/geometry'

/**
 * How bad a problem in a scenario is: an `error` stops the scenario from
 * being saved or played; a `warning` is advice (the rules allow it, but it is
 * probably not what the author meant).
 */
export type ProblemSeverity = 'error' | 'warning'

/**
 * One thing wrong with a scenario being edited, said in plain words at the
 * place it is: a point on the table and/or the id of the object it is about
 * (a figure, team, side, building, door, position, objective…).
 */
export interface ScenarioProblem {
  /** A stable name for the kind of problem (`figure-in-solid`, `zones-overlap`…), for tests and tools. */
  readonly code: string
  readonly severity: ProblemSeverity
  /** What is wrong, in words a player reads (names, not schema paths). */
  readonly message: string
  /** Where on the table, when it has a place. */
  readonly at?: Vec2
  /** The object it is about, when there is one. */
  readonly objectId?: string
  /** The rule clause it comes from, when a rule says so. */
  readonly clause?: string
}

/** Errors first, then warnings; within each, the order the checks found them. */
export function sortProblems(problems: readonly ScenarioProblem[]): ScenarioProblem[] {
  return [...problems.filter((p) => p.severity === 'error'), ...problems.filter((p) => p.severity === 'warning')]
}
