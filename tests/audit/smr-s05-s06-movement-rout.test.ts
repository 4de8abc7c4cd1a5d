/**
 * Audit of SMR §5 Movement (Event 2: §5.1 initiative SMR-MOVE-01/02, §5.2 Table V, §5.3 SMR-MOVE-03..11)
 * and §6 Rout (SMR-ROUT-01..09, examples E01/E02), with the §12 ambiguities (1, 8, 19) and the §0.3
 * parameter (`routRollAppliesTo`) that bear on them. Every expectation is taken from shared/rules/smr.md
 * alone; the engine is driven only through its public commands, with the dice loaded to known faces.
 *
 * Table: 48" × 48", x east, z south; side `a` deploys on the north edge (facing 180°), side `b` on the south
 * edge (facing 0°). Facings are degrees clockwise from north (north = −z).
 */
import { describe, expect, it } from 'vitest'
import { type SmrMatch, type SmrScenarioInput } from '../../src-engine/rules/smr/index'
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

type UnitIn = ReturnType<typeof unit>

const near = (a: number, b: number, eps = 0.02): boolean => Math.abs(a - b) <= eps

/** A game of `units` put in side `side`'s Movement Event (side `a` moving first unless told). */
function moving(units: UnitIn[], side: 'a' | 'b' = 'a', more: Partial<SmrScenarioInput> = {}): SmrMatch {
  return inStep(startSmr(smrScenario(units, more)), 'movement', side)
}

/** A far-away pair of leaders so that a test's own units are not the only ones on the table. */
const LEADERS: UnitIn[] = [unit('la', 'a', 'L', 2, 2), unit('lb', 'b', 'L', 46, 46)]

type Row = {
  name: string
  cls: 'P' | 'L' | 'H' | 'XH'
  more: Partial<UnitIn>
  inches: number
  settings?: SmrScenarioInput['settings']
}
/** Table V (§5.2), every row, archers by their class and foot/mounted, and the giant lizard. */
const TABLE_V: Row[] = [
  { name: 'Peasant (foot)', cls: 'P', more: {}, inches: 4 },
  { name: 'Light (foot)', cls: 'L', more: {}, inches: 4 },
  { name: 'Heavy (foot)', cls: 'H', more: {}, inches: 3 },
  { name: 'X-Heavy infantry', cls: 'XH', more: {}, inches: 2 },
  { name: 'Light cavalry', cls: 'L', more: { mount: 'horse' }, inches: 6 },
  { name: 'Heavy cavalry', cls: 'H', more: { mount: 'horse' }, inches: 5 },
  { name: 'X-Heavy cavalry (XHC, armoured horse)', cls: 'XH', more: { mount: 'armouredHorse' }, inches: 4 },
  { name: 'Peasant cavalry', cls: 'P', more: { mount: 'horse' }, inches: 6 },
  { name: 'Peasant archer (foot, bow)', cls: 'P', more: { weapon: 'bow' }, inches: 4 },
  { name: 'Heavy archer (foot, crossbow)', cls: 'H', more: { weapon: 'crossbow' }, inches: 3 },
  { name: 'XH archer (foot, bow)', cls: 'XH', more: { weapon: 'bow' }, inches: 2 },
  { name: 'Light horse archer (mounted bow)', cls: 'L', more: { mount: 'horse', weapon: 'bow' }, inches: 6 },
  { name: 'Heavy mounted slinger', cls: 'H', more: { mount: 'horse', weapon: 'sling' }, inches: 5 },
  {
    name: 'Giant lizard',
    cls: 'H',
    more: { creature: 'giantLizard' },
    inches: 6,
    settings: { optional: { creatures: true } },
  },
]

describe('§5.2 Table V: every row moved on the table (SMR-MOVE-04)', () => {
  for (const row of TABLE_V) {
    it(`SMR-MOVE-04 / Table V: ${row.name} moves exactly ${row.inches}" and no more`, () => {
      const extra = row.settings ? { settings: row.settings } : {}
      const m = moving([...LEADERS, unit('u', 'a', row.cls, 24, 10, row.more)], 'a', extra)
      const ok = act(m, { type: 'moveUnit', unitId: 'u', path: [{ x: 24, z: 10 + row.inches }] })
      const mv = ofType(ok.events, 'UnitMoved').filter((e) => e.unitId === 'u')
      expect(mv).toHaveLength(1)
      expect(near(mv[0]!.distanceIn, row.inches)).toBe(true)
      expect(ok.m.state.units.u!.position.z).toBe(10 + row.inches)
      // A hair over (0.05") is refused, and the game is left as it was.
      expect(refusal(m, { type: 'moveUnit', unitId: 'u', path: [{ x: 24, z: 10 + row.inches + 0.05 }] })).toBe(
        'SMR-MOVE-04',
      )
    })
  }

  it('SMR-MOVE-04: the allowance is the path length, not the straight-line distance (dog-leg over 4")', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10)])
    // 3" east then 3" south: 6" of path, only 4.24" as the crow flies.
    expect(
      refusal(m, {
        type: 'moveUnit',
        unitId: 'p',
        path: [
          { x: 23, z: 10 },
          { x: 23, z: 13 },
        ],
      }),
    ).toBe('SMR-MOVE-04')
    // 2.5" east then 1.5" south: exactly 4" of path.
    const r = act(m, {
      type: 'moveUnit',
      unitId: 'p',
      path: [
        { x: 22.5, z: 10 },
        { x: 22.5, z: 11.5 },
      ],
    })
    expect(near(ofType(r.events, 'UnitMoved')[0]!.distanceIn, 4)).toBe(true)
    expect(r.m.state.units.p!.position).toMatchObject({ x: 22.5, z: 11.5 })
  })

  it('SMR-MOVE-04: the allowance is per turn: a second move may not take the total past Table V', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10)])
    const first = act(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 13 }] })
    // 3" used; 1.5" more would make 4.5" in one Movement Event.
    const clause = refusal(first.m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 14.5 }] })
    expect(['SMR-MOVE-04']).toContain(clause)
  })

  it('SMR-MOVE-04: a unit may move less than its maximum', () => {
    const m = moving([...LEADERS, unit('h', 'a', 'H', 20, 10)])
    const r = act(m, { type: 'moveUnit', unitId: 'h', path: [{ x: 20, z: 11.25 }] })
    expect(near(ofType(r.events, 'UnitMoved')[0]!.distanceIn, 1.25)).toBe(true)
    expect(r.m.state.units.h!.position.z).toBe(11.25)
  })
})

describe('SMR-MOVE-05: turning is free', () => {
  it('SMR-MOVE-05: a full 4" move that ends facing about (180° turn) is accepted', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10)])
    const r = act(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 14 }], facingDeg: 0 })
    expect(r.m.state.units.p!.position.z).toBe(14)
    expect(r.m.state.units.p!.facingDeg).toBe(0)
  })

  it('SMR-MOVE-05: a right-angle change of direction costs nothing (2" east + 2" south = 4")', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10)])
    const r = act(m, {
      type: 'moveUnit',
      unitId: 'p',
      path: [
        { x: 22, z: 10 },
        { x: 22, z: 12 },
      ],
      facingDeg: 90,
    })
    expect(near(ofType(r.events, 'UnitMoved')[0]!.distanceIn, 4)).toBe(true)
    expect(r.m.state.units.p!.position).toMatchObject({ x: 22, z: 12 })
    expect(r.m.state.units.p!.facingDeg).toBe(90)
  })

  it('SMR-MOVE-05: an XH infantryman turns on the spot at no cost, or turns and uses all of its 2"', () => {
    const m = moving([...LEADERS, unit('x', 'a', 'XH', 20, 10)])
    const t = act(m, { type: 'moveUnit', unitId: 'x', path: [{ x: 20, z: 10 }], facingDeg: 90 })
    expect(t.m.state.units.x!.facingDeg).toBe(90)
    expect(t.m.state.units.x!.position).toMatchObject({ x: 20, z: 10 })
    for (const e of ofType(t.events, 'UnitMoved')) expect(e.distanceIn).toBe(0)
    // Turning to face east and moving the full 2" east in one move: the turn costs nothing.
    const r = act(m, { type: 'moveUnit', unitId: 'x', path: [{ x: 22, z: 10 }], facingDeg: 90 })
    expect(r.m.state.units.x!.position).toMatchObject({ x: 22, z: 10 })
    expect(r.m.state.units.x!.facingDeg).toBe(90)
  })
})

/** A game straight after the initiative roll, dice loaded to `faces` (a's 2D6, b's 2D6, and any re-rolls). */
function afterInitiative(faces: number[]): { m: SmrMatch; events: ReturnType<typeof act>['events'] } {
  const m = loadDice(startSmr(smrScenario([unit('a1', 'a', 'L', 10, 3), unit('b1', 'b', 'L', 30, 45)])), faces)
  expect(m.state.phase).toBe('initiative')
  return act(m, { type: 'rollInitiative', sideId: 'a' })
}

