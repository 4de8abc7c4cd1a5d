import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { type ScenarioProblem, VEHICLE_TABLE } from '../../src-engine/index'
import { ChoiceSelect } from './ChoiceSelect'
import type { Draft, EditorState } from './editor-store'
import { Field } from './Field'
import { ForceProblems } from './ForceProblems'
import { draftTeams, draftVehicles } from './force-draft'
import { addTeam, setSidePoints } from './force-edits'
import { VEHICLE_CHOICES } from './force-options'
import { pointsText, type SideTally } from './force-points'
import { SideGroups } from './SideGroups'
import { TeamCard } from './TeamCard'
import { addVehicle } from './vehicle-edits'

export interface SideForcesProps {
  readonly store: StoreApi<EditorState>
  readonly draft: Draft
  readonly side: Readonly<Record<string, unknown>>
  /** Its points (null while the draft cannot be priced). */
  readonly tally: SideTally | null
  readonly problems: readonly ScenarioProblem[]
  /** The teams shown opened. */
  readonly open: ReadonlySet<string>
  readonly onToggle: (teamId: string) => void
}

/**
 * One side's forces: its points added up against the scenario's total for it
 * (which is edited here), the calculator's lines, its teams, Add team, and
 * its vehicles with Add vehicle.
 */
export function SideForces({ store, draft, side, tally, problems, open, onToggle }: SideForcesProps) {
  const sideId = String(side.id)
  const name = String(side.name ?? sideId)
  const teams = draftTeams(draft).filter((t) => t.sideId === sideId)
  const vehicles = draftVehicles(draft).filter((v) => v.sideId === sideId)
  const picked = useStore(store, (s) => (s.selected?.collection === 'vehicles' ? s.selected.id : null))
  const budget = typeof side.points === 'number' ? side.points : null
  const over = tally !== null && budget !== null && tally.total > budget
  return (
    <section className="editor-side" aria-label={`${name} forces`}>
      <div className="editor-side-head">
        <span className="editor-side-swatch" style={{ background: String(side.colour ?? '#888') }} />
        <strong>{name}</strong>
        <span
          className={over ? 'editor-side-points error' : 'editor-side-points'}
          data-testid={`side-points-${sideId}`}
        >
          {tally ? pointsText(tally.total) : '—'}
          {budget !== null ? ` of ${budget}` : ''} points
        </span>
      </div>
      <Field
        label="Points total (blank: none)"
        ariaLabel={`Points total of ${name}`}
        value={budget === null ? '' : String(budget)}
        numeric
        onCommit={(text) => {
          const v = Number(text)
          if (text.trim() === '') store.getState().edit((d) => setSidePoints(d, sideId, null))
          else if (Number.isFinite(v) && v >= 0) store.getState().edit((d) => setSidePoints(d, sideId, v))
        }}
      />
      {tally && tally.lines.length > 0 ? (
        <ul className="editor-points-lines" aria-label={`Points of ${name}`}>
          {tally.lines.map((l, i) => (
            <li key={i} title={l.clause}>
              <span>{l.label}</span>
              <span>{pointsText(l.points)}</span>
            </li>
          ))}
          {tally.multiplier !== 1 ? (
            <li title="SMLE-PTS-07">
              <span>Hidden set-up</span>
              <span>×{tally.multiplier}</span>
            </li>
          ) : null}
        </ul>
      ) : null}
      <ForceProblems problems={problems.filter((p) => p.objectId === sideId)} />
      <SideGroups store={store} draft={draft} sideId={sideId} sideName={name} />
      <ul className="editor-teams" aria-label={`Teams of ${name}`}>
        {teams.map((t) => (
          <TeamCard
            key={String(t.id)}
            store={store}
            draft={draft}
            team={t}
            points={tally?.teams.get(String(t.id))}
            open={open.has(String(t.id))}
            onToggle={() => onToggle(String(t.id))}
            problems={problems}
          />
        ))}
      </ul>
      <div className="row editor-side-add">
        <button
          type="button"
          onClick={() => {
            let added = ''
            store.getState().edit((d) => {
              const next = addTeam(d, sideId)
              added = next.teamId
              return next.draft
            })
            if (added && !open.has(added)) onToggle(added)
          }}
        >
          Add team to {name}
        </button>
        <ChoiceSelect
          ariaLabel={`Add a vehicle to ${name}`}
          value=""
          prompt="Add vehicle…"
          choices={VEHICLE_CHOICES}
          onPick={(profile) =>
            store.getState().edit((d) => {
              const next = addVehicle(d, sideId, profile)
              return next ? next.draft : d
            })
          }
        />
      </div>
      {vehicles.length > 0 ? (
        <ul className="editor-items" aria-label={`Vehicles of ${name}`}>
          {vehicles.map((v) => {
            const id = String(v.id)
            const vname = String(v.name ?? id)
            const profile = VEHICLE_TABLE.find((p) => p.id === v.profile)
            const crew = teams.find((t) => t.id === v.crewTeamId)
            const cost = tally?.vehicles.get(id)
            return (
              <li key={id}>
                <button
                  type="button"
                  className="editor-item-name"
                  aria-pressed={picked === id}
                  title="Pick it: move it by its arrows on the table"
                  onClick={() =>
                    store.getState().select(picked === id ? null : { collection: 'vehicles', id: String(v.id) })
                  }
                >
                  {vname}
                </button>
                <span className="hint">
                  {profile ? `${profile.armour.front} front` : 'own profile'}
                  {cost !== undefined ? ` · ${pointsText(cost)} pts` : ''}
                  {crew ? ` · crew ${String(crew.name)}` : ''}
                </span>
                <Field
                  label="Facing °"
                  ariaLabel={`Facing of ${vname} (degrees clockwise from north)`}
                  value={String(v.facingDeg ?? 0)}
                  numeric
                  onCommit={(text) => {
                    const deg = Number(text)
                    if (text.trim() !== '' && Number.isFinite(deg))
                      store.getState().updateItem('vehicles', id, { facingDeg: ((deg % 360) + 360) % 360 })
                  }}
                />
                <button
                  type="button"
                  aria-label={`Remove ${vname}`}
                  onClick={() => store.getState().removeItem('vehicles', id)}
                >
                  ✕
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
      <ForceProblems
        problems={problems.filter((p) => vehicles.some((v) => v.id === p.objectId) && p.objectId !== undefined)}
      />
    </section>
  )
}
