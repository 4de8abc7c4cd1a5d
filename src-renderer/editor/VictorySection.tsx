import type { StoreApi } from 'zustand/vanilla'
import type { ScenarioProblem } from '../../src-engine/index'
import { ChoiceSelect } from './ChoiceSelect'
import { type Draft, draftItems, draftSides, type EditorState } from './editor-store'
import { Field } from './Field'
import { ForceProblems } from './ForceProblems'
import { draftTeams, type Item, teamFigures } from './force-draft'
import {
  addCondition,
  CONDITION_KINDS,
  type ConditionKind,
  conditionWords,
  draftVictory,
  EDGES,
  FRACTIONS,
  NEEDS_OBJECTIVE,
  removeCondition,
  setAtTimeLimit,
  updateCondition,
} from './side-edits'

export interface VictorySectionProps {
  readonly store: StoreApi<EditorState>
  readonly draft: Draft
  readonly problems: readonly ScenarioProblem[]
}

/** The codes of the engine's problems with the victory terms, shown under them. */
const VICTORY_CODES = new Set(['no-victory', 'eliminate-own-side', 'kill-own-figure', 'exit-by-own-edge'])

/**
 * The victory terms (§16): the time limit, each way to win said in words
 * with its parts chosen from lists (side, objective, edge, share of figures,
 * figures to kill), a way to win added from a list for a side, and who wins
 * when time runs out; each change one step to undo.
 */
export function VictorySection({ store, draft, problems }: VictorySectionProps) {
  const edit = (change: (d: Draft) => Draft): void => store.getState().edit(change)
  const sides = draftSides(draft)
  const sideChoices = sides.map((s) => ({ value: String(s.id), label: String(s.name ?? s.id) }))
  const { conditions, atTimeLimit } = draftVictory(draft)
  const hasObjective = draftItems(draft, 'objectives').length > 0
  const figureIds = new Set(draftTeams(draft).flatMap((t) => teamFigures(t).map((f) => f.id)))
  return (
    <section className="editor-victory" aria-label="Victory">
      <h3>Time limit and victory</h3>
      <Field
        label="Last round (time limit)"
        ariaLabel="Last round"
        value={String(draft.roundLimit ?? 10)}
        numeric
        onCommit={(text) => {
          const v = Number(text)
          if (Number.isInteger(v) && v > 0) edit((d) => ({ ...d, roundLimit: v }))
        }}
      />
      <ol className="editor-conditions" aria-label="Ways to win">
        {conditions.map((c, i) => (
          <li key={i} aria-label={`Way to win ${i + 1}`}>
            <span data-testid={`condition-${i + 1}`}>{conditionWords(draft, c)}</span>
            <ConditionParts draft={draft} condition={c} index={i} edit={edit} sideChoices={sideChoices} />
            <button
              type="button"
              aria-label={`Remove way to win ${i + 1}`}
              onClick={() => edit((d) => removeCondition(d, i))}
            >
              ✕
            </button>
            <ForceProblems
              problems={problems.filter(
                (p) =>
                  VICTORY_CODES.has(p.code) &&
                  (p.objectId === c.sideId || (figureIds.has(p.objectId) && p.code === 'kill-own-figure')),
              )}
            />
          </li>
        ))}
      </ol>
      {sides.map((s) => (
        <ChoiceSelect
          key={String(s.id)}
          label={`A way to win for ${String(s.name ?? s.id)}`}
          ariaLabel={`Add a way to win for ${String(s.name ?? s.id)}`}
          value=""
          prompt={`${String(s.name ?? s.id)} wins if…`}
          choices={CONDITION_KINDS.filter((k) => hasObjective || !NEEDS_OBJECTIVE.has(k.value))}
          onPick={(kind) => edit((d) => addCondition(d, kind as ConditionKind, String(s.id)))}
        />
      ))}
      {!hasObjective ? <div className="hint">Place an objective to win by holding or raiding one.</div> : null}
      <ChoiceSelect
        label="When the last round ends with nothing decided"
        ariaLabel="Winner when time runs out"
        value={atTimeLimit}
        choices={[{ value: 'draw', label: 'A draw' }, ...sideChoices.map((s) => ({ ...s, label: `${s.label} wins` }))]}
        onPick={(v) => edit((d) => setAtTimeLimit(d, v))}
      />
      <ForceProblems problems={problems.filter((p) => p.code === 'no-victory')} />
    </section>
  )
}

