import type { StoreApi } from 'zustand/vanilla'
import { ChoiceSelect } from './ChoiceSelect'
import { type Draft, type EditorState, POSITION_NAMES } from './editor-store'
import { Field } from './Field'
import type { Item } from './force-draft'
import {
  crewedVehicle,
  positionChoices,
  setAboard,
  setEntersRound,
  setHidden,
  setTeamPosition,
  vehicleChoices,
} from './setup-edits'

export interface TeamSetupProps {
  readonly store: StoreApi<EditorState>
  readonly draft: Draft
  readonly team: Readonly<Item>
}

/** A position as the list names it: its kind and where it is. */
function positionLabel(p: Item): string {
  const kind = POSITION_NAMES[p.kind as keyof typeof POSITION_NAMES] ?? String(p.kind)
  return `In the ${kind.toLowerCase()} at ${Number(p.x).toFixed(0)}, ${Number(p.z).toFixed(0)}`
}

/**
 * How a team starts (§16): on the table, in a prepared position of its side
 * (SMLE-SHOOT-26) or aboard one of its side's vehicles (a crew rides its
 * own); set up hidden (SMLE-PTS-07: its side's value ×2); or arriving as
 * reinforcements in a later round.
 */
export function TeamSetup({ store, draft, team }: TeamSetupProps) {
  const id = String(team.id)
  const name = String(team.name ?? id)
  const edit = (change: (d: Draft) => Draft): void => store.getState().edit(change)
  const crews = crewedVehicle(draft, id)
  const positions = positionChoices(draft, id)
  const vehicles = vehicleChoices(draft, id)
  const current =
    typeof team.preparedPositionId === 'string'
      ? `position:${team.preparedPositionId}`
      : typeof team.vehicleId === 'string'
        ? `vehicle:${team.vehicleId}`
        : 'table'
  return (
    <div className="editor-team-setup">
      {crews ? (
        <div className="hint">Crews {String(crews.name ?? crews.id)}, aboard it.</div>
      ) : (
        <ChoiceSelect
          label="Starts"
          ariaLabel={`Where ${name} starts`}
          value={current}
          choices={[
            { value: 'table', label: 'On the table where its figures stand' },
            ...positions.map((p) => ({ value: `position:${String(p.id)}`, label: positionLabel(p) })),
            ...vehicles.map((v) => ({ value: `vehicle:${String(v.id)}`, label: `Aboard ${String(v.name ?? v.id)}` })),
          ]}
          onPick={(v) =>
            edit((d) => {
              if (v.startsWith('position:')) return setTeamPosition(d, id, v.slice('position:'.length))
              if (v.startsWith('vehicle:')) return setAboard(d, id, v.slice('vehicle:'.length))
              return team.vehicleId !== undefined ? setAboard(d, id, null) : setTeamPosition(d, id, null)
            })
          }
        />
      )}
      <div className="editor-row">
        <label className="editor-check">
          <input
            type="checkbox"
            aria-label={`${name} sets up hidden`}
            checked={team.hidden === true}
            onChange={(e) => edit((d) => setHidden(d, id, e.target.checked))}
          />
          Hidden set-up (side ×2)
        </label>
        <Field
          label="Arrives in round"
          ariaLabel={`Round ${name} arrives in (blank: at the start)`}
          value={typeof team.entersRound === 'number' ? String(team.entersRound) : ''}
          numeric
          onCommit={(text) => {
            const v = Number(text)
            if (text.trim() === '') edit((d) => setEntersRound(d, id, null))
            else if (Number.isInteger(v) && v >= 2) edit((d) => setEntersRound(d, id, v))
          }}
        />
      </div>
    </div>
  )
}
