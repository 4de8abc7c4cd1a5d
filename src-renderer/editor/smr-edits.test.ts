import { describe, expect, it } from 'vitest'
import contactFile from '../../assets/scenarios/smr-contact.json'
import villageFile from '../../assets/scenarios/smr-village-invasion.json'
import { editorCheck, smr, SmrScenarioSchema } from '../../src-engine/index'
import { copyToEdit } from './copy-to-edit'
import { createEditorStore, type Draft } from './editor-store'
import { smrBlankScenario } from './smr-blank'
import {
  addSmrUnit,
  copySmrUnit,
  eachCost,
  lawfulProfile,
  removeSmrUnit,
  setSmrBattleType,
  setSmrLeader,
  setSmrSidePoints,
  smrMountsFor,
  smrUnits,
  smrWeaponsFor,
  updateSmrSide,
  updateSmrUnit,
} from './smr-edits'
import { smrReachIn, smrZoneOf } from './smr-placement'

type Item = Record<string, unknown>
const blank = (): Draft =>
  smrBlankScenario({ id: 'field', name: 'Field', widthIn: 48, depthIn: 48, sides: ['Saxons', 'Normans'] })
const contact = (): Draft => structuredClone(contactFile) as Draft
/** SMR-PTS-01: a side's points as the engine's check adds them up. */
const smrSideCost = (d: Draft, sideId: string): number => editorCheck(d).points!.find((p) => p.sideId === sideId)!.total
const codes = (d: Draft): string[] => editorCheck(d).problems.map((p) => p.code)
const unit = (d: Draft, id: string): Item => smrUnits(d).find((u) => u.id === id)!
const sideOf = (d: Draft, id: string): Item => (d.sides as Item[]).find((s) => s.id === id)!

describe('an SMR table built from nothing', () => {
  it('has the SMR fields: a Type 2 battle, two sides on opposite edges with a leader and points each, and passes the check', () => {
    const d = blank()
    expect(d).toMatchObject({ ruleset: 'smr', battleType: 2, victory: 'rout' })
    expect((d.sides as Item[]).map((s) => [s.id, s.edge, s.points])).toEqual([
      ['saxons', 'south', 15],
      ['normans', 'north', 15],
    ])
    // SMR-SETUP-02: each side's leader is its own unit.
    for (const s of d.sides as Item[]) expect(unit(d, String(s.leaderId)).sideId).toBe(s.id)
    expect(SmrScenarioSchema.safeParse(d).success).toBe(true)
    expect(editorCheck(d).problems).toEqual([])
    // SMR-SETUP-06: each stands within 6" of its own edge.
    expect(unit(d, String(sideOf(d, 'saxons').leaderId)).z).toBeGreaterThanOrEqual(42)
    expect(unit(d, String(sideOf(d, 'normans').leaderId)).z).toBeLessThanOrEqual(6)
  })
})

