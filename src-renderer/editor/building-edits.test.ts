import { describe, expect, it } from 'vitest'
import { editorCheck, ScenarioSchema } from '../../src-engine/index'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import {
  addDoor,
  addWindow,
  freeOffset,
  removeDoor,
  removeWindow,
  setFloorHeight,
  setStoreys,
  updateDoor,
  updateWindow,
} from './building-edits'
import { copyToEdit } from './copy-to-edit'
import { createEditorStore, type Draft, draftItems } from './editor-store'

const open = () => createEditorStore(copyToEdit(farmhouse as unknown as Draft))
/** The farmhouse (10" × 8", walls 0.25"; a front door in the middle of its south wall, a locked back door 2.5" along the north). */
const house = (d: Draft) => ScenarioSchema.parse(d).buildings.find((b) => b.id === 'farmhouse')!
const codes = (d: Draft) => editorCheck(d).problems.map((p) => p.code)
const errors = (d: Draft) => editorCheck(d).problems.filter((p) => p.severity === 'error')

describe('a building’s storeys, doors and windows', () => {
  it('storeys: two, each floor below the top with a stair up; the heights; back to one', () => {
    const s = open()
    s.getState().edit((d) => setStoreys(d, 'farmhouse', 3))
    let b = house(s.getState().draft)
    expect(b.floors).toEqual([{ heightIn: 2.6 }, { heightIn: 2.2 }, { heightIn: 2.2 }])
    expect(b.stairs.map((st) => st.floor)).toEqual([0, 1])
    expect(errors(s.getState().draft)).toEqual([])
    expect(codes(s.getState().draft)).not.toContain('floor-no-stair')
    s.getState().edit((d) => setFloorHeight(d, 'farmhouse', 1, 2.5))
    expect(house(s.getState().draft).floors![1]).toEqual({ heightIn: 2.5 })
    s.getState().edit((d) => addWindow(d, 'farmhouse', 'east', 2))
    s.getState().edit((d) => setStoreys(d, 'farmhouse', 1))
    b = house(s.getState().draft)
    expect(b.floors).toBeUndefined()
    expect(b.wallHeightIn).toBe(2.6)
    expect(b.stairs).toEqual([])
    expect(b.windows).toEqual([])
    expect(s.getState().past).toHaveLength(4)
    s.getState().edit((d) => setStoreys(d, 'farmhouse', 1))
    s.getState().edit((d) => setStoreys(d, 'farmhouse', 9))
    expect(s.getState().past).toHaveLength(4)
  })

  it('a door added where its wall has room, locked, moved, removed; the wall full, none', () => {
    const s = open()
    let doorId = ''
    s.getState().edit((d) => {
      const r = addDoor(d, 'farmhouse', 'south')!
      doorId = r.doorId
      return r.draft
    })
    expect(doorId).toBe('farmhouse-door-1')
    let door = house(s.getState().draft).doors.find((x) => x.id === doorId)!
    // Beside the front door (5" ± 0.8"), clear of it by a fifth of an inch.
    expect(Math.abs(door.offsetIn - 5)).toBeGreaterThanOrEqual(1.8 - 1e-9)
    expect(door).toMatchObject({ wall: 'south', state: 'closed', kind: 'household', widthIn: 1.6 })
    expect(errors(s.getState().draft)).toEqual([])
    s.getState().edit((d) => updateDoor(d, 'farmhouse', doorId, { state: 'locked' }))
    s.getState().edit((d) => updateDoor(d, 'farmhouse', doorId, { wall: 'west' }))
    door = house(s.getState().draft).doors.find((x) => x.id === doorId)!
    expect(door).toMatchObject({ wall: 'west', offsetIn: 4, state: 'locked' })
    // Over the back door's place: the check says the doors overlap.
    s.getState().edit((d) => updateDoor(d, 'farmhouse', doorId, { wall: 'north', offsetIn: 3 }))
    expect(codes(s.getState().draft)).toContain('doors-overlap')
    s.getState().edit((d) => removeDoor(d, 'farmhouse', doorId))
    expect(house(s.getState().draft).doors.map((x) => x.id)).toEqual(['farmhouse-front', 'farmhouse-back'])
    // No room on a 1" wall.
    const tiny = { id: 'b', widthIn: 1, depthIn: 1, wallThicknessIn: 0.25 }
    expect(freeOffset(tiny, 'north', 0, 1.6)).toBeNull()
  })

  it('every door gone: the check warns nobody can get in', () => {
    const s = open()
    s.getState().edit((d) => removeDoor(d, 'farmhouse', 'farmhouse-front'))
    s.getState().edit((d) => removeDoor(d, 'farmhouse', 'farmhouse-back'))
    expect(codes(s.getState().draft)).toContain('building-no-door')
  })

  it('windows added on a floor where there is room, moved to another floor, removed', () => {
    const s = open()
    s.getState().edit((d) => setStoreys(d, 'farmhouse', 2))
    s.getState().edit((d) => addWindow(d, 'farmhouse', 'south', 0))
    s.getState().edit((d) => addWindow(d, 'farmhouse', 'south', 1))
    let b = house(s.getState().draft)
    // Ground floor: clear of the front door; floor 1: the middle of the wall.
    expect(b.windows.map((w) => [w.wall, w.floor])).toEqual([
      ['south', 0],
      ['south', 1],
    ])
    expect(Math.abs(b.windows[0]!.offsetIn - 5)).toBeGreaterThanOrEqual(1.3 - 1e-9)
    expect(b.windows[1]!.offsetIn).toBe(5)
    expect(errors(s.getState().draft)).toEqual([])
    s.getState().edit((d) => updateWindow(d, 'farmhouse', 0, { floor: 1 }))
    b = house(s.getState().draft)
    expect(b.windows[0]!.floor).toBe(1)
    expect(b.windows[0]!.offsetIn).not.toBe(5)
    expect(codes(s.getState().draft)).not.toContain('windows-overlap')
    s.getState().edit((d) => updateWindow(d, 'farmhouse', 0, { offsetIn: 5.2 }))
    expect(codes(s.getState().draft)).toContain('windows-overlap')
    s.getState().edit((d) => removeWindow(d, 'farmhouse', 0))
    expect(draftItems(s.getState().draft, 'buildings')[0]!.windows).toHaveLength(1)
  })

  it('a building’s size changed in its list: a door left past the end of a shorter wall is the check’s error', () => {
    const s = open()
    s.getState().updateItem('buildings', 'farmhouse', { widthIn: 4 })
    expect(house(s.getState().draft).widthIn).toBe(4)
    expect(codes(s.getState().draft)).toContain('door-off-wall')
    s.getState().updateItem('buildings', 'farmhouse', { widthIn: 12 })
    expect(errors(s.getState().draft)).toEqual([])
    expect(house(s.getState().draft)).toMatchObject({ widthIn: 12 })
  })
})