/** Both sides end their movement (first mover first): the turn runs to the next one's order step. */
function endTurn(m: SmrMatch): SmrMatch {
  const first = m.state.firstSide!
  const second = first === 'a' ? 'b' : 'a'
  const r1 = act(m, { type: 'endMovement', sideId: first })
  return act(r1.m, { type: 'endMovement', sideId: second }).m
}

describe('§5.1 Initiative (SMR-MOVE-01, ambiguity 19)', () => {
  it('SMR-MOVE-01: each side rolls 2D6 and the higher roller (b: 11 against 5) chooses the order of turn 1', () => {
    const r = afterInitiative([2, 3, 6, 5])
    const rolls = ofType(r.events, 'DiceRolled')
    expect(rolls.map((d) => d.total)).toEqual([5, 11])
    expect(ofType(r.events, 'InitiativeRolled')[0]!.winnerSideId).toBe('b')
    expect(ofType(r.events, 'TurnBegan')[0]).toMatchObject({ turn: 1, chooserSideId: 'b' })
    expect(r.m.state.actingSide).toBe('b')
    // The loser may not choose.
    expect(() => act(r.m, { type: 'chooseOrder', sideId: 'a', firstSideId: 'a' })).toThrow(/refused/)
  })

  it('SMR-MOVE-01 [decision]: a tie (6–6) is rolled again; the re-roll (2 against 12) decides', () => {
    const r = afterInitiative([3, 3, 4, 2, 1, 1, 6, 6])
    expect(ofType(r.events, 'DiceRolled').map((d) => d.total)).toEqual([6, 6, 2, 12])
    expect(ofType(r.events, 'InitiativeRolled')[0]!.winnerSideId).toBe('b')
    expect(r.m.state.chooser).toBe('b')
  })

  it('SMR-MOVE-01: the winner may choose to move first; its side then has the first Movement Event', () => {
    const r = afterInitiative([6, 6, 1, 2])
    const o = act(r.m, { type: 'chooseOrder', sideId: 'a', firstSideId: 'a' })
    expect(o.m.state.firstSide).toBe('a')
    expect(o.m.state.step).toBe('movement')
    expect(o.m.state.actingSide).toBe('a')
  })

  it('SMR-MOVE-01: later turns alternate, and choosing to move second does not change the alternation', () => {
    const r = afterInitiative([6, 6, 1, 2]) // a wins
    // Turn 1: a chooses to move second.
    let m = act(r.m, { type: 'chooseOrder', sideId: 'a', firstSideId: 'b' }).m
    expect(m.state.firstSide).toBe('b')
    expect(m.state.actingSide).toBe('b')
    m = endTurn(m)
    // Turn 2: the right to choose has passed to b.
    expect(m.state.turn).toBe(2)
    expect(m.state.chooser).toBe('b')
    expect(m.state.actingSide).toBe('b')
    m = act(m, { type: 'chooseOrder', sideId: 'b', firstSideId: 'b' }).m
    expect(m.state.firstSide).toBe('b')
    m = endTurn(m)
    // Turn 3: back to a.
    expect(m.state.turn).toBe(3)
    expect(m.state.chooser).toBe('a')
    m = act(m, { type: 'chooseOrder', sideId: 'a', firstSideId: 'a' }).m
    expect(m.state.firstSide).toBe('a')
    m = endTurn(m)
    expect(m.state.chooser).toBe('b')
  })
})

describe('SMR-MOVE-02: each side in turn', () => {
  it('SMR-MOVE-02: while the first side moves, the second side may not move; then the second side moves', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10), unit('q', 'b', 'P', 20, 30)], 'a')
    refusal(m, { type: 'moveUnit', unitId: 'q', path: [{ x: 20, z: 28 }] })
    const a1 = act(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 12 }] })
    const a2 = act(a1.m, { type: 'moveUnit', unitId: 'la', path: [{ x: 4, z: 2 }] })
    const done = act(a2.m, { type: 'endMovement', sideId: 'a' })
    expect(done.m.state.actingSide).toBe('b')
    expect(done.m.state.step).toBe('movement')
    // The first side is finished: it may not move again in this Movement Event.
    refusal(done.m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 13 }] })
    const b1 = act(done.m, { type: 'moveUnit', unitId: 'q', path: [{ x: 20, z: 26 }] })
    expect(b1.m.state.units.q!.position.z).toBe(26)
    // Ending the second side's movement ends Event 2 and goes on to melee.
    const end = act(b1.m, { type: 'endMovement', sideId: 'b' })
    expect(ofType(end.events, 'EventBegan').map((e) => e.event)).toContain('melee')
  })

  it('SMR-MOVE-02: with b moving first, b moves all it wishes before a moves', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10), unit('q', 'b', 'P', 20, 30)], 'b', {})
    const mb = inStep(m, 'movement', 'b', { firstSide: 'b' })
    refusal(mb, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 12 }] })
    const b1 = act(mb, { type: 'moveUnit', unitId: 'q', path: [{ x: 20, z: 26 }] })
    const done = act(b1.m, { type: 'endMovement', sideId: 'b' })
    expect(done.m.state.actingSide).toBe('a')
    const a1 = act(done.m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 14 }] })
    expect(a1.m.state.units.p!.position.z).toBe(14)
  })
})

/** Two units touching front to front on a north–south line (x = 20), locked face-to-face. */
function lockedPair(more: UnitIn[] = []): SmrMatch {
  const m = moving([...LEADERS, unit('x', 'a', 'L', 20, 10), unit('y', 'b', 'L', 20, 10 + FOOT_IN), ...more])
  return withUnits(m, { x: { faceToFace: 'y' }, y: { faceToFace: 'x' } })
}

describe('SMR-MOVE-03: units that may not move', () => {
  it('SMR-MOVE-03: an archer that fired in Event 1 this turn may not move (even after missing)', () => {
    const m0 = inStep(
      startSmr(
        smrScenario([...LEADERS, unit('arc', 'a', 'L', 20, 10, { weapon: 'bow' }), unit('t', 'b', 'P', 20, 18)]),
      ),
      'missiles',
      'a',
    )
    // Natural 7 at a peasant (bow needs 9): no kill, no rout.
    const fired = act(loadDice(m0, [3, 4]), {
      type: 'declareMissiles',
      sideId: 'a',
      shots: [{ unitId: 'arc', targetId: 't' }],
    })
    expect(ofType(fired.events, 'AttackResolved')[0]).toMatchObject({ natural: 7, killed: false, routedId: null })
    expect(fired.m.state.step).toBe('movement')
    expect(fired.m.state.actingSide).toBe('a')
    const clause = refusal(fired.m, { type: 'moveUnit', unitId: 'arc', path: [{ x: 20, z: 11 }] })
    expect(['SMR-MOVE-03', 'SMR-MISS-03']).toContain(clause)
    // Turning is a voluntary move too.
    const turn = refusal(fired.m, { type: 'moveUnit', unitId: 'arc', path: [{ x: 20, z: 10 }], facingDeg: 90 })
    expect(['SMR-MOVE-03', 'SMR-MISS-03']).toContain(turn)
  })

  it('SMR-MOVE-03: an archer that did not fire, or fired in an earlier turn, moves normally', () => {
    const m = moving([...LEADERS, unit('arc', 'a', 'L', 20, 10, { weapon: 'bow' })])
    const late = inStep(withUnits(m, { arc: { firedTurn: 1 } }), 'movement', 'a', { turn: 2 })
    const r = act(late, { type: 'moveUnit', unitId: 'arc', path: [{ x: 20, z: 14 }] })
    expect(r.m.state.units.arc!.position.z).toBe(14)
  })

  it('SMR-MOVE-03 / SMR-MOVE-08: a routed unit that has not been rallied may not move, state unchanged', () => {
    const m = withUnits(moving([...LEADERS, unit('p', 'a', 'P', 20, 10)]), {
      p: { routed: true, rallyTurn: 1, facingDeg: 0 },
    })
    const clause = refusal(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 12 }] })
    expect(['SMR-MOVE-03', 'SMR-MOVE-08', 'SMR-ROUT-05']).toContain(clause)
  })

  it('SMR-MOVE-08 / SMR-ROUT-05: a routed unit may not even turn around on the spot', () => {
    const m = withUnits(moving([...LEADERS, unit('p', 'a', 'P', 20, 10)]), {
      p: { routed: true, rallyTurn: 1, facingDeg: 0 },
    })
    const clause = refusal(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 10 }], facingDeg: 180 })
    expect(['SMR-MOVE-03', 'SMR-MOVE-08', 'SMR-ROUT-05']).toContain(clause)
  })

  it('SMR-MOVE-03 / SMR-MOVE-07: a unit locked in melee may not move or turn, state unchanged', () => {
    const m = lockedPair()
    const c1 = refusal(m, { type: 'moveUnit', unitId: 'x', path: [{ x: 20, z: 7 }] })
    expect(['SMR-MOVE-03', 'SMR-MOVE-07']).toContain(c1)
    const c2 = refusal(m, { type: 'moveUnit', unitId: 'x', path: [{ x: 20, z: 10 }], facingDeg: 90 })
    expect(['SMR-MOVE-03', 'SMR-MOVE-07']).toContain(c2)
  })
})