describe('SMR units added, changed and removed', () => {
  it('adds units by class priced by SMR-PTS-01 (Example SMR-PTS-E01), each in its side’s area and clear of the others', () => {
    let d = blank()
    const add = (
      cls: 'P' | 'L' | 'H' | 'XH',
      o: { mount?: 'horse' | 'armouredHorse'; weapon?: 'bow' | 'sling' } = {},
    ) => {
      const made = addSmrUnit(d, 'saxons', cls, o)
      d = made.draft
      return made.unitId
    }
    add('L', { mount: 'horse' }) // light cavalry 4
    add('H', { mount: 'horse' }) // heavy cavalry 5
    add('L', { weapon: 'bow' }) // light archer 3
    add('P', { weapon: 'sling' }) // peasant slinger 1
    add('P', { weapon: 'bow' }) // peasant archer 2
    // The leader (a light infantryman, 2) and the five: 2 + 4 + 5 + 3 + 1 + 2.
    expect(smrSideCost(d, 'saxons')).toBe(17)
    const zone = smrZoneOf(d, 'saxons')
    const own = smrUnits(d, 'saxons')
    for (const u of own) {
      expect(Number(u.z)).toBeGreaterThanOrEqual(zone.minZ)
      expect(Number(u.z)).toBeLessThanOrEqual(zone.maxZ)
      expect(u.facingDeg).toBe(0) // toward the far (north) edge
    }
    for (const a of own)
      for (const b of own)
        if (a !== b) expect(Math.hypot(Number(a.x) - Number(b.x), Number(a.z) - Number(b.z))).toBeGreaterThan(0.8)
    expect(own.map((u) => u.name)).toEqual([
      'Light infantry 1',
      'Light cavalry 1',
      'Heavy cavalry 1',
      'Light archer 1',
      'Peasant slinger 1',
      'Peasant archer 1',
    ])
    // 17 of 15: the check says so, and nothing else is wrong.
    expect(codes(d)).toEqual(['smr-points-over'])
    expect(editorCheck(d).points!.find((p) => p.sideId === 'saxons')!.total).toBe(17)
  })

  it('keeps a profile lawful for its class: no crossbow for a peasant, the armoured horse an extra-heavy rider’s (§2.1)', () => {
    expect(smrWeaponsFor('P')).toEqual(['hand', 'bow', 'sling'])
    expect(smrWeaponsFor('L')).toContain('crossbow')
    expect(smrMountsFor('H')).toEqual(['foot', 'horse'])
    expect(smrMountsFor('XH')).toEqual(['foot', 'horse', 'armouredHorse'])
    expect(lawfulProfile({ cls: 'P', mount: 'foot', weapon: 'crossbow' })).toEqual({
      cls: 'P',
      mount: 'foot',
      weapon: 'hand',
    })
    let d = addSmrUnit(blank(), 'normans', 'XH', { mount: 'armouredHorse' }).draft
    const id = smrUnits(d, 'normans')[1]!.id as string
    expect(smrSideCost(d, 'normans')).toBe(2 + 7) // XHC 7 (SMR-PTS-06)
    d = updateSmrUnit(d, id, { cls: 'H' })
    expect(unit(d, id)).toMatchObject({ cls: 'H', mount: 'horse' }) // heavy cavalry 5
    expect(smrSideCost(d, 'normans')).toBe(2 + 5)
    d = updateSmrUnit(d, id, { weapon: 'crossbow', name: 'Sir Hugh' })
    expect(unit(d, id)).toMatchObject({ name: 'Sir Hugh', weapon: 'crossbow' })
    expect(smrSideCost(d, 'normans')).toBe(2 + 6)
    // Each unit's own cost, read from the engine's lines (Example SMR-PTS-E02: a mounted heavy crossbowman 3 + 2 + 1).
    const lines = editorCheck(d).points!.find((p) => p.sideId === 'normans')!.lines
    expect(eachCost(lines, 'heavy crossbowman (mounted)')).toBe(6)
    expect(eachCost(lines, 'light infantry')).toBe(2)
    expect(eachCost(null, 'light infantry')).toBeNull()
    d = updateSmrUnit(d, id, { mount: 'foot', weapon: 'hand' })
    expect(unit(d, id)).not.toHaveProperty('mount')
    expect(unit(d, id)).not.toHaveProperty('weapon')
    // The same values again are no edit.
    expect(updateSmrUnit(d, id, { cls: 'H' })).toBe(d)
    expect(updateSmrUnit(d, id, { name: ' ' })).toBe(d)
  })

  it('turns a unit to face another way: whole turns taken off, the game reads its facing (SMR-GEN-06)', () => {
    let d = contact()
    d = updateSmrUnit(d, 'nor-archer-1', { facingDeg: 90 })
    expect(unit(d, 'nor-archer-1').facingDeg).toBe(90)
    expect(unit(updateSmrUnit(d, 'nor-archer-1', { facingDeg: 450 }), 'nor-archer-1').facingDeg).toBe(90)
    expect(unit(updateSmrUnit(d, 'nor-archer-1', { facingDeg: -45 }), 'nor-archer-1').facingDeg).toBe(315)
    // Not a number, and the same facing again: no change.
    expect(updateSmrUnit(d, 'nor-archer-1', { facingDeg: Number.NaN })).toBe(d)
    expect(updateSmrUnit(d, 'nor-archer-1', { facingDeg: 90 })).toBe(d)
    const game = smr.initialState(SmrScenarioSchema.parse(d), 1, 'quick')
    expect(Object.values(game.units).find((u) => u.id === 'nor-archer-1')!.facingDeg).toBe(90)
    expect(codes(d)).toEqual([])
  })

  it('removing a side’s leader leaves it with none until another is chosen (SMR-SETUP-02)', () => {
    let d = addSmrUnit(blank(), 'saxons', 'H').draft
    const leader = String(sideOf(d, 'saxons').leaderId)
    const other = smrUnits(d, 'saxons').find((u) => u.id !== leader)!.id as string
    d = removeSmrUnit(d, leader)
    expect(smrUnits(d, 'saxons').map((u) => u.id)).toEqual([other])
    expect(codes(d)).toEqual(['smr-no-leader'])
    d = setSmrLeader(d, 'saxons', other)
    expect(codes(d)).toEqual([])
    // A unit of the other side is the wrong leader.
    const norman = String(sideOf(d, 'normans').leaderId)
    expect(codes(setSmrLeader(d, 'saxons', norman))).toEqual(['smr-leader-wrong-side'])
    // A side with no leader takes its next new unit as leader.
    d = removeSmrUnit(d, other)
    const made = addSmrUnit(d, 'saxons', 'L')
    expect(sideOf(made.draft, 'saxons').leaderId).toBe(made.unitId)
  })

  it('sets the points total and the battle type (SMR-SETUP-05)', () => {
    let d = addSmrUnit(blank(), 'saxons', 'XH', { mount: 'armouredHorse' }).draft // 2 + 7 = 9
    d = setSmrSidePoints(d, 'saxons', 8)
    expect(codes(d)).toEqual(['smr-points-over'])
    d = setSmrSidePoints(d, 'saxons', null)
    expect(sideOf(d, 'saxons')).not.toHaveProperty('points')
    expect(codes(d)).toEqual(['smr-points-no-total'])
    expect(setSmrSidePoints(d, 'saxons', -3)).toBe(d)
    d = setSmrBattleType(setSmrSidePoints(d, 'saxons', 20), 1)
    expect(d.battleType).toBe(1)
    expect(codes(d)).toEqual(['smr-points-type1', 'smr-points-type1'])
  })

  it('turns a side to another edge: its default area follows it (SMR-SETUP-04/06)', () => {
    let d = updateSmrSide(blank(), 'saxons', { edge: 'north' })
    expect(codes(d)).toContain('smr-same-edge')
    expect(codes(d)).toContain('smr-unit-outside-zone')
    d = updateSmrSide(blank(), 'saxons', { edge: 'west', name: 'West Saxons' })
    expect(smrZoneOf(d, 'saxons')).toEqual({ minX: 0, minZ: 0, maxX: 6, maxZ: 48 })
    const made = addSmrUnit(d, 'saxons', 'L')
    expect(Number(unit(made.draft, made.unitId).x)).toBeLessThanOrEqual(6)
    expect(unit(made.draft, made.unitId).facingDeg).toBe(90)
  })

  it('places a new rider clear of a wood (SMR-MOVE-10)', () => {
    const half = {
      id: 'wood-1',
      name: 'Wood',
      kind: 'woods',
      polygon: [
        { x: 0, z: 40 },
        { x: 30, z: 40 },
        { x: 30, z: 48 },
        { x: 0, z: 48 },
      ],
    }
    let d: Draft = { ...blank(), terrain: { ...(blank().terrain as Item), areas: [half] } }
    d = { ...d, units: smrUnits(d).filter((u) => u.sideId !== 'saxons') }
    d = setSmrLeader(d, 'saxons', '')
    const made = addSmrUnit(d, 'saxons', 'H', { mount: 'horse' })
    expect(Number(unit(made.draft, made.unitId).x)).toBeGreaterThanOrEqual(31)
    expect(codes(made.draft)).toEqual([])
  })

  it('edits the units in the store: picked, moved by the arrows, removed by Delete, each one step to undo', () => {
    const store = createEditorStore(copyToEdit(contact()))
    expect(store.getState().draft.id).toBe('smr-contact-copy')
    store.getState().moveItem('units', 'nor-peasant-1', 0, 5)
    expect(unit(store.getState().draft, 'nor-peasant-1').z).toBe(9)
    expect(codes(store.getState().draft)).toEqual(['smr-unit-outside-zone'])
    store.getState().select({ collection: 'units', id: 'nor-peasant-1' })
    store.getState().removeItem('units', 'nor-peasant-1')
    expect(store.getState().selected).toBeNull()
    expect(smrUnits(store.getState().draft).some((u) => u.id === 'nor-peasant-1')).toBe(false)
    store.getState().undo()
    store.getState().undo()
    expect(unit(store.getState().draft, 'nor-peasant-1').z).toBe(4)
  })
})

