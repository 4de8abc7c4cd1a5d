import { describe, expect, it } from 'vitest'
import { buildBasicWorld, editorCheck, parseScenario, type Scenario } from '../../src-engine/index'
import { blankScenario } from './blank-scenario'
import { isStrip, setStripWidth } from './area-edits'
import { createEditorStore, type Draft, draftItems, type EditorTool } from './editor-store'

const blank = (): Draft =>
  blankScenario({ id: 'valley', name: 'Valley', widthIn: 60, depthIn: 36, sides: ['Column', 'Partisans'] })

/** Points clicked with a tool in hand, then Enter. */
function draw(
  store: ReturnType<typeof createEditorStore>,
  tool: EditorTool,
  points: readonly { x: number; z: number }[],
) {
  store.getState().setTool(tool)
  for (const p of points) store.getState().addCorner(p)
  store.getState().finishShape()
  store.getState().setTool('look')
}

/** The table as the rules see it, built from the draft. */
function world(draft: Draft) {
  const parsed = parseScenario(draft)
  if (!parsed.ok) throw new Error(parsed.message)
  return buildBasicWorld(parsed.scenario as unknown as Scenario)
}

describe('a road and a stream drawn point by point along a line', () => {
  it('a road across the table is a strip the rules read as a good surface for vehicles (SMLE-VEH-02), only along it', () => {
    const store = createEditorStore(blank())
    // A valley road from the west edge to the east, bending at the middle: three points, then Enter.
    draw(store, 'strip:road', [
      { x: 0, z: 18 },
      { x: 30, z: 16 },
      { x: 60, z: 18 },
    ])
    const d = store.getState().draft
    const road = draftItems(d, 'areas')[0]!
    expect(road).toMatchObject({ kind: 'road', name: 'Road', widthIn: 2.2 })
    expect(isStrip(road)).toBe(true)
    expect(editorCheck(d).problems.filter((p) => p.severity === 'error')).toEqual([])
    const w = world(d)
    expect(w.terrainAt({ x: 30, z: 16 }).roadSurface).toBe(true)
    expect(w.terrainAt({ x: 15, z: 17 }).roadSurface).toBe(true)
    // 2" off its middle line is off a road 2.2" wide.
    expect(w.terrainAt({ x: 30, z: 18 }).roadSurface).toBeFalsy()
    // One step to undo.
    store.getState().undo()
    expect(draftItems(store.getState().draft, 'areas')).toHaveLength(0)
  })

  it('widened, the road reaches further; a width under half an inch is not taken; a polygon has no width to set', () => {
    const store = createEditorStore(blank())
    draw(store, 'strip:road', [
      { x: 0, z: 18 },
      { x: 60, z: 18 },
    ])
    const id = String(draftItems(store.getState().draft, 'areas')[0]!.id)
    store.getState().edit((d) => setStripWidth(d, id, 5))
    expect(world(store.getState().draft).terrainAt({ x: 30, z: 20 }).roadSurface).toBe(true)
    const now = store.getState().draft
    expect(setStripWidth(now, id, 0.2)).toBe(now)
    expect(setStripWidth(now, id, Number.NaN)).toBe(now)
    expect(setStripWidth(now, id, 5)).toBe(now)
    draw(store, 'area:woods', [
      { x: 40, z: 2 },
      { x: 50, z: 2 },
      { x: 45, z: 10 },
    ])
    const wood = String(draftItems(store.getState().draft, 'areas')[1]!.id)
    expect(setStripWidth(store.getState().draft, wood, 3)).toBe(store.getState().draft)
  })

  it('a stream is water along its line: very difficult going (SMLE-MOVE-04); one point alone is no stream', () => {
    const store = createEditorStore(blank())
    store.getState().setTool('strip:water')
    store.getState().addCorner({ x: 20, z: 0 })
    store.getState().finishShape()
    expect(draftItems(store.getState().draft, 'areas')).toHaveLength(0)
    store.getState().addCorner({ x: 24, z: 36 })
    store.getState().finishShape()
    const stream = draftItems(store.getState().draft, 'areas')[0]!
    expect(stream).toMatchObject({ kind: 'water', name: 'Stream', widthIn: 1.2 })
    const at = world(store.getState().draft).terrainAt({ x: 22, z: 18 })
    expect(at.kind).toBe('water')
    expect(at.moveCostPerIn).toBe(3)
  })
})