describe('SMR-MOVE-07: touching an opposing unit is melee', () => {
  it('SMR-MOVE-07: two enemies touching (gap 0.05", within touchTolerance) lock each other even if not yet paired', () => {
    const m = moving([...LEADERS, unit('x', 'a', 'L', 20, 10), unit('y', 'b', 'L', 20, 10 + FOOT_IN + 0.05)])
    const c = refusal(m, { type: 'moveUnit', unitId: 'x', path: [{ x: 20, z: 7 }] })
    expect(['SMR-MOVE-03', 'SMR-MOVE-07']).toContain(c)
  })

  it('SMR-MOVE-07: an enemy 0.3" away does not lock the unit (not touching)', () => {
    const m = moving([...LEADERS, unit('x', 'a', 'L', 20, 10), unit('y', 'b', 'L', 20, 10 + FOOT_IN + 0.3)])
    const r = act(m, { type: 'moveUnit', unitId: 'x', path: [{ x: 20, z: 6 }] })
    expect(r.m.state.units.x!.position.z).toBe(6)
  })

  it('SMR-MOVE-07: touching a friendly unit is no melee: it may move away', () => {
    const m = moving([...LEADERS, unit('x', 'a', 'L', 20, 10), unit('f', 'a', 'L', 20, 10 + FOOT_IN)])
    const r = act(m, { type: 'moveUnit', unitId: 'x', path: [{ x: 20, z: 6 }] })
    expect(r.m.state.units.x!.position.z).toBe(6)
  })

  it('SMR-MOVE-07: once the melee is resolved (the opponent killed and removed), the unit may move again', () => {
    const m = withUnits(lockedPair(), {
      y: { status: 'killed', faceToFace: null },
      x: { faceToFace: null },
    })
    const r = act(m, { type: 'moveUnit', unitId: 'x', path: [{ x: 20, z: 14 }] })
    expect(r.m.state.units.x!.position.z).toBe(14)
  })

  it('SMR-MOVE-07: a unit locked in melee is still locked in the next turn (melee carries on)', () => {
    const m = inStep(lockedPair(), 'movement', 'b', { turn: 4 })
    const c = refusal(m, { type: 'moveUnit', unitId: 'y', path: [{ x: 20, z: 16 }] })
    expect(['SMR-MOVE-03', 'SMR-MOVE-07']).toContain(c)
  })
})

describe('SMR-MOVE-06: no passing through other units', () => {
  it('SMR-MOVE-06: a path straight through a friendly unit is refused, state unchanged', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10), unit('f', 'a', 'P', 20, 12)])
    expect(refusal(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 14 }] })).toBe('SMR-MOVE-06')
  })

  it('SMR-MOVE-06: a path that clips the corner of a friendly base (0.2" overlap) is refused', () => {
    // Mover's base spans x 19.61..20.39; the friend's spans 20.19..20.98 across the path.
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10), unit('f', 'a', 'P', 20.58, 12)])
    expect(refusal(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 14 }] })).toBe('SMR-MOVE-06')
  })

  it('SMR-MOVE-06: a move may not end on top of a friendly unit', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10), unit('f', 'a', 'P', 20, 14)])
    expect(refusal(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 14 }] })).toBe('SMR-MOVE-06')
  })

  it('SMR-MOVE-06: a unit that only passes by a friend (0.4" clear) goes its full 4"', () => {
    // Friend's base spans x 20.80..21.59; the mover's x 19.61..20.39.
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10), unit('f', 'a', 'P', 21.19, 12)])
    const r = act(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 14 }] })
    expect(r.m.state.units.p!.position.z).toBe(14)
    expect(r.m.state.units.f!.position).toMatchObject({ x: 21.19, z: 12 })
  })

  it('SMR-MOVE-06: a unit that only passes by an enemy (0.4" clear) is not stopped and does not engage', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10), unit('e', 'b', 'P', 21.19, 12)])
    const r = act(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 14 }] })
    expect(r.m.state.units.p!.position.z).toBe(14)
    expect(ofType(r.events, 'Engaged')).toHaveLength(0)
    expect(r.m.state.units.p!.faceToFace).toBeNull()
    expect(r.m.state.units.e!.faceToFace).toBeNull()
  })

  it('SMR-MOVE-06: a path through a gap between two friends too narrow for the base (0.6") is refused', () => {
    const gap = 0.6
    const m = moving([
      ...LEADERS,
      unit('p', 'a', 'P', 20, 10),
      unit('f1', 'a', 'P', 20 - gap / 2 - FOOT_IN / 2, 12),
      unit('f2', 'a', 'P', 20 + gap / 2 + FOOT_IN / 2, 12),
    ])
    expect(refusal(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 14 }] })).toBe('SMR-MOVE-06')
  })

  it('SMR-MOVE-06: a path through a gap between two friends wider than the base (1.0") is accepted', () => {
    const gap = 1.0
    const m = moving([
      ...LEADERS,
      unit('p', 'a', 'P', 20, 10),
      unit('f1', 'a', 'P', 20 - gap / 2 - FOOT_IN / 2, 12),
      unit('f2', 'a', 'P', 20 + gap / 2 + FOOT_IN / 2, 12),
    ])
    const r = act(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 14 }] })
    expect(r.m.state.units.p!.position.z).toBe(14)
  })

  it('SMR-MOVE-06 / SMR-GEOM-06: a path into an enemy stops where the bases first touch; it never goes through', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10), unit('e', 'b', 'P', 20, 12.5)])
    const r = act(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 14 }] })
    const p = r.m.state.units.p!
    // Never past the enemy's near edge: centre at most 12.5 − 0.787 (touching), at least 0.1" short of it.
    expect(p.position.z).toBeLessThanOrEqual(12.5 - FOOT_IN + 1e-6)
    expect(p.position.z).toBeGreaterThanOrEqual(12.5 - FOOT_IN - 0.1 - 1e-6)
    expect(r.m.state.units.e!.position.z).toBe(12.5)
    expect(p.faceToFace).toBe('e')
  })
})

/** A rectangle of terrain from (x0, z0) to (x1, z1). */
function box(x0: number, z0: number, x1: number, z1: number): { x: number; z: number }[] {
  return [
    { x: x0, z: z0 },
    { x: x1, z: z0 },
    { x: x1, z: z1 },
    { x: x0, z: z1 },
  ]
}
/** Difficult ground (cost double) across the table from z = 12 to z = 20. */
const ROUGH: Partial<SmrScenarioInput> = {
  terrain: { areas: [{ id: 'rough', kind: 'rough', going: 'difficult', polygon: box(0, 12, 48, 20) }] },
}

describe('SMR-MOVE-10: terrain', () => {
  it('SMR-MOVE-10: by default all ground is open: a light horseman rides his full 6" across an empty table', () => {
    const m = moving([...LEADERS, unit('c', 'a', 'L', 20, 10, { mount: 'horse' })])
    const r = act(m, { type: 'moveUnit', unitId: 'c', path: [{ x: 26, z: 10 }] })
    expect(r.m.state.units.c!.position.x).toBe(26)
  })

  it('SMR-MOVE-10: on difficult ground every inch costs two: a peasant wholly inside it goes 2", not 2.1"', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 15)], 'a', ROUGH)
    const r = act(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 17 }] })
    expect(r.m.state.units.p!.position.z).toBe(17)
    const c = refusal(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 17.1 }] })
    expect(['SMR-MOVE-10', 'SMR-MOVE-04']).toContain(c)
  })

  it('SMR-MOVE-10: terrain entered partway: 2" open + 0.8" difficult (3.6") is allowed, 2" + 1.2" (4.4") is not', () => {
    // Rough begins at z = 12; the peasant starts at z = 10 (margins cover where the base counts as "in").
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10)], 'a', ROUGH)
    const r = act(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 12.8 }] })
    expect(r.m.state.units.p!.position.z).toBe(12.8)
    // Only 3.2" of path, within 4" on open ground, but the rough part costs double.
    const c = refusal(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 13.2 }] })
    expect(['SMR-MOVE-10', 'SMR-MOVE-04']).toContain(c)
  })

  it('SMR-MOVE-10: impassable terrain may not be entered, state unchanged', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10)], 'a', {
      terrain: { areas: [{ id: 'marsh', kind: 'water', going: 'impassable', polygon: box(0, 12, 48, 20) }] },
    })
    expect(refusal(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 13 }] })).toBe('SMR-MOVE-10')
    // Up to its edge is fine.
    const r = act(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 11.5 }] })
    expect(r.m.state.units.p!.position.z).toBe(11.5)
  })

  it('SMR-MOVE-10: woods are impassable to cavalry', () => {
    const m = moving([...LEADERS, unit('c', 'a', 'L', 20, 6, { mount: 'horse' })], 'a', {
      terrain: { areas: [{ id: 'wood', kind: 'woods', polygon: box(10, 10, 30, 20) }] },
    })
    expect(refusal(m, { type: 'moveUnit', unitId: 'c', path: [{ x: 20, z: 12 }] })).toBe('SMR-MOVE-10')
  })

  it('SMR-MOVE-10: buildings are impassable to cavalry (riding across one is refused)', () => {
    const m = moving([...LEADERS, unit('c', 'a', 'L', 20, 6, { mount: 'horse' })], 'a', {
      buildings: [{ id: 'barn', x: 20, z: 9.5, widthIn: 3, depthIn: 2, wallHeightIn: 2 }],
    })
    expect(refusal(m, { type: 'moveUnit', unitId: 'c', path: [{ x: 20, z: 12 }] })).toBe('SMR-MOVE-10')
  })

  it('SMR-MOVE-10: an impassable wall may not be crossed', () => {
    const m = moving([...LEADERS, unit('p', 'a', 'P', 20, 10)], 'a', {
      linearFeatures: [
        {
          id: 'wall',
          kind: 'stoneWall',
          points: [
            { x: 10, z: 12 },
            { x: 30, z: 12 },
          ],
          impassable: true,
        },
      ],
    })
    expect(refusal(m, { type: 'moveUnit', unitId: 'p', path: [{ x: 20, z: 14 }] })).toBe('SMR-MOVE-10')
  })
})

