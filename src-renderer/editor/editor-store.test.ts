import { describe, expect, it } from 'vitest'
import { editorCheck } from '../../src-engine/index'
import { referenceTownScenario } from '../../tests/fixtures/world-tables'
import { copyToEdit, createEditorStore, type Draft, draftAreas, UNDO_DEPTH } from './editor-store'

const blank = (): Draft => ({ id: 'test', name: 'Test', terrain: { resolutionIn: 0.5, areas: [] } })

describe('the scenario editor: areas drawn as polygons, undo and redo', () => {
  it('a wood drawn with four clicks and closed on its first corner is one area, its corners rounded to 1/100"', () => {
    const s = createEditorStore(blank())
    s.getState().setTool('woods')
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
    s.getState().setTool('rough')
    s.getState().addCorner({ x: 1, z: 1 })
    s.getState().addCorner({ x: 5, z: 1 })
    s.getState().finishArea()
    expect(draftAreas(s.getState().draft)).toEqual([])
    expect(s.getState().corners).toHaveLength(2)
    s.getState().addCorner({ x: 5, z: 5 })
    s.getState().finishArea()
    expect(draftAreas(s.getState().draft).map((a) => a.id)).toEqual(['rough-1'])
  })

  it('with the look tool a click adds nothing; changing tool drops the corners drawn', () => {
    const s = createEditorStore(blank())
    s.getState().addCorner({ x: 1, z: 1 })
    expect(s.getState().corners).toEqual([])
    s.getState().setTool('field')
    s.getState().addCorner({ x: 1, z: 1 })
    s.getState().setTool('water')
    expect(s.getState().corners).toEqual([])
  })

  it('undo takes back the last corner first, then whole edits; redo gives them back; a new edit clears redo', () => {
    const s = createEditorStore(blank())
    const square = (kind: 'woods' | 'field', x: number) => {
      s.getState().setTool(kind)
      for (const p of [
        { x, z: 0 },
        { x: x + 4, z: 0 },
        { x: x + 4, z: 4 },
      ])
        s.getState().addCorner(p)
      s.getState().finishArea()
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
    s.getState().removeArea('woods-1')
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
    s.getState().setTool('woods')
    for (const p of [
      { x: 2, z: 2 },
      { x: 6, z: 2 },
      { x: 6, z: 6 },
    ])
      s.getState().addCorner(p)
    s.getState().finishArea()
    const before = editorCheck(copy).problems.filter((p) => p.severity === 'error')
    expect(editorCheck(s.getState().draft).problems.filter((p) => p.severity === 'error')).toEqual(before)
    expect(draftAreas(s.getState().draft).at(-1)?.kind).toBe('woods')
  })
})
