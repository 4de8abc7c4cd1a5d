import { describe, expect, it } from 'vitest'
import {
  act,
  FOOT_IN,
  inStep,
  loadDice,
  ofType,
  refusal,
  smrScenario,
  startSmr,
  unit,
  withUnits,
} from '../../../tests/fixtures/smr'
import { routOf } from './missiles'

/** An archer of side a at (24,10) facing south, a target of side b `gapIn` further south, facing `facing`. */
function duel(
  weapon: 'bow' | 'crossbow' | 'sling',
  targetCls: 'P' | 'L' | 'H' | 'XH',
  gapIn: number,
  more: { facing?: number; settings?: object; firerCls?: 'P' | 'L' } = {},
) {
  const sc = smrScenario(
    [
      unit('archer', 'a', more.firerCls ?? 'L', 24, 10, { weapon }),
      unit('target', 'b', targetCls, 24, 10 + gapIn + FOOT_IN, { facingDeg: more.facing ?? 0 }),
      unit('far-a', 'a', 'L', 4, 2),
      unit('far-b', 'b', 'L', 44, 46),
    ],
    more.settings ? { settings: more.settings } : {},
  )
  return inStep(startSmr(sc), 'missiles', 'a')
}

const shoot = (m: ReturnType<typeof duel>, faces: number[]) =>
  act(loadDice(m, faces), { type: 'declareMissiles', sideId: 'a', shots: [{ unitId: 'archer', targetId: 'target' }] })

