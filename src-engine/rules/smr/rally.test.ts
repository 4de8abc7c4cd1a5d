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

const endTurn = (m: ReturnType<typeof inStep>, faces: number[]) =>
  act(loadDice(m, faces), { type: 'endMovement', sideId: 'b' })

function routedGame(cls: 'P' | 'L' | 'H' | 'XH', more: object = {}) {
  const sc = smrScenario(
    [
      unit('lead', 'a', 'L', 4, 4),
      unit('R', 'a', cls, 24, 10, { facingDeg: 0, ...more }),
      unit('B', 'b', 'L', 24, 40, { facingDeg: 0 }),
    ],
    { settings: { optional: { creatures: true } } },
  )
  return withUnits(inStep(startSmr(sc), 'movement', 'b'), { R: { routed: true, rallyTurn: 1 } })
}

describe('SMR rally (Event 4)', () => {
  it('SMR-RALLY-E01 / SMR-RALLY-03: a routed heavy infantryman rolls 4 and rallies, facing the enemy; a light infantryman rolling 4 is removed', () => {
    const h = endTurn(routedGame('H'), [4])
    expect(ofType(h.events, 'UnitRallied')).toEqual([{ type: 'UnitRallied', unitId: 'R', leaderId: null }])
    expect(h.m.state.units.R).toMatchObject({ routed: false, facingDeg: 180 })
    const l = endTurn(routedGame('L'), [4])
    expect(ofType(l.events, 'UnitEliminated')).toEqual([{ type: 'UnitEliminated', unitId: 'R', reason: 'failedRally' }])
    expect(l.m.state.units.R?.status).toBe('eliminated')
  })

  it('SMR-RALLY-E02: a routed peasant rolling 5 is removed; rolling 6 it rallies', () => {
    expect(endTurn(routedGame('P'), [5]).m.state.units.R?.status).toBe('eliminated')
    expect(endTurn(routedGame('P'), [6]).m.state.units.R?.routed).toBe(false)
  })

  it('SMR-RALLY-05 / SMR-GH-01: classes for rallying: XH on 4, a giant lizard as H on 4', () => {
    expect(endTurn(routedGame('XH'), [4]).m.state.units.R?.routed).toBe(false)
    expect(endTurn(routedGame('H', { creature: 'giantLizard' }), [4]).m.state.units.R?.routed).toBe(false)
  })

  it("SMR-RALLY-04: a unit routed in Event 3 rolls in the next turn's Rally Event, not this one", () => {
    const sc = smrScenario([unit('A', 'a', 'P', 24, 20), unit('B', 'b', 'H', 24, 20 + FOOT_IN, { facingDeg: 0 })])
    let m = withUnits(inStep(startSmr(sc), 'movement', 'b'), {
      A: { faceToFace: 'B', target: 'B' },
      B: { faceToFace: 'A', target: 'A' },
    })
    const r = act(loadDice(m, [3, 3, 1, 1]), { type: 'endMovement', sideId: 'b' })
    expect(r.m.state.units.A).toMatchObject({ routed: true, rallyTurn: 2 })
    expect(ofType(r.events, 'DiceRolled')).toHaveLength(2)
    m = inStep(r.m, 'movement', 'b', { turn: 2 })
    expect(ofType(act(loadDice(m, [6]), { type: 'endMovement', sideId: 'b' }).events, 'UnitRallied')).toHaveLength(1)
  })

  it('SMR-RALLY-02 / SMR-MOVE-11 / SMR-RALLY-E03 / SMR-RALLY-01: the leader touches one of two routed friends and rallies it; the other rolls in Event 4 of the same turn', () => {
    const sc = smrScenario([
      unit('lead', 'a', 'L', 20, 8),
      unit('R1', 'a', 'L', 20, 11, { facingDeg: 0 }),
      unit('R2', 'a', 'L', 30, 8, { facingDeg: 0 }),
      unit('B', 'b', 'L', 24, 40, { facingDeg: 0 }),
    ])
    let m = withUnits(inStep(startSmr(sc), 'movement', 'a'), {
      R1: { routed: true, rallyTurn: 1 },
      R2: { routed: true, rallyTurn: 1 },
    })
    const r = act(m, { type: 'rally', leaderId: 'lead', unitId: 'R1' })
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unitId: 'lead', reason: 'rally' })
    expect(ofType(r.events, 'UnitRallied')).toEqual([{ type: 'UnitRallied', unitId: 'R1', leaderId: 'lead' }])
    expect(r.m.state.units.R1).toMatchObject({ routed: false, facingDeg: 180 })
    m = r.m
    expect(refusal(m, { type: 'rally', leaderId: 'lead', unitId: 'R2' })).toBe('SMR-RALLY-02')
    expect(refusal(m, { type: 'moveUnit', unitId: 'R1', path: [{ x: 20, z: 13 }] })).toBe('SMR-RALLY-02')
    m = act(m, { type: 'endMovement', sideId: 'a' }).m
    const end = act(loadDice(m, [5]), { type: 'endMovement', sideId: 'b' })
    expect(ofType(end.events, 'UnitRallied')).toEqual([{ type: 'UnitRallied', unitId: 'R2', leaderId: null }])
  })

  it('SMR-RALLY-02: a routed leader cannot rally', () => {
    const sc = smrScenario([
      unit('lead', 'a', 'L', 20, 8),
      unit('R1', 'a', 'L', 20, 8 + FOOT_IN, { facingDeg: 0 }),
      unit('B', 'b', 'L', 24, 40, { facingDeg: 0 }),
    ])
    const m = withUnits(inStep(startSmr(sc), 'movement', 'a'), {
      R1: { routed: true, rallyTurn: 1 },
      lead: { routed: true, rallyTurn: 1 },
    })
    expect(refusal(m, { type: 'rally', leaderId: 'lead', unitId: 'R1' })).toBe('SMR-RALLY-02')
  })
})
