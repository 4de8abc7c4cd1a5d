/**
 * Audit of SMR §7 Melee (Event 3: Table C and the procedure after it,
 * SMR-MELEE-01..14 and examples SMR-MELEE-E01..E08), with the §12 decisions
 * and §0.3 parameters that bear on melee, written from shared/rules/smr.md
 * alone and driven only through the public surface and the SMR test kit.
 *
 * Layout: side `a` deploys on the north edge (z = 0) and faces south (180°),
 * side `b` on the south edge (z = 48) and faces north (0°). A unit of side a
 * at (20, 20) facing 180° has its front toward +z, its back toward −z and its
 * flanks toward ±x. Every game has one far-away peasant per side (`a9`, `b9`)
 * so that no side runs out of units during a test.
 */
import { describe, expect, it } from 'vitest'
import type { SmrCommandInput, SmrEvent, SmrMatch, SmrScenarioInput, SmrUnit } from '../../src-engine/rules/smr/index'
import {
  act,
  CAV_DEPTH_IN,
  FOOT_IN,
  inStep,
  loadDice,
  ofType,
  refusal,
  smrScenario,
  startSmr,
  unit,
  withUnits,
} from '../fixtures/smr'

const F = FOOT_IN
type UnitIn = SmrScenarioInput['units'][number]
type Kind = Partial<UnitIn>

// ---------------------------------------------------------------- helpers

/** A game with the given units plus a far-away peasant per side. */
function game(units: UnitIn[], more: Partial<SmrScenarioInput> = {}): SmrMatch {
  return startSmr(smrScenario([...units, unit('a9', 'a', 'P', 2, 2), unit('b9', 'b', 'P', 46, 46)], more))
}

/** Side b's Movement Event, side a having moved already (side a moved first this turn). */
function bMoves(m: SmrMatch, turn = 1): SmrMatch {
  return inStep(m, 'movement', 'b', { turn, firstSide: 'a', movementDone: ['a'] })
}

/** `a` and `b` locked face-to-face (as after SMR-MELEE-03). */
function engage(m: SmrMatch, a: string, b: string): SmrMatch {
  return withUnits(m, { [a]: { faceToFace: b, target: b }, [b]: { faceToFace: a, target: a } })
}

/** `x` has joined the melee on `t`'s flank or rear (SMR-MELEE-05). */
function joins(m: SmrMatch, x: string, t: string): SmrMatch {
  return withUnits(m, { [x]: { target: t } })
}

/** The two faces showing a natural 2D6 total. */
function twoDice(n: number): number[] {
  if (n < 2 || n > 12) throw new Error(`no 2D6 shows ${n}`)
  return [Math.floor(n / 2), Math.ceil(n / 2)]
}

/**
 * Dispatches `cmd` with each unit's dice loaded to the naturals given
 * (one number per roll it makes, in order), whatever order the engine rolls
 * the units in: a first run tells the order, then the dice are loaded for it.
 */
function withDice(
  m: SmrMatch,
  cmd: SmrCommandInput,
  naturals: Record<string, number | number[]>,
): { m: SmrMatch; events: readonly SmrEvent[] } {
  let r = act(m, cmd)
  for (let attempt = 0; attempt < 4; attempt++) {
    const rolls = ofType(r.events, 'DiceRolled')
    const used: Record<string, number> = {}
    const faces: number[] = []
    for (const d of rolls) {
      const id = d.figureId ?? '?'
      const spec = naturals[id]
      if (spec === undefined) throw new Error(`unexpected roll by ${id}: ${d.purpose}`)
      const list = Array.isArray(spec) ? spec : [spec]
      const k = used[id] ?? 0
      used[id] = k + 1
      const n = list[k]
      if (n === undefined) throw new Error(`${id} rolls more often than planned: ${d.purpose}`)
      faces.push(...(d.faces.length === 1 ? [n] : twoDice(n)))
    }
    const planned = rolls.map((d) => d.figureId).join(',')
    r = act(loadDice(m, faces), cmd)
    if (
      ofType(r.events, 'DiceRolled')
        .map((d) => d.figureId)
        .join(',') === planned
    )
      return r
  }
  throw new Error('the roll order kept changing')
}

/** Event 3 of the turn: side b ends its movement with each unit's naturals loaded. */
function melee(m: SmrMatch, naturals: Record<string, number | number[]>, turn = 1) {
  return withDice(bMoves(m, turn), { type: 'endMovement', sideId: 'b' }, naturals)
}

/** The one melee attack `attackerId` made. */
function attackBy(events: readonly SmrEvent[], attackerId: string) {
  const all = ofType(events, 'AttackResolved').filter((e) => e.attackerId === attackerId && e.kind === 'melee')
  expect(all, `melee attacks by ${attackerId}`).toHaveLength(1)
  return all[0]!
}

function attacksBy(events: readonly SmrEvent[], attackerId: string) {
  return ofType(events, 'AttackResolved').filter((e) => e.attackerId === attackerId)
}

function rollOf(events: readonly SmrEvent[], figureId: string) {
  return ofType(events, 'DiceRolled').filter((e) => e.figureId === figureId)
}

function u(m: SmrMatch, id: string): SmrUnit {
  const x = m.state.units[id]
  if (!x) throw new Error(`no unit ${id}`)
  return x
}

function routsOf(events: readonly SmrEvent[], id: string) {
  return ofType(events, 'UnitRouted').filter((e) => e.unitId === id)
}

function killsOf(events: readonly SmrEvent[], id: string) {
  return ofType(events, 'UnitKilled').filter((e) => e.unitId === id)
}

function routMoves(events: readonly SmrEvent[], id: string) {
  return ofType(events, 'UnitMoved').filter((e) => e.unitId === id && e.reason === 'rout')
}

/** Compass bearing (degrees clockwise from north, north = −z) from `p` to `q`. */
function bearing(p: { x: number; z: number }, q: { x: number; z: number }): number {
  const deg = (Math.atan2(q.x - p.x, -(q.z - p.z)) * 180) / Math.PI
  return ((deg % 360) + 360) % 360
}

/** Smallest angle between two bearings. */
function angleBetween(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360)
  return Math.min(d, 360 - d)
}

// ----------------------------------------------------- Table C as written

type Row = 'PIC' | 'PA' | 'LIC' | 'LA' | 'HIC' | 'HA'
type Col = 'PIC' | 'LIC' | 'HIC' | 'XHIC' | 'PA' | 'LA' | 'HA'
const COLS: Col[] = ['PIC', 'LIC', 'HIC', 'XHIC', 'PA', 'LA', 'HA']

/** §7.1 Table C, copied from the reference (attacker row, defender column). */
const TABLE_C: Record<Row, Record<Col, number>> = {
  PIC: { PIC: 9, LIC: 10, HIC: 11, XHIC: 12, PA: 8, LA: 9, HA: 10 },
  PA: { PIC: 10, LIC: 11, HIC: 12, XHIC: 12, PA: 9, LA: 10, HA: 11 },
  LIC: { PIC: 8, LIC: 9, HIC: 10, XHIC: 11, PA: 7, LA: 8, HA: 9 },
  LA: { PIC: 9, LIC: 10, HIC: 11, XHIC: 12, PA: 9, LA: 10, HA: 11 },
  HIC: { PIC: 7, LIC: 8, HIC: 9, XHIC: 10, PA: 6, LA: 7, HA: 8 },
  HA: { PIC: 8, LIC: 9, HIC: 10, XHIC: 11, PA: 7, LA: 8, HA: 9 },
}

interface Profile {
  label: string
  cls: 'P' | 'L' | 'H' | 'XH'
  more: Kind
}
const foot = (label: string, cls: Profile['cls'], more: Kind = {}): Profile => ({ label, cls, more })

/** A representative unit on foot for each row and column. */
const ROW_UNIT: Record<Row, Profile> = {
  PIC: foot('peasant infantry', 'P'),
  PA: foot('peasant archer', 'P', { weapon: 'bow' }),
  LIC: foot('light infantry', 'L'),
  LA: foot('light archer', 'L', { weapon: 'bow' }),
  HIC: foot('heavy infantry', 'H'),
  HA: foot('heavy archer', 'H', { weapon: 'bow' }),
}
const COL_UNIT: Record<Col, Profile> = {
  PIC: foot('peasant infantry', 'P'),
  LIC: foot('light infantry', 'L'),
  HIC: foot('heavy infantry', 'H'),
  XHIC: foot('extra-heavy infantry', 'XH'),
  PA: foot('peasant archer', 'P', { weapon: 'bow' }),
  LA: foot('light archer', 'L', { weapon: 'bow' }),
  HA: foot('heavy archer', 'H', { weapon: 'bow' }),
}

const depthOf = (p: Profile) => (p.more.mount && p.more.mount !== 'foot' ? CAV_DEPTH_IN : F)

/**
 * Attacker `a1` (side a) face-to-face with defender `b1` (side b): a1 rolls
 * `natural`, b1 rolls a natural 5 (no kill on Table C, no rout).
 */
