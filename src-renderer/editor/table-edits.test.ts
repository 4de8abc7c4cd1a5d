import { describe, expect, it } from 'vitest'
import { editorCheck } from '../../src-engine/index'
import { blankScenario } from './blank-scenario'
import { createEditorStore, type Draft } from './editor-store'
import { draftTeams, draftVehicles, list, teamFigures } from './force-draft'
import { addVehicle } from './vehicle-edits'
import { resizeTable } from './table-edits'
import contact from '../../assets/scenarios/smr-contact.json'
import { copyToEdit } from './copy-to-edit'

/*
 * A table resized in the editor: it grows or shrinks at its east and south
 * edges. §16's default set-up deploys each side within 8" of its own edge, so
 * a zone on the south edge must stay on it, with the troops standing in it;
 * what no longer fits on a smaller table is refused by the check, in words.
 */
const blank = (): Draft =>
  blankScenario({ id: 'resize', name: 'Resize', widthIn: 48, depthIn: 48, sides: ['Reds', 'Blues'] })
const zone = (d: Draft, i: number) => list(d.sides)[i]!.deploymentZone as Record<string, number>
const spots = (d: Draft, sideIndex: number) => {
  const sideId = list(d.sides)[sideIndex]!.id
  return draftTeams(d)
    .filter((t) => t.sideId === sideId)
    .flatMap((t) => teamFigures(t).map((f) => f.position as { x: number; z: number }))
}

describe('resizing the table', () => {
  it('deeper: the south zone keeps its 8" on the south edge and its figures move with it; the north side stays', () => {
    const d = blank()
    expect(zone(d, 0)).toEqual({ minX: 0, minZ: 40, maxX: 48, maxZ: 48 })
    const south = spots(d, 0)
    const north = spots(d, 1)
    const r = resizeTable(d, { depthIn: 60 })
    expect(r.table).toEqual({ widthIn: 48, depthIn: 60 })
    expect(zone(r, 0)).toEqual({ minX: 0, minZ: 52, maxX: 48, maxZ: 60 })
    expect(zone(r, 1)).toEqual(zone(d, 1))
    expect(spots(r, 0)).toEqual(south.map((p) => ({ x: p.x, z: p.z + 12 })))
    expect(spots(r, 1)).toEqual(north)
    expect(editorCheck(r).problems.filter((p) => p.severity === 'error')).toEqual([])
  })

  it('wider: zones spanning the table stretch with it, and nobody moves', () => {
    const d = blank()
    const r = resizeTable(d, { widthIn: 72 })
    expect(zone(r, 0)).toEqual({ minX: 0, minZ: 40, maxX: 72, maxZ: 48 })
    expect(zone(r, 1)).toEqual({ minX: 0, minZ: 0, maxX: 72, maxZ: 8 })
    expect(spots(r, 0)).toEqual(spots(d, 0))
  })

  it('a vehicle in the south zone moves with it; one standing elsewhere does not', () => {
    let d = blank()
    const sideId = String(list(d.sides)[0]!.id)
    d = addVehicle(d, sideId, 'jeep')!.draft
    const at = draftVehicles(d)[0]!.position as { x: number; z: number }
    const r = resizeTable(d, { depthIn: 54 })
    expect(draftVehicles(r)[0]!.position).toEqual({ x: at.x, z: at.z + 6 })
    // The same vehicle moved out of the zone first stays where it is.
    const out = { ...d, vehicles: [{ ...draftVehicles(d)[0]!, position: { x: at.x, z: 30 } }] }
    expect(draftVehicles(resizeTable(out, { depthIn: 54 }))[0]!.position).toEqual({ x: at.x, z: 30 })
  })

  it('smaller: what is left off the table is the check’s error; the same size is no step to undo', () => {
    const s = createEditorStore(blank())
    s.getState().edit((d) => resizeTable(d, { widthIn: 48, depthIn: 48 }))
    expect(s.getState().past).toHaveLength(0)
    // The teams stand in the middle of their zones, about 24" from the west edge: a 20" table leaves them off it.
    s.getState().edit((d) => resizeTable(d, { widthIn: 20 }))
    expect(zone(s.getState().draft, 0)).toEqual({ minX: 0, minZ: 40, maxX: 20, maxZ: 48 })
    const errors = editorCheck(s.getState().draft).problems.filter((p) => p.severity === 'error')
    expect(errors.map((p) => p.message).join(' ')).toMatch(/table/i)
    s.getState().undo()
    expect((s.getState().draft.table as { widthIn: number }).widthIn).toBe(48)
  })

  it('not a size: nothing changes', () => {
    const d = blank()
    expect(resizeTable(d, { widthIn: 0 })).toBe(d)
    expect(resizeTable(d, { depthIn: Number.NaN })).toBe(d)
  })

  it('SMR (Contact): the Saxons within 6" of the south edge go with it (SMR-SETUP-06); the Normans on the north stay', () => {
    const d = copyToEdit(contact as unknown as Draft)
    const units = (x: Draft) => list(x.units).map((u) => [u.sideId, u.x, u.z])
    const r = resizeTable(d, { depthIn: 60 })
    expect(units(r)).toEqual(units(d).map(([side, x, z]) => [side, x, side === 'saxons' ? Number(z) + 12 : z]))
    expect(editorCheck(r).problems.filter((p) => p.severity === 'error')).toEqual([])
  })
})
