import type { StoreApi } from 'zustand/vanilla'
import type { DoorState, WallSide } from '../../src-engine/index'
import {
  addDoor,
  addWindow,
  MATERIALS,
  MAX_STOREYS,
  removeDoor,
  removeWindow,
  ROOF_KINDS,
  setFloorHeight,
  setMaterial,
  setRoof,
  setStoreys,
  storeysOf,
  updateDoor,
  updateStair,
  updateWindow,
} from './building-edits'
import { ChoiceSelect } from './ChoiceSelect'
import type { Draft, EditorState } from './editor-store'
import { Field } from './Field'
import { type Item, list } from './force-draft'

export interface BuildingEditorProps {
  readonly store: StoreApi<EditorState>
  readonly building: Readonly<Item>
}

/** Door states a scenario may set (a broken door is the game's doing). */
const DOOR_STATES: readonly DoorState[] = ['closed', 'open', 'locked']
/** Door kinds: household and interior doors can be forced, strong ones cannot (SMLE-DOOR-03). */
const DOOR_KINDS = [
  { value: 'household', label: 'household' },
  { value: 'interior', label: 'interior' },
  { value: 'strong', label: 'strong (cannot be forced)' },
]
const WALLS: readonly WallSide[] = ['north', 'south', 'east', 'west']
const WALL_CHOICES = WALLS.map((w) => ({ value: w, label: `${w} wall` }))

/** Roofs in words. */
const ROOF_WORDS: Readonly<Record<(typeof ROOF_KINDS)[number], string>> = {
  flat: 'flat',
  gable: 'gabled',
  none: 'none (open)',
}

const floorName = (f: number): string => (f === 0 ? 'ground floor' : `floor ${f}`)

/**
 * A placed building's storeys (each floor's height; a stair up from each
 * floor below the top comes with it, its foot, way up and length then
 * placed by hand), its walls' material and its roof, its doors (wall, place along it, state
 * and kind; added where a wall has room, removed) and its windows (wall,
 * place, floor; added, removed); each change one step to undo.
 */