describe('SMR missile attacks (Event 1)', () => {
  it('SMR-MISS-E01 / SMR-MISS-07: a bow at 11" from a Light target: 10 kills, 9 does nothing', () => {
    const hit = shoot(duel('bow', 'L', 11), [4, 6])
    expect(ofType(hit.events, 'AttackResolved')[0]).toMatchObject({
      kind: 'missile',
      needed: 10,
      natural: 10,
      killed: true,
    })
    expect(hit.m.state.units.target?.status).toBe('killed')
    const miss = shoot(duel('bow', 'L', 11), [4, 5])
    expect(ofType(miss.events, 'AttackResolved')[0]).toMatchObject({
      needed: 10,
      natural: 9,
      killed: false,
      routedId: null,
    })
    expect(miss.m.state.units.target?.status).toBe('ok')
  })

  it('SMR-MISS-E02 / SMR-MISS-05: a crossbow cannot shoot an XH target 11" away (range 10")', () => {
    expect(
      refusal(duel('crossbow', 'XH', 11), {
        type: 'declareMissiles',
        sideId: 'a',
        shots: [{ unitId: 'archer', targetId: 'target' }],
      }),
    ).toBe('SMR-MISS-05')
    expect(shoot(duel('crossbow', 'XH', 10), [5, 6]).events.some((e) => e.type === 'AttackResolved')).toBe(true)
  })

  it('SMR-MISS-E03 / SMR-MISS-09 / SMR-GEOM-04: a bow at the back of a Heavy unit: 9 + 2 = 11 kills', () => {
    const r = shoot(duel('bow', 'H', 8, { facing: 180 }), [4, 5])
    const dice = ofType(r.events, 'DiceRolled')[0]!
    expect(dice.modifiers).toEqual([{ label: 'firing at the back', value: 2, clause: 'SMR-MISS-09' }])
    expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({
      arc: 'rear',
      needed: 11,
      natural: 9,
      total: 11,
      killed: true,
    })
  })

  it('SMR-MISS-09: by default there is no missile bonus from the flank; with missileSideBonus = flankRear +1 flank, +3 rear', () => {
    const flank = shoot(duel('bow', 'H', 8, { facing: 90 }), [4, 5])
    expect(ofType(flank.events, 'DiceRolled')[0]!.modifiers).toEqual([])
    const alt = shoot(duel('bow', 'H', 8, { facing: 90, settings: { missileSideBonus: 'flankRear' } }), [4, 5])
    expect(ofType(alt.events, 'DiceRolled')[0]!.modifiers).toEqual([
      { label: 'flank', value: 1, clause: 'SMR-MISS-09' },
    ])
    const rear = shoot(duel('bow', 'H', 8, { facing: 180, settings: { missileSideBonus: 'flankRear' } }), [4, 5])
    expect(ofType(rear.events, 'AttackResolved')[0]).toMatchObject({ arc: 'rear', total: 12 })
  })

  it('SMR-MISS-E04 / SMR-MISS-08: a slinger against XH (needs 12): a natural 12 kills, nothing else can', () => {
    expect(ofType(shoot(duel('sling', 'XH', 5, { facing: 180 }), [6, 6]).events, 'AttackResolved')[0]).toMatchObject({
      killed: true,
    })
    expect(ofType(shoot(duel('sling', 'XH', 5, { facing: 180 }), [5, 6]).events, 'AttackResolved')[0]).toMatchObject({
      needed: 12,
      total: 13,
      killed: true,
    })
    expect(ofType(shoot(duel('sling', 'XH', 5), [5, 6]).events, 'AttackResolved')[0]).toMatchObject({
      total: 11,
      killed: false,
    })
  })

  it('SMR-MISS-E05 / SMR-MISS-10 / SMR-ROUT-02: naturals 2, 3, 4 rout the target by its class', () => {
    const routed = (cls: 'P' | 'L' | 'H' | 'XH', faces: number[]) =>
      ofType(shoot(duel('bow', cls, 8), faces).events, 'AttackResolved')[0]!.routedId
    expect(routed('XH', [1, 1])).toBe('target')
    expect(routed('H', [1, 2])).toBeNull()
    expect(routed('L', [1, 2])).toBe('target')
    expect(routed('P', [2, 2])).toBe('target')
    expect(routed('L', [2, 2])).toBeNull()
  })

  it('SMR-ROUT-02: with routRollAppliesTo = roller the unit that rolled badly routs, by its own class', () => {
    const r = shoot(duel('bow', 'XH', 8, { settings: { routRollAppliesTo: 'roller' } }), [1, 2])
    expect(ofType(r.events, 'AttackResolved')[0]!.routedId).toBe('archer')
    expect(r.m.state.units.archer?.routed).toBe(true)
  })

  it('SMR-MISS-11 / SMR-MELEE-14: a killed target does not also rout', () => {
    const m = duel('bow', 'P', 8)
    const s = m.state
    expect(routOf(s, 2, s.units.archer!, s.units.target!, true)).toBeNull()
    expect(routOf(s, 2, s.units.archer!, s.units.target!, false)).toBe('target')
  })

  it("SMR-ROUT-07 / SMR-ROUT-03 / SMR-TURN-02: a unit routed by missiles turns its back and makes a full move away at once, and rolls to rally in this turn's Rally Event", () => {
    const r = shoot(duel('bow', 'P', 8), [1, 1])
    const fled = ofType(r.events, 'UnitMoved').find((e) => e.unitId === 'target')!
    expect(fled).toMatchObject({ reason: 'rout', facingDeg: 180 })
    expect(fled.distanceIn).toBeCloseTo(4, 5)
    expect(fled.to.z - r.m.state.units.target!.position.z).toBe(0)
    expect(r.m.state.units.target).toMatchObject({ routed: true, rallyTurn: 1 })
  })

  it('SMR-MISS-01: only bows, crossbows and slings fire, once each', () => {
    const m = duel('bow', 'L', 8)
    const hand = withUnits(m, { archer: { profile: { cls: 'L', mount: 'foot', weapon: 'hand', axe: false } } })
    expect(
      refusal(hand, { type: 'declareMissiles', sideId: 'a', shots: [{ unitId: 'archer', targetId: 'target' }] }),
    ).toBe('SMR-MISS-01')
    expect(
      refusal(m, {
        type: 'declareMissiles',
        sideId: 'a',
        shots: [
          { unitId: 'archer', targetId: 'target' },
          { unitId: 'archer', targetId: 'target' },
        ],
      }),
    ).toBe('SMR-MISS-01')
  })

  it('SMR-MISS-02: nobody shoots into or out of a melee', () => {
    const sc = smrScenario([
      unit('archer', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('friend', 'a', 'L', 30, 20),
      unit('target', 'b', 'L', 30, 20 + FOOT_IN + 0.05),
      unit('foe', 'b', 'L', 24, 10 + FOOT_IN + 0.05, { weapon: 'bow' }),
    ])
    const m = inStep(startSmr(sc), 'missiles', 'a')
    expect(
      refusal(m, { type: 'declareMissiles', sideId: 'a', shots: [{ unitId: 'archer', targetId: 'target' }] }),
    ).toBe('SMR-MISS-02')
  })

  it("SMR-MISS-05: a unit's base across the line between the centres blocks the shot", () => {
    const sc = smrScenario([
      unit('archer', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('screen', 'a', 'P', 24, 14),
      unit('target', 'b', 'L', 24, 18),
    ])
    const m = inStep(startSmr(sc), 'missiles', 'a')
    expect(
      refusal(m, { type: 'declareMissiles', sideId: 'a', shots: [{ unitId: 'archer', targetId: 'target' }] }),
    ).toBe('SMR-MISS-05')
  })

  it('SMR-MISS-04 / SMR-MISS-06: the first mover declares, then the other; only then are the dice rolled, and a unit killed still fires', () => {
    const sc = smrScenario([
      unit('archer', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('target', 'b', 'L', 24, 18, { weapon: 'bow' }),
    ])
    const m = inStep(startSmr(sc), 'missiles', 'a')
    const first = act(m, { type: 'declareMissiles', sideId: 'a', shots: [{ unitId: 'archer', targetId: 'target' }] })
    expect(first.events.some((e) => e.type === 'DiceRolled')).toBe(false)
    expect(first.m.state.actingSide).toBe('b')
    const both = act(loadDice(first.m, [6, 6, 6, 6]), {
      type: 'declareMissiles',
      sideId: 'b',
      shots: [{ unitId: 'target', targetId: 'archer' }],
    })
    expect(ofType(both.events, 'AttackResolved').map((a) => a.killed)).toEqual([true, true])
    expect(both.m.state.units.archer?.status).toBe('killed')
    expect(both.m.state.units.target?.status).toBe('killed')
  })

  it('SMR-MISS-03 / SMR-MISS-E06: an archer that fired may not move; contacted, it is attacked and rolls nothing', () => {
    const sc = smrScenario([
      unit('archer', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('target', 'b', 'L', 30, 18),
      unit('charger', 'b', 'L', 24, 12.5),
    ])
    let m = inStep(startSmr(sc), 'missiles', 'a')
    m = act(loadDice(m, [1, 4]), {
      type: 'declareMissiles',
      sideId: 'a',
      shots: [{ unitId: 'archer', targetId: 'target' }],
    }).m
    expect(m.state.step).toBe('movement')
    expect(refusal(m, { type: 'moveUnit', unitId: 'archer', path: [{ x: 24, z: 8 }] })).toBe('SMR-MISS-03')
    m = act(m, { type: 'endMovement', sideId: 'a' }).m
    m = act(m, { type: 'charge', unitId: 'charger', targetId: 'archer' }).m
    const melee = act(loadDice(m, [3, 3]), { type: 'endMovement', sideId: 'b' })
    const attacks = ofType(melee.events, 'AttackResolved').filter((e) => e.kind === 'melee')
    expect(attacks.map((a) => a.attackerId)).toEqual(['charger'])
  })
})