/** How far apart two units stand, inches. */
const apart = (a: Item, b: Item): number => Math.hypot(Number(a.x) - Number(b.x), Number(a.z) - Number(b.z))
/** A unit's reach from its centre (a 20 mm square on foot, 25 × 50 mm mounted, SMR-GEN-06), inches. */
const reach = (u: Item): number => smrReachIn({ mount: (u.mount as 'foot' | 'horse' | undefined) ?? 'foot' })
const village = (): Draft => copyToEdit(structuredClone(villageFile) as Draft)

describe('an SMR unit copied and pasted (Copy, Ctrl+C; Paste, Ctrl+V)', () => {
  it('gives a new unit of the same kind beside the original in its side’s area, picked, costing the same, one step to undo', () => {
    const store = createEditorStore(copyToEdit(contact()))
    const before = store.getState().draft
    const cost = smrSideCost(before, 'normans')
    store.getState().select({ collection: 'units', id: 'nor-knight' })
    store.getState().copySelected()
    store.getState().paste()
    const d = store.getState().draft
    const made = smrUnits(d).filter((u) => !smrUnits(before).some((b) => b.id === u.id))
    expect(made).toHaveLength(1)
    const copy = made[0]!
    // A new unit, picked: Sir Robert's copy, a mounted heavy like him, facing as he does.
    expect(store.getState().selected).toEqual({ collection: 'units', id: copy.id })
    expect(copy).toMatchObject({
      name: 'Sir Robert (copy)',
      sideId: 'normans',
      cls: 'H',
      mount: 'horse',
      facingDeg: 180,
    })
    expect(copy).not.toHaveProperty('weapon')
    // SMR-PTS-01: heavy cavalry costs 5, the side one more of them.
    expect(smrSideCost(d, 'normans')).toBe(cost + 5)
    // Sir Robert still leads the Normans (SMR-SETUP-02: one leader a side).
    expect(sideOf(d, 'normans').leaderId).toBe('nor-knight')
    // Beside him, inside the Normans' strip along the north edge (SMR-SETUP-06), its base clear of every other.
    const knight = unit(d, 'nor-knight')
    expect(apart(copy, knight)).toBeLessThanOrEqual(reach(knight) + reach(copy) + 1)
    const zone = smrZoneOf(d, 'normans')
    expect(Number(copy.z) - reach(copy)).toBeGreaterThanOrEqual(zone.minZ)
    expect(Number(copy.z) + reach(copy)).toBeLessThanOrEqual(zone.maxZ)
    for (const other of smrUnits(d))
      if (other !== copy) expect(apart(copy, other)).toBeGreaterThanOrEqual(reach(copy) + reach(other))
    // The check finds nothing wrong but the points: 20 of 15.
    expect(codes(d)).toEqual(['smr-points-over'])
    // One step to undo and redo.
    store.getState().undo()
    expect(store.getState().draft).toBe(before)
    store.getState().redo()
    expect(store.getState().draft).toBe(d)
    // A second paste: another copy, clear of the first.
    store.getState().paste()
    const second = smrUnits(store.getState().draft).find((u) => u.name === 'Sir Robert (copy 2)')!
    expect(second.id).not.toBe(copy.id)
    expect(apart(second, copy)).toBeGreaterThanOrEqual(reach(second) + reach(copy))
    expect(smrSideCost(store.getState().draft, 'normans')).toBe(cost + 10)
  })

  it('keeps the axe and the contingent, but the copy hides in no building, leads nothing, bears no standard and is no hero', () => {
    let d = village()
    const woodsman = unit(d, 'hid-axe-1')
    const made = copySmrUnit(d, { ...woodsman, hero: true })!
    d = made.draft
    const copy = unit(d, made.unitId)
    expect(copy).toMatchObject({ cls: 'P', axe: true, contingent: 'hidden', sideId: 'villagers' })
    expect(copy).not.toHaveProperty('hiddenIn')
    expect(copy).not.toHaveProperty('hero')
    // On the table in the villagers' marked zone, clear of the units standing there.
    const zone = smrZoneOf(d, 'villagers')
    expect(Number(copy.x)).toBeGreaterThanOrEqual(zone.minX)
    expect(Number(copy.x)).toBeLessThanOrEqual(zone.maxX)
    expect(Number(copy.z)).toBeGreaterThanOrEqual(zone.minZ)
    expect(Number(copy.z)).toBeLessThanOrEqual(zone.maxZ)
    for (const other of smrUnits(d))
      if (other !== copy && other.hiddenIn === undefined)
        expect(apart(copy, other)).toBeGreaterThanOrEqual(reach(copy) + reach(other))
    // The baron's copy: the baron still leads; the side's standard (if any) stays where it was.
    const baron = copySmrUnit(d, unit(d, 'baron'))!
    expect(sideOf(baron.draft, 'villagers').leaderId).toBe('baron')
    expect(sideOf(baron.draft, 'villagers').standardId).toBe(sideOf(d, 'villagers').standardId)
    expect(unit(baron.draft, baron.unitId)).toMatchObject({ cls: 'H', mount: 'horse', contingent: 'baron' })
    expect(codes(baron.draft)).not.toContain('smr-unit-outside-zone')
  })

  it('is pasted even when the original has gone, beside where it stood', () => {
    const store = createEditorStore(copyToEdit(contact()))
    store.getState().select({ collection: 'units', id: 'nor-archer-1' })
    store.getState().copySelected()
    store.getState().removeItem('units', 'nor-archer-1')
    store.getState().paste()
    const copy = smrUnits(store.getState().draft).find((u) => u.name === 'Guy the bowman (copy)')!
    expect(copy).toMatchObject({ cls: 'L', weapon: 'bow', sideId: 'normans' })
    expect(apart(copy, { x: 20, z: 2 })).toBeLessThanOrEqual(1)
  })

  it('pastes nothing when its side’s area has no clear ground left', () => {
    let d = blank()
    const leader = unit(d, String(sideOf(d, 'saxons').leaderId))
    // A marked zone just big enough for the leader's base.
    const r = reach(leader)
    const zone = {
      minX: Number(leader.x) - r,
      minZ: Number(leader.z) - r,
      maxX: Number(leader.x) + r,
      maxZ: Number(leader.z) + r,
    }
    d = { ...d, sides: (d.sides as Item[]).map((s) => (s.id === 'saxons' ? { ...s, deploymentZone: zone } : s)) }
    expect(copySmrUnit(d, leader)).toBeNull()
    const store = createEditorStore(d)
    store.getState().select({ collection: 'units', id: String(leader.id) })
    store.getState().copySelected()
    store.getState().paste()
    expect(store.getState().draft).toBe(d)
    expect(store.getState().past).toHaveLength(0)
  })
})