export function BuildingEditor({ store, building: b }: BuildingEditorProps) {
  const id = String(b.id)
  const name = String(b.name ?? id)
  const edit = (change: (d: Draft) => Draft): void => store.getState().edit(change)
  const storeys = storeysOf(b)
  const floors = list(b.floors)
  const doors = list(b.doors)
  const windows = list(b.windows)
  const stairs = list(b.stairs)
  const roof = (b.roof ?? {}) as Item
  const number = (text: string, then: (v: number) => void): void => {
    const v = Number(text)
    if (text.trim() !== '' && Number.isFinite(v)) then(v)
  }
  const floorChoices = Array.from({ length: storeys }, (_, f) => ({ value: String(f), label: floorName(f) }))
  return (
    <div className="editor-building">
      <div className="editor-row">
        <ChoiceSelect
          label="Storeys"
          ariaLabel={`Storeys of ${name}`}
          value={String(storeys)}
          choices={Array.from({ length: MAX_STOREYS }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
          onPick={(v) => edit((d) => setStoreys(d, id, Number(v)))}
        />
        {Array.from({ length: storeys }, (_, f) => (
          <Field
            key={f}
            label={`${f === 0 ? 'Ground' : `Floor ${f}`} high`}
            ariaLabel={`Height of ${floorName(f)} of ${name} (inches)`}
            value={String(floors.length === 0 ? (b.wallHeightIn ?? 2.5) : (floors[f]?.heightIn ?? ''))}
            numeric
            onCommit={(text) => number(text, (v) => edit((d) => setFloorHeight(d, id, f, v)))}
          />
        ))}
      </div>
      <div className="editor-row">
        <ChoiceSelect
          label="Walls of"
          ariaLabel={`Material of ${name}`}
          value={String(b.material ?? 'plaster')}
          choices={MATERIALS.map((m) => ({ value: m, label: m }))}
          onPick={(v) => edit((d) => setMaterial(d, id, v))}
        />
        <ChoiceSelect
          label="Roof"
          ariaLabel={`Roof of ${name}`}
          value={String(roof.kind ?? 'flat')}
          choices={ROOF_KINDS.map((k) => ({ value: k, label: ROOF_WORDS[k] }))}
          onPick={(v) => edit((d) => setRoof(d, id, { kind: v }))}
        />
        {roof.kind === 'gable' ? (
          <Field
            label="Rises"
            ariaLabel={`Rise of the roof of ${name} (inches)`}
            value={String(roof.riseIn ?? 1.5)}
            numeric
            onCommit={(text) => number(text, (v) => edit((d) => setRoof(d, id, { riseIn: v })))}
          />
        ) : null}
      </div>
      {stairs.length > 0 ? (
        <ul className="editor-doors" aria-label={`Stairs of ${name}`}>
          {stairs.map((st, i) => {
            const from = floorName(Number(st.floor ?? 0))
            const field = (key: 'x' | 'z' | 'lengthIn', label: string, words: string) => (
              <Field
                label={label}
                ariaLabel={`${words} of the stair up from the ${from} of ${name} (inches)`}
                value={String(st[key] ?? '')}
                numeric
                onCommit={(text) => number(text, (v) => edit((d) => updateStair(d, id, i, { [key]: v })))}
              />
            )
            return (
              <li key={i} className="editor-door">
                <span>stair up from the {from}</span>
                {field('x', 'Foot E', 'Foot, inches east of the north-west corner,')}
                {field('z', 'S', 'Foot, inches south of the north-west corner,')}
                <ChoiceSelect
                  ariaLabel={`Way the stair up from the ${from} of ${name} rises`}
                  value={String(st.direction ?? 'east')}
                  choices={WALLS.map((w) => ({ value: w, label: `rises ${w}` }))}
                  onPick={(v) => edit((d) => updateStair(d, id, i, { direction: v as WallSide }))}
                />
                {field('lengthIn', 'Long', 'Length')}
              </li>
            )
          })}
        </ul>
      ) : null}
      <ul className="editor-doors" aria-label={`Doors of ${name}`}>
        {doors.map((door) => {
          const doorId = String(door.id)
          return (
            <li key={doorId} className="editor-door">
              <span>{doorId.replace(`${id}-`, '')}</span>
              <ChoiceSelect
                ariaLabel={`Wall of door ${doorId}`}
                value={String(door.wall)}
                choices={WALL_CHOICES}
                onPick={(v) => edit((d) => updateDoor(d, id, doorId, { wall: v as WallSide }))}
              />
              <Field
                label="At"
                ariaLabel={`Place of door ${doorId} along its wall (inches)`}
                value={String(door.offsetIn ?? '')}
                numeric
                onCommit={(text) => number(text, (v) => edit((d) => updateDoor(d, id, doorId, { offsetIn: v })))}
              />
              <select
                aria-label={`${doorId} of ${name}`}
                value={String(door.state ?? 'closed')}
                onChange={(e) => edit((d) => updateDoor(d, id, doorId, { state: e.target.value as DoorState }))}
              >
                {DOOR_STATES.map((st) => (
                  <option key={st} value={st}>
                    {st}
                  </option>
                ))}
              </select>
              <ChoiceSelect
                ariaLabel={`Kind of door ${doorId}`}
                value={String(door.kind ?? 'household')}
                choices={DOOR_KINDS}
                onPick={(v) => edit((d) => updateDoor(d, id, doorId, { kind: v }))}
              />
              <button
                type="button"
                aria-label={`Remove door ${doorId}`}
                onClick={() => edit((d) => removeDoor(d, id, doorId))}
              >
                ✕
              </button>
            </li>
          )
        })}
      </ul>
      <ul className="editor-windows" aria-label={`Windows of ${name}`}>
        {windows.map((w, i) => (
          <li key={i} className="editor-door">
            <span>window {i + 1}</span>
            <ChoiceSelect
              ariaLabel={`Wall of window ${i + 1} of ${name}`}
              value={String(w.wall)}
              choices={WALL_CHOICES}
              onPick={(v) => edit((d) => updateWindow(d, id, i, { wall: v as WallSide }))}
            />
            <Field
              label="At"
              ariaLabel={`Place of window ${i + 1} of ${name} along its wall (inches)`}
              value={String(w.offsetIn ?? '')}
              numeric
              onCommit={(text) => number(text, (v) => edit((d) => updateWindow(d, id, i, { offsetIn: v })))}
            />
            <ChoiceSelect
              ariaLabel={`Floor of window ${i + 1} of ${name}`}
              value={String(w.floor ?? 0)}
              choices={floorChoices}
              onPick={(v) => edit((d) => updateWindow(d, id, i, { floor: Number(v) }))}
            />
            <button
              type="button"
              aria-label={`Remove window ${i + 1} of ${name}`}
              onClick={() => edit((d) => removeWindow(d, id, i))}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
      <div className="editor-row">
        <ChoiceSelect
          ariaLabel={`Add a door to ${name}`}
          value=""
          prompt="Add a door in the…"
          choices={WALL_CHOICES}
          onPick={(wall) =>
            edit((d) => {
              const added = addDoor(d, id, wall as WallSide)
              return added ? added.draft : d
            })
          }
        />
        <ChoiceSelect
          ariaLabel={`Add a window to ${name}`}
          value=""
          prompt="Add a window in the…"
          choices={floorChoices.flatMap((f) =>
            WALLS.map((w) => ({ value: `${f.value}:${w}`, label: `${w} wall, ${f.label}` })),
          )}
          onPick={(v) => {
            const [floor, wall] = v.split(':') as [string, WallSide]
            edit((d) => addWindow(d, id, wall, Number(floor)))
          }}
        />
      </div>
    </div>
  )
}
