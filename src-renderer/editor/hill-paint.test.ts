import { describe, expect, it } from 'vitest'
import { buildWorld, editorCheck, featureHeightAt, ScenarioSchema } from '../../src-engine/index'
import farmhouse from '../../assets/scenarios/farmhouse-skirmish.json'
import { copyToEdit } from './copy-to-edit'
import { createEditorStore, type Draft } from './editor-store'
import { dabsAlong, paintDabs, type Brush, type PaintMode } from './hill-paint'

const open = () => createEditorStore(copyToEdit(farmhouse as unknown as Draft))
const parse = (d: Draft) => ScenarioSchema.parse(d)
/** The ground as the rules see it (the world a game on the draft would have). */
const ground = (d: Draft, x: number, z: number) => buildWorld(parse(d)).groundHeightAt(x, z)
const base = (d: Draft) => {
  const terrain = parse(d).terrain
  return (x: number, z: number) => featureHeightAt({ ...terrain, relief: undefined }, x, z)
}
const BRUSH: Brush = { radiusIn: 4, strengthIn: 0.5 }
/** One stroke, as a drag paints it: dabs from `from` to `to`, the whole of it one step to undo. */
const stroke = (
  s: ReturnType<typeof open>,
  from: { x: number; z: number },
  to: { x: number; z: number },
  mode: PaintMode,
) => {
  const dabs = [from, ...dabsAlong(from, to, 1)]
  for (const at of dabs) s.getState().stroke((d) => paintDabs(d, [at], BRUSH, mode, base(d)))
  s.getState().endStroke()
}
/** Open ground of the farmhouse table, clear of its hills and the farmhouse. */
const OPEN = { x: 20, z: 40 }

describe('painting the ground up and down', () => {
  it('a raise stroke lifts the ground under the brush as the rules see it, smoothly to nothing at its rim; saved and read back', () => {
    const s = open()
    expect(ground(s.getState().draft, OPEN.x, OPEN.z)).toBe(0)
    // Three dabs at one point: 0.5" each in the middle.
    for (let n = 0; n < 3; n++) s.getState().stroke((d) => paintDabs(d, [OPEN], BRUSH, 'raise', base(d)))
    s.getState().endStroke()
    const d = s.getState().draft
    expect(ground(d, OPEN.x, OPEN.z)).toBeCloseTo(1.5, 2)
    const half = ground(d, OPEN.x + 2, OPEN.z)
    expect(half).toBeGreaterThan(0.5)
    expect(half).toBeLessThan(1.5)
    expect(ground(d, OPEN.x + 4.5, OPEN.z)).toBe(0)
    expect(editorCheck(d).problems.filter((p) => p.severity === 'error')).toEqual([])
    // The file holds it and reads back the same ground.
    const again = JSON.parse(JSON.stringify(d)) as Draft
    expect(ground(again, OPEN.x, OPEN.z)).toBeCloseTo(1.5, 2)
  })

  it('the raised ground blocks a sight line across it (SMLE-SHOOT-02)', () => {
    const s = open()
    const flatWorld = buildWorld(parse(s.getState().draft))
    const eye = (z: number) => ({ x: OPEN.x, y: 0.8, z })
    expect(flatWorld.rayBlocker(eye(OPEN.z - 8), eye(OPEN.z + 6), {})).toBeNull()
    for (let n = 0; n < 6; n++) s.getState().stroke((d) => paintDabs(d, [OPEN], BRUSH, 'raise', base(d)))
    s.getState().endStroke()
    const world = buildWorld(parse(s.getState().draft))
    expect(world.rayBlocker(eye(OPEN.z - 8), eye(OPEN.z + 6), {})).not.toBeNull()
    expect(world.groundHeightAt(OPEN.x, OPEN.z)).toBeCloseTo(3, 2)
  })

  it('a whole stroke is one step to undo and to redo', () => {
    const s = open()
    const before = s.getState().draft
    stroke(s, { x: 14, z: 40 }, { x: 26, z: 40 }, 'raise')
    const painted = s.getState().draft
    expect(ground(painted, 20, 40)).toBeGreaterThan(0)
    expect(s.getState().past).toHaveLength(1)
    s.getState().undo()
    expect(s.getState().draft).toBe(before)
    expect(ground(s.getState().draft, 20, 40)).toBe(0)
    s.getState().redo()
    expect(s.getState().draft).toBe(painted)
  })

  it('lowering takes a raised hill back down to the table and no further; the flat relief leaves the file', () => {
    const s = open()
    stroke(s, OPEN, OPEN, 'raise')
    expect(ground(s.getState().draft, OPEN.x, OPEN.z)).toBeCloseTo(0.5, 2)
    for (let n = 0; n < 4; n++) stroke(s, OPEN, OPEN, 'lower')
    const d = s.getState().draft
    expect(ground(d, OPEN.x, OPEN.z)).toBe(0)
    expect((d.terrain as { relief?: unknown }).relief).toBeUndefined()
    // Lowering flat table changes nothing: no step to undo.
    const steps = s.getState().past.length
    stroke(s, { x: 60, z: 40 }, { x: 64, z: 40 }, 'lower')
    expect(s.getState().past).toHaveLength(steps)
  })

  it('lowering a placed hill digs it down to the table, never below', () => {
    const s = open()
    // The farmhouse's west hill: 1.5" at (12, 30).
    const top = ground(s.getState().draft, 12, 30)
    expect(top).toBeCloseTo(1.5, 1)
    for (let n = 0; n < 5; n++) stroke(s, { x: 12, z: 30 }, { x: 12, z: 30 }, 'lower')
    const d = s.getState().draft
    expect(ground(d, 12, 30)).toBeCloseTo(0, 5)
    expect(ground(d, 12, 30)).toBeGreaterThanOrEqual(0)
    // The hill itself stays in the list; only the paint took it down.
    expect(parse(d).terrain.hills.map((h) => h.id)).toContain('hill-west')
  })

  it('the scenario schema refuses a relief whose heights do not fill its grid', () => {
    const d = open().getState().draft
    const bad = {
      ...d,
      terrain: { ...(d.terrain as object), relief: { stepIn: 1, columns: 3, rows: 3, heightsIn: [1, 2] } },
    }
    expect(ScenarioSchema.safeParse(bad).success).toBe(false)
  })
})