function duel(att: Profile, def: Profile, natural: number) {
  const m = engage(
    game([
      unit('a1', 'a', att.cls, 20, 20, att.more),
      unit('b1', 'b', def.cls, 20, 20 + (depthOf(att) + depthOf(def)) / 2, def.more),
    ]),
    'a1',
    'b1',
  )
  const r = melee(m, { a1: natural, b1: 5 })
  return { ...r, attack: attackBy(r.events, 'a1') }
}

/** Checks both sides of the Table C boundary: needed − 1 misses, needed kills. */
function checkNeeded(att: Profile, def: Profile, needed: number) {
  const miss = duel(att, def, needed - 1)
  expect(miss.attack.needed).toBe(needed)
  expect(miss.attack.arc).toBe('front')
  expect(miss.attack.total).toBe(needed - 1)
  expect(miss.attack.killed).toBe(false)
  expect(u(miss.m, 'b1').status).toBe('ok')
  const hit = duel(att, def, needed)
  expect(hit.attack.needed).toBe(needed)
  expect(hit.attack.total).toBe(needed)
  expect(hit.attack.killed).toBe(true)
  expect(u(hit.m, 'b1').status).toBe('killed')
  // the defender struck back (SMR-MELEE-08) with its own natural 5
  expect(attackBy(hit.events, 'b1').natural).toBe(5)
}

// =================================================================== tests

describe('SMR-MELEE-07 / Table C: every cell, at its boundary (face-to-face, no bonus)', () => {
  const cases: [Row, Col, number][] = []
  for (const row of Object.keys(TABLE_C) as Row[]) for (const col of COLS) cases.push([row, col, TABLE_C[row][col]])
  it.each(cases)('SMR-MELEE-07: Table C row %s vs column %s needs %i (one less misses)', (row, col, needed) => {
    checkNeeded(ROW_UNIT[row], COL_UNIT[col], needed)
  })
})

describe('SMR-MELEE-07 / SMR-UNIT-01..04 / SMR-MELEE-01: which row and column a unit uses', () => {
  const variants: [string, Profile, Profile, number][] = [
    // cavalry attack on their class's infantry/cavalry row (SMR-UNIT-03)
    ['peasant cavalry attacks light infantry (PI/C row)', foot('P cav', 'P', { mount: 'horse' }), COL_UNIT.LIC, 10],
    ['light cavalry attacks heavy infantry (LI/C row)', foot('L cav', 'L', { mount: 'horse' }), COL_UNIT.HIC, 10],
    ['heavy cavalry attacks a peasant archer (H/XH row)', foot('H cav', 'H', { mount: 'horse' }), COL_UNIT.PA, 6],
    ['XH cavalry attacks XH infantry (H/XH row)', foot('XHC', 'XH', { mount: 'armouredHorse' }), COL_UNIT.XHIC, 10],
    ['XH infantry attacks light infantry (H/XH row)', foot('XH inf', 'XH'), COL_UNIT.LIC, 8],
    // cavalry as targets use the I/C columns
    ['light infantry attacks peasant cavalry (PI/C column)', ROW_UNIT.LIC, foot('P cav', 'P', { mount: 'horse' }), 8],
    ['light infantry attacks light cavalry (LI/C column)', ROW_UNIT.LIC, foot('L cav', 'L', { mount: 'horse' }), 9],
    ['light infantry attacks heavy cavalry (HI/C column)', ROW_UNIT.LIC, foot('H cav', 'H', { mount: 'horse' }), 10],
    [
      'light infantry attacks XH cavalry (XHI/C column)',
      ROW_UNIT.LIC,
      foot('XHC', 'XH', { mount: 'armouredHorse' }),
      11,
    ],
    // SMR-MELEE-01: slingers as targets use the archer columns
    [
      'SMR-MELEE-01 light infantry attacks a peasant slinger (PA)',
      ROW_UNIT.LIC,
      foot('P sling', 'P', { weapon: 'sling' }),
      7,
    ],
    [
      'SMR-MELEE-01 light infantry attacks a light slinger (LA)',
      ROW_UNIT.LIC,
      foot('L sling', 'L', { weapon: 'sling' }),
      8,
    ],
    [
      'SMR-MELEE-01 light infantry attacks a heavy slinger (HA)',
      ROW_UNIT.LIC,
      foot('H sling', 'H', { weapon: 'sling' }),
      9,
    ],
    // SMR-UNIT-02: bow, crossbow or sling = archer for the melee table, on foot or mounted
    [
      'SMR-UNIT-02 a peasant slinger attacks light infantry (PA row)',
      foot('P sling', 'P', { weapon: 'sling' }),
      COL_UNIT.LIC,
      11,
    ],
    [
      'SMR-UNIT-02 a light crossbowman attacks a peasant (LA row)',
      foot('L xbow', 'L', { weapon: 'crossbow' }),
      COL_UNIT.PIC,
      9,
    ],
    [
      'SMR-UNIT-02 light infantry attacks a light crossbowman (LA column)',
      ROW_UNIT.LIC,
      foot('L xbow', 'L', { weapon: 'crossbow' }),
      8,
    ],
    [
      'SMR-UNIT-02 a mounted light archer attacks a peasant (LA row)',
      foot('L horse archer', 'L', { mount: 'horse', weapon: 'bow' }),
      COL_UNIT.PIC,
      9,
    ],
    [
      'SMR-UNIT-02 heavy infantry attacks a mounted light archer (LA column)',
      ROW_UNIT.HIC,
      foot('L horse archer', 'L', { mount: 'horse', weapon: 'bow' }),
      7,
    ],
    // SMR-UNIT-04: XH archers use the HA row and HA column
    [
      'SMR-UNIT-04 an XH archer attacks light infantry (HA row)',
      foot('XH archer', 'XH', { weapon: 'bow' }),
      COL_UNIT.LIC,
      9,
    ],
    [
      'SMR-UNIT-04 light infantry attacks an XH archer (HA column)',
      ROW_UNIT.LIC,
      foot('XH archer', 'XH', { weapon: 'bow' }),
      9,
    ],
    // §12 item 14: the light-archer vs PA entry is 9, as published
    ['§12.14 a light archer attacks a peasant archer: 9 as published', ROW_UNIT.LA, COL_UNIT.PA, 9],
  ]
  it.each(variants)('SMR-MELEE-07: %s needs %i', (_name, att, def, needed) => {
    checkNeeded(att, def, needed)
  })
})

describe('SMR-MELEE-E01..E03: worked examples of Table C', () => {
  it('SMR-MELEE-E01: light infantry attacks heavy infantry: needs 10', () => {
    checkNeeded(ROW_UNIT.LIC, COL_UNIT.HIC, 10)
  })
  it('SMR-MELEE-E02: heavy infantry attacks a peasant archer: needs 6', () => {
    checkNeeded(ROW_UNIT.HIC, COL_UNIT.PA, 6)
  })
  it('SMR-MELEE-E03: a peasant archer attacks XH cavalry: needs 12, only a natural 12 kills', () => {
    const xhc = foot('XHC', 'XH', { mount: 'armouredHorse' })
    for (let n = 5; n <= 11; n++) {
      const r = duel(ROW_UNIT.PA, xhc, n)
      expect(r.attack.needed).toBe(12)
      expect(r.attack.killed).toBe(false)
    }
    const r = duel(ROW_UNIT.PA, xhc, 12)
    expect(r.attack.killed).toBe(true)
    expect(u(r.m, 'b1').status).toBe('killed')
  })
})

/**
 * a1 (side a, at 20,20, facing 180) locked face-to-face with b1 in front of it;
 * extra side-b units touch its east flank (`flank`) or its back (`rear`).
 */
function surrounded(
  target: Profile,
  front: Profile,
  others: { flank?: Profile; rear?: Profile; west?: Profile },
  more: Partial<SmrScenarioInput> = {},
): SmrMatch {
  const units = [unit('a1', 'a', target.cls, 20, 20, target.more), unit('b1', 'b', front.cls, 20, 20 + F, front.more)]
  if (others.flank) units.push(unit('b2', 'b', others.flank.cls, 20 + F, 20, { facingDeg: 270, ...others.flank.more }))
  if (others.rear) units.push(unit('b3', 'b', others.rear.cls, 20, 20 - F, { facingDeg: 180, ...others.rear.more }))
  if (others.west) units.push(unit('b4', 'b', others.west.cls, 20 - F, 20, { facingDeg: 90, ...others.west.more }))
  let m = engage(game(units, more), 'a1', 'b1')
  if (others.flank) m = joins(m, 'b2', 'a1')
  if (others.rear) m = joins(m, 'b3', 'a1')
  if (others.west) m = joins(m, 'b4', 'a1')
  return m
}

