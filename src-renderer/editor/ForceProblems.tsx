import type { ScenarioProblem } from '../../src-engine/index'

export interface ForceProblemsProps {
  readonly problems: readonly ScenarioProblem[]
}

/** The engine's problems with a part of the forces, in words, with their clauses (unless the words name them). */
export function ForceProblems({ problems }: ForceProblemsProps) {
  if (problems.length === 0) return null
  return (
    <ul className="editor-problems">
      {problems.map((p, i) => (
        <li key={i} className={p.severity}>
          {p.message}
          {p.clause && !p.message.includes(p.clause) ? <span className="hint"> ({p.clause})</span> : null}
        </li>
      ))}
    </ul>
  )
}
