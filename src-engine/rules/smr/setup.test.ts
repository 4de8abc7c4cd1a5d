import { describe, expect, it } from 'vitest'
import { sidesViewer } from '../../core/viewer'
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
import { SmrScenarioSchema } from './scenario'
import { DEFAULT_SMR_SETTINGS } from './settings'
import { describeSmrEvent } from './describe'

const free = (more = {}) =>
  smrScenario(
    [unit('A', 'a', 'L', 24, 3), unit('A2', 'a', 'P', 20, 3), unit('B', 'b', 'L', 24, 45, { facingDeg: 0 })],
    { deployment: 'free', ...more },
  )

describe('SMR set-up: Declaring War (§1)', () => {
  it('SMR-SETUP-01: battle conditions and optional rules are agreed before play; every optional rule is off by default', () => {
    expect(DEFAULT_SMR_SETTINGS.optional).toEqual({
      battleRage: false,
      noLeaderMorale: false,
      honouredLeader: false,
      standard: false,
      doorBashing: false,
      creatures: false,
    })
    expect(startSmr(free({ settings: { optional: { battleRage: true } } })).state.settings.optional.battleRage).toBe(
      true,
    )
  })

  it('SMR-SETUP-02: each side names a leader; it may name another during its set-up', () => {
    let m = act(loadDice(startSmr(free()), [6, 6, 1, 1]), { type: 'rollInitiative', sideId: 'a' }).m
    expect(m.state.leaders).toEqual({ a: 'A', b: 'B' })
    expect(m.state.actingSide).toBe('b')
    m = act(act(m, { type: 'endSetup', sideId: 'b' }).m, { type: 'designateLeader', unitId: 'A2' }).m
    expect(m.state.leaders.a).toBe('A2')
    expect(
      SmrScenarioSchema.safeParse({ ...free(), sides: [{ ...free().sides[0], leaderId: 'B' }, free().sides[1]] })
        .success,
    ).toBe(false)
  })

  it('SMR-SETUP-03: mercenaries are ordinary units of their side (a contingent of its points)', () => {
    const sc = free({
      sides: [
        { id: 'a', name: 'A', edge: 'north', leaderId: 'A', contingents: [{ id: 'merc', name: 'Genoese', points: 3 }] },
        { id: 'b', name: 'B', edge: 'south', leaderId: 'B' },
      ],
    })
    expect(sc.sides[0]!.contingents[0]!.name).toBe('Genoese')
  })

  it('SMR-SETUP-04 / SMR-SETUP-06: sides deploy within 6" of their own edges, the initiative winner second', () => {
    const sc = free()
    expect(sc.sides.map((s) => s.deploymentZone)).toEqual([
      { minX: 0, minZ: 0, maxX: 48, maxZ: 6 },
      { minX: 0, minZ: 42, maxX: 48, maxZ: 48 },
    ])
    const m = act(loadDice(startSmr(sc), [6, 6, 1, 1]), { type: 'rollInitiative', sideId: 'a' }).m
    expect(m.state).toMatchObject({ phase: 'setup', initiativeWinner: 'a', actingSide: 'b' })
    expect(refusal(m, { type: 'placeUnit', unitId: 'B', at: { x: 24, z: 40 }, facingDeg: 0 })).toBe('CORE-DEPLOY-01')
    const placed = act(m, { type: 'placeUnit', unitId: 'B', at: { x: 10, z: 44 }, facingDeg: 0 })
    expect(placed.m.state.units.B?.position).toMatchObject({ x: 10, z: 44 })
    const done = act(placed.m, { type: 'endSetup', sideId: 'b' }).m
    expect(done.state.actingSide).toBe('a')
    expect(act(done, { type: 'endSetup', sideId: 'a' }).m.state).toMatchObject({ phase: 'turn', turn: 1, chooser: 'a' })
  })

  it('SMR-SETUP-05: battles are Type 1 (all a side can muster) or Type 2 (agreed points)', () => {
    expect(free().battleType).toBe(2)
    expect(free({ battleType: 1 }).battleType).toBe(1)
  })

  it('SMR-SETUP-07: every player sees the leader and the class of every figure on the table', () => {
    const m = startSmr(free())
    const seen = m.ruleset.view(m.state, sidesViewer('b'), m.header.scenario)
    expect(seen.leaders.a).toBe('A')
    expect(seen.units.A?.profile).toEqual({ cls: 'L', mount: 'foot', weapon: 'hand', axe: false })
  })

  it('SMR-GEN-04: the default table is 48" square', () => {
    const sc = SmrScenarioSchema.parse({ ...free(), table: undefined })
    expect(sc.table).toEqual({ widthIn: 48, depthIn: 48 })
  })
})

