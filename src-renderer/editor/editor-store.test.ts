import { describe, expect, it } from 'vitest'
import { editorCheck } from '../../src-engine/index'
import { referenceTownScenario } from '../../tests/fixtures/world-tables'
import {
  bearingDeg,
  createEditorStore,
  type Draft,
  draftAreas,
  draftItems,
  draftSides,
  itemAnchor,
  shifted,
  NEW_HILL,
  UNDO_DEPTH,
} from './editor-store'
import { copyToEdit } from './copy-to-edit'

const blank = (): Draft => ({ id: 'test', name: 'Test', terrain: { resolutionIn: 0.5, areas: [] } })

describe('the scenario editor: areas drawn as polygons, undo and redo', () => {
  it('a wood drawn with four clicks and closed on its first corner is one area, its corners rounded to 1/100"', () => {
    const s = createEditorStore(blank())
    s.getState().setTool('area:woods')
    for (const p of [
      { x: 10.123, z: 10 },
      { x: 20, z: 10 },
      { x: 20, z: 18 },
      { x: 10, z: 18 },
    ])
      s.getState().addCorner(p)
    expect(draftAreas(s.getState().draft)).toEqual([])
    // Near the first corner: the area closes, no fifth corner.
    s.getState().addCorner({ x: 10.5, z: 10.4 })
    expect(s.getState().corners).toEqual([])
    expect(draftAreas(s.getState().draft)).toEqual([
      {
        id: 'woods-1',
        name: 'Wood',
        kind: 'woods',
        polygon: [
          { x: 10.12, z: 10 },
          { x: 20, z: 10 },
          { x: 20, z: 18 },
          { x: 10, z: 18 },
        ],
      },
    ])
  })

  it('two corners make no area: Finish does nothing, a third corner and Finish close it', () => {
    const s = createEditorStore(blank())
    s.getState().setTool('area:rough')
    s.getState().addCorner({ x: 1, z: 1 })
    s.getState().addCorner({ x: 5, z: 1 })
    s.getState().finishShape()
    expect(draftAreas(s.getState().draft)).toEqual([])
    expect(s.getState().corners).toHaveLength(2)
    s.getState().addCorner({ x: 5, z: 5 })
    s.getState().finishShape()
    expect(draftAreas(s.getState().draft).map((a) => a.id)).toEqual(['rough-1'])
  })

  it('with the look tool a click adds nothing; changing tool drops the corners drawn', () => {
    const s = createEditorStore(blank())
    s.getState().addCorner({ x: 1, z: 1 })
    expect(s.getState().corners).toEqual([])
    s.getState().setTool('area:field')
    s.getState().addCorner({ x: 1, z: 1 })
    s.getState().setTool('area:water')
    expect(s.getState().corners).toEqual([])
  })

  it('undo takes back the last corner first, then whole edits; redo gives them back; a new edit clears redo', () => {
    const s = createEditorStore(blank())
    const square = (kind: 'woods' | 'field', x: number) => {
      s.getState().setTool(`area:${kind}`)
      for (const p of [
        { x, z: 0 },
        { x: x + 4, z: 0 },
        { x: x + 4, z: 4 },
      ])
        s.getState().addCorner(p)
      s.getState().finishShape()
    }
    square('woods', 0)
    square('field', 10)
    expect(draftAreas(s.getState().draft).map((a) => a.id)).toEqual(['woods-1', 'field-1'])
    s.getState().addCorner({ x: 30, z: 30 })
    s.getState().undo()
    expect(s.getState().corners).toEqual([])
    expect(draftAreas(s.getState().draft)).toHaveLength(2)
    s.getState().undo()
    expect(draftAreas(s.getState().draft).map((a) => a.id)).toEqual(['woods-1'])
    s.getState().redo()
    expect(draftAreas(s.getState().draft).map((a) => a.id)).toEqual(['woods-1', 'field-1'])
    s.getState().undo()
    s.getState().edit((d) => ({ ...d, name: 'Renamed' }))
    s.getState().redo()
    expect(s.getState().draft.name).toBe('Renamed')
    expect(draftAreas(s.getState().draft).map((a) => a.id)).toEqual(['woods-1'])
    s.getState().removeItem('areas', 'woods-1')
    expect(draftAreas(s.getState().draft)).toEqual([])
    s.getState().undo()
    expect(draftAreas(s.getState().draft).map((a) => a.id)).toEqual(['woods-1'])
  })

  it(`keeps the last ${UNDO_DEPTH} edits to undo`, () => {
    const s = createEditorStore(blank())
    for (let i = 0; i < UNDO_DEPTH + 20; i++) s.getState().edit((d) => ({ ...d, name: `n${i}` }))
    expect(s.getState().past).toHaveLength(UNDO_DEPTH)
    for (let i = 0; i < UNDO_DEPTH + 5; i++) s.getState().undo()
    expect(s.getState().draft.name).toBe('n19')
  })

  it('a copy has its own id and name, and the engine finds nothing wrong with a copy of a sound scenario plus a wood', () => {
    const original = referenceTownScenario() as unknown as Draft
    const copy = copyToEdit(original)
    expect(copy.id).toBe(`${String(original.id)}-copy`)
    expect(copy.name).toBe(`${String(original.name)} (copy)`)
    expect(copyToEdit(copy)).toEqual(copy)
    const s = createEditorStore(copy)
    s.getState().setTool('area:woods')
    for (const p of [
      { x: 2, z: 2 },
      { x: 6, z: 2 },
      { x: 6, z: 6 },
    ])
      s.getState().addCorner(p)
    s.getState().finishShape()
    const before = editorCheck(copy).problems.filter((p) => p.severity === 'error')
    expect(editorCheck(s.getState().draft).problems.filter((p) => p.severity === 'error')).toEqual(before)
    expect(draftAreas(s.getState().draft).at(-1)?.kind).toBe('woods')
  })

  it('a hedge is a line of two points or more; a hill, a foxhole and an objective are placed where the table is clicked, each with its own id', () => {
    const s = createEditorStore(blank())
    s.getState().setTool('line:hedge')
    s.getState().addCorner({ x: 1, z: 1 })
    s.getState().finishShape()
    expect(draftItems(s.getState().draft, 'linearFeatures')).toEqual([])
    s.getState().addCorner({ x: 9, z: 1 })
    // A click near the first point does not close a line: it is another point.
    s.getState().addCorner({ x: 1.2, z: 1.2 })
    s.getState().finishShape()
    expect(draftItems(s.getState().draft, 'linearFeatures')).toEqual([
      {
        id: 'hedge-1',
        kind: 'hedge',
        points: [
          { x: 1, z: 1 },
          { x: 9, z: 1 },
          { x: 1.2, z: 1.2 },
        ],
      },
    ])
    s.getState().setTool('hill')
    s.getState().addCorner({ x: 20.004, z: 12 })
    s.getState().addCorner({ x: 30, z: 12 })
    expect(draftItems(s.getState().draft, 'hills')).toEqual([
      { id: 'hill-1', x: 20, z: 12, ...NEW_HILL },
      { id: 'hill-2', x: 30, z: 12, ...NEW_HILL },
    ])
    expect((s.getState().draft.terrain as { areas: unknown[] }).areas).toEqual([])
    s.getState().setTool('position:foxhole')
    s.getState().addCorner({ x: 5, z: 5 })
    s.getState().setTool('objective')
    s.getState().addCorner({ x: 15, z: 25 })
    expect(draftItems(s.getState().draft, 'positions')).toEqual([
      { id: 'foxhole-1', kind: 'foxhole', x: 5, z: 5, arcDeg: 0 },
    ])
    expect(draftItems(s.getState().draft, 'objectives')).toEqual([
      { id: 'objective-1', name: 'Objective 1', x: 15, z: 25 },
    ])
    // The arc of fire turned (SMLE-SHOOT-26), one step to undo.
    s.getState().updateItem('positions', 'foxhole-1', { arcDeg: 135 })
    expect(draftItems(s.getState().draft, 'positions')[0]!.arcDeg).toBe(135)
    // The same value again is no edit: one Undo still goes back to 0.
    s.getState().updateItem('positions', 'foxhole-1', { arcDeg: 135 })
    s.getState().undo()
    expect(draftItems(s.getState().draft, 'positions')[0]!.arcDeg).toBe(0)
    s.getState().removeItem('hills', 'hill-1')
    expect(draftItems(s.getState().draft, 'hills').map((h) => h.id)).toEqual(['hill-2'])
  })

  it('a side\u2019s deployment zone is the rectangle between two corners clicked, in either order', () => {
    const s = createEditorStore({
      ...blank(),
      sides: [
        { id: 'red', name: 'Red', deploymentZone: { minX: 0, minZ: 0, maxX: 10, maxZ: 6 } },
        { id: 'blue', name: 'Blue', deploymentZone: { minX: 0, minZ: 40, maxX: 10, maxZ: 48 } },
      ],
    })
    s.getState().setTool('zone:blue')
    s.getState().addCorner({ x: 30, z: 47.999 })
    expect(s.getState().corners).toHaveLength(1)
    s.getState().addCorner({ x: 12, z: 36 })
    expect(s.getState().corners).toEqual([])
    expect(draftSides(s.getState().draft).map((x) => x.deploymentZone)).toEqual([
      { minX: 0, minZ: 0, maxX: 10, maxZ: 6 },
      { minX: 12, minZ: 36, maxX: 30, maxZ: 48 },
    ])
    s.getState().undo()
    expect(draftSides(s.getState().draft)[1]!.deploymentZone).toEqual({ minX: 0, minZ: 40, maxX: 10, maxZ: 48 })
  })

  it('SMLE-SHOOT-26: an arc dragged toward a point faces it: bearings clockwise from north (toward z = 0)', () => {
    const c = { x: 10, z: 10 }
    expect(bearingDeg(c, { x: 10, z: 2 })).toBe(0)
    expect(bearingDeg(c, { x: 16, z: 10 })).toBe(90)
    expect(bearingDeg(c, { x: 10, z: 19 })).toBe(180)
    expect(bearingDeg(c, { x: 4, z: 10 })).toBe(270)
    expect(bearingDeg(c, { x: 15, z: 5 })).toBe(45)
  })

  it('copy and paste: the copy lies 2" on, with its own id (a building\u2019s doors too); each paste 2" on from the last', () => {
    const s = createEditorStore(blank())
    s.getState().setTool('building:cottage')
    s.getState().addCorner({ x: 20, z: 20 })
    s.getState().setTool('look')
    s.getState().select({ collection: 'buildings', id: 'cottage-1' })
    s.getState().copySelected()
    s.getState().paste()
    s.getState().paste()
    const built = draftItems(s.getState().draft, 'buildings')
    expect(built.map((b) => [b.id, b.x, b.z])).toEqual([
      ['cottage-1', 17, 17.5],
      ['cottage-2', 19, 19.5],
      ['cottage-3', 21, 21.5],
    ])
    expect(built.map((b) => (b.doors as { id: string }[])[0]!.id)).toEqual([
      'cottage-1-door',
      'cottage-2-door',
      'cottage-3-door',
    ])
    expect(s.getState().selected).toEqual({ collection: 'buildings', id: 'cottage-3' })
    s.getState().undo()
    expect(draftItems(s.getState().draft, 'buildings')).toHaveLength(2)
  })

  it('moving an item moves its place and every corner; an area\u2019s handle is the middle of its corners', () => {
    const s = createEditorStore(blank())
    s.getState().setTool('area:woods')
    for (const p of [
      { x: 0, z: 0 },
      { x: 4, z: 0 },
      { x: 4, z: 2 },
    ])
      s.getState().addCorner(p)
    s.getState().finishShape()
    const wood = draftItems(s.getState().draft, 'areas')[0]!
    expect(itemAnchor('areas', wood)).toEqual({ x: 8 / 3, z: 2 / 3 })
    s.getState().moveItem('areas', 'woods-1', 10, -0.5)
    expect(draftItems(s.getState().draft, 'areas')[0]!.polygon).toEqual([
      { x: 10, z: -0.5 },
      { x: 14, z: -0.5 },
      { x: 14, z: 1.5 },
    ])
    expect(shifted({ id: 'h', x: 1, z: 2, radiusIn: 3 }, 1, 1)).toEqual({ id: 'h', x: 2, z: 3, radiusIn: 3 })
    s.getState().undo()
    expect(draftItems(s.getState().draft, 'areas')[0]!.polygon).toEqual(wood.polygon)
  })

  it('with snap on, a click lands on the nearest whole inch', () => {
    const s = createEditorStore(blank())
    s.getState().toggleSnap()
    s.getState().setTool('hill')
    s.getState().addCorner({ x: 10.4, z: 7.6 })
    expect(draftItems(s.getState().draft, 'hills')[0]).toMatchObject({ x: 10, z: 8 })
    s.getState().toggleSnap()
    s.getState().addCorner({ x: 10.4, z: 7.6 })
    expect(draftItems(s.getState().draft, 'hills')[1]).toMatchObject({ x: 10.4, z: 7.6 })
  })
})