describe('SMR-MOVE-11: the leader rallies by moving to touch a routed friend', () => {
  /** Leader `ld` (light infantry, 4") and a routed friendly peasant `r` (facing away, north). */
  function rallying(rz: number, more: UnitIn[] = []): SmrMatch {
    const m = moving([
      unit('ld', 'a', 'L', 20, 10),
      unit('lb', 'b', 'L', 46, 46),
      unit('r', 'a', 'P', 20, rz, { facingDeg: 0 }),
      ...more,
    ])
    return withUnits(m, { r: { routed: true, rallyTurn: 1 } })
  }

  it('SMR-MOVE-11: a leader within reach moves to touch the routed unit, which rallies and turns back round', () => {
    // Gap between the bases: 14 − 10 − 0.787 = 3.21" (within the leader's 4").
    const m = rallying(14)
    const r = act(m, { type: 'rally', leaderId: 'ld', unitId: 'r' })
    expect(ofType(r.events, 'UnitRallied')).toEqual([{ type: 'UnitRallied', unitId: 'r', leaderId: 'ld' }])
    const ld = r.m.state.units.ld!
    const ru = r.m.state.units.r!
    expect(ru.routed).toBe(false)
    // The leader now touches it (gap ≤ 0.1") and has not gone further than its 4".
    const gap = ru.position.z - ld.position.z - FOOT_IN
    expect(gap).toBeGreaterThanOrEqual(-1e-6)
    expect(gap).toBeLessThanOrEqual(0.1 + 1e-6)
    expect(ld.position.z - 10).toBeLessThanOrEqual(4 + 1e-6)
    // "Turns back round": it faces the enemy (south, toward side b) again.
    expect(ru.facingDeg).toBe(180)
  })

  it('SMR-MOVE-11: a leader that cannot reach the routed unit within its move (gap 5.2") may not rally it', () => {
    const m = rallying(16)
    const c = refusal(m, { type: 'rally', leaderId: 'ld', unitId: 'r' })
    expect(['SMR-MOVE-11', 'SMR-MOVE-04', 'SMR-RALLY-02']).toContain(c)
  })

  it('SMR-MOVE-11 / SMR-MOVE-03: a leader locked in melee cannot move to rally', () => {
    const m0 = rallying(13, [unit('e', 'b', 'L', 20 - FOOT_IN, 10, { facingDeg: 90 })])
    const m = withUnits(m0, { ld: { faceToFace: 'e', facingDeg: 270 }, e: { faceToFace: 'ld' } })
    const c = refusal(m, { type: 'rally', leaderId: 'ld', unitId: 'r' })
    expect(['SMR-MOVE-03', 'SMR-MOVE-07', 'SMR-MOVE-11', 'SMR-RALLY-02']).toContain(c)
  })
})

/** Two dice faces showing each natural total. */
const TWO: Record<number, [number, number]> = {
  2: [1, 1],
  3: [1, 2],
  4: [2, 2],
  5: [2, 3],
  6: [3, 3],
  7: [3, 4],
  8: [4, 4],
  9: [4, 5],
  10: [5, 5],
  11: [5, 6],
  12: [6, 6],
}

/**
 * Event 1: side a's archer `arc` (at 20,10, facing south) shoots the side-b unit `t` (at 20,18, facing north)
 * with the dice showing `natural`. Returns the game after the shot and the shot's events.
 */
function shoot(
  natural: number,
  target: { cls: 'P' | 'L' | 'H' | 'XH'; more?: Partial<UnitIn> },
  archer: { cls?: 'P' | 'L' | 'H' | 'XH'; weapon?: 'bow' | 'crossbow' | 'sling' } = {},
  scenario: Partial<SmrScenarioInput> = {},
  extra: UnitIn[] = [],
): ReturnType<typeof act> {
  const units = [
    ...LEADERS,
    unit('arc', 'a', archer.cls ?? 'L', 20, 10, { weapon: archer.weapon ?? 'bow' }),
    unit('t', 'b', target.cls, 20, 18, target.more ?? {}),
    ...extra,
  ]
  const m = inStep(startSmr(smrScenario(units, scenario)), 'missiles', 'a')
  return act(loadDice(m, TWO[natural]!), {
    type: 'declareMissiles',
    sideId: 'a',
    shots: [{ unitId: 'arc', targetId: 't' }],
  })
}

/** SMR-ROUT-01's table: which classes a natural 2..11 routs. */
const ROUTS: Record<number, readonly string[]> = { 2: ['P', 'L', 'H', 'XH'], 3: ['P', 'L'], 4: ['P'] }
const FOOT_MOVE = { P: 4, L: 4, H: 3, XH: 2 } as const

describe('SMR-ROUT-01: natural 2, 3, 4 rout; natural 12 kills', () => {
  for (const natural of [2, 3, 4, 5]) {
    for (const cls of ['P', 'L', 'H', 'XH'] as const) {
      const routs = (ROUTS[natural] ?? []).includes(cls)
      it(`SMR-ROUT-01: natural ${natural} at a ${cls} target → ${routs ? 'rout' : 'no rout'}`, () => {
        const r = shoot(natural, { cls })
        const att = ofType(r.events, 'AttackResolved')[0]!
        expect(att.natural).toBe(natural)
        expect(att.killed).toBe(false)
        expect(att.routedId).toBe(routs ? 't' : null)
        const t = r.m.state.units.t!
        expect(t.status).toBe('ok')
        expect(t.routed).toBe(routs)
        if (routs) {
          expect(ofType(r.events, 'UnitRouted')).toMatchObject([{ unitId: 't', cause: 'missile' }])
          // SMR-ROUT-03/04: one full move (Table V) straight toward its own (south) edge, back to the fight.
          expect(t.position.x).toBe(20)
          expect(near(t.position.z, 18 + FOOT_MOVE[cls])).toBe(true)
          expect(t.facingDeg).toBe(180)
        } else {
          expect(ofType(r.events, 'UnitRouted')).toHaveLength(0)
          expect(t.position).toMatchObject({ x: 20, z: 18 })
        }
      })
    }
  }

  it('SMR-ROUT-01: natural 6 to 11 never rout, even an unkilled peasant', () => {
    for (const natural of [6, 7, 8]) {
      const r = shoot(natural, { cls: 'P' })
      expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({ natural, killed: false, routedId: null })
      expect(r.m.state.units.t!.routed).toBe(false)
    }
    for (const natural of [9, 10, 11]) {
      const r = shoot(natural, { cls: 'XH' })
      expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({ natural, killed: false, routedId: null })
      expect(r.m.state.units.t!.routed).toBe(false)
    }
  })

  it('SMR-ROUT-01: a natural 12 is an automatic KIA (a slinger against XH), and the dead unit does not rout', () => {
    const r = shoot(12, { cls: 'XH' }, { weapon: 'sling' })
    expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({ natural: 12, killed: true, routedId: null })
    expect(r.m.state.units.t!.status).toBe('killed')
    expect(ofType(r.events, 'UnitRouted')).toHaveLength(0)
  })
})