describe('SMR-MELEE-10 / SMR-MELEE-11: side bonuses in melee', () => {
  it('SMR-MELEE-E04 / SMR-MELEE-10: light infantry strikes an engaged heavy infantryman in the flank: 8 + 2 = 10 ≥ 10 → KIA', () => {
    const m = surrounded(COL_UNIT.HIC, COL_UNIT.PIC, { flank: ROW_UNIT.LIC })
    const r = melee(m, { a1: 5, b1: 5, b2: 8 })
    const c = attackBy(r.events, 'b2')
    expect(c).toMatchObject({ targetId: 'a1', arc: 'flank', needed: 10, natural: 8, total: 10, killed: true })
    expect(u(r.m, 'a1').status).toBe('killed')
  })

  it('SMR-MELEE-10: the flank +2 at its boundary: 7 + 2 = 9 < 10 → no kill', () => {
    const m = surrounded(COL_UNIT.HIC, COL_UNIT.PIC, { flank: ROW_UNIT.LIC })
    const r = melee(m, { a1: 5, b1: 5, b2: 7 })
    expect(attackBy(r.events, 'b2')).toMatchObject({ arc: 'flank', needed: 10, natural: 7, total: 9, killed: false })
    expect(u(r.m, 'a1').status).toBe('ok')
  })

  it('SMR-MELEE-E05 / SMR-MELEE-10: heavy infantry attacks an engaged XH infantryman from the rear: 6 + 4 = 10 ≥ 10 → KIA', () => {
    const m = surrounded(COL_UNIT.XHIC, COL_UNIT.PIC, { rear: ROW_UNIT.HIC })
    const r = melee(m, { a1: 5, b1: 5, b3: 6 })
    expect(attackBy(r.events, 'b3')).toMatchObject({
      targetId: 'a1',
      arc: 'rear',
      needed: 10,
      natural: 6,
      total: 10,
      killed: true,
    })
    expect(u(r.m, 'a1').status).toBe('killed')
  })

  it('SMR-MELEE-10: the rear +4 at its boundary: 5 + 4 = 9 < 10 → no kill', () => {
    const m = surrounded(COL_UNIT.XHIC, COL_UNIT.PIC, { rear: ROW_UNIT.HIC })
    const r = melee(m, { a1: 5, b1: 5, b3: 5 })
    expect(attackBy(r.events, 'b3')).toMatchObject({ arc: 'rear', natural: 5, total: 9, killed: false })
    expect(u(r.m, 'a1').status).toBe('ok')
  })

  it('SMR-MELEE-E06 / SMR-MELEE-11: a light archer attacks an engaged light infantryman from the rear: 7 + 3 = 10 ≥ 10 → KIA', () => {
    const m = surrounded(COL_UNIT.LIC, COL_UNIT.PIC, { rear: ROW_UNIT.LA })
    const r = melee(m, { a1: 5, b1: 5, b3: 7 })
    expect(attackBy(r.events, 'b3')).toMatchObject({ arc: 'rear', needed: 10, natural: 7, total: 10, killed: true })
    expect(u(r.m, 'a1').status).toBe('killed')
  })

  it('SMR-MELEE-11: an archer from the rear gets +3, not +4: 6 + 3 = 9 < 10 → no kill', () => {
    const m = surrounded(COL_UNIT.LIC, COL_UNIT.PIC, { rear: ROW_UNIT.LA })
    const r = melee(m, { a1: 5, b1: 5, b3: 6 })
    expect(attackBy(r.events, 'b3')).toMatchObject({ arc: 'rear', natural: 6, total: 9, killed: false })
    expect(u(r.m, 'a1').status).toBe('ok')
  })

  it('SMR-MELEE-11: an archer from the flank gets +1, not +2: 9 + 1 = 10 kills, 8 + 1 = 9 does not', () => {
    const m = surrounded(COL_UNIT.LIC, COL_UNIT.PIC, { flank: ROW_UNIT.LA })
    const hit = melee(m, { a1: 5, b1: 5, b2: 9 })
    expect(attackBy(hit.events, 'b2')).toMatchObject({ arc: 'flank', needed: 10, natural: 9, total: 10, killed: true })
    const miss = melee(m, { a1: 5, b1: 5, b2: 8 })
    expect(attackBy(miss.events, 'b2')).toMatchObject({ arc: 'flank', natural: 8, total: 9, killed: false })
    expect(u(miss.m, 'a1').status).toBe('ok')
  })

  it('SMR-MELEE-11: slingers count as archers: a peasant slinger from the rear, 7 + 3 = 10 ≥ 10 kills a peasant, 6 + 3 does not', () => {
    const sling = foot('P sling', 'P', { weapon: 'sling' })
    const m = surrounded(COL_UNIT.PIC, COL_UNIT.PIC, { rear: sling })
    const hit = melee(m, { a1: 5, b1: 5, b3: 7 })
    expect(attackBy(hit.events, 'b3')).toMatchObject({ arc: 'rear', needed: 10, natural: 7, total: 10, killed: true })
    const miss = melee(m, { a1: 5, b1: 5, b3: 6 })
    expect(attackBy(miss.events, 'b3')).toMatchObject({ arc: 'rear', natural: 6, total: 9, killed: false })
  })

  it('SMR-MELEE-11: a crossbowman from the flank gets +1: 8 + 1 = 9 kills a peasant (LA row vs PI/C: 9)', () => {
    const xbow = foot('L xbow', 'L', { weapon: 'crossbow' })
    const m = surrounded(COL_UNIT.PIC, COL_UNIT.PIC, { flank: xbow })
    const r = melee(m, { a1: 5, b1: 5, b2: 8 })
    expect(attackBy(r.events, 'b2')).toMatchObject({ arc: 'flank', needed: 9, natural: 8, total: 9, killed: true })
  })

  it('SMR-MELEE-10: the west flank is a flank too (+2)', () => {
    const m = surrounded(COL_UNIT.HIC, COL_UNIT.PIC, { west: ROW_UNIT.LIC })
    const r = melee(m, { a1: 5, b1: 5, b4: 8 })
    expect(attackBy(r.events, 'b4')).toMatchObject({ arc: 'flank', natural: 8, total: 10, killed: true })
  })

  it('SMR-MELEE-10: a rear attack on a mounted target: heavy cavalry engaged in front, light infantry at its back, 6 + 4 = 10 ≥ 10', () => {
    // heavy cavalry a1 (25 mm × 50 mm, deep along its facing) locked with b1 in front; b3 touches its back
    let m = game([
      unit('a1', 'a', 'H', 20, 20, { mount: 'horse' }),
      unit('b1', 'b', 'P', 20, 20 + (CAV_DEPTH_IN + F) / 2),
      unit('b3', 'b', 'L', 20, 20 - (CAV_DEPTH_IN + F) / 2, { facingDeg: 180 }),
    ])
    m = joins(engage(m, 'a1', 'b1'), 'b3', 'a1')
    const r = melee(m, { a1: 5, b1: 5, b3: 6 })
    expect(attackBy(r.events, 'b3')).toMatchObject({ arc: 'rear', needed: 10, natural: 6, total: 10, killed: true })
  })
})

describe('SMR-MELEE-12 / SMR-GEOM-03 / §0.3 arc half-angles: where the attacker stands at the roll', () => {
  /** a1 (L) locked with b1 slightly west of its front; b2 (L) touches a1 at (20 + dx, 20 + dz). */
  function at(dx: number, dz: number, settings: Record<string, unknown> = {}) {
    let m = game(
      [
        unit('a1', 'a', 'L', 20, 20),
        unit('b1', 'b', 'P', 19.7, 20 + F),
        unit('b2', 'b', 'L', 20 + dx, 20 + dz, { facingDeg: 270 }),
      ],
      { settings },
    )
    m = joins(engage(m, 'a1', 'b1'), 'b2', 'a1')
    // L vs LI/C needs 9: a natural 8 kills only with a bonus
    return melee(m, { a1: 5, b1: 5, b2: 8 })
  }

  it('SMR-MELEE-12: an attacker whose centre is exactly 45° off the facing (corner to corner) is in front: no bonus', () => {
    const r = at(F, F)
    expect(attackBy(r.events, 'b2')).toMatchObject({ arc: 'front', natural: 8, total: 8, killed: false })
    expect(u(r.m, 'a1').status).toBe('ok')
  })

  it('SMR-MELEE-12: an attacker centre 52.7° off the facing is on the flank: +2', () => {
    const r = at(F, 0.6)
    expect(attackBy(r.events, 'b2')).toMatchObject({ arc: 'flank', natural: 8, total: 10, killed: true })
  })

  it('§0.3 frontArcHalfAngle = 60: the same attacker at 52.7° is now in front: no bonus', () => {
    const r = at(F, 0.6, { frontArcHalfAngle: 60 })
    expect(attackBy(r.events, 'b2')).toMatchObject({ arc: 'front', natural: 8, total: 8, killed: false })
  })

  it('SMR-MELEE-12: an attacker centre 127.3° off the facing (52.7° off the back) is on the flank: +2', () => {
    const r = at(F, -0.6)
    expect(attackBy(r.events, 'b2')).toMatchObject({ arc: 'flank', natural: 8, total: 10 })
  })

  it('SMR-MELEE-12: an attacker centre exactly 135° off the facing (45° off the back, corner to corner) is at the rear: +4', () => {
    const r = at(F, -F)
    expect(attackBy(r.events, 'b2')).toMatchObject({ arc: 'rear', natural: 8, total: 12, killed: true })
  })

  it('§0.3 rearArcHalfAngle = 60: the attacker 52.7° off the back is now at the rear: +4', () => {
    const r = at(F, -0.6, { rearArcHalfAngle: 60 })
    expect(attackBy(r.events, 'b2')).toMatchObject({ arc: 'rear', natural: 8, total: 12, killed: true })
  })

  it('SMR-MELEE-12: two units face-to-face are always front to each other (no bonus either way)', () => {
    const r = melee(engage(game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 20 + F)]), 'a1', 'b1'), {
      a1: 8,
      b1: 8,
    })
    for (const id of ['a1', 'b1']) {
      const x = attackBy(r.events, id)
      expect(x.arc).toBe('front')
      expect(x.total).toBe(8)
      expect(x.killed).toBe(false)
    }
    expect(rollOf(r.events, 'a1')[0]!.modifiers).toEqual([])
  })
})

