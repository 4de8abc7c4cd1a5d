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
import { attackArc } from './geometry'

type U = ReturnType<typeof unit>
/** A game in the second side's Movement Event: ending it resolves Event 3 at once. */
function meleeGame(units: U[], links: Record<string, { faceToFace?: string; target?: string }>, more: object = {}) {
  const m = inStep(startSmr(smrScenario(units, more)), 'movement', 'b')
  const patch: Record<string, { faceToFace?: string | null; target?: string | null }> = {}
  for (const [id, l] of Object.entries(links))
    patch[id] = { faceToFace: l.faceToFace ?? null, target: l.target ?? l.faceToFace ?? null }
  return withUnits(m, patch)
}
const fight = (m: ReturnType<typeof meleeGame>, faces: number[]) =>
  act(loadDice(m, faces), { type: 'endMovement', sideId: 'b' })
const Z = 20
const TOUCH = FOOT_IN + 0.05

describe('SMR melee (Event 3)', () => {
  it('SMR-MELEE-02 / SMR-MELEE-03 / SMR-GEOM-06: two untouched units meeting are turned face-to-face: the contacted one pivots, the mover lines up front to front', () => {
    const sc = smrScenario([unit('A', 'a', 'L', 24, 10), unit('B', 'b', 'L', 27, 14, { facingDeg: 0 })])
    const m = inStep(startSmr(sc), 'movement', 'a')
    const r = act(m, { type: 'charge', unitId: 'A', targetId: 'B' })
    const a = r.m.state.units.A!
    const b = r.m.state.units.B!
    expect(ofType(r.events, 'Engaged')).toEqual([{ type: 'Engaged', unitId: 'A', targetId: 'B', faceToFace: true }])
    expect(Math.abs(((a.facingDeg - b.facingDeg + 360) % 360) - 180)).toBeLessThan(1e-6)
    expect(Math.hypot(a.position.x - b.position.x, a.position.z - b.position.z)).toBeCloseTo(FOOT_IN, 6)
    expect(attackArc(r.m.state, b, a)).toBe('front')
    expect(a.faceToFace).toBe('B')
    expect(b.faceToFace).toBe('A')
  })

  it('SMR-MELEE-04 / SMR-MOVE-07: once face-to-face neither may move until one is destroyed or flees', () => {
    const m = meleeGame([unit('A', 'a', 'L', 24, Z), unit('B', 'b', 'L', 24, Z + FOOT_IN, { facingDeg: 0 })], {
      A: { faceToFace: 'B' },
      B: { faceToFace: 'A' },
    })
    expect(refusal(m, { type: 'moveUnit', unitId: 'B', path: [{ x: 24, z: 30 }] })).toBe('SMR-MOVE-07')
  })

  it("SMR-MELEE-E08 / SMR-MELEE-05 / SMR-MELEE-06 / SMR-MELEE-10: A attacks only B; B attacks A from the front; C on A's flank attacks A at +2", () => {
    const m = meleeGame(
      [
        unit('A', 'a', 'L', 24, Z),
        unit('B', 'b', 'L', 24, Z + FOOT_IN, { facingDeg: 0 }),
        unit('C', 'b', 'L', 24 + TOUCH, Z, { facingDeg: 270 }),
      ],
      { A: { faceToFace: 'B' }, B: { faceToFace: 'A' }, C: { target: 'A' } },
    )
    const r = fight(m, [3, 3, 3, 3, 3, 3])
    const attacks = ofType(r.events, 'AttackResolved')
    expect(attacks.map((a) => [a.attackerId, a.targetId, a.arc])).toEqual([
      ['A', 'B', 'front'],
      ['B', 'A', 'front'],
      ['C', 'A', 'flank'],
    ])
    expect(ofType(r.events, 'DiceRolled')[2]!.modifiers).toEqual([{ label: 'flank', value: 2, clause: 'SMR-MELEE-10' }])
  })

  it('SMR-MELEE-E04: light infantry strikes an engaged heavy infantryman in the flank: 8 + 2 = 10 kills', () => {
    const m = meleeGame(
      [
        unit('A', 'a', 'H', 24, Z),
        unit('B', 'b', 'H', 24, Z + FOOT_IN, { facingDeg: 0 }),
        unit('C', 'b', 'L', 24 + TOUCH, Z, { facingDeg: 270 }),
      ],
      { A: { faceToFace: 'B' }, B: { faceToFace: 'A' }, C: { target: 'A' } },
    )
    const r = fight(m, [1, 4, 2, 3, 4, 4])
    expect(ofType(r.events, 'AttackResolved')[2]).toMatchObject({
      attackerId: 'C',
      needed: 10,
      natural: 8,
      total: 10,
      killed: true,
    })
    expect(r.m.state.units.A?.status).toBe('killed')
  })

  it('SMR-MELEE-E05: heavy infantry attacks an engaged XH infantryman from the rear: 6 + 4 = 10 kills', () => {
    const m = meleeGame(
      [
        unit('A', 'a', 'XH', 24, Z),
        unit('B', 'b', 'H', 24, Z + FOOT_IN, { facingDeg: 0 }),
        unit('C', 'b', 'H', 24, Z - TOUCH, { facingDeg: 180 }),
      ],
      { A: { faceToFace: 'B' }, B: { faceToFace: 'A' }, C: { target: 'A' } },
    )
    const r = fight(m, [1, 4, 2, 3, 3, 3])
    expect(ofType(r.events, 'AttackResolved')[2]).toMatchObject({
      attackerId: 'C',
      arc: 'rear',
      needed: 10,
      natural: 6,
      total: 10,
      killed: true,
    })
    expect(ofType(r.events, 'DiceRolled')[2]!.modifiers).toEqual([{ label: 'rear', value: 4, clause: 'SMR-MELEE-10' }])
  })

  it('SMR-MELEE-E06 / SMR-MELEE-11: a light archer attacks an engaged light infantryman from the rear: 7 + 3 = 10 kills', () => {
    const m = meleeGame(
      [
        unit('A', 'a', 'L', 24, Z),
        unit('B', 'b', 'L', 24, Z + FOOT_IN, { facingDeg: 0 }),
        unit('C', 'b', 'L', 24, Z - TOUCH, { facingDeg: 180, weapon: 'bow' }),
      ],
      { A: { faceToFace: 'B' }, B: { faceToFace: 'A' }, C: { target: 'A' } },
    )
    const r = fight(m, [1, 4, 2, 3, 3, 4])
    expect(ofType(r.events, 'AttackResolved')[2]).toMatchObject({
      attackerId: 'C',
      needed: 10,
      natural: 7,
      total: 10,
      killed: true,
    })
    expect(ofType(r.events, 'DiceRolled')[2]!.modifiers).toEqual([
      { label: 'archer at the rear', value: 3, clause: 'SMR-MELEE-11' },
    ])
  })

  it('SMR-MELEE-E07 / SMR-MELEE-08: two heavy infantrymen face-to-face both roll 9: both die, both having attacked', () => {
    const m = meleeGame([unit('A', 'a', 'H', 24, Z), unit('B', 'b', 'H', 24, Z + FOOT_IN, { facingDeg: 0 })], {
      A: { faceToFace: 'B' },
      B: { faceToFace: 'A' },
    })
    const r = fight(m, [4, 5, 3, 6])
    expect(ofType(r.events, 'AttackResolved').map((a) => [a.attackerId, a.killed])).toEqual([
      ['A', true],
      ['B', true],
    ])
    const types = r.events.map((e) => e.type)
    expect(types.lastIndexOf('AttackResolved')).toBeLessThan(types.indexOf('UnitKilled'))
    expect(r.m.state.units.A?.status).toBe('killed')
    expect(r.m.state.units.B?.status).toBe('killed')
  })

  it('SMR-MELEE-09: a melee with no result carries on into the next turn, the pair still locked', () => {
    const m = meleeGame([unit('A', 'a', 'H', 24, Z), unit('B', 'b', 'H', 24, Z + FOOT_IN, { facingDeg: 0 })], {
      A: { faceToFace: 'B' },
      B: { faceToFace: 'A' },
    })
    const r = fight(m, [3, 3, 3, 3])
    expect(r.m.state.units.A?.faceToFace).toBe('B')
    expect(r.m.state.turn).toBe(2)
  })

  it('SMR-MELEE-12 / SMR-GEOM-05: face-to-face units are front to each other whatever the angles', () => {
    const m = meleeGame(
      [unit('A', 'a', 'L', 24, Z, { facingDeg: 90 }), unit('B', 'b', 'L', 24, Z + FOOT_IN, { facingDeg: 0 })],
      { A: { faceToFace: 'B' }, B: { faceToFace: 'A' } },
    )
    expect(attackArc(m.state, m.state.units.A!, m.state.units.B!)).toBe('front')
    const loose = withUnits(m, { A: { faceToFace: null } })
    expect(attackArc(loose.state, loose.state.units.A!, loose.state.units.B!)).toBe('flank')
  })

  it("SMR-MELEE-13: when a unit's face-to-face opponent is gone, it turns to the enemy still touching it and they become face-to-face", () => {
    const m = meleeGame(
      [
        unit('A', 'a', 'L', 24, Z),
        unit('C', 'b', 'L', 24 + TOUCH, Z, { facingDeg: 270 }),
        unit('far', 'b', 'L', 44, 46),
      ],
      { C: { target: 'A' } },
    )
    const r = fight(m, [3, 3, 3, 3])
    expect(ofType(r.events, 'Engaged')[0]).toEqual({ type: 'Engaged', unitId: 'A', targetId: 'C', faceToFace: true })
    expect(r.m.state.units.A?.facingDeg).toBeCloseTo(90, 6)
    expect(ofType(r.events, 'AttackResolved').map((a) => a.arc)).toEqual(['front', 'front'])
  })

  it('SMR-MELEE-14: under routRollAppliesTo = roller a unit that rolls 2 and is killed is killed, not routed', () => {
    const m = meleeGame(
      [unit('A', 'a', 'L', 24, Z), unit('B', 'b', 'L', 24, Z + FOOT_IN, { facingDeg: 0 })],
      { A: { faceToFace: 'B' }, B: { faceToFace: 'A' } },
      { settings: { routRollAppliesTo: 'roller' } },
    )
    const r = fight(m, [1, 1, 6, 6])
    expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({ attackerId: 'A', routedId: 'A' })
    expect(r.m.state.units.A?.status).toBe('killed')
    expect(ofType(r.events, 'UnitRouted')).toEqual([])
  })

  it('SMR-ROUT-05 / SMR-ROUT-06 / SMR-ROUT-E02 / SMR-ROUT-08: a routed unit makes no attack; attacked from behind and missed, it routs again, another full move', () => {
    const m = meleeGame(
      [unit('A', 'a', 'H', 24, Z, { facingDeg: 0 }), unit('B', 'b', 'L', 24, Z + TOUCH, { facingDeg: 0 })],
      { B: { target: 'A' } },
    )
    const routed = withUnits(m, { A: { routed: true, rallyTurn: 2 } })
    const r = fight(routed, [2, 3])
    const attacks = ofType(r.events, 'AttackResolved')
    expect(attacks.map((a) => [a.attackerId, a.arc])).toEqual([['B', 'rear']])
    expect(ofType(r.events, 'DiceRolled')[0]!.modifiers).toEqual([{ label: 'rear', value: 4, clause: 'SMR-MELEE-10' }])
    expect(ofType(r.events, 'UnitRouted')[0]).toMatchObject({ unitId: 'A', cause: 'again' })
    expect(ofType(r.events, 'UnitMoved').find((e) => e.unitId === 'A')).toMatchObject({ reason: 'rout', distanceIn: 3 })
  })

  it('SMR-ROUT-08: charging a routed unit does not turn it face-to-face', () => {
    const sc = smrScenario([
      unit('A', 'a', 'L', 24, 10, { facingDeg: 0 }),
      unit('B', 'b', 'L', 24, 13, { facingDeg: 0 }),
    ])
    const m = withUnits(inStep(startSmr(sc), 'movement', 'b'), { A: { routed: true, rallyTurn: 1 } })
    const r = act(m, { type: 'charge', unitId: 'B', targetId: 'A' })
    expect(ofType(r.events, 'Engaged')).toEqual([{ type: 'Engaged', unitId: 'B', targetId: 'A', faceToFace: false }])
    expect(r.m.state.units.A?.facingDeg).toBe(0)
  })

  it("SMR-ROUT-09: routs of one melee event are carried out after every roll, the first mover's units first", () => {
    const m = meleeGame(
      [unit('A', 'a', 'P', 24, Z), unit('B', 'b', 'P', 24, Z + FOOT_IN, { facingDeg: 0 })],
      { A: { faceToFace: 'B' }, B: { faceToFace: 'A' } },
      {},
    )
    const r = fight(withUnits(m, {}), [1, 1, 1, 1])
    expect(ofType(r.events, 'UnitRouted').map((e) => e.unitId)).toEqual(['A', 'B'])
    const types = r.events.map((e) => e.type)
    expect(types.lastIndexOf('AttackResolved')).toBeLessThan(types.indexOf('UnitRouted'))
    const bFirst = act(loadDice(inStep(m, 'movement', 'a', { firstSide: 'b' }), [1, 1, 1, 1]), {
      type: 'endMovement',
      sideId: 'a',
    })
    expect(ofType(bFirst.events, 'UnitRouted').map((e) => e.unitId)).toEqual(['B', 'A'])
  })

  it('SMR-GH-E01: a giant lizard attacks a light infantryman: 1D6 = 5, a claw, needs 9', () => {
    const m = meleeGame(
      [
        unit('L', 'a', 'H', 24, Z, { creature: 'giantLizard' }),
        unit('B', 'b', 'L', 24, Z + (FOOT_IN + 50 / 25.4) / 2, { facingDeg: 0 }),
      ],
      { L: { faceToFace: 'B' }, B: { faceToFace: 'L' } },
      { settings: { optional: { creatures: true } } },
    )
    const r = fight(m, [5, 4, 4, 3, 3])
    expect(ofType(r.events, 'DiceRolled')[0]).toMatchObject({ faces: [5] })
    expect(ofType(r.events, 'AttackResolved')[0]).toMatchObject({
      attackerId: 'L',
      needed: 9,
      natural: 8,
      killed: false,
    })
  })
})