describe('SMR-ROUT-02: who routs, and by which class (§0.3 routRollAppliesTo, ambiguity 1)', () => {
  it('SMR-ROUT-02: by default the target routs by its class: L archer rolls 3 at an H target → nobody routs', () => {
    const r = shoot(3, { cls: 'H' }, { cls: 'L' })
    expect(ofType(r.events, 'AttackResolved')[0]!.routedId).toBeNull()
    expect(r.m.state.units.arc!.routed).toBe(false)
    expect(r.m.state.units.t!.routed).toBe(false)
  })

  it('SMR-ROUT-02: with routRollAppliesTo = roller, the L archer that rolls 3 routs (4" north), not the H target', () => {
    const r = shoot(3, { cls: 'H' }, { cls: 'L' }, { settings: { routRollAppliesTo: 'roller' } })
    expect(ofType(r.events, 'AttackResolved')[0]!.routedId).toBe('arc')
    const arc = r.m.state.units.arc!
    expect(arc.routed).toBe(true)
    expect(arc.position.x).toBe(20)
    expect(near(arc.position.z, 6)).toBe(true)
    expect(arc.facingDeg).toBe(0)
    expect(r.m.state.units.t!.routed).toBe(false)
    expect(r.m.state.units.t!.position).toMatchObject({ x: 20, z: 18 })
  })

  it('SMR-ROUT-02: roller mode uses the roller’s class: an H crossbowman rolling 3 at an L target → nobody routs', () => {
    const r = shoot(3, { cls: 'L' }, { cls: 'H', weapon: 'crossbow' }, { settings: { routRollAppliesTo: 'roller' } })
    expect(ofType(r.events, 'AttackResolved')[0]!.routedId).toBeNull()
    expect(r.m.state.units.arc!.routed).toBe(false)
    expect(r.m.state.units.t!.routed).toBe(false)
  })

  it('SMR-ROUT-02: cavalry rout by their class (SMR-UNIT-03): light cavalry on a 3, 6" away', () => {
    const r = shoot(3, { cls: 'L', more: { mount: 'horse' } })
    const t = r.m.state.units.t!
    expect(t.routed).toBe(true)
    expect(near(t.position.z, 24)).toBe(true)
  })

  it('SMR-ROUT-02: peasant cavalry routs on a 4 and rides 6"; heavy cavalry does not rout on a 3', () => {
    const p = shoot(4, { cls: 'P', more: { mount: 'horse' } })
    expect(p.m.state.units.t!.routed).toBe(true)
    expect(near(p.m.state.units.t!.position.z, 24)).toBe(true)
    const h = shoot(3, { cls: 'H', more: { mount: 'horse' } })
    expect(h.m.state.units.t!.routed).toBe(false)
  })

  it('SMR-ROUT-02: XHC routs only on a 2 (then 4"); on a 3 or 4 it stands', () => {
    for (const n of [3, 4])
      expect(shoot(n, { cls: 'XH', more: { mount: 'armouredHorse' } }).m.state.units.t!.routed).toBe(false)
    const r = shoot(2, { cls: 'XH', more: { mount: 'armouredHorse' } })
    expect(r.m.state.units.t!.routed).toBe(true)
    expect(near(r.m.state.units.t!.position.z, 22)).toBe(true)
  })

  it('SMR-ROUT-02: a giant lizard counts as H: it stands on a 3, routs on a 2 and then moves its 6"', () => {
    const lizard = { cls: 'H' as const, more: { creature: 'giantLizard' as const } }
    const on = { settings: { optional: { creatures: true } } }
    expect(shoot(3, lizard, {}, on).m.state.units.t!.routed).toBe(false)
    const r = shoot(2, lizard, {}, on)
    expect(r.m.state.units.t!.routed).toBe(true)
    expect(near(r.m.state.units.t!.position.z, 24)).toBe(true)
  })
})

describe('SMR-ROUT-03: the rout move is immediate, full and not optional', () => {
  it('SMR-ROUT-03 / SMR-ROUT-E01: a routed peasant moves 4" directly away at once, inside Event 1', () => {
    const r = shoot(4, { cls: 'P' })
    const types = r.events.map((e) => e.type)
    const routMove = r.events.findIndex((e) => e.type === 'UnitMoved' && e.reason === 'rout' && e.unitId === 't')
    expect(routMove).toBeGreaterThan(types.indexOf('UnitRouted'))
    // Before the Movement Event begins.
    const movement = r.events.findIndex((e) => e.type === 'EventBegan' && e.event === 'movement')
    if (movement >= 0) expect(routMove).toBeLessThan(movement)
    const mv = r.events[routMove] as Extract<(typeof r.events)[number], { type: 'UnitMoved' }>
    expect(near(mv.distanceIn, 4)).toBe(true)
    expect(mv.to.x).toBe(20)
    expect(near(mv.to.z, 22)).toBe(true)
    expect(mv.facingDeg).toBe(180)
  })

  it('SMR-ROUT-03: a side-a unit routs north (toward its own edge) and turns its back, facing 0°', () => {
    // Side b shoots side a's peasant: roles reversed.
    const units = [...LEADERS, unit('t', 'a', 'P', 20, 10), unit('arc', 'b', 'L', 20, 18, { weapon: 'bow' })]
    const m = inStep(startSmr(smrScenario(units)), 'missiles', 'b', { firstSide: 'b' })
    const r = act(loadDice(m, TWO[3]!), {
      type: 'declareMissiles',
      sideId: 'b',
      shots: [{ unitId: 'arc', targetId: 't' }],
    })
    const t = r.m.state.units.t!
    expect(t.routed).toBe(true)
    expect(t.position.x).toBe(20)
    expect(near(t.position.z, 6)).toBe(true)
    expect(t.facingDeg).toBe(0)
  })
})

/** Event 1: `archer` shoots `target` (of the other side) with the dice showing `natural`. */
function volley(
  archer: UnitIn,
  target: UnitIn,
  natural: number,
  extra: UnitIn[] = [],
  scenario: Partial<SmrScenarioInput> = {},
): ReturnType<typeof act> {
  const m = inStep(startSmr(smrScenario([...LEADERS, archer, target, ...extra], scenario)), 'missiles', archer.sideId, {
    firstSide: archer.sideId,
  })
  return act(loadDice(m, TWO[natural]!), {
    type: 'declareMissiles',
    sideId: archer.sideId,
    shots: [{ unitId: archer.id, targetId: target.id }],
  })
}

/** Bearing of the move from `a` to `b`, degrees clockwise from north. */
const bearing = (a: { x: number; z: number }, b: { x: number; z: number }): number =>
  ((Math.atan2(b.x - a.x, -(b.z - a.z)) * 180) / Math.PI + 360) % 360
const dist = (a: { x: number; z: number }, b: { x: number; z: number }): number => Math.hypot(b.x - a.x, b.z - a.z)
/** Do two upright 20 mm bases at these centres overlap? */
const overlap = (a: { x: number; z: number }, b: { x: number; z: number }): boolean =>
  Math.abs(a.x - b.x) < FOOT_IN - 1e-6 && Math.abs(a.z - b.z) < FOOT_IN - 1e-6

const bowA = (x: number, z: number): UnitIn => unit('arc', 'a', 'L', x, z, { weapon: 'bow' })