describe('SMR-MELEE-02 / SMR-MELEE-03: contact begins a melee; untouched units turn face-to-face', () => {
  it('SMR-MELEE-02: a charge into contact makes no roll in the Movement Event; the pair fight in Event 3', () => {
    const m0 = game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 23)])
    const c = act(bMoves(m0), { type: 'charge', unitId: 'b1', targetId: 'a1' })
    expect(ofType(c.events, 'DiceRolled')).toHaveLength(0)
    expect(ofType(c.events, 'AttackResolved')).toHaveLength(0)
    expect(u(c.m, 'a1').faceToFace).toBe('b1')
    expect(u(c.m, 'b1').faceToFace).toBe('a1')
    const r = withDice(c.m, { type: 'endMovement', sideId: 'b' }, { a1: 5, b1: 9 })
    const meleeAt = r.events.findIndex((e) => e.type === 'EventBegan' && e.event === 'melee')
    const firstRoll = r.events.findIndex((e) => e.type === 'DiceRolled')
    expect(meleeAt).toBeGreaterThanOrEqual(0)
    expect(firstRoll).toBeGreaterThan(meleeAt)
    expect(attackBy(r.events, 'b1')).toMatchObject({ targetId: 'a1', arc: 'front', needed: 9, killed: true })
    expect(attackBy(r.events, 'a1')).toMatchObject({ targetId: 'b1', natural: 5, killed: false })
  })

  it('SMR-MELEE-02: an ordinary move that ends touching an enemy also begins a melee', () => {
    const m0 = game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 23)])
    const mv = act(bMoves(m0), { type: 'moveUnit', unitId: 'b1', path: [{ x: 20, z: 20 + F + 0.05 }], facingDeg: 0 })
    const r = withDice(mv.m, { type: 'endMovement', sideId: 'b' }, { a1: 5, b1: 5 })
    expect(attackBy(r.events, 'a1').targetId).toBe('b1')
    expect(attackBy(r.events, 'b1').targetId).toBe('a1')
  })

  it('SMR-MELEE-02: units that do not touch do not fight', () => {
    const m0 = game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 22)])
    const r = act(bMoves(m0), { type: 'endMovement', sideId: 'b' })
    expect(ofType(r.events, 'AttackResolved')).toHaveLength(0)
    expect(ofType(r.events, 'DiceRolled')).toHaveLength(0)
  })

  it('SMR-MELEE-03: an untouched unit charged in the flank is turned face-to-face: no flank bonus', () => {
    // b1 comes from the east onto a1's right flank (a1 faces south)
    const m0 = game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 23, 20, { facingDeg: 270 })])
    const c = act(bMoves(m0), { type: 'charge', unitId: 'b1', targetId: 'a1' })
    const a1 = u(c.m, 'a1')
    const b1 = u(c.m, 'b1')
    expect(a1.position).toMatchObject({ x: 20, z: 20 }) // pivots on its centre
    expect(angleBetween(a1.facingDeg, 90)).toBeLessThan(1)
    expect(angleBetween(b1.facingDeg, a1.facingDeg)).toBeCloseTo(180, 0)
    // a natural 8 from the flank would be 10 ≥ 9; face-to-face it is 8 < 9
    const r = withDice(c.m, { type: 'endMovement', sideId: 'b' }, { a1: 5, b1: 8 })
    expect(attackBy(r.events, 'b1')).toMatchObject({ arc: 'front', natural: 8, total: 8, killed: false })
    expect(u(r.m, 'a1').status).toBe('ok')
  })

  it('SMR-MELEE-03: an untouched unit charged from behind is turned face-to-face: no rear bonus', () => {
    // b1 comes from the north onto a1's back
    const m0 = game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 16, { facingDeg: 180 })])
    const c = act(bMoves(m0), { type: 'charge', unitId: 'b1', targetId: 'a1' })
    expect(angleBetween(u(c.m, 'a1').facingDeg, 0)).toBeLessThan(1)
    const r = withDice(c.m, { type: 'endMovement', sideId: 'b' }, { a1: 5, b1: 6 })
    // with +4 the 6 would be 10 ≥ 9
    expect(attackBy(r.events, 'b1')).toMatchObject({ arc: 'front', natural: 6, total: 6, killed: false })
    expect(attackBy(r.events, 'a1')).toMatchObject({ targetId: 'b1', arc: 'front' })
    expect(u(r.m, 'a1').status).toBe('ok')
  })

  it('SMR-MELEE-03: a diagonal charge: the contacted unit pivots to face the charger; the charger aligns front edge to front edge, centres aligned', () => {
    // b1 comes in from the north-east along the diagonal
    const m0 = game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 22.5, 17.5, { facingDeg: 225 })])
    const c = act(bMoves(m0), { type: 'charge', unitId: 'b1', targetId: 'a1' })
    const a1 = u(c.m, 'a1')
    const b1 = u(c.m, 'b1')
    expect(a1.position.x).toBeCloseTo(20, 6)
    expect(a1.position.z).toBeCloseTo(20, 6)
    expect(angleBetween(a1.facingDeg, 45)).toBeLessThan(1)
    expect(angleBetween(b1.facingDeg, a1.facingDeg)).toBeCloseTo(180, 0)
    // b1 straight ahead of a1, one base depth away (front edges together, centres aligned)
    expect(angleBetween(bearing(a1.position, b1.position), a1.facingDeg)).toBeLessThan(1)
    const d = Math.hypot(b1.position.x - 20, b1.position.z - 20)
    expect(d).toBeGreaterThanOrEqual(F - 1e-6)
    expect(d).toBeLessThanOrEqual(F + 0.1 + 1e-6)
  })
})

