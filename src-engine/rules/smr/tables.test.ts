import { describe, expect, it } from 'vitest'
import {
  footprintOfProfile,
  isArcher,
  meleeColumn,
  meleeRow,
  missileColumn,
  moraleClass,
  moveAllowanceIn,
  type UnitProfile,
  unitPoints,
} from './profile'
import { DEFAULT_SMR_SETTINGS } from './settings'
import { DOOR_TABLE, lizardAttackFor, naturalRouts, SELF_RALLY_MIN, TABLE_C, TABLE_G, TABLE_M, TABLE_V } from './tables'

const p = (cls: UnitProfile['cls'], more: Partial<UnitProfile> = {}): UnitProfile => ({
  cls,
  mount: 'foot',
  weapon: 'hand',
  ...more,
})
const pts = (u: UnitProfile, basis: 'unitClass' | 'riderArmour' = 'unitClass') =>
  unitPoints(u, { xhcPointsBasis: basis })
const needC = (a: UnitProfile, d: UnitProfile) => TABLE_C[meleeRow(a)][meleeColumn(d)]

describe('SMR units and points (§2)', () => {
  it('SMR-UNIT-01: four classes, and a role: infantry, cavalry or archer (bow, crossbow or sling)', () => {
    expect(isArcher(p('P', { weapon: 'sling' }))).toBe(true)
    expect(isArcher(p('L', { weapon: 'crossbow' }))).toBe(true)
    expect(isArcher(p('H'))).toBe(false)
    expect(meleeRow(p('L', { mount: 'horse' }))).toBe('LIC')
  })
  it('SMR-UNIT-02: a mounted archer is an archer in the melee table and moves as cavalry of its class', () => {
    const horseArcher = p('L', { mount: 'horse', weapon: 'bow' })
    expect(meleeRow(horseArcher)).toBe('LA')
    expect(meleeColumn(horseArcher)).toBe('LA')
    expect(moveAllowanceIn(horseArcher)).toBe(6)
    expect(moveAllowanceIn(p('L', { weapon: 'bow' }))).toBe(4)
  })
  it('SMR-UNIT-03: light cavalry is L, heavy cavalry H, XHC XH, peasant cavalry P', () => {
    expect(meleeColumn(p('L', { mount: 'horse' }))).toBe('LIC')
    expect(meleeColumn(p('H', { mount: 'horse' }))).toBe('HIC')
    expect(meleeColumn(p('XH', { mount: 'armouredHorse' }))).toBe('XHIC')
    expect(meleeColumn(p('P', { mount: 'horse' }))).toBe('PIC')
    expect(moraleClass(p('XH', { mount: 'armouredHorse' }))).toBe('XH')
  })
  it('SMR-UNIT-04: XH archers use the heavy archer row and the HA column', () => {
    const xha = p('XH', { weapon: 'crossbow' })
    expect(meleeRow(xha)).toBe('HA')
    expect(meleeColumn(xha)).toBe('HA')
  })
  it('SMR-PTS-01: cost = class + mount + missile weapon (XH 4, H 3, L 2, P 1; horse +2, armoured +1 more; bow +1, sling 0, crossbow +1)', () => {
    expect([pts(p('XH')), pts(p('H')), pts(p('L')), pts(p('P'))]).toEqual([4, 3, 2, 1])
    expect(pts(p('L', { mount: 'horse' }))).toBe(4)
    expect(pts(p('H', { mount: 'armouredHorse' }))).toBe(6)
    expect(pts(p('P', { weapon: 'sling' }))).toBe(1)
    expect(pts(p('L', { weapon: 'crossbow' }))).toBe(3)
  })
  it('SMR-PTS-E01: light cavalry 4, heavy cavalry 5, light archer 3, peasant slinger 1, peasant archer 2', () => {
    expect(pts(p('L', { mount: 'horse' }))).toBe(4)
    expect(pts(p('H', { mount: 'horse' }))).toBe(5)
    expect(pts(p('L', { weapon: 'bow' }))).toBe(3)
    expect(pts(p('P', { weapon: 'sling' }))).toBe(1)
    expect(pts(p('P', { weapon: 'bow' }))).toBe(2)
  })
  it('SMR-PTS-06 / SMR-PTS-E02: XHC costs 7 by its class, 6 with xhcPointsBasis = riderArmour; a light crossbowman 3', () => {
    const xhc = p('XH', { mount: 'armouredHorse' })
    expect(pts(xhc)).toBe(7)
    expect(pts(xhc, 'riderArmour')).toBe(6)
    expect(DEFAULT_SMR_SETTINGS.xhcPointsBasis).toBe('unitClass')
    expect(pts(p('L', { weapon: 'crossbow' }))).toBe(3)
  })
  it('SMR-PTS-E03: heavy cavalry + 2 light archers + 4 peasants make a legal 15-point force', () => {
    const force = [
      p('H', { mount: 'horse' }),
      p('L', { weapon: 'bow' }),
      p('L', { weapon: 'bow' }),
      ...[1, 2, 3, 4].map(() => p('P')),
    ]
    expect(force.reduce((a, u) => a + pts(u), 0)).toBe(15)
  })
  it('SMR-GEN-06: foot on 20 mm squares, cavalry and giant creatures on 25 × 50 mm', () => {
    expect(footprintOfProfile(p('L'))).toEqual({ kind: 'rect', widthIn: 20 / 25.4, depthIn: 20 / 25.4 })
    expect(footprintOfProfile(p('H', { mount: 'horse' }))).toEqual({
      kind: 'rect',
      widthIn: 25 / 25.4,
      depthIn: 50 / 25.4,
    })
    expect(footprintOfProfile(p('H', { creature: 'giantLizard' }))).toEqual({
      kind: 'rect',
      widthIn: 25 / 25.4,
      depthIn: 50 / 25.4,
    })
  })
})

