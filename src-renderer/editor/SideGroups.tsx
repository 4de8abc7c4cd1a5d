import type { StoreApi } from 'zustand/vanilla'
import { ChoiceSelect } from './ChoiceSelect'
import type { Draft, EditorState } from './editor-store'
import { Field } from './Field'
import { draftGroups } from './force-draft'
import {
  addCompany,
  addPlatoon,
  LEADER_GRADES,
  removeCompany,
  removePlatoon,
  renameGroup,
  setLeaderGrade,
  setPlatoonCompany,
  setSectionPlatoon,
} from './group-edits'

export interface SideGroupsProps {
  readonly store: StoreApi<EditorState>
  readonly draft: Draft
  readonly sideId: string
  readonly sideName: string
}

/**
 * A side's companies, platoons and sections (SMLE-ORG-04): each company and
 * platoon named and removable, each platoon put in a company or none, each
 * section in a platoon or none, each leader's grade
 * (SMLE-QUAL-06), and Add platoon and
 * Add company. A platoon's or a company's command team and leader are chosen
 * on the team's card (its section list offers them).
 */
export function SideGroups({ store, draft, sideId, sideName }: SideGroupsProps) {
  const edit = (change: (d: Draft) => Draft): void => store.getState().edit(change)
  const groups = draftGroups(draft).filter((g) => g.sideId === sideId)
  const companies = groups.filter((g) => g.level === 'company')
  const platoons = groups.filter((g) => g.level === 'platoon')
  const sections = groups.filter((g) => (g.level ?? 'section') === 'section')
  return (
    <div className="editor-groups" aria-label={`Platoons and sections of ${sideName}`} role="group">
      {companies.map((c) => {
        const id = String(c.id)
        return (
          <div key={id} className="editor-row">
            <Field
              label="Company"
              ariaLabel={`Company ${String(c.name)} is called`}
              value={String(c.name ?? id)}
              onCommit={(v) => edit((d) => renameGroup(d, id, v.trim()))}
            />
            <button
              type="button"
              aria-label={`Remove company ${String(c.name)}`}
              onClick={() => edit((d) => removeCompany(d, id))}
            >
              ✕
            </button>
          </div>
        )
      })}
      {platoons.map((p) => {
        const id = String(p.id)
        return (
          <div key={id} className="editor-row">
            <Field
              label="Platoon"
              ariaLabel={`Platoon ${String(p.name)} is called`}
              value={String(p.name ?? id)}
              onCommit={(v) => edit((d) => renameGroup(d, id, v.trim()))}
            />
            <button
              type="button"
              aria-label={`Remove platoon ${String(p.name)}`}
              onClick={() => edit((d) => removePlatoon(d, id))}
            >
              ✕
            </button>
          </div>
        )
      })}
      {companies.length > 0
        ? platoons.map((p) => (
            <ChoiceSelect
              key={`company-of-${String(p.id)}`}
              label={`${String(p.name)} belongs to`}
              ariaLabel={`Company of platoon ${String(p.name)}`}
              value={typeof p.parentId === 'string' ? p.parentId : 'none'}
              choices={[
                { value: 'none', label: 'No company' },
                ...companies.map((c) => ({ value: String(c.id), label: String(c.name) })),
              ]}
              onPick={(v) => edit((d) => setPlatoonCompany(d, String(p.id), v === 'none' ? null : v))}
            />
          ))
        : null}
      {platoons.length > 0
        ? sections.map((sec) => (
            <ChoiceSelect
              key={String(sec.id)}
              label={`${String(sec.name)} belongs to`}
              ariaLabel={`Platoon of section ${String(sec.name)}`}
              value={typeof sec.parentId === 'string' ? sec.parentId : 'none'}
              choices={[
                { value: 'none', label: 'No platoon' },
                ...platoons.map((p) => ({ value: String(p.id), label: String(p.name) })),
              ]}
              onPick={(v) => edit((d) => setSectionPlatoon(d, String(sec.id), v === 'none' ? null : v))}
            />
          ))
        : null}
      {groups
        .filter((g) => typeof g.leaderFigureId === 'string')
        .map((g) => (
          <ChoiceSelect
            key={`grade-${String(g.id)}`}
            label={`Leader of ${String(g.name)}`}
            ariaLabel={`Leader grade of ${String(g.name)}`}
            value={typeof g.leaderGrade === 'string' ? g.leaderGrade : 'basic'}
            choices={LEADER_GRADES}
            onPick={(v) => edit((d) => setLeaderGrade(d, String(g.id), v))}
          />
        ))}
      <button type="button" onClick={() => edit((d) => addPlatoon(d, sideId).draft)}>
        Add platoon to {sideName}
      </button>
      <button type="button" onClick={() => edit((d) => addCompany(d, sideId).draft)}>
        Add company to {sideName}
      </button>
    </div>
  )
}