describe('SMR-MELEE-04 / SMR-MELEE-05 / SMR-MELEE-06: locked pairs, joiners, and who attacks whom', () => {
  it('SMR-MELEE-E08 (by charges): A is face-to-face with B; C touches A’s flank. A attacks only B; B attacks A (front); C attacks A with +2', () => {
    let m = bMoves(
      game([
        unit('a1', 'a', 'L', 20, 20),
        unit('b1', 'b', 'L', 20, 23),
        unit('b2', 'b', 'L', 23, 19.9, { facingDeg: 270 }),
      ]),
    )
    m = act(m, { type: 'charge', unitId: 'b1', targetId: 'a1' }).m
    expect(u(m, 'a1').faceToFace).toBe('b1')
    m = act(m, { type: 'charge', unitId: 'b2', targetId: 'a1' }).m
    // SMR-MELEE-05: A is already fighting, so it does not turn to C
    expect(u(m, 'a1').faceToFace).toBe('b1')
    expect(angleBetween(u(m, 'a1').facingDeg, 180)).toBeLessThan(1)
    const r = withDice(m, { type: 'endMovement', sideId: 'b' }, { a1: 6, b1: 6, b2: 7 })
    expect(attacksBy(r.events, 'a1')).toHaveLength(1)
    expect(attackBy(r.events, 'a1')).toMatchObject({ targetId: 'b1', arc: 'front', total: 6 })
    expect(attackBy(r.events, 'b1')).toMatchObject({ targetId: 'a1', arc: 'front', total: 6, killed: false })
    // L vs LI/C needs 9: 7 + 2 = 9 kills
    expect(attackBy(r.events, 'b2')).toMatchObject({ targetId: 'a1', arc: 'flank', natural: 7, total: 9, killed: true })
    expect(u(r.m, 'a1').status).toBe('killed')
  })

  it('SMR-MELEE-05: a unit charging the back of an engaged enemy joins at the rear (+4); the engaged unit does not turn', () => {
    let m = bMoves(
      game([
        unit('a1', 'a', 'L', 20, 20),
        unit('b1', 'b', 'L', 20, 20 + F),
        unit('b3', 'b', 'L', 20.1, 16, { facingDeg: 180 }),
      ]),
    )
    m = engage(m, 'a1', 'b1')
    m = act(m, { type: 'charge', unitId: 'b3', targetId: 'a1' }).m
    expect(u(m, 'a1').faceToFace).toBe('b1')
    expect(angleBetween(u(m, 'a1').facingDeg, 180)).toBeLessThan(1)
    const r = withDice(m, { type: 'endMovement', sideId: 'b' }, { a1: 5, b1: 5, b3: 5 })
    // 5 + 4 = 9 ≥ 9
    expect(attackBy(r.events, 'b3')).toMatchObject({ targetId: 'a1', arc: 'rear', natural: 5, total: 9, killed: true })
    expect(attackBy(r.events, 'a1').targetId).toBe('b1')
  })

  it('SMR-MELEE-06: several units on one: front, flank and rear each roll once; A attacks only its face-to-face foe; it dies once', () => {
    // a1 XH: L vs XHI/C needs 11
    const m = surrounded(COL_UNIT.XHIC, ROW_UNIT.LIC, { flank: ROW_UNIT.LIC, rear: ROW_UNIT.LIC })
    const r = melee(m, { a1: 5, b1: 10, b2: 9, b3: 7 })
    expect(attacksBy(r.events, 'a1')).toHaveLength(1)
    expect(attackBy(r.events, 'a1').targetId).toBe('b1')
    expect(attackBy(r.events, 'b1')).toMatchObject({ arc: 'front', needed: 11, total: 10, killed: false })
    expect(attackBy(r.events, 'b2')).toMatchObject({ arc: 'flank', needed: 11, total: 11, killed: true })
    expect(attackBy(r.events, 'b3')).toMatchObject({ arc: 'rear', needed: 11, total: 11, killed: true })
    expect(killsOf(r.events, 'a1')).toHaveLength(1)
    expect(u(r.m, 'a1').status).toBe('killed')
  })

  it('SMR-MELEE-06: the killer named in UnitKilled is a unit whose roll killed (not a face-to-face foe that missed)', () => {
    const m = surrounded(COL_UNIT.LIC, ROW_UNIT.LIC, { rear: ROW_UNIT.LIC })
    const r = melee(m, { a1: 5, b1: 5, b3: 6 })
    expect(attackBy(r.events, 'b1').killed).toBe(false)
    expect(attackBy(r.events, 'b3').killed).toBe(true)
    expect(killsOf(r.events, 'a1')).toHaveLength(1)
    expect(killsOf(r.events, 'a1')[0]!.byId).toBe('b3')
  })

  it('SMR-MELEE-06: a unit locked face-to-face with one enemy does not attack another enemy touching it on its own flank', () => {
    // a1 locked with b1 (south of it); b2 locked with a2 (north of b2); b2's west side touches a1's east side
    let m = game([
      unit('a1', 'a', 'L', 20, 20),
      unit('a2', 'a', 'L', 20 + F, 20 - F),
      unit('b1', 'b', 'L', 20, 20 + F),
      unit('b2', 'b', 'L', 20 + F, 20, { facingDeg: 0 }),
    ])
    m = engage(engage(m, 'a1', 'b1'), 'a2', 'b2')
    const r = melee(m, { a1: 5, a2: 5, b1: 5, b2: 9 })
    expect(attacksBy(r.events, 'b2')).toHaveLength(1)
    expect(attackBy(r.events, 'b2')).toMatchObject({ targetId: 'a2', arc: 'front', killed: true })
    expect(attackBy(r.events, 'a1').targetId).toBe('b1')
    expect(u(r.m, 'a1').status).toBe('ok')
  })

  it('SMR-MELEE-04 / SMR-MELEE-09: a pair with no result stays locked face-to-face and fights again next turn (full turn flow)', () => {
    const m0 = engage(game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 20 + F)]), 'a1', 'b1')
    let r = melee(m0, { a1: 5, b1: 6 })
    expect(u(r.m, 'a1').status).toBe('ok')
    expect(u(r.m, 'b1').status).toBe('ok')
    expect(u(r.m, 'a1').faceToFace).toBe('b1')
    expect(u(r.m, 'b1').faceToFace).toBe('a1')
    expect(r.m.state.turn).toBe(2)
    // turn 2: side b chooses the order and moves first
    let m = act(r.m, { type: 'chooseOrder', sideId: 'b', firstSideId: 'b' }).m
    expect(m.state.step).toBe('movement')
    expect(m.state.actingSide).toBe('b')
    expect(refusal(m, { type: 'moveUnit', unitId: 'b1', path: [{ x: 20, z: 30 }] })).toMatch(
      /^SMR-(MOVE-07|MOVE-03|MELEE-04)$/,
    )
    m = act(m, { type: 'endMovement', sideId: 'b' }).m
    expect(m.state.actingSide).toBe('a')
    expect(refusal(m, { type: 'moveUnit', unitId: 'a1', path: [{ x: 20, z: 10 }] })).toMatch(
      /^SMR-(MOVE-07|MOVE-03|MELEE-04)$/,
    )
    r = withDice(m, { type: 'endMovement', sideId: 'a' }, { a1: 9, b1: 5 })
    expect(attackBy(r.events, 'a1')).toMatchObject({ targetId: 'b1', arc: 'front', needed: 9, killed: true })
    expect(attackBy(r.events, 'b1')).toMatchObject({ targetId: 'a1', arc: 'front' })
    expect(u(r.m, 'b1').status).toBe('killed')
  })

  it('SMR-MELEE-04: a unit joining the flank next turn does not unlock or turn the pair', () => {
    const m0 = engage(
      game([
        unit('a1', 'a', 'L', 20, 20),
        unit('b1', 'b', 'L', 20, 20 + F),
        unit('b2', 'b', 'L', 23, 19.9, { facingDeg: 270 }),
      ]),
      'a1',
      'b1',
    )
    // b2 keeps away in turn 1 (it is 2.2" from a1)
    const t1 = melee(m0, { a1: 5, b1: 5 })
    expect(attacksBy(t1.events, 'b2')).toHaveLength(0)
    let m = bMoves(t1.m, 2)
    m = act(m, { type: 'charge', unitId: 'b2', targetId: 'a1' }).m
    expect(u(m, 'a1').faceToFace).toBe('b1')
    expect(angleBetween(u(m, 'a1').facingDeg, 180)).toBeLessThan(1)
    const r = withDice(m, { type: 'endMovement', sideId: 'b' }, { a1: 5, b1: 5, b2: 5 })
    expect(attackBy(r.events, 'a1').targetId).toBe('b1')
    expect(attackBy(r.events, 'b2')).toMatchObject({ targetId: 'a1', arc: 'flank', total: 7 })
  })

  it('SMR-MELEE-04: when the face-to-face foe routs away, the survivor is free to move next turn', () => {
    const m0 = engage(game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 20 + F)]), 'a1', 'b1')
    // natural 3 routs a light target (SMR-ROUT-01)
    const r = melee(m0, { a1: 3, b1: 5 })
    expect(u(r.m, 'b1').routed).toBe(true)
    expect(u(r.m, 'a1').faceToFace).toBeNull()
    const m = inStep(r.m, 'movement', 'a', { turn: 2, firstSide: 'a', movementDone: [] })
    const mv = act(m, { type: 'moveUnit', unitId: 'a1', path: [{ x: 22, z: 20 }] })
    expect(u(mv.m, 'a1').position).toMatchObject({ x: 22, z: 20 })
  })
})

