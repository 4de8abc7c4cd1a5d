import type { StoreApi } from 'zustand/vanilla'
import { ChoiceSelect } from './ChoiceSelect'
import type { EditorState } from './editor-store'
import type { Item } from './force-draft'
import { WEAPON_CHOICES } from './force-options'
import { OBJECTIVE_KINDS, setObjectiveKind } from './rules-edits'

export interface ObjectiveKindProps {
  readonly store: StoreApi<EditorState>
  readonly objective: Readonly<Item>
}

/** What the mission makes of an objective: a marker, an area to hold, or a weapon cache with its weapon (SMLE-SCEN-06). */
export function ObjectiveKind({ store, objective: o }: ObjectiveKindProps) {
  const id = String(o.id)
  const name = String(o.name ?? id)
  const kind = String(o.kind ?? 'marker')
  return (
    <div className="editor-row">
      <ChoiceSelect
        label="Kind"
        ariaLabel={`Kind of objective ${name}`}
        value={kind}
        choices={OBJECTIVE_KINDS}
        onPick={(v) => store.getState().edit((d) => setObjectiveKind(d, id, v))}
      />
      {kind === 'cache' ? (
        <ChoiceSelect
          label="Holds"
          ariaLabel={`Weapon in cache ${name}`}
          value={typeof o.weapon === 'string' ? o.weapon : ''}
          choices={[
            ...(typeof o.weapon === 'string' ? [] : [{ value: '', label: 'Choose a weapon…' }]),
            ...WEAPON_CHOICES,
          ]}
          onPick={(v) => store.getState().updateItem('objectives', id, { weapon: v })}
        />
      ) : null}
    </div>
  )
}
