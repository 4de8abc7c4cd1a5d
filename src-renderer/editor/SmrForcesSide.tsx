import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { ScenarioProblem, SidePointsSummary } from '../../src-engine/index'
import { ChoiceSelect } from './ChoiceSelect'
import type { Draft, EditorState } from './editor-store'
import { Field } from './Field'
import { ForceProblems } from './ForceProblems'
import { SmrUnitRow } from './SmrForcesUnit'
import {
  addSmrUnit,
  SMR_CLASSES,
  type SmrClass,
  type SmrEdge,
  setSmrLeader,
  setSmrSidePoints,
  smrUnits,
  updateSmrSide,
} from './smr-edits'

export interface SmrForcesSideProps {
  readonly store: StoreApi<EditorState>
  readonly draft: Draft
  readonly side: Readonly<Record<string, unknown>>
  /** Its points as the engine's check adds them up (by kind of unit), null while it cannot price the draft. */
  readonly summary: SidePointsSummary | null
  readonly problems: readonly ScenarioProblem[]
}

const EDGES: readonly SmrEdge[] = ['north', 'south', 'east', 'west']

/**
 * One SMR side: its name, own edge (SMR-SETUP-04), points total in a Type 2
 * battle (SMR-SETUP-05) against its units' cost (SMR-PTS-01, red when over),
 * its leader (SMR-SETUP-02), its units with their class, mount and weapon,
 * and Add unit by class; the check's problems with the side and its units at
 * their place.
 */
export function SmrForcesSide({ store, draft, side, summary, problems }: SmrForcesSideProps) {
  const sideId = String(side.id)
  const name = String(side.name ?? sideId)
  const units = smrUnits(draft, sideId)
  const type = draft.battleType === 1 ? 1 : 2
  const budget = typeof side.points === 'number' ? side.points : null
  const cost = summary?.total ?? null
  const lines = summary?.lines ?? null
  const over = type === 2 && budget !== null && cost !== null && cost > budget
  const picked = useStore(store, (s) => (s.selected?.collection === 'units' ? s.selected.id : null))
  const leaderKnown = units.some((u) => u.id === side.leaderId)
  const edit = (change: (d: Draft) => Draft): void => store.getState().edit(change)
  return (
    <section className="editor-side" aria-label={`${name} forces`}>
      <div className="editor-side-head">
        <span className="editor-side-swatch" style={{ background: String(side.colour ?? '#888') }} />
        <strong>{name}</strong>
        <span
          className={over ? 'editor-side-points error' : 'editor-side-points'}
          data-testid={`side-points-${sideId}`}
        >
          {cost ?? '—'}
          {type === 2 && budget !== null ? ` of ${budget}` : ''} points
        </span>
      </div>
      <Field
        label="Side name"
        ariaLabel={`Name of ${name}`}
        value={name}
        onCommit={(v) => edit((d) => updateSmrSide(d, sideId, { name: v }))}
      />
      <ChoiceSelect
        label="Own edge"
        ariaLabel={`Own edge of ${name}`}
        value={String(side.edge ?? 'south')}
        choices={EDGES.map((e) => ({ value: e, label: `The ${e} edge` }))}
        onPick={(v) => edit((d) => updateSmrSide(d, sideId, { edge: v as SmrEdge }))}
      />
      {type === 2 ? (
        <Field
          label="Points total (blank: none)"
          ariaLabel={`Points total of ${name}`}
          value={budget === null ? '' : String(budget)}
          numeric
          onCommit={(text) => {
            const v = Number(text)
            if (text.trim() === '') edit((d) => setSmrSidePoints(d, sideId, null))
            else if (Number.isInteger(v) && v > 0) edit((d) => setSmrSidePoints(d, sideId, v))
          }}
        />
      ) : null}
      <ChoiceSelect
        label="Leader"
        ariaLabel={`Leader of ${name}`}
        value={leaderKnown ? String(side.leaderId) : ''}
        choices={[
          ...(leaderKnown ? [] : [{ value: '', label: 'None chosen' }]),
          ...units.map((u) => ({ value: String(u.id), label: String(u.name ?? u.id) })),
        ]}
        onPick={(v) => edit((d) => setSmrLeader(d, sideId, v))}
      />
      {lines && lines.length > 0 ? (
        <ul className="editor-points-lines hint" aria-label={`Points of ${name}`}>
          {lines.map((l) => (
            <li key={l.label}>
              {l.label}: {l.points}
            </li>
          ))}
        </ul>
      ) : null}
      <ForceProblems problems={problems.filter((p) => p.objectId === sideId)} />
      <ul className="editor-items" aria-label={`Units of ${name}`}>
        {units.map((u) => (
          <SmrUnitRow
            key={String(u.id)}
            store={store}
            unit={u}
            lines={lines}
            isLeader={u.id === side.leaderId}
            isPicked={picked === u.id}
            problems={problems.filter((p) => p.objectId === u.id)}
          />
        ))}
      </ul>
      <ChoiceSelect
        ariaLabel={`Add a unit to ${name}`}
        value=""
        prompt="Add a unit of class…"
        choices={SMR_CLASSES.map(([cls, label]) => ({ value: cls, label }))}
        onPick={(v) => {
          const made = addSmrUnit(store.getState().draft, sideId, v as SmrClass)
          store.getState().edit(() => made.draft)
          store.getState().select({ collection: 'units', id: made.unitId })
        }}
      />
    </section>
  )
}