describe('SMR-ROUT-04 / SMR-GEOM-07: rout direction, blocking, the table edge (ambiguity 8)', () => {
  it('SMR-ROUT-04: the direction is the unit’s own edge, whatever its facing (facing east, shot from the north)', () => {
    const r = volley(bowA(20, 10), unit('t', 'b', 'P', 20, 18, { facingDeg: 90 }), 4)
    expect(r.m.state.units.t!.position).toMatchObject({ x: 20, z: 22 })
    expect(r.m.state.units.t!.facingDeg).toBe(180)
  })

  it('SMR-ROUT-04: the direction is the unit’s own edge, not away from the attacker (shot from the east)', () => {
    const r = volley(bowA(28, 18), unit('t', 'b', 'P', 20, 18), 4)
    const t = r.m.state.units.t!
    expect(t.position.x).toBe(20)
    expect(near(t.position.z, 22)).toBe(true)
    expect(t.facingDeg).toBe(180)
  })

  it('SMR-ROUT-04: a side whose edge is west routs west (−x), perpendicular to that edge', () => {
    const sides = [
      { id: 'a', name: 'Side A', edge: 'north' as const, leaderId: 'la' },
      { id: 'b', name: 'Side B', edge: 'west' as const, leaderId: 'lb' },
    ]
    const r = volley(bowA(22, 10), unit('t', 'b', 'L', 22, 18, { facingDeg: 90 }), 3, [], { sides })
    const t = r.m.state.units.t!
    expect(t.routed).toBe(true)
    expect(near(t.position.x, 18)).toBe(true)
    expect(t.position.z).toBe(18)
    expect(t.facingDeg).toBe(270)
  })

  it('SMR-ROUT-04: a friend straight behind → the unit deviates (by at most 45°) and still makes its full 4"', () => {
    const t0 = { x: 20, z: 30 }
    const friend = unit('f', 'b', 'P', 20, 32)
    const r = volley(bowA(20, 22), unit('t', 'b', 'P', t0.x, t0.z), 4, [friend])
    const t = r.m.state.units.t!
    expect(t.status).toBe('ok')
    expect(t.routed).toBe(true)
    const dev = bearing(t0, t.position) - 180
    expect(Math.abs(dev)).toBeGreaterThan(0.5)
    expect(Math.abs(dev)).toBeLessThanOrEqual(45 + 0.5)
    expect(near(dist(t0, t.position), 4, 0.05)).toBe(true)
    expect(overlap(t.position, r.m.state.units.f!.position)).toBe(false)
    expect(r.m.state.units.f!.position).toMatchObject({ x: 20, z: 32 })
  })

  it('SMR-ROUT-04: an enemy straight behind blocks the same way: deviate ≤ 45°, full move, no passing through it', () => {
    const t0 = { x: 20, z: 30 }
    const r = volley(bowA(20, 22), unit('t', 'b', 'P', t0.x, t0.z), 4, [unit('e', 'a', 'P', 20, 32)])
    const t = r.m.state.units.t!
    expect(t.status).toBe('ok')
    const dev = bearing(t0, t.position) - 180
    expect(Math.abs(dev)).toBeGreaterThan(0.5)
    expect(Math.abs(dev)).toBeLessThanOrEqual(45 + 0.5)
    expect(near(dist(t0, t.position), 4, 0.05)).toBe(true)
    expect(overlap(t.position, r.m.state.units.e!.position)).toBe(false)
  })

  it('SMR-ROUT-04 / SMR-MOVE-09: no clear path within 45° (a line of friends behind) → eliminated', () => {
    const wall: UnitIn[] = []
    for (let i = 0; i < 10; i++) wall.push(unit(`w${i}`, 'b', 'P', 16.4 + i * 0.8, 31.2))
    const r = volley(bowA(20, 22), unit('t', 'b', 'P', 20, 30), 4, wall)
    expect(ofType(r.events, 'UnitEliminated')).toMatchObject([{ unitId: 't', reason: 'routBlocked' }])
    expect(r.m.state.units.t!.status).toBe('eliminated')
    // It did not slip out sideways (more than 45°) instead.
    expect(ofType(r.events, 'UnitMoved').filter((e) => e.unitId === 't' && e.distanceIn > 0)).toHaveLength(0)
  })

  it('SMR-ROUT-04 / SMR-MOVE-09: impassable ground across every path within 45° → eliminated', () => {
    const r = volley(bowA(20, 22), unit('t', 'b', 'P', 20, 30), 4, [], {
      terrain: { areas: [{ id: 'mere', kind: 'water', going: 'impassable', polygon: box(0, 31, 48, 40) }] },
    })
    expect(ofType(r.events, 'UnitEliminated')).toMatchObject([{ unitId: 't', reason: 'routBlocked' }])
    expect(r.m.state.units.t!.status).toBe('eliminated')
  })

  it('SMR-ROUT-04: a small impassable patch straight behind is gone round (≤ 45°, full move)', () => {
    const t0 = { x: 20, z: 30 }
    const r = volley(bowA(20, 22), unit('t', 'b', 'P', t0.x, t0.z), 4, [], {
      terrain: { areas: [{ id: 'pond', kind: 'water', going: 'impassable', polygon: box(19.5, 33, 20.5, 35) }] },
    })
    const t = r.m.state.units.t!
    expect(t.status).toBe('ok')
    const dev = bearing(t0, t.position) - 180
    expect(Math.abs(dev)).toBeGreaterThan(0.5)
    expect(Math.abs(dev)).toBeLessThanOrEqual(45 + 0.5)
    expect(near(dist(t0, t.position), 4, 0.05)).toBe(true)
  })

  it('SMR-ROUT-04: a rout move that would carry the unit off the table (centre to z 48.5) removes it', () => {
    const r = volley(bowA(20, 36), unit('t', 'b', 'P', 20, 44.5), 4)
    expect(ofType(r.events, 'UnitEliminated')).toMatchObject([{ unitId: 't', reason: 'offTable' }])
    expect(r.m.state.units.t!.status).toBe('eliminated')
  })

  it('SMR-ROUT-04: a rout move that ends with the whole base still on the table (back edge 47.9") keeps it', () => {
    const r = volley(bowA(20, 36), unit('t', 'b', 'P', 20, 43.5), 4)
    expect(ofType(r.events, 'UnitEliminated')).toHaveLength(0)
    const t = r.m.state.units.t!
    expect(t.status).toBe('ok')
    expect(t.routed).toBe(true)
    expect(near(t.position.z, 47.5)).toBe(true)
  })

  it('SMR-ROUT-04: light cavalry (6", base 2" deep) stays if its whole base ends on the table, else is removed', () => {
    const stays = 48 - 6 - CAV_DEPTH_IN / 2 - 0.1
    const kept = volley(bowA(20, 34), unit('t', 'b', 'L', 20, stays, { mount: 'horse' }), 3)
    expect(kept.m.state.units.t!.status).toBe('ok')
    expect(near(kept.m.state.units.t!.position.z, stays + 6)).toBe(true)
    const gone = volley(bowA(20, 34), unit('t', 'b', 'L', 20, 42.5, { mount: 'horse' }), 3)
    expect(ofType(gone.events, 'UnitEliminated')).toMatchObject([{ unitId: 't', reason: 'offTable' }])
  })

  it('SMR-ROUT-04: a side-a unit near the north edge routs off it and is removed', () => {
    const arc = unit('arc', 'b', 'L', 20, 10, { weapon: 'bow' })
    const r = volley(arc, unit('t', 'a', 'L', 20, 2.5), 3)
    expect(ofType(r.events, 'UnitEliminated')).toMatchObject([{ unitId: 't', reason: 'offTable' }])
    expect(r.m.state.units.t!.status).toBe('eliminated')
  })
})

/**
 * Event 2 then Event 3: `firstSide` and then the other side end their movement (after `moves`, made by the
 * first side), the dice loaded to `faces` just before the melee. Returns the game and the melee's events.
 */
function melee(
  m0: SmrMatch,
  faces: number[],
  moves: Parameters<typeof act>[1][] = [],
  firstSide: 'a' | 'b' = 'a',
): ReturnType<typeof act> {
  let m = inStep(m0, 'movement', firstSide, { firstSide, turn: m0.state.turn || 1 })
  for (const c of moves) m = act(m, c).m
  m = act(m, { type: 'endMovement', sideId: firstSide }).m
  return act(loadDice(m, faces), { type: 'endMovement', sideId: firstSide === 'a' ? 'b' : 'a' })
}

