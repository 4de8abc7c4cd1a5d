import type { StoreApi } from 'zustand/vanilla'
import type { Draft, EditorState } from './editor-store'
import { OPTIONAL_RULES, ruleInForce, setOptionalRule } from './rules-edits'

export interface RulesSectionProps {
  readonly store: StoreApi<EditorState>
  readonly draft: Draft
}

/** The optional rules of §14 the scenario puts in force (SMLE-GEN-09), each a tick; each change one step to undo. */
export function RulesSection({ store, draft }: RulesSectionProps) {
  return (
    <section className="editor-rules" aria-label="Rules in force">
      <h3>Rules in force</h3>
      {OPTIONAL_RULES.map((r) => (
        <label key={r.key} className="editor-check">
          <input
            type="checkbox"
            aria-label={r.label}
            checked={ruleInForce(draft, r.key)}
            onChange={(e) => store.getState().edit((d) => setOptionalRule(d, r.key, e.target.checked))}
          />
          {r.label}
        </label>
      ))}
    </section>
  )
}
