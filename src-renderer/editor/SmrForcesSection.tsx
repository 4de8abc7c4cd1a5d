import { useState } from 'react'
import type { StoreApi } from 'zustand/vanilla'
import type { ScenarioProblem, SidePointsSummary } from '../../src-engine/index'
import { ChoiceSelect } from './ChoiceSelect'
import type { Draft, EditorState } from './editor-store'
import { ForceProblems } from './ForceProblems'
import { SmrForcesSide } from './SmrForcesSide'
import { setSmrBattleType, smrSides } from './smr-edits'

export interface SmrForcesSectionProps {
  readonly store: StoreApi<EditorState>
  readonly draft: Draft
  /** The engine's check's points (its lines by kind of unit), null while it cannot price the draft. */
  readonly points: readonly SidePointsSummary[] | null
  readonly problems: readonly ScenarioProblem[]
}

/**
 * The SMR force builder: the battle type (SMR-SETUP-05), each side's points
 * added up by the engine's check at each edit (SMR-PTS-01) against its total,
 * always shown; opened, each side's edge, total, leader and units.
 */
export function SmrForcesSection({ store, draft, points, problems }: SmrForcesSectionProps) {
  const [shown, setShown] = useState(true)
  const sides = smrSides(draft)
  const type = draft.battleType === 1 ? 1 : 2
  const general = problems.filter((p) => p.objectId === undefined && (p.clause?.startsWith('SMR-SETUP') ?? false))
  return (
    <section className="editor-forces" aria-label="Forces">
      <h3>
        <button type="button" className="editor-forces-toggle" aria-expanded={shown} onClick={() => setShown(!shown)}>
          {shown ? '▾' : '▸'} Forces
        </button>
      </h3>
      <ul className="editor-points" data-testid="editor-points">
        {sides.map((side) => {
          const sideId = String(side.id)
          const cost = points?.find((p) => p.sideId === sideId)?.total ?? null
          const budget = type === 2 && typeof side.points === 'number' ? side.points : null
          return (
            <li key={sideId} className={cost !== null && budget !== null && cost > budget ? 'error' : undefined}>
              {String(side.name ?? sideId)}: {cost ?? '—'}
              {budget !== null ? ` of ${budget}` : ''} points
            </li>
          )
        })}
      </ul>
      {shown ? (
        <>
          <ChoiceSelect
            label="Battle type"
            ariaLabel="Battle type"
            value={String(type)}
            choices={[
              { value: '1', label: 'Type 1: all each side can muster (no points)' },
              { value: '2', label: 'Type 2: an agreed number of points' },
            ]}
            onPick={(v) => store.getState().edit((d) => setSmrBattleType(d, v === '1' ? 1 : 2))}
          />
          <ForceProblems problems={general} />
          {sides.map((side) => (
            <SmrForcesSide
              key={String(side.id)}
              store={store}
              draft={draft}
              side={side}
              summary={points?.find((p) => p.sideId === side.id) ?? null}
              problems={problems}
            />
          ))}
        </>
      ) : null}
    </section>
  )
}