describe('SMR-MELEE-07: results of the roll (kill, natural 12, natural 2/3/4 routs)', () => {
  it('SMR-MELEE-07 / SMR-ROUT-01: a natural 2 routs any class: an XH target routs and makes a full move (2") toward its edge', () => {
    const m0 = engage(game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'XH', 20, 20 + F)]), 'a1', 'b1')
    const r = melee(m0, { a1: 2, b1: 5 })
    expect(attackBy(r.events, 'a1')).toMatchObject({ natural: 2, killed: false, routedId: 'b1' })
    expect(routsOf(r.events, 'b1')).toHaveLength(1)
    const b1 = u(r.m, 'b1')
    expect(b1.routed).toBe(true)
    expect(b1.status).toBe('ok')
    // side b's edge is the south edge: 2" further south, back turned on the fight
    expect(b1.position.x).toBeCloseTo(20, 6)
    expect(b1.position.z).toBeCloseTo(20 + F + 2, 6)
    expect(angleBetween(b1.facingDeg, 180)).toBeLessThan(1)
    expect(routMoves(r.events, 'b1')[0]!.distanceIn).toBeCloseTo(2, 6)
    expect(u(r.m, 'a1').routed).toBe(false)
  })

  it('SMR-MELEE-07 / SMR-ROUT-01: a natural 3 routs a light target (4" move) but not a heavy one', () => {
    const light = melee(engage(game([unit('a1', 'a', 'P', 20, 20), unit('b1', 'b', 'L', 20, 20 + F)]), 'a1', 'b1'), {
      a1: 3,
      b1: 5,
    })
    expect(attackBy(light.events, 'a1').routedId).toBe('b1')
    expect(u(light.m, 'b1').routed).toBe(true)
    expect(u(light.m, 'b1').position.z).toBeCloseTo(20 + F + 4, 6)
    const heavy = melee(engage(game([unit('a1', 'a', 'P', 20, 20), unit('b1', 'b', 'H', 20, 20 + F)]), 'a1', 'b1'), {
      a1: 3,
      b1: 5,
    })
    expect(attackBy(heavy.events, 'a1').routedId).toBeNull()
    expect(u(heavy.m, 'b1').routed).toBe(false)
    expect(routsOf(heavy.events, 'b1')).toHaveLength(0)
  })

  it('SMR-MELEE-07 / SMR-ROUT-01: a natural 3 routs a peasant; a natural 4 routs a peasant but not a light unit', () => {
    const p3 = melee(engage(game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'P', 20, 20 + F)]), 'a1', 'b1'), {
      a1: 3,
      b1: 5,
    })
    expect(u(p3.m, 'b1').routed).toBe(true)
    const p4 = melee(engage(game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'P', 20, 20 + F)]), 'a1', 'b1'), {
      a1: 4,
      b1: 5,
    })
    expect(attackBy(p4.events, 'a1').routedId).toBe('b1')
    expect(u(p4.m, 'b1').routed).toBe(true)
    expect(u(p4.m, 'b1').position.z).toBeCloseTo(20 + F + 4, 6)
    const l4 = melee(engage(game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 20 + F)]), 'a1', 'b1'), {
      a1: 4,
      b1: 5,
    })
    expect(attackBy(l4.events, 'a1').routedId).toBeNull()
    expect(u(l4.m, 'b1').routed).toBe(false)
  })

  it('SMR-MELEE-07 / SMR-ROUT-02: routs go by the target’s class: light cavalry (L) routs on a 3 and makes a full 6" move', () => {
    const m0 = engage(
      game([unit('a1', 'a', 'H', 20, 20), unit('b1', 'b', 'L', 20, 20 + (F + CAV_DEPTH_IN) / 2, { mount: 'horse' })]),
      'a1',
      'b1',
    )
    const r = melee(m0, { a1: 3, b1: 5 })
    expect(u(r.m, 'b1').routed).toBe(true)
    expect(routMoves(r.events, 'b1')[0]!.distanceIn).toBeCloseTo(6, 6)
  })

  it('SMR-MELEE-07: a natural 5 neither kills nor routs a peasant (Table C 9 for a peasant attacker)', () => {
    const m0 = engage(game([unit('a1', 'a', 'P', 20, 20), unit('b1', 'b', 'P', 20, 20 + F)]), 'a1', 'b1')
    const r = melee(m0, { a1: 5, b1: 5 })
    expect(attackBy(r.events, 'a1')).toMatchObject({ killed: false, routedId: null })
    expect(u(r.m, 'b1')).toMatchObject({ status: 'ok', routed: false })
  })

  it('SMR-MELEE-07 / §12.21: a total reaching Table C kills even when the natural is low: heavy infantry at a peasant archer’s back, natural 2 + 4 = 6 ≥ 6 → KIA, no rout', () => {
    const m = surrounded(COL_UNIT.PA, COL_UNIT.PIC, { rear: ROW_UNIT.HIC })
    const r = melee(m, { a1: 5, b1: 5, b3: 2 })
    expect(attackBy(r.events, 'b3')).toMatchObject({ arc: 'rear', needed: 6, natural: 2, total: 6, killed: true })
    expect(u(r.m, 'a1').status).toBe('killed')
    expect(routsOf(r.events, 'a1')).toHaveLength(0)
  })
})

describe('SMR-MELEE-08: all melee is simultaneous', () => {
  it('SMR-MELEE-E07: two heavy infantrymen face-to-face both roll 9 (need 9): both die; both attacked', () => {
    const m0 = engage(game([unit('a1', 'a', 'H', 20, 20), unit('b1', 'b', 'H', 20, 20 + F)]), 'a1', 'b1')
    const r = melee(m0, { a1: 9, b1: 9 })
    expect(attackBy(r.events, 'a1')).toMatchObject({ targetId: 'b1', needed: 9, total: 9, killed: true })
    expect(attackBy(r.events, 'b1')).toMatchObject({ targetId: 'a1', needed: 9, total: 9, killed: true })
    expect(u(r.m, 'a1').status).toBe('killed')
    expect(u(r.m, 'b1').status).toBe('killed')
    expect(killsOf(r.events, 'a1')).toHaveLength(1)
    expect(killsOf(r.events, 'b1')).toHaveLength(1)
  })

  it('SMR-MELEE-08: the dead are removed only after every roll of the event has been made', () => {
    const m0 = engage(game([unit('a1', 'a', 'H', 20, 20), unit('b1', 'b', 'H', 20, 20 + F)]), 'a1', 'b1')
    const r = melee(m0, { a1: 9, b1: 9 })
    const lastRoll = r.events.map((e) => e.type).lastIndexOf('AttackResolved')
    const firstKill = r.events.findIndex((e) => e.type === 'UnitKilled')
    expect(firstKill).toBeGreaterThan(lastRoll)
  })

  it('SMR-MELEE-08: a unit killed by an earlier roll still strikes: a1 kills b1, b1 kills a1, whichever rolls first', () => {
    for (const [x, y] of [
      ['a1', 'b1'],
      ['b1', 'a1'],
    ] as const) {
      // x (heavy) kills y with a 7 (needs 7 vs a peasant); y (peasant) needs 11 vs heavy: rolls 11
      const m0 = engage(
        game([unit('a1', 'a', x === 'a1' ? 'H' : 'P', 20, 20), unit('b1', 'b', x === 'b1' ? 'H' : 'P', 20, 20 + F)]),
        'a1',
        'b1',
      )
      const r = melee(m0, { [x]: 7, [y]: 11 })
      expect(attackBy(r.events, x)).toMatchObject({ needed: 7, killed: true })
      expect(attackBy(r.events, y)).toMatchObject({ needed: 11, killed: true })
      expect(u(r.m, 'a1').status).toBe('killed')
      expect(u(r.m, 'b1').status).toBe('killed')
    }
  })

  it('SMR-MELEE-08: the last hit after the target died is still rolled; the target dies once', () => {
    // b1 (front) and b2 (flank) both kill a1 (L: L vs LI/C 9)
    const m = surrounded(COL_UNIT.LIC, ROW_UNIT.LIC, { flank: ROW_UNIT.LIC })
    const r = melee(m, { a1: 5, b1: 9, b2: 9 })
    expect(rollOf(r.events, 'b1')).toHaveLength(1)
    expect(rollOf(r.events, 'b2')).toHaveLength(1)
    expect(attackBy(r.events, 'b1')).toMatchObject({ targetId: 'a1', natural: 9, total: 9 })
    expect(attackBy(r.events, 'b2')).toMatchObject({ targetId: 'a1', natural: 9, total: 11 })
    expect(killsOf(r.events, 'a1')).toHaveLength(1)
    expect(u(r.m, 'a1').status).toBe('killed')
  })

  it('SMR-MELEE-08 / SMR-ROUT-09: a unit routed by an earlier roll still strikes, and routs move only after all rolls', () => {
    for (const [router, killer] of [
      ['a1', 'b1'],
      ['b1', 'a1'],
    ] as const) {
      const m0 = engage(game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 20 + F)]), 'a1', 'b1')
      // router rolls 3 (routs the light killer); killer rolls 9 (kills the router: L vs LI/C 9)
      const r = melee(m0, { [router]: 3, [killer]: 9 })
      expect(attackBy(r.events, router)).toMatchObject({ natural: 3, killed: false, routedId: killer })
      expect(attackBy(r.events, killer)).toMatchObject({ natural: 9, killed: true })
      expect(u(r.m, router).status).toBe('killed')
      expect(u(r.m, killer)).toMatchObject({ status: 'ok', routed: true })
      const lastRoll = r.events.map((e) => e.type).lastIndexOf('AttackResolved')
      const rout = r.events.findIndex((e) => e.type === 'UnitMoved' && e.reason === 'rout')
      expect(rout).toBeGreaterThan(lastRoll)
      expect(routMoves(r.events, killer)[0]!.distanceIn).toBeCloseTo(4, 6)
    }
  })

  it('SMR-ROUT-09: both units of a pair routed by 2s: both make their full rout moves toward their own edges', () => {
    const m0 = engage(game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 20 + F)]), 'a1', 'b1')
    const r = melee(m0, { a1: 2, b1: 2 })
    expect(u(r.m, 'a1')).toMatchObject({ routed: true, status: 'ok' })
    expect(u(r.m, 'b1')).toMatchObject({ routed: true, status: 'ok' })
    expect(u(r.m, 'a1').position.z).toBeCloseTo(16, 6)
    expect(u(r.m, 'b1').position.z).toBeCloseTo(20 + F + 4, 6)
    // side a moved first this turn: its rout is carried out first
    const order = ofType(r.events, 'UnitMoved')
      .filter((e) => e.reason === 'rout')
      .map((e) => e.unitId)
    expect(order).toEqual(['a1', 'b1'])
  })
})