describe('Routs in melee (SMR-ROUT-04..09)', () => {
  it('SMR-ROUT-04: a unit routing out of a melee simply leaves it (H vs P, both natural 4: the peasant routs 4")', () => {
    const m = withUnits(moving([...LEADERS, unit('x', 'a', 'H', 20, 10), unit('y', 'b', 'P', 20, 10 + FOOT_IN)]), {
      x: { faceToFace: 'y' },
      y: { faceToFace: 'x' },
    })
    const r = melee(m, [2, 2, 2, 2])
    const att = ofType(r.events, 'AttackResolved')
    expect(att).toHaveLength(2)
    expect(att.find((a) => a.attackerId === 'x')).toMatchObject({ natural: 4, killed: false, routedId: 'y' })
    expect(att.find((a) => a.attackerId === 'y')).toMatchObject({ natural: 4, killed: false, routedId: null })
    const x = r.m.state.units.x!
    const y = r.m.state.units.y!
    expect(y.routed).toBe(true)
    expect(y.position.x).toBe(20)
    expect(near(y.position.z, 10 + FOOT_IN + 4)).toBe(true)
    expect(y.facingDeg).toBe(180)
    expect(y.faceToFace).toBeNull()
    expect(x.faceToFace).toBeNull()
    expect(x.routed).toBe(false)
    expect(x.position).toMatchObject({ x: 20, z: 10 })
  })

  it('SMR-ROUT-07: a unit routed in melee is treated exactly like one routed by missiles (same 4" move, same facing)', () => {
    const byMissile = shoot(4, { cls: 'P' }).m.state.units.t!
    const m = withUnits(moving([...LEADERS, unit('x', 'a', 'H', 20, 14), unit('t', 'b', 'P', 20, 18)]), {
      x: { position: { x: 20, y: 0, z: 18 - FOOT_IN }, faceToFace: 't' },
      t: { faceToFace: 'x' },
    })
    const byMelee = melee(m, [2, 2, 2, 2]).m.state.units.t!
    expect(byMissile.routed).toBe(true)
    expect(byMelee.routed).toBe(true)
    expect(byMelee.position).toEqual(byMissile.position)
    expect(byMelee.facingDeg).toBe(byMissile.facingDeg)
  })

  it('SMR-ROUT-09: melee routs come after every roll of the event: two light infantrymen both roll 3, both attack, both rout', () => {
    const r = melee(lockedPair(), [1, 2, 1, 2])
    const idx = (p: (e: (typeof r.events)[number]) => boolean): number[] =>
      r.events.flatMap((e, i) => (p(e) ? [i] : []))
    const attacks = idx((e) => e.type === 'AttackResolved')
    const routs = idx((e) => e.type === 'UnitRouted')
    expect(attacks).toHaveLength(2)
    expect(routs).toHaveLength(2)
    expect(Math.max(...attacks)).toBeLessThan(Math.min(...routs))
    const x = r.m.state.units.x!
    const y = r.m.state.units.y!
    expect(x.routed && y.routed).toBe(true)
    expect(near(x.position.z, 6)).toBe(true)
    expect(x.facingDeg).toBe(0)
    expect(near(y.position.z, 10 + FOOT_IN + 4)).toBe(true)
    expect(y.facingDeg).toBe(180)
  })

  /**
   * Two melees on the line x = 20. Side a's X (L, at z 10) fights Y (H, south of it); side b's Q (L, at z 4)
   * fights P (H, north of it). Every roll is a natural 3: X and Q rout (L), Y and P stand (H). X routs north
   * (z 10 → 6) and Q south (z 4 → 8): whichever goes second finds the other in its way.
   */
  function twoMelees(): SmrMatch {
    const m = moving([
      ...LEADERS,
      unit('X', 'a', 'L', 20, 10),
      unit('Y', 'b', 'H', 20, 10 + FOOT_IN),
      unit('P', 'a', 'H', 20, 4 - FOOT_IN),
      unit('Q', 'b', 'L', 20, 4),
    ])
    return withUnits(m, {
      X: { faceToFace: 'Y' },
      Y: { faceToFace: 'X' },
      P: { faceToFace: 'Q' },
      Q: { faceToFace: 'P' },
    })
  }

  it('SMR-ROUT-09: conflicting rout moves, a moved first: X routs first, straight 4" north; Q must turn aside', () => {
    const r = melee(twoMelees(), [1, 2, 1, 2, 1, 2, 1, 2], [], 'a')
    expect(ofType(r.events, 'UnitRouted').map((e) => e.unitId)).toEqual(['X', 'Q'])
    const X = r.m.state.units.X!
    const Q = r.m.state.units.Q!
    expect(X.position).toMatchObject({ x: 20, z: 6 })
    expect(Q.status).toBe('ok')
    expect(Q.position.x).not.toBe(20)
    expect(overlap(X.position, Q.position)).toBe(false)
  })

  it('SMR-ROUT-09: the same with b moving first: Q routs first, straight 4" south; X must turn aside', () => {
    const r = melee(twoMelees(), [1, 2, 1, 2, 1, 2, 1, 2], [], 'b')
    expect(ofType(r.events, 'UnitRouted').map((e) => e.unitId)).toEqual(['Q', 'X'])
    const X = r.m.state.units.X!
    const Q = r.m.state.units.Q!
    expect(Q.position).toMatchObject({ x: 20, z: 8 })
    expect(X.status).toBe('ok')
    expect(X.position.x).not.toBe(20)
    expect(overlap(X.position, Q.position)).toBe(false)
  })

  it('SMR-ROUT-04 / SMR-MOVE-06: a unit whose way home lies through its own melee opponent may not pass through it', () => {
    // X (side a, L) has got south of Y (side b, H); they touch face to face. Both roll 3: X routs, Y stands.
    const m0 = moving([
      ...LEADERS,
      unit('X', 'a', 'L', 20, 20, { facingDeg: 0 }),
      unit('Y', 'b', 'H', 20, 20 - FOOT_IN, { facingDeg: 180 }),
    ])
    const m = withUnits(m0, { X: { faceToFace: 'Y' }, Y: { faceToFace: 'X' } })
    const r = melee(m, [1, 2, 1, 2], [], 'a')
    expect(ofType(r.events, 'UnitRouted').map((e) => e.unitId)).toEqual(['X'])
    // Every way north within 45° runs into Y's base at once: no clear path, so X is eliminated (SMR-MOVE-09).
    const X = r.m.state.units.X!
    const moved = ofType(r.events, 'UnitMoved').find((e) => e.unitId === 'X' && e.reason === 'rout')
    expect({ status: X.status, movedTo: moved?.to ?? null }).toEqual({ status: 'eliminated', movedTo: null })
  })

  /** Turn 2: side b's heavy infantryman `y` routed last turn (facing away, south); side a's `x` may charge it. */
  function routedHeavy(xAt: { x: number; z: number; facingDeg: number }): SmrMatch {
    const m = moving([
      ...LEADERS,
      unit('x', 'a', 'L', xAt.x, xAt.z, { facingDeg: xAt.facingDeg }),
      unit('y', 'b', 'H', 20, 30, { facingDeg: 180 }),
    ])
    return inStep(withUnits(m, { y: { routed: true, rallyTurn: 3 } }), 'movement', 'a', { turn: 2 })
  }

  it('SMR-ROUT-06 / SMR-ROUT-E02 / SMR-ROUT-08: struck from behind and missed, the routed unit routs again (3" more)', () => {
    const m = routedHeavy({ x: 20, z: 26, facingDeg: 180 })
    const charged = act(m, { type: 'charge', unitId: 'x', targetId: 'y' })
    // SMR-ROUT-08: it is not turned face-to-face.
    expect(charged.m.state.units.y!.facingDeg).toBe(180)
    expect(charged.m.state.units.y!.position).toMatchObject({ x: 20, z: 30 })
    // LI vs HI needs 10: natural 5 + 4 (rear) = 9 → miss.
    const r = melee(charged.m, [2, 3], [], 'a')
    const att = ofType(r.events, 'AttackResolved')
    // SMR-ROUT-05: the routed unit makes no attack of its own.
    expect(att).toHaveLength(1)
    expect(att[0]).toMatchObject({ attackerId: 'x', targetId: 'y', arc: 'rear', needed: 10, natural: 5, total: 9 })
    expect(att[0]!.killed).toBe(false)
    expect(ofType(r.events, 'UnitRouted')).toMatchObject([{ unitId: 'y', cause: 'again' }])
    const y = r.m.state.units.y!
    expect(y.status).toBe('ok')
    expect(y.routed).toBe(true)
    expect(y.position.x).toBe(20)
    expect(near(y.position.z, 33)).toBe(true)
    expect(y.facingDeg).toBe(180)
  })

  it('SMR-ROUT-06: struck from behind and hit (natural 6 + 4 = 10), the routed unit dies and does not rout again', () => {
    const m = routedHeavy({ x: 20, z: 26, facingDeg: 180 })
    const charged = act(m, { type: 'charge', unitId: 'x', targetId: 'y' })
    const r = melee(charged.m, [3, 3], [], 'a')
    expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({ arc: 'rear', natural: 6, total: 10, killed: true })
    expect(r.m.state.units.y!.status).toBe('killed')
    expect(ofType(r.events, 'UnitRouted')).toHaveLength(0)
  })

  it('SMR-ROUT-06 / SMR-ROUT-08: struck from the side, real geometry gives the flank (+2); a miss routs it again', () => {
    const m = routedHeavy({ x: 17, z: 30, facingDeg: 90 })
    const charged = act(m, { type: 'charge', unitId: 'x', targetId: 'y' })
    expect(charged.m.state.units.y!.facingDeg).toBe(180)
    // Natural 7 + 2 (flank) = 9 < 10 → miss.
    const r = melee(charged.m, [3, 4], [], 'a')
    expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({ arc: 'flank', natural: 7, total: 9, killed: false })
    expect(ofType(r.events, 'UnitRouted')).toMatchObject([{ unitId: 'y', cause: 'again' }])
    expect(near(r.m.state.units.y!.position.z, 33)).toBe(true)
  })

  it('SMR-ROUT-05: a routed archer may not shoot', () => {
    const m0 = inStep(
      startSmr(
        smrScenario([...LEADERS, unit('arc', 'a', 'L', 20, 10, { weapon: 'bow' }), unit('t', 'b', 'P', 20, 18)]),
      ),
      'missiles',
      'a',
    )
    const m = withUnits(m0, { arc: { routed: true, rallyTurn: 1, facingDeg: 0 } })
    expect(m.state.step).toBe('missiles')
    const c = refusal(m, { type: 'declareMissiles', sideId: 'a', shots: [{ unitId: 'arc', targetId: 't' }] })
    expect(['SMR-ROUT-05', 'SMR-MISS-01']).toContain(c)
  })
})