describe('SMR end of the game', () => {
  it('SMR-SETUP-08: a side with no unit left on the table that is not routed at the end of a Rally Event loses', () => {
    const sc = smrScenario([unit('A', 'a', 'H', 24, 20), unit('B', 'b', 'P', 24, 20 + FOOT_IN, { facingDeg: 0 })])
    const m = withUnits(inStep(startSmr(sc), 'movement', 'b'), {
      A: { faceToFace: 'B', target: 'B' },
      B: { faceToFace: 'A', target: 'A' },
    })
    const r = act(loadDice(m, [6, 6, 3, 3]), { type: 'endMovement', sideId: 'b' })
    expect(r.m.state.result).toMatchObject({ winnerSideId: 'a' })
    expect(r.m.ruleset.outcome(r.m.state)?.reason).toMatch(/SMR-SETUP-08/)
    expect(refusal(r.m, { type: 'chooseOrder', sideId: 'a', firstSideId: 'a' })).toBe('CORE-PHASE-01')
  })

  it('SMR-SETUP-08: with an agreed turn limit the side with more surviving units wins when it runs out', () => {
    const sc = smrScenario(
      [unit('A', 'a', 'L', 24, 10), unit('A2', 'a', 'L', 30, 10), unit('B', 'b', 'L', 24, 40, { facingDeg: 0 })],
      { turnLimit: 1 },
    )
    const r = act(inStep(startSmr(sc), 'movement', 'b'), { type: 'endMovement', sideId: 'b' })
    expect(r.m.state.result).toMatchObject({ winnerSideId: 'a', turn: 1 })
  })

  it('SMR-GEN-03 / SMR-TURN-02: one figure is one unit: a successful hit kills it, and the dead are removed at the end of the event', () => {
    const sc = smrScenario([
      unit('A', 'a', 'H', 24, 20),
      unit('B', 'b', 'L', 24, 20 + FOOT_IN, { facingDeg: 0 }),
      unit('C', 'b', 'L', 40, 40),
    ])
    const m = withUnits(inStep(startSmr(sc), 'movement', 'b'), {
      A: { faceToFace: 'B', target: 'B' },
      B: { faceToFace: 'A', target: 'A' },
    })
    const r = act(loadDice(m, [4, 4, 3, 3]), { type: 'endMovement', sideId: 'b' })
    expect(r.m.state.units.B?.status).toBe('killed')
    const types = r.events.map((e) => e.type)
    expect(types.indexOf('UnitKilled')).toBeGreaterThan(types.lastIndexOf('AttackResolved'))
  })

  it('SMR-GEN-07 / SMR-GEN-05: the natural roll is the dice before modifiers; the log says what was needed, rolled and why', () => {
    const sc = smrScenario([
      unit('A', 'a', 'H', 24, 20),
      unit('B', 'b', 'L', 24, 20 + FOOT_IN, { facingDeg: 0 }),
      unit('C', 'b', 'L', 24 + FOOT_IN + 0.05, 20, { facingDeg: 270 }),
    ])
    const m = withUnits(inStep(startSmr(sc), 'movement', 'b'), {
      A: { faceToFace: 'B', target: 'B' },
      B: { faceToFace: 'A', target: 'A' },
      C: { target: 'A' },
    })
    const r = act(loadDice(m, [1, 3, 1, 3, 2, 3]), { type: 'endMovement', sideId: 'b' })
    const roll = ofType(r.events, 'AttackResolved')[2]!
    expect(roll).toMatchObject({ natural: 5, total: 7 })
    const dice = ofType(r.events, 'DiceRolled')[2]!
    expect(describeSmrEvent(dice, m.state)).toBe(
      'C attacks A (Table C: 10): needed 10, rolled 5 (+2 flank, SMR-MELEE-10) = 7: failure.',
    )
  })
})