describe('SMR-MELEE-13: a unit whose face-to-face foe is gone turns to another touching enemy', () => {
  /** a1 (H) locked with b1 (P) in front, b2 (P) on its east flank, b3 (P) waiting 4" behind it. */
  const start = () =>
    joins(
      engage(
        game([
          unit('a1', 'a', 'H', 20, 20),
          unit('b1', 'b', 'P', 20, 20 + F),
          unit('b2', 'b', 'P', 20 + F, 20, { facingDeg: 270 }),
          unit('b3', 'b', 'P', 20.1, 16, { facingDeg: 180 }),
        ]),
        'a1',
        'b1',
      ),
      'b2',
      'a1',
    )

  /** Turn 2: a1 is still locked; b3 charges its back; then Event 3. */
  function turnTwo(t1: SmrMatch, naturals: Record<string, number | number[]>) {
    expect(
      refusal(inStep(t1, 'movement', 'a', { turn: 2, firstSide: 'a', movementDone: [] }), {
        type: 'moveUnit',
        unitId: 'a1',
        path: [{ x: 15, z: 15 }],
      }),
    ).toMatch(/^SMR-(MOVE-07|MOVE-03|MELEE-04)$/)
    const m = act(bMoves(t1, 2), { type: 'charge', unitId: 'b3', targetId: 'a1' }).m
    // a1 is not untouched: b3 joins its rear, a1 does not turn to it
    expect(angleBetween(u(m, 'a1').facingDeg, 180)).toBeLessThan(1)
    return withDice(m, { type: 'endMovement', sideId: 'b' }, naturals)
  }

  it('SMR-MELEE-13: foe killed; at the next Melee Event the unit turns to its flank attacker (flank before rear) and they fight front to front', () => {
    const t1 = melee(start(), { a1: 9, b1: 5, b2: 5 })
    expect(u(t1.m, 'b1').status).toBe('killed')
    // no turn until the next Melee Event
    expect(angleBetween(u(t1.m, 'a1').facingDeg, 180)).toBeLessThan(1)
    const r = turnTwo(t1.m, { a1: 5, b2: 5, b3: 5 })
    const a1 = u(r.m, 'a1')
    expect(a1.position).toMatchObject({ x: 20, z: 20 })
    expect(angleBetween(a1.facingDeg, 90)).toBeLessThan(1)
    expect(a1.faceToFace).toBe('b2')
    expect(u(r.m, 'b2').faceToFace).toBe('a1')
    expect(attackBy(r.events, 'a1')).toMatchObject({ targetId: 'b2', arc: 'front' })
    expect(attackBy(r.events, 'b2')).toMatchObject({ targetId: 'a1', arc: 'front', natural: 5, total: 5 })
    expect(attackBy(r.events, 'b3').targetId).toBe('a1')
    // the others keep their positions
    expect(ofType(r.events, 'UnitMoved').filter((e) => e.unitId === 'b3' || e.unitId === 'b2')).toHaveLength(0)
  })

  it('SMR-MELEE-13: foe routed away; at the next Melee Event the unit turns to its flank attacker', () => {
    // a natural 2 routs the peasant b1 (4" south)
    const t1 = melee(start(), { a1: 2, b1: 5, b2: 5 })
    expect(u(t1.m, 'b1').routed).toBe(true)
    expect(angleBetween(u(t1.m, 'a1').facingDeg, 180)).toBeLessThan(1)
    // b1 (routed in Event 3 of turn 1) makes its own rally roll in Event 4 of turn 2 (SMR-RALLY-04)
    const r = turnTwo(t1.m, { a1: 5, b2: 5, b3: 5, b1: 6 })
    expect(angleBetween(u(r.m, 'a1').facingDeg, 90)).toBeLessThan(1)
    expect(attackBy(r.events, 'a1').targetId).toBe('b2')
    expect(attackBy(r.events, 'b2')).toMatchObject({ arc: 'front', total: 5 })
  })
})

describe('SMR-MELEE-13: priority and release', () => {
  it('SMR-MELEE-13: front before flank: with its foe dead, a unit turns to the enemy touching its front, not the one on its flank', () => {
    // a1 (H) locked with b1 (P) just west of its front; b5 (P) also touches its front edge, east of b1 (37° off);
    // b2 (P) touches its east flank (104° off)
    let m = game([
      unit('a1', 'a', 'H', 20, 20),
      unit('b1', 'b', 'P', 19.7, 20 + F),
      unit('b5', 'b', 'P', 20.6, 20 + F),
      unit('b2', 'b', 'P', 20 + F, 19.8, { facingDeg: 270 }),
    ])
    m = joins(joins(engage(m, 'a1', 'b1'), 'b5', 'a1'), 'b2', 'a1')
    const t1 = melee(m, { a1: 9, b1: 5, b5: 5, b2: 5 })
    expect(u(t1.m, 'b1').status).toBe('killed')
    const r = melee(t1.m, { a1: 5, b5: 5, b2: 5 }, 2)
    expect(u(r.m, 'a1').faceToFace).toBe('b5')
    expect(attackBy(r.events, 'a1').targetId).toBe('b5')
    expect(attackBy(r.events, 'b5').arc).toBe('front')
  })

  it('SMR-MELEE-04 / SMR-MELEE-09: once its only foe is killed, the survivor is no longer in melee and may move next turn', () => {
    const m0 = engage(game([unit('a1', 'a', 'H', 20, 20), unit('b1', 'b', 'P', 20, 20 + F)]), 'a1', 'b1')
    const r = melee(m0, { a1: 7, b1: 5 })
    expect(u(r.m, 'b1').status).toBe('killed')
    const m = inStep(r.m, 'movement', 'a', { turn: 2, firstSide: 'a', movementDone: [] })
    const mv = act(m, { type: 'moveUnit', unitId: 'a1', path: [{ x: 20, z: 22 }] })
    expect(u(mv.m, 'a1').position).toMatchObject({ x: 20, z: 22 })
  })
})

describe('SMR-MELEE-14 / SMR-ROUT-02 / §12.1: a killed unit does not also rout; who routs', () => {
  it('SMR-MELEE-14: a target given a natural 2 by one enemy and killed by another is killed, not routed', () => {
    // a1 (L): b1 rolls 2 (rout), b2 on the flank rolls 7 + 2 = 9 ≥ 9 (kill)
    const m = surrounded(COL_UNIT.LIC, ROW_UNIT.LIC, { flank: ROW_UNIT.LIC })
    const r = melee(m, { a1: 5, b1: 2, b2: 7 })
    expect(attackBy(r.events, 'b1').natural).toBe(2)
    expect(attackBy(r.events, 'b2').killed).toBe(true)
    expect(u(r.m, 'a1').status).toBe('killed')
    expect(u(r.m, 'a1').routed).toBe(false)
    expect(routsOf(r.events, 'a1')).toHaveLength(0)
    expect(routMoves(r.events, 'a1')).toHaveLength(0)
  })

  it('SMR-ROUT-02 (roller): the unit that rolled a natural 3 routs by its own class (light), its heavy target does not', () => {
    const m0 = engage(
      game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'H', 20, 20 + F)], {
        settings: { routRollAppliesTo: 'roller' },
      }),
      'a1',
      'b1',
    )
    const r = melee(m0, { a1: 3, b1: 5 })
    expect(attackBy(r.events, 'a1')).toMatchObject({ natural: 3, routedId: 'a1' })
    expect(u(r.m, 'a1').routed).toBe(true)
    expect(u(r.m, 'a1').position.z).toBeCloseTo(16, 6)
    expect(u(r.m, 'b1').routed).toBe(false)
  })

  it('SMR-ROUT-02 (roller): a heavy unit rolling a natural 3 at a peasant: nobody routs', () => {
    const m0 = engage(
      game([unit('a1', 'a', 'H', 20, 20), unit('b1', 'b', 'P', 20, 20 + F)], {
        settings: { routRollAppliesTo: 'roller' },
      }),
      'a1',
      'b1',
    )
    const r = melee(m0, { a1: 3, b1: 5 })
    expect(attackBy(r.events, 'a1').routedId).toBeNull()
    expect(u(r.m, 'a1').routed).toBe(false)
    expect(u(r.m, 'b1').routed).toBe(false)
  })

  it('SMR-MELEE-14 (roller): a unit that rolled a natural 2 and is killed the same event is killed, not routed', () => {
    const m0 = engage(
      game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 20 + F)], {
        settings: { routRollAppliesTo: 'roller' },
      }),
      'a1',
      'b1',
    )
    const r = melee(m0, { a1: 2, b1: 9 })
    expect(attackBy(r.events, 'b1').killed).toBe(true)
    expect(u(r.m, 'a1').status).toBe('killed')
    expect(u(r.m, 'a1').routed).toBe(false)
    expect(routsOf(r.events, 'a1')).toHaveLength(0)
    expect(u(r.m, 'b1').routed).toBe(false)
  })

  it('SMR-MELEE-14 (roller): kill and rout on different units: a peasant at the back rolls 4 + 4 = 8 ≥ 8 and kills a peasant archer, then routs itself', () => {
    const m = surrounded(
      COL_UNIT.PA,
      COL_UNIT.PIC,
      { rear: COL_UNIT.PIC },
      { settings: { routRollAppliesTo: 'roller' } },
    )
    const r = melee(m, { a1: 5, b1: 5, b3: 4 })
    expect(attackBy(r.events, 'b3')).toMatchObject({
      arc: 'rear',
      needed: 8,
      natural: 4,
      total: 8,
      killed: true,
      routedId: 'b3',
    })
    expect(u(r.m, 'a1').status).toBe('killed')
    expect(u(r.m, 'b3')).toMatchObject({ status: 'ok', routed: true })
    expect(routMoves(r.events, 'b3')[0]!.distanceIn).toBeCloseTo(4, 6)
    const kill = r.events.findIndex((e) => e.type === 'UnitKilled' && e.unitId === 'a1')
    const rout = r.events.findIndex((e) => e.type === 'UnitRouted' && e.unitId === 'b3')
    expect(kill).toBeGreaterThanOrEqual(0)
    expect(rout).toBeGreaterThan(kill)
  })
})

