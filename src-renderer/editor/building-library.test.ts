import { describe, expect, it } from 'vitest'
import { editorCheck, ScenarioSchema } from '../../src-engine/index'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { BUILDING_LIBRARY } from './building-library'
import { createEditorStore, type Draft, draftItems } from './editor-store'

/** The farmhouse table (72"×48"), as its file holds it. */
function openGround(): Draft {
  return structuredClone(farmhouse) as Draft
}

/** Open ground on the farmhouse table, clear of its house, troops and edges, for each building of the library. */
const SPOTS = [
  { x: 8, z: 16 },
  { x: 62, z: 30 },
  { x: 10, z: 44 },
  { x: 50, z: 42 },
  { x: 64, z: 12 },
]

describe('the editor\u2019s building library', () => {
  it('the library\u2019s buildings, each placed on open ground, are sound: the engine reads them and finds no error in them', () => {
    const s = createEditorStore(openGround())
    const before = editorCheck(s.getState().draft).problems.filter((p) => p.severity === 'error')
    BUILDING_LIBRARY.forEach((b, i) => {
      s.getState().setTool(`building:${b.key}`)
      s.getState().addCorner(SPOTS[i]!)
    })
    const draft = s.getState().draft
    expect(SPOTS).toHaveLength(BUILDING_LIBRARY.length)
    expect(draftItems(draft, 'buildings').map((b) => b.name)).toEqual([
      'Farmhouse',
      ...BUILDING_LIBRARY.map((b) => b.name),
    ])
    expect(ScenarioSchema.safeParse(draft).success).toBe(true)
    const errors = editorCheck(draft).problems.filter((p) => p.severity === 'error')
    expect(errors.filter((e) => !before.some((b) => b.message === e.message))).toEqual([])
  })

  it('a building is centred where the table is clicked (the scenario gives its north-west corner); two of a kind have their own door ids', () => {
    const s = createEditorStore(openGround())
    s.getState().setTool('building:cottage')
    s.getState().addCorner({ x: 20, z: 30 })
    s.getState().addCorner({ x: 40, z: 30 })
    const [, a, b] = draftItems(s.getState().draft, 'buildings')
    expect(a).toMatchObject({ id: 'cottage-1', x: 17, z: 27.5, widthIn: 6, depthIn: 5, rotationDeg: 0 })
    expect(b).toMatchObject({ id: 'cottage-2', x: 37 })
    const ids = [a, b].flatMap((x) => (x!.doors as { id: string }[]).map((d) => d.id))
    expect(ids).toEqual(['cottage-1-door', 'cottage-2-door'])
  })

  it('a door locked in the list is locked in the scenario, and a turn of the building is one step to undo', () => {
    const s = createEditorStore(openGround())
    s.getState().setTool('building:farmhouse')
    s.getState().addCorner({ x: 62, z: 30 })
    const house = draftItems(s.getState().draft, 'buildings')[1]!
    const doors = house.doors as Record<string, unknown>[]
    s.getState().updateItem('buildings', 'farmhouse-1', {
      doors: doors.map((d) => (d.id === 'farmhouse-1-back' ? { ...d, state: 'locked' } : d)),
    })
    s.getState().updateItem('buildings', 'farmhouse-1', { rotationDeg: 30 })
    const parsed = ScenarioSchema.parse(s.getState().draft)
    const built = parsed.buildings.find((b) => b.id === 'farmhouse-1')!
    expect(built.doors.map((d) => [d.id, d.state])).toEqual([
      ['farmhouse-1-front', 'closed'],
      ['farmhouse-1-back', 'locked'],
    ])
    expect(built.rotationDeg).toBe(30)
    s.getState().undo()
    expect(draftItems(s.getState().draft, 'buildings')[1]!.rotationDeg).toBe(0)
  })
})