describe('Routs: more corner cases (SMR-ROUT-02..06, SMR-MOVE-09/10)', () => {
  it('SMR-ROUT-02: in melee, roller mode routs the peasant that rolled the 3; target mode the peasant it rolled at', () => {
    for (const mode of ['target', 'roller'] as const) {
      const units = [...LEADERS, unit('x', 'a', 'P', 20, 10), unit('y', 'b', 'P', 20, 10 + FOOT_IN)]
      const base = withUnits(moving(units, 'a', { settings: { routRollAppliesTo: mode } }), {
        x: { faceToFace: 'y' },
        y: { faceToFace: 'x' },
      })
      // One attack rolls a natural 5 (nothing), the other a natural 3.
      const r = melee(base, [2, 3, 1, 2])
      const three = ofType(r.events, 'AttackResolved').find((a) => a.natural === 3)!
      expect(three).toBeDefined()
      const expected = mode === 'roller' ? three.attackerId : three.targetId
      expect(three.routedId).toBe(expected)
      const other = expected === 'x' ? 'y' : 'x'
      expect(r.m.state.units[expected]!.routed).toBe(true)
      expect(r.m.state.units[other]!.routed).toBe(false)
    }
  })

  it('SMR-ROUT-04 / SMR-MOVE-10: woods are impassable to cavalry, so a horseman with woods across every way home is eliminated', () => {
    const r = volley(bowA(20, 22), unit('t', 'b', 'L', 20, 30, { mount: 'horse' }), 3, [], {
      terrain: { areas: [{ id: 'wood', kind: 'woods', polygon: box(0, 32.5, 48, 44) }] },
    })
    expect(ofType(r.events, 'UnitRouted')).toHaveLength(1)
    // Within 45° of south every 6" path takes even the base centre 1.7" or more into the wood: it may neither
    // go in nor stop short (one full move), so there is no clear path.
    const moved = ofType(r.events, 'UnitMoved').find((e) => e.unitId === 't' && e.reason === 'rout')
    expect({ status: r.m.state.units.t!.status, routMove: moved ?? null }).toEqual({
      status: 'eliminated',
      routMove: null,
    })
  })

  it('SMR-ROUT-03 / SMR-MOVE-10: a rout move is a full move at normal costs: 4" of allowance is 2" of difficult ground', () => {
    const r = volley(bowA(20, 22), unit('t', 'b', 'P', 20, 30), 4, [], {
      terrain: { areas: [{ id: 'rough', kind: 'rough', going: 'difficult', polygon: box(0, 27, 48, 40) }] },
    })
    const t = r.m.state.units.t!
    expect(t.routed).toBe(true)
    expect(t.position.x).toBe(20)
    expect(near(t.position.z, 32, 0.05)).toBe(true)
  })

  it('SMR-ROUT-06 / SMR-ROUT-04: a routed unit that survives a rear attack near its edge routs again off the table', () => {
    const m0 = moving([
      ...LEADERS,
      unit('x', 'a', 'L', 20, 41, { facingDeg: 180 }),
      unit('y', 'b', 'H', 20, 45.5, { facingDeg: 180 }),
    ])
    const m = inStep(withUnits(m0, { y: { routed: true, rallyTurn: 3 } }), 'movement', 'a', { turn: 2 })
    const charged = act(m, { type: 'charge', unitId: 'x', targetId: 'y' })
    const r = melee(charged.m, [2, 3], [], 'a')
    expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({ arc: 'rear', natural: 5, killed: false })
    expect(ofType(r.events, 'UnitEliminated')).toMatchObject([{ unitId: 'y', reason: 'offTable' }])
    expect(r.m.state.units.y!.status).toBe('eliminated')
  })

  it('SMR-ROUT-04 (with optional rule #3): a routing unit runs toward its standard bearer, not its edge', () => {
    const sides = [
      { id: 'a', name: 'Side A', edge: 'north' as const, leaderId: 'la' },
      { id: 'b', name: 'Side B', edge: 'south' as const, leaderId: 'lb', standardId: 'sb' },
    ]
    const r = volley(bowA(20, 10), unit('t', 'b', 'P', 20, 18), 4, [unit('sb', 'b', 'L', 30, 18)], {
      sides,
      settings: { optional: { standard: true } },
    })
    const t = r.m.state.units.t!
    expect(t.routed).toBe(true)
    expect(near(t.position.x, 24)).toBe(true)
    expect(t.position.z).toBe(18)
    expect(t.facingDeg).toBe(90)
  })

  it('SMR-MOVE-03 ("unless rallied"): rallied by the leader, the unit does not move again that Movement Event, but may next turn', () => {
    const m = withUnits(
      moving([
        unit('ld', 'a', 'L', 20, 10),
        unit('lb', 'b', 'L', 46, 46),
        unit('r', 'a', 'P', 20, 13, { facingDeg: 0 }),
      ]),
      { r: { routed: true, rallyTurn: 1 } },
    )
    const rallied = act(m, { type: 'rally', leaderId: 'ld', unitId: 'r' })
    expect(rallied.m.state.units.r!.routed).toBe(false)
    refusal(rallied.m, { type: 'moveUnit', unitId: 'r', path: [{ x: 20, z: 15 }] })
    const next = inStep(rallied.m, 'movement', 'a', { turn: 2 })
    const r = act(next, { type: 'moveUnit', unitId: 'r', path: [{ x: 23, z: 13 }] })
    expect(r.m.state.units.r!.position).toMatchObject({ x: 23, z: 13 })
  })
})

describe('Movement into and out of melee (SMR-MOVE-04/07, SMR-ROUT-08)', () => {
  it('SMR-MOVE-04: a charge reaches an enemy whose base is 4.05" away (touching ≤ 0.1"), not one 4.2" away', () => {
    const near4 = moving([...LEADERS, unit('p', 'a', 'P', 20, 10), unit('e', 'b', 'P', 20, 10 + FOOT_IN + 4.05)])
    const r = act(near4, { type: 'charge', unitId: 'p', targetId: 'e' })
    expect(r.m.state.units.p!.faceToFace).toBe('e')
    expect(r.m.state.units.e!.faceToFace).toBe('p')
    const far = moving([...LEADERS, unit('p', 'a', 'P', 20, 10), unit('e', 'b', 'P', 20, 10 + FOOT_IN + 4.2)])
    const c = refusal(far, { type: 'charge', unitId: 'p', targetId: 'e' })
    expect(['SMR-MOVE-04', 'SMR-GEOM-06', 'SMR-MELEE-02']).toContain(c)
  })

  it('SMR-MOVE-07: a unit that has joined a melee on an enemy’s flank is in melee too and may not move', () => {
    const m0 = lockedPair([unit('z', 'a', 'L', 20 - FOOT_IN, 10 + FOOT_IN, { facingDeg: 90 })])
    const m = withUnits(m0, { z: { target: 'y' } })
    const c = refusal(m, { type: 'moveUnit', unitId: 'z', path: [{ x: 16, z: 10 }] })
    expect(['SMR-MOVE-03', 'SMR-MOVE-07']).toContain(c)
  })

  it('SMR-MOVE-07: once its opponent has routed away, the winner may move in the next turn', () => {
    const m = withUnits(moving([...LEADERS, unit('x', 'a', 'H', 20, 10), unit('y', 'b', 'P', 20, 10 + FOOT_IN)]), {
      x: { faceToFace: 'y' },
      y: { faceToFace: 'x' },
    })
    const r = melee(m, [2, 2, 2, 2])
    expect(r.m.state.units.y!.routed).toBe(true)
    // Turn 2: b chooses; a moves second.
    expect(r.m.state.turn).toBe(2)
    let n = act(r.m, { type: 'chooseOrder', sideId: r.m.state.chooser!, firstSideId: 'b' }).m
    n = act(n, { type: 'endMovement', sideId: 'b' }).m
    const moved = act(n, { type: 'moveUnit', unitId: 'x', path: [{ x: 23, z: 10 }] })
    expect(moved.m.state.units.x!.position).toMatchObject({ x: 23, z: 10 })
  })

  /** Turn 2: side b's routed heavy `y` (facing home, south) is charged by `x` from its front (from the south). */
  function cutOff(): ReturnType<typeof act> {
    const m0 = moving([
      ...LEADERS,
      unit('x', 'a', 'L', 20, 34, { facingDeg: 0 }),
      unit('y', 'b', 'H', 20, 30, { facingDeg: 180 }),
    ])
    const m = inStep(withUnits(m0, { y: { routed: true, rallyTurn: 3 } }), 'movement', 'a', { turn: 2 })
    const charged = act(m, { type: 'charge', unitId: 'x', targetId: 'y' })
    expect(charged.m.state.units.y!.facingDeg).toBe(180)
    // LI vs HI needs 10: natural 9, no side bonus → miss.
    return melee(charged.m, [4, 5], [], 'a')
  }

  it('SMR-ROUT-08: a routed unit struck from its front (real geometry) gives no side bonus', () => {
    const r = cutOff()
    expect(ofType(r.events, 'AttackResolved')).toMatchObject([
      { attackerId: 'x', targetId: 'y', arc: 'front', needed: 10, natural: 9, total: 9, killed: false },
    ])
    expect(ofType(r.events, 'UnitRouted')).toMatchObject([{ unitId: 'y', cause: 'again' }])
  })

  it('SMR-ROUT-06 / SMR-ROUT-04: routing again with the attacker across its way home (every way within 45°) → eliminated', () => {
    const r = cutOff()
    const y = r.m.state.units.y!
    const moved = ofType(r.events, 'UnitMoved').find((e) => e.unitId === 'y' && e.reason === 'rout')
    expect({ status: y.status, routMove: moved?.to ?? null }).toEqual({ status: 'eliminated', routMove: null })
  })
})