describe('§0.3 touchTolerance / SMR-GEOM-02: touching decides who is in melee', () => {
  const gapGame = (gap: number, settings: Record<string, unknown> = {}) =>
    game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 20 + F + gap)], { settings })

  it('SMR-GEOM-02: bases 0.09" apart touch (≤ 0.1"): they fight', () => {
    const r = melee(gapGame(0.09), { a1: 5, b1: 5 })
    expect(attackBy(r.events, 'a1').targetId).toBe('b1')
    expect(attackBy(r.events, 'b1').targetId).toBe('a1')
  })

  it('SMR-GEOM-02: bases 0.12" apart do not touch: no melee', () => {
    const r = act(bMoves(gapGame(0.12)), { type: 'endMovement', sideId: 'b' })
    expect(ofType(r.events, 'AttackResolved')).toHaveLength(0)
  })

  it('§0.3 touchTolerance = 0.3: bases 0.25" apart touch and fight', () => {
    const r = melee(gapGame(0.25, { touchTolerance: 0.3 }), { a1: 5, b1: 5 })
    expect(attackBy(r.events, 'a1').targetId).toBe('b1')
  })
})

describe('§12.6 / SMR-MISS-03 and SMR-ROUT-05/06/08: units that are attacked but do not strike', () => {
  it('§12.6: an archer that fired this turn is attacked normally but makes no attack roll', () => {
    const m0 = engage(
      game([unit('a1', 'a', 'L', 20, 20, { weapon: 'bow' }), unit('b1', 'b', 'L', 20, 20 + F)]),
      'a1',
      'b1',
    )
    const r = melee(withUnits(m0, { a1: { firedTurn: 1 } }), { b1: 8 })
    expect(attacksBy(r.events, 'a1')).toHaveLength(0)
    expect(rollOf(r.events, 'a1')).toHaveLength(0)
    // L vs LA needs 8
    expect(attackBy(r.events, 'b1')).toMatchObject({ targetId: 'a1', needed: 8, natural: 8, killed: true })
    expect(u(r.m, 'a1').status).toBe('killed')
  })

  it('SMR-ROUT-08 / SMR-MELEE-10: a routed unit charged from behind is not turned; the attack gets +4; it makes no attack', () => {
    // b1 routed, back to a1 (it faces south, toward its own edge)
    let m = game([unit('a1', 'a', 'L', 20, 16), unit('b1', 'b', 'L', 20, 20, { facingDeg: 180 })])
    m = withUnits(m, { b1: { routed: true, rallyTurn: 3 } })
    m = inStep(m, 'movement', 'a', { turn: 2, firstSide: 'a', movementDone: [] })
    m = act(m, { type: 'charge', unitId: 'a1', targetId: 'b1' }).m
    expect(angleBetween(u(m, 'b1').facingDeg, 180)).toBeLessThan(1)
    m = act(m, { type: 'endMovement', sideId: 'a' }).m
    // L vs LI/C needs 9: 5 + 4 = 9 kills
    const r = withDice(m, { type: 'endMovement', sideId: 'b' }, { a1: 5 })
    expect(attacksBy(r.events, 'b1')).toHaveLength(0)
    expect(attackBy(r.events, 'a1')).toMatchObject({ targetId: 'b1', arc: 'rear', natural: 5, total: 9, killed: true })
  })

  it('SMR-ROUT-08 / SMR-MELEE-10: an enemy touching a routed unit’s side strikes its flank (+2); the routed unit is not turned', () => {
    let m = game([
      unit('a1', 'a', 'L', 20 + F, 20, { facingDeg: 270 }),
      unit('b1', 'b', 'L', 20, 20, { facingDeg: 180 }),
    ])
    m = withUnits(m, { b1: { routed: true, rallyTurn: 3 } })
    const r = melee(m, { a1: 7 }, 2)
    expect(attacksBy(r.events, 'b1')).toHaveLength(0)
    // L vs LI/C needs 9: 7 + 2 = 9
    expect(attackBy(r.events, 'a1')).toMatchObject({ targetId: 'b1', arc: 'flank', natural: 7, total: 9, killed: true })
  })

  it('SMR-ROUT-06: a routed unit that survives a rear attack routs again, another full move away', () => {
    let m = game([unit('a1', 'a', 'L', 20, 16), unit('b1', 'b', 'L', 20, 20, { facingDeg: 180 })])
    m = withUnits(m, { b1: { routed: true, rallyTurn: 3 } })
    m = inStep(m, 'movement', 'a', { turn: 2, firstSide: 'a', movementDone: [] })
    m = act(m, { type: 'charge', unitId: 'a1', targetId: 'b1' }).m
    const zBefore = u(m, 'b1').position.z
    m = act(m, { type: 'endMovement', sideId: 'a' }).m
    const r = withDice(m, { type: 'endMovement', sideId: 'b' }, { a1: 4 })
    expect(attackBy(r.events, 'a1')).toMatchObject({ arc: 'rear', total: 8, killed: false })
    expect(u(r.m, 'b1')).toMatchObject({ status: 'ok', routed: true })
    expect(u(r.m, 'b1').position.z).toBeCloseTo(zBefore + 4, 6)
  })
})

describe('Illegal commands around a melee are refused, the game unchanged', () => {
  const locked = () =>
    engage(
      game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 20 + F), unit('b2', 'b', 'L', 23, 19.9)]),
      'a1',
      'b1',
    )
  const aMoves = (m: SmrMatch) => inStep(m, 'movement', 'a', { turn: 1, firstSide: 'a', movementDone: [] })
  const LOCK = /^SMR-(MOVE-07|MOVE-03|MELEE-04)$/

  it('SMR-MOVE-07 / SMR-MELEE-04: a unit locked in melee may not move away', () => {
    expect(refusal(aMoves(locked()), { type: 'moveUnit', unitId: 'a1', path: [{ x: 20, z: 17 }] })).toMatch(LOCK)
  })

  it('SMR-MELEE-04: a locked unit may not turn away from its face-to-face foe', () => {
    expect(
      refusal(aMoves(locked()), { type: 'moveUnit', unitId: 'a1', path: [{ x: 20, z: 20 }], facingDeg: 90 }),
    ).toMatch(LOCK)
  })

  it('SMR-MELEE-04 / SMR-MELEE-06: a locked unit may not charge another enemy', () => {
    expect(refusal(aMoves(locked()), { type: 'charge', unitId: 'a1', targetId: 'b2' })).toMatch(LOCK)
  })

  it('SMR-MOVE-07: the locked enemy may not move either', () => {
    expect(refusal(bMoves(locked()), { type: 'moveUnit', unitId: 'b1', path: [{ x: 20, z: 25 }] })).toMatch(LOCK)
  })

  it('SMR-MISS-03: an archer that fired this turn may not charge into melee', () => {
    let m = game([unit('a1', 'a', 'L', 20, 20, { weapon: 'bow' }), unit('b1', 'b', 'L', 20, 23)])
    m = withUnits(aMoves(m), { a1: { firedTurn: 1 } })
    expect(refusal(m, { type: 'charge', unitId: 'a1', targetId: 'b1' })).toMatch(/^SMR-(MISS-03|MOVE-03)$/)
  })

  it('SMR-ROUT-05 / SMR-MOVE-08: a routed unit may not charge', () => {
    let m = game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 23)])
    m = withUnits(aMoves(m), { a1: { routed: true, rallyTurn: 2 } })
    expect(refusal(m, { type: 'charge', unitId: 'a1', targetId: 'b1' })).toMatch(/^SMR-(ROUT-05|MOVE-08|MOVE-03)$/)
  })

  it('SMR-MOVE-04: a charge beyond the unit’s move allowance is refused (light infantry, 4")', () => {
    const m = aMoves(game([unit('a1', 'a', 'L', 20, 20), unit('b1', 'b', 'L', 20, 26)]))
    expect(refusal(m, { type: 'charge', unitId: 'a1', targetId: 'b1' })).toBe('SMR-MOVE-04')
  })
})
