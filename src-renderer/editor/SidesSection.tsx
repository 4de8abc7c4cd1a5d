import type { StoreApi } from 'zustand/vanilla'
import type { Edge, ScenarioProblem } from '../../src-engine/index'
import { ChoiceSelect } from './ChoiceSelect'
import { type Draft, draftSides, type EditorState } from './editor-store'
import { Field } from './Field'
import { ForceProblems } from './ForceProblems'
import { LEVELS, setLevel, setSideLevel } from './group-edits'
import { baseEdge, baseLineOf, EDGES, setBaseEdge, setFirstSide, updateSide } from './side-edits'

export interface SidesSectionProps {
  readonly store: StoreApi<EditorState>
  readonly draft: Draft
  readonly problems: readonly ScenarioProblem[]
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * The sides (SMLE plays two, so none is added or removed): each side's name,
 * colour and base edge (where it enters, falls back to and a raid leaves by),
 * each side's level of game (SMLE-SCEN-01: a section against a platoon), the
 * scenario's, and the side that sets up and rolls first; each change one step to undo.
 */
export function SidesSection({ store, draft, problems }: SidesSectionProps) {
  const sides = draftSides(draft)
  const edit = (change: (d: Draft) => Draft): void => store.getState().edit(change)
  return (
    <section className="editor-sides" aria-label="Sides">
      <h3>Sides</h3>
      <div className="hint">SMLE is played by two sides.</div>
      {sides.map((side) => {
        const id = String(side.id)
        const name = String(side.name ?? id)
        const named = baseLineOf(draft, id)
        const nearest = baseEdge({ ...draft, baseLines: [] }, id)
        return (
          <div key={id} className="editor-side-row" aria-label={`Side ${name}`} role="group">
            <div className="editor-row">
              <label className="editor-field">
                Colour
                <input
                  type="color"
                  aria-label={`Colour of ${name}`}
                  value={String(side.colour ?? '#888888')}
                  onChange={(e) => edit((d) => updateSide(d, id, { colour: e.target.value }))}
                />
              </label>
              <Field
                label="Side"
                ariaLabel={`Side ${name} is called`}
                value={name}
                onCommit={(v) => {
                  if (v.trim() !== '') edit((d) => updateSide(d, id, { name: v.trim() }))
                }}
              />
            </div>
            <ChoiceSelect
              label="Base edge (enters, falls back, leaves a raid by)"
              ariaLabel={`Base edge of ${name}`}
              value={named === null ? 'nearest' : named}
              choices={[
                { value: 'nearest', label: `Nearest its zone (${nearest})` },
                ...EDGES.map((e) => ({ value: e, label: `${cap(e)} edge` })),
                ...(named === 'line' ? [{ value: 'line', label: 'A line drawn in the file' }] : []),
              ]}
              onPick={(v) => {
                if (v !== 'line') edit((d) => setBaseEdge(d, id, v === 'nearest' ? null : (v as Edge)))
              }}
            />
            <ChoiceSelect
              label="Level of game"
              ariaLabel={`Level of game of ${name}`}
              value={typeof side.level === 'string' ? side.level : 'scenario'}
              choices={[{ value: 'scenario', label: "The scenario's" }, ...LEVELS]}
              onPick={(v) => edit((d) => setSideLevel(d, id, v === 'scenario' ? null : v))}
            />
            <ForceProblems
              problems={problems.filter(
                (p) => p.objectId === id && (p.code === 'sides-same-colour' || p.code === 'platoon-level-no-platoon'),
              )}
            />
          </div>
        )
      })}
      <ChoiceSelect
        label="Level of game (what rolls for activation)"
        ariaLabel="Level of game of the scenario"
        value={String(draft.level ?? 'section')}
        choices={LEVELS}
        onPick={(v) => edit((d) => setLevel(d, v))}
      />
      <ChoiceSelect
        label="Sets up and rolls first"
        ariaLabel="Side that sets up and rolls first"
        value={String(draft.firstSideId ?? '')}
        choices={sides.map((s) => ({ value: String(s.id), label: String(s.name ?? s.id) }))}
        onPick={(v) => edit((d) => setFirstSide(d, v))}
      />
    </section>
  )
}
