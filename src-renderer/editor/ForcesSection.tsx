import { useState } from 'react'
import type { StoreApi } from 'zustand/vanilla'
import type { ScenarioProblem } from '../../src-engine/index'
import { type Draft, draftSides, type EditorState } from './editor-store'
import { pointsText, type SideTally } from './force-points'
import { SideForces } from './SideForces'

export interface ForcesSectionProps {
  readonly store: StoreApi<EditorState>
  readonly draft: Draft
  /** Each side's points (null while the draft cannot be priced). */
  readonly tallies: readonly SideTally[] | null
  readonly problems: readonly ScenarioProblem[]
}

/**
 * The force builder (SMLE §1, §13, §15): each side's points against its
 * total, always shown; opened, each side's teams, figures and vehicles to
 * add, change and remove.
 */
export function ForcesSection({ store, draft, tallies, problems }: ForcesSectionProps) {
  const [shown, setShown] = useState(false)
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set())
  const toggle = (teamId: string): void =>
    setOpen((now) => {
      const next = new Set(now)
      if (!next.delete(teamId)) next.add(teamId)
      return next
    })
  const sides = draftSides(draft)
  return (
    <section className="editor-forces" aria-label="Forces">
      <h3>
        <button type="button" className="editor-forces-toggle" aria-expanded={shown} onClick={() => setShown(!shown)}>
          {shown ? '▾' : '▸'} Forces
        </button>
      </h3>
      <ul className="editor-points" data-testid="editor-points">
        {sides.map((side) => {
          const t = tallies?.find((x) => x.sideId === side.id)
          const budget = typeof side.points === 'number' ? side.points : null
          return (
            <li key={String(side.id)} className={t && budget !== null && t.total > budget ? 'error' : undefined}>
              {String(side.name ?? side.id)}: {t ? pointsText(t.total) : '—'}
              {budget !== null ? ` of ${budget}` : ''} points
            </li>
          )
        })}
      </ul>
      {shown
        ? sides.map((side) => (
            <SideForces
              key={String(side.id)}
              store={store}
              draft={draft}
              side={side}
              tally={tallies?.find((x) => x.sideId === side.id) ?? null}
              problems={problems}
              open={open}
              onToggle={toggle}
            />
          ))
        : null}
    </section>
  )
}
