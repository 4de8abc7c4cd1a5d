import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import { type ScenarioProblem, weaponProfile } from '../../src-engine/index'
import { ChoiceSelect } from './ChoiceSelect'
import type { Draft, EditorState } from './editor-store'
import { Field } from './Field'
import { FigureRow } from './FigureRow'
import { ForceProblems } from './ForceProblems'
import { countedWeapons, setAmmo } from './figure-edits'
import { draftGroups, teamFigures } from './force-draft'
import { addFigure, type GroupChoice, setTeamGroup, updateTeam } from './force-edits'
import { pointsText } from './force-points'
import { KIND_CHOICES, MOTIVATION_CHOICES, QUALITY_CHOICES } from './force-options'
import { TeamSetup } from './TeamSetup'

export interface TeamCardProps {
  readonly store: StoreApi<EditorState>
  readonly draft: Draft
  readonly team: Readonly<Record<string, unknown>>
  /** What the team costs (SMLE-PTS-09), when the draft can be priced. */
  readonly points: number | undefined
  /** Its fields and figures are shown. */
  readonly open: boolean
  readonly onToggle: () => void
  /** Every problem of the engine's check (the card shows its team's and its figures'). */
  readonly problems: readonly ScenarioProblem[]
}

/**
 * A team of a side: its name (picked, its arrows move the whole team), its
 * cost and size; opened, its name, kind, quality, motivation, section,
 * counted rounds, and its figures with Add figure; each change one step to
 * undo.
 */
export function TeamCard({ store, draft, team, points, open, onToggle, problems }: TeamCardProps) {
  const id = String(team.id)
  const name = String(team.name ?? id)
  const figures = teamFigures(team)
  const picked = useStore(store, (s) => s.selected?.collection === 'teams' && s.selected.id === id)
  const edit = (change: (d: Draft) => Draft): void => store.getState().edit(change)
  const sections = draftGroups(draft).filter((g) => g.sideId === team.sideId)
  const ammo = (team.ammo ?? {}) as Record<string, number>
  const ids = new Set([id, ...figures.map((f) => f.id)])
  const own = problems.filter((p) => p.objectId === id)
  const errors = problems.filter((p) => p.severity === 'error' && ids.has(p.objectId)).length
  const quality = String(team.quality ?? 'trained')
  return (
    <li className="editor-team" aria-label={`Team ${name}`}>
      <div className="editor-team-head">
        <button
          type="button"
          className="editor-item-name"
          aria-pressed={picked}
          title="Pick it: move the whole team by its arrows on the table, copy it (Ctrl+C) and paste copies (Ctrl+V)"
          onClick={() => store.getState().select(picked ? null : { collection: 'teams', id })}
        >
          {name}
        </button>
        <span className={errors > 0 ? 'hint error' : 'hint'} data-testid={`team-points-${id}`}>
          {figures.length} fig.{points !== undefined ? ` · ${pointsText(points)} pts` : ''}
          {errors > 0 ? ` · ${errors} error${errors === 1 ? '' : 's'}` : ''}
        </span>
        <button type="button" aria-expanded={open} aria-label={`Edit ${name}`} onClick={onToggle}>
          {open ? '▾' : '▸'}
        </button>
        <button type="button" aria-label={`Remove ${name}`} onClick={() => store.getState().removeItem('teams', id)}>
          ✕
        </button>
      </div>
      {open ? (
        <div className="editor-team-body">
          <Field
            label="Team name"
            ariaLabel={`Name of team ${name}`}
            value={name}
            onCommit={(v) => {
              if (v.trim() !== '') edit((d) => updateTeam(d, id, { name: v.trim() }))
            }}
          />
          <div className="editor-row">
            <ChoiceSelect
              label="Kind"
              ariaLabel={`Kind of ${name}`}
              value={String(team.kind ?? 'fire')}
              choices={KIND_CHOICES}
              onPick={(v) => edit((d) => updateTeam(d, id, { kind: v }))}
            />
            <ChoiceSelect
              label="Quality"
              ariaLabel={`Quality of ${name}`}
              value={quality}
              choices={QUALITY_CHOICES}
              onPick={(v) => edit((d) => updateTeam(d, id, { quality: v }))}
            />
          </div>
          <div className="editor-row">
            <ChoiceSelect
              label="Motivation"
              ariaLabel={`Motivation of ${name}`}
              value={String(team.motivation ?? 'none')}
              choices={MOTIVATION_CHOICES}
              onPick={(v) => edit((d) => updateTeam(d, id, { motivation: v }))}
            />
            <ChoiceSelect
              label="Section"
              ariaLabel={`Section of ${name}`}
              value={typeof team.groupId === 'string' ? team.groupId : 'none'}
              choices={[
                { value: 'none', label: 'None (alone)' },
                ...sections.map((g) => ({
                  value: String(g.id),
                  label: `${String(g.name ?? g.id)}${g.level === 'platoon' || g.level === 'company' ? ' (its command team)' : ''}`,
                })),
                { value: 'new', label: 'New section' },
              ]}
              onPick={(v) => {
                const choice: GroupChoice = v === 'none' || v === 'new' ? v : { groupId: v }
                edit((d) => setTeamGroup(d, id, choice))
              }}
            />
          </div>
          <TeamSetup store={store} draft={draft} team={team} />
          {countedWeapons(team).map((w) => (
            <Field
              key={w}
              label={`Rounds: ${weaponProfile(w)?.name ?? w}`}
              ariaLabel={`Rounds of ${w} carried by ${name}`}
              value={String(ammo[w] ?? 0)}
              numeric
              onCommit={(text) => {
                const n = Number(text)
                if (text.trim() !== '' && Number.isFinite(n) && n >= 0) edit((d) => setAmmo(d, id, w, n))
              }}
            />
          ))}
          <ForceProblems problems={own} />
          <ol className="editor-figures" aria-label={`Figures of ${name}`}>
            {figures.map((f) => (
              <FigureRow
                key={String(f.id)}
                store={store}
                draft={draft}
                figure={f}
                teamQuality={quality}
                canRemove={figures.length > 1}
                problems={problems.filter((p) => p.objectId === f.id)}
              />
            ))}
          </ol>
          <button
            type="button"
            onClick={() =>
              edit((d) => {
                const added = addFigure(d, id)
                return added ? added.draft : d
              })
            }
          >
            Add figure to {name}
          </button>
        </div>
      ) : null}
    </li>
  )
}
