import type { StoreApi } from 'zustand/vanilla'
import { type ScenarioProblem, smrProfileLabel } from '../../src-engine/index'
import { ChoiceSelect } from './ChoiceSelect'
import type { Draft, EditorState } from './editor-store'
import { Field } from './Field'
import { ForceProblems } from './ForceProblems'
import {
  eachCost,
  profileOf,
  SMR_CLASSES,
  SMR_MOUNT_NAMES,
  SMR_WEAPON_NAMES,
  type SmrClass,
  type SmrMount,
  type SmrWeapon,
  smrMountsFor,
  smrWeaponsFor,
  updateSmrUnit,
} from './smr-edits'

export interface SmrUnitRowProps {
  readonly store: StoreApi<EditorState>
  readonly unit: Readonly<Record<string, unknown>>
  /** The engine's lines of its side's points, to read its cost from (null while unpriced). */
  readonly lines: readonly { readonly label: string }[] | null
  readonly isLeader: boolean
  readonly isPicked: boolean
  readonly problems: readonly ScenarioProblem[]
}

/**
 * One SMR unit (one figure, SMR-GEN-03): picked by its name (its arrows on
 * the table move it; Copy and Paste copy it), its kind and cost (SMR-PTS-01), its name, class,
 * facing (its front edge, SMR-GEN-06), mount and main weapon (as its class may have them, §2.1), ✕ to remove it,
 * and the check's problems with it.
 */
export function SmrUnitRow({ store, unit, lines, isLeader, isPicked, problems }: SmrUnitRowProps) {
  const id = String(unit.id)
  const name = String(unit.name ?? id)
  const p = profileOf(unit)
  const edit = (change: (d: Draft) => Draft): void => store.getState().edit(change)
  return (
    <li data-testid={`smr-unit-${id}`}>
      <button
        type="button"
        className="editor-item-name"
        aria-pressed={isPicked}
        title="Pick it: move it by its arrows on the table, copy it"
        onClick={() => store.getState().select(isPicked ? null : { collection: 'units', id })}
      >
        {name}
      </button>
      <span className="hint">
        {smrProfileLabel(p)}, {eachCost(lines, smrProfileLabel(p)) ?? '—'} pts{isLeader ? ', leader' : ''}
      </span>
      <button type="button" aria-label={`Remove ${name}`} onClick={() => store.getState().removeItem('units', id)}>
        ✕
      </button>
      <div className="editor-item-extra">
        <div className="editor-row smr-unit-fields">
          <Field
            label="Name"
            ariaLabel={`Name of ${name}`}
            value={name}
            onCommit={(v) => edit((d) => updateSmrUnit(d, id, { name: v }))}
          />
          <ChoiceSelect
            label="Class"
            ariaLabel={`Class of ${name}`}
            value={p.cls}
            choices={SMR_CLASSES.map(([cls, label]) => ({ value: cls, label }))}
            onPick={(v) => edit((d) => updateSmrUnit(d, id, { cls: v as SmrClass }))}
          />
          <Field
            label="Facing °"
            ariaLabel={`Facing of ${name} (degrees clockwise from north)`}
            value={String(unit.facingDeg ?? 0)}
            numeric
            onCommit={(text) => {
              if (text.trim() !== '') edit((d) => updateSmrUnit(d, id, { facingDeg: Number(text) }))
            }}
          />
        </div>
        <div className="editor-row smr-unit-fields">
          {p.creature === undefined ? (
            <>
              <ChoiceSelect
                label="Mount"
                ariaLabel={`Mount of ${name}`}
                value={p.mount}
                choices={smrMountsFor(p.cls).map((m) => ({ value: m, label: SMR_MOUNT_NAMES[m] }))}
                onPick={(v) => edit((d) => updateSmrUnit(d, id, { mount: v as SmrMount }))}
              />
              <ChoiceSelect
                label="Weapon"
                ariaLabel={`Weapon of ${name}`}
                value={p.weapon}
                choices={smrWeaponsFor(p.cls).map((w) => ({ value: w, label: SMR_WEAPON_NAMES[w] }))}
                onPick={(v) => edit((d) => updateSmrUnit(d, id, { weapon: v as SmrWeapon }))}
              />
            </>
          ) : null}
        </div>
        <ForceProblems problems={problems} />
      </div>
    </li>
  )
}