describe('SMR tables M, V, C and G', () => {
  it('Table M (SMR-MISS-07): bow 12" 9/10/11/12, crossbow 10" 8/9/10/11, sling 10" 10/11/12/12', () => {
    expect(TABLE_M.bow).toEqual({ rangeIn: 12, needed: { P: 9, L: 10, H: 11, XH: 12 } })
    expect(TABLE_M.crossbow).toEqual({ rangeIn: 10, needed: { P: 8, L: 9, H: 10, XH: 11 } })
    expect(TABLE_M.sling).toEqual({ rangeIn: 10, needed: { P: 10, L: 11, H: 12, XH: 12 } })
    expect(missileColumn(p('H', { creature: 'giantLizard' }))).toBe('H')
  })
  it('Table V (SMR-MOVE-04): peasant 4, light 4, heavy 3, XH foot 2; light cavalry 6, heavy 5, XH 4; peasant cavalry 6; giant lizard 6', () => {
    expect(TABLE_V.foot).toEqual({ P: 4, L: 4, H: 3, XH: 2 })
    expect(TABLE_V.mounted).toEqual({ P: 6, L: 6, H: 5, XH: 4 })
    expect(moveAllowanceIn(p('H', { creature: 'giantLizard' }))).toBe(6)
  })
  it('Table C (SMR-MELEE-07) as published, Light archer vs PA = 9 (ambiguity 14)', () => {
    expect(Object.values(TABLE_C.PIC)).toEqual([9, 10, 11, 12, 8, 9, 10])
    expect(Object.values(TABLE_C.PA)).toEqual([10, 11, 12, 12, 9, 10, 11])
    expect(Object.values(TABLE_C.LIC)).toEqual([8, 9, 10, 11, 7, 8, 9])
    expect(Object.values(TABLE_C.LA)).toEqual([9, 10, 11, 12, 9, 10, 11])
    expect(Object.values(TABLE_C.HIC)).toEqual([7, 8, 9, 10, 6, 7, 8])
    expect(Object.values(TABLE_C.HA)).toEqual([8, 9, 10, 11, 7, 8, 9])
  })
  it('SMR-MELEE-E01: light infantry attacks heavy infantry: needs 10', () => {
    expect(needC(p('L'), p('H'))).toBe(10)
  })
  it('SMR-MELEE-E02: heavy infantry attacks a peasant archer: needs 6', () => {
    expect(needC(p('H'), p('P', { weapon: 'bow' }))).toBe(6)
  })
  it('SMR-MELEE-E03: a peasant archer attacks XH cavalry: needs 12', () => {
    expect(needC(p('P', { weapon: 'bow' }), p('XH', { mount: 'armouredHorse' }))).toBe(12)
  })
  it('SMR-MELEE-01: slingers as targets use the archer columns', () => {
    expect(meleeColumn(p('P', { weapon: 'sling' }))).toBe('PA')
    expect(needC(p('H'), p('L', { weapon: 'sling' }))).toBe(7)
  })
  it('SMR-GH-01: a giant lizard is HI/C as a target, H for missiles, routs and rallies as H, costs 6, moves 6', () => {
    const lizard = p('H', { creature: 'giantLizard' })
    expect(meleeColumn(lizard)).toBe('HIC')
    expect(moraleClass(lizard)).toBe('H')
    expect(pts(lizard)).toBe(6)
  })
  it('Table G and SMR-GH-E01: 1D6 picks bite (1–3), claw (4–5), tail lash (6); claw vs light infantry needs 9', () => {
    expect([1, 2, 3, 4, 5, 6].map(lizardAttackFor)).toEqual(['bite', 'bite', 'bite', 'claw', 'claw', 'tail lash'])
    expect(TABLE_G[lizardAttackFor(5)][meleeColumn(p('L'))]).toBe(9)
    expect(Object.values(TABLE_G.bite)).toEqual([7, 8, 9, 11, 6, 7, 8])
    expect(Object.values(TABLE_G['tail lash'])).toEqual([9, 10, 11, 12, 8, 9, 10])
  })
  it('SMR-ROUT-01: natural 2 routs any class, 3 Light or Peasant, 4 Peasant only, 5–11 none', () => {
    for (const c of ['P', 'L', 'H', 'XH'] as const) expect(naturalRouts(2, c)).toBe(true)
    expect((['P', 'L', 'H', 'XH'] as const).map((c) => naturalRouts(3, c))).toEqual([true, true, false, false])
    expect((['P', 'L', 'H', 'XH'] as const).map((c) => naturalRouts(4, c))).toEqual([true, false, false, false])
    for (let n = 5; n <= 11; n++) expect(naturalRouts(n, 'P')).toBe(false)
  })
  it('SMR-RALLY-03 / SMR-RALLY-05: self-rally on 4–6 for H and XH, 5–6 for L, 6 for P', () => {
    expect(SELF_RALLY_MIN).toEqual({ XH: 4, H: 4, L: 5, P: 6 })
  })
  it('SMR-OPT-31: doors as published: small keep door axe 10+ ×3, cottage door 8+ ×1, medium keep door axe 8+ ×3', () => {
    expect(DOOR_TABLE.smallKeep).toMatchObject({ needed: 10, successes: 3, weapon: 'axe' })
    expect(DOOR_TABLE.cottage).toMatchObject({ needed: 8, successes: 1, weapon: 'any' })
    expect(DOOR_TABLE.mediumKeep).toMatchObject({ needed: 8, successes: 3, weapon: 'axe' })
  })
})