interface ConditionPartsProps {
  readonly draft: Draft
  readonly condition: Item
  readonly index: number
  readonly edit: (change: (d: Draft) => Draft) => void
  readonly sideChoices: readonly { value: string; label: string }[]
}

/** The lists that make up one way to win, by its kind. */
function ConditionParts({ draft, condition: c, index, edit, sideChoices }: ConditionPartsProps) {
  const n = index + 1
  const set = (patch: Item): void => edit((d) => updateCondition(d, index, patch))
  const objectives = draftItems(draft, 'objectives').map((o) => ({
    value: String(o.id),
    label: String(o.name ?? o.id),
  }))
  const enemyFigures = draftTeams(draft)
    .filter((t) => t.sideId !== c.sideId)
    .flatMap((t) =>
      teamFigures(t).map((f) => ({ value: String(f.id), label: `${String(f.name)} (${String(t.name)})` })),
    )
  const ids = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : [])
  const toggle = (key: string, id: string): void => {
    const now = ids(c[key])
    const next = now.includes(id) ? now.filter((x) => x !== id) : [...now, id]
    if (next.length > 0) set({ [key]: next })
  }
  const boxes = (key: string, choices: readonly { value: string; label: string }[], what: string) => (
    <fieldset className="editor-checks">
      <legend>{what}</legend>
      {choices.map((o) => (
        <label key={o.value}>
          <input
            type="checkbox"
            aria-label={`${what} ${o.label}, way to win ${n}`}
            checked={ids(c[key]).includes(o.value)}
            onChange={() => toggle(key, o.value)}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  )
  return (
    <div className="editor-row editor-condition-parts">
      {c.kind === 'control' ? boxes('sideIds', sideChoices, 'Side') : null}
      {c.kind !== 'control' ? (
        <ChoiceSelect
          label="Side"
          ariaLabel={`Side of way to win ${n}`}
          value={String(c.sideId ?? '')}
          choices={sideChoices}
          onPick={(v) => set({ sideId: v })}
        />
      ) : null}
      {c.kind === 'control' || c.kind === 'occupy' ? (
        <ChoiceSelect
          label="Objective"
          ariaLabel={`Objective of way to win ${n}`}
          value={String(c.objectiveId ?? '')}
          choices={objectives}
          onPick={(v) => set({ objectiveId: v })}
        />
      ) : null}
      {c.kind === 'raid' ? boxes('objectiveIds', objectives, 'Objective') : null}
      {c.kind === 'eliminate' ? (
        <ChoiceSelect
          label="Wiped out"
          ariaLabel={`Side wiped out, way to win ${n}`}
          value={String(c.targetSideId ?? '')}
          choices={sideChoices}
          onPick={(v) => set({ targetSideId: v })}
        />
      ) : null}
      {c.kind === 'killFigures' ? boxes('figureIds', enemyFigures, 'Kill') : null}
      {c.kind === 'exit' ? (
        <ChoiceSelect
          label="Edge"
          ariaLabel={`Edge of way to win ${n}`}
          value={String(c.edge ?? '')}
          choices={EDGES.map((e) => ({ value: e, label: e }))}
          onPick={(v) => set({ edge: v })}
        />
      ) : null}
      {c.kind === 'exit' || c.kind === 'raid' ? (
        <ChoiceSelect
          label="Share off"
          ariaLabel={`Share of figures off, way to win ${n}`}
          value={String(c.fraction ?? 0.5)}
          choices={FRACTIONS}
          onPick={(v) => set({ fraction: Number(v) })}
        />
      ) : null}
      {c.kind === 'raid' ? (
        <Field
          label="Rounds held"
          ariaLabel={`Rounds held, way to win ${n}`}
          value={String(c.holdRounds ?? 1)}
          numeric
          onCommit={(text) => {
            const v = Number(text)
            if (Number.isInteger(v) && v > 0) set({ holdRounds: v })
          }}
        />
      ) : null}
    </div>
  )
}
