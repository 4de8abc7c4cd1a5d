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
import type { SmrCommandInput } from './commands/index'
import { attackArc, checkMove, touching } from './geometry'
import { footprintOfProfile } from './profile'
import { baseGapIn } from '../../world/footprint'

const two = () => smrScenario([unit('A', 'a', 'P', 24, 10), unit('B', 'b', 'P', 24, 40, { facingDeg: 0 })])

describe('SMR initiative and the turn', () => {
  it('SMR-MOVE-01: each side rolls 2D6, ties are rolled again, the higher wins', () => {
    const m = startSmr(two())
    const r = act(loadDice(m, [3, 4, 5, 2, 6, 6, 1, 1]), { type: 'rollInitiative', sideId: 'a' })
    expect(ofType(r.events, 'DiceRolled').map((d) => d.total)).toEqual([7, 7, 12, 2])
    expect(r.m.state.initiativeWinner).toBe('a')
  })

  it('SMR-MOVE-01: the winner chooses who moves first in turn 1; the choice alternates after, and moving second changes nothing of that', () => {
    let m = act(loadDice(startSmr(two()), [1, 1, 6, 6]), { type: 'rollInitiative', sideId: 'a' }).m
    expect(m.state.initiativeWinner).toBe('b')
    expect(m.state).toMatchObject({ turn: 1, step: 'order', chooser: 'b' })
    expect(refusal(m, { type: 'chooseOrder', sideId: 'a', firstSideId: 'a' })).toBe('CORE-TURN-01')
    m = act(m, { type: 'chooseOrder', sideId: 'b', firstSideId: 'a' }).m
    expect(m.state).toMatchObject({ firstSide: 'a', step: 'movement', actingSide: 'a' })
    m = act(m, { type: 'endMovement', sideId: 'a' }).m
    expect(m.state.actingSide).toBe('b')
    m = act(m, { type: 'endMovement', sideId: 'b' }).m
    expect(m.state).toMatchObject({ turn: 2, step: 'order', chooser: 'a' })
  })

  it('SMR-TURN-01 / SMR-MOVE-02: a turn is missiles, movement (first side all, then the second), melee, rally, in that order', () => {
    const sc = smrScenario([
      unit('A', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('B', 'b', 'L', 24, 20, { facingDeg: 0 }),
    ])
    let m = act(loadDice(startSmr(sc), [6, 6, 1, 1]), { type: 'rollInitiative', sideId: 'a' }).m
    const events = []
    for (const cmd of [
      { type: 'chooseOrder', sideId: 'a', firstSideId: 'a' },
      { type: 'declareMissiles', sideId: 'a', shots: [] },
      { type: 'endMovement', sideId: 'a' },
      { type: 'endMovement', sideId: 'b' },
    ] satisfies SmrCommandInput[]) {
      const r = act(m, cmd)
      events.push(...r.events)
      m = r.m
    }
    expect(ofType(events, 'EventBegan').map((e) => e.event)).toEqual(['missiles', 'movement', 'melee', 'rally'])
    expect(ofType(events, 'StepBegan').map((e) => [e.step, e.sideId])).toEqual(
      [
        ['missiles', 'a'],
        ['movement', 'a'],
        ['movement', 'b'],
        ['order', 'b'],
      ].slice(0, 3),
    )
  })

  it('SMR-GEN-02 / SMR-GEN-01: every roll is 2D6 unless a rule says 1D6 (two six-sided dice are all the game needs)', () => {
    const m = startSmr(two())
    const r = act(m, { type: 'rollInitiative', sideId: 'a' })
    for (const d of ofType(r.events, 'DiceRolled')) expect(d.faces).toHaveLength(2)
  })
})

describe('SMR movement (Event 2)', () => {
  const game = (units = [unit('A', 'a', 'P', 24, 10), unit('B', 'b', 'P', 24, 40, { facingDeg: 0 })], more = {}) =>
    inStep(startSmr(smrScenario(units, more)), 'movement', 'a')

  it('SMR-MOVE-04 / SMR-GEN-05: a unit moves up to its Table V allowance, measured along its path', () => {
    const m = game()
    const r = act(m, {
      type: 'moveUnit',
      unitId: 'A',
      path: [
        { x: 24, z: 12 },
        { x: 26, z: 12 },
      ],
    })
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ distanceIn: 4, reason: 'move' })
    expect(refusal(m, { type: 'moveUnit', unitId: 'A', path: [{ x: 24, z: 14.1 }] })).toBe('SMR-MOVE-04')
    expect(refusal(r.m, { type: 'moveUnit', unitId: 'A', path: [{ x: 24, z: 12 }] })).toBe('SMR-MOVE-04')
  })

  it('SMR-GEOM-06 / CORE-TABLE-01: a unit at the table edge that turns to set off and touches an enemy at once stops only where its base stays on the table', () => {
    // A stands against the north edge (its base 0.006" from it); B stands 0.12" east of it, not touching.
    const z = FOOT_IN / 2 + 0.006
    const m = inStep(
      startSmr(
        smrScenario([unit('A', 'a', 'P', 25, z), unit('B', 'b', 'P', 25 + FOOT_IN + 0.12, z, { facingDeg: 0 })]),
      ),
      'movement',
      'a',
    )
    // Turned to 175° to set off, its east side comes within the 0.1" of B (contact, SMR-GEOM-06) and its north-west
    // corner 0.03" over the edge: it cannot stop there.
    const path = [{ x: 25 + 2 * Math.sin((5 * Math.PI) / 180), z: z + 2 * Math.cos((5 * Math.PI) / 180) }]
    expect(refusal(m, { type: 'moveUnit', unitId: 'A', path })).toBe('CORE-TABLE-01')
    // Straight south it sets off clear of B and of the edge.
    const r = act(m, { type: 'moveUnit', unitId: 'A', path: [{ x: 25, z: z + 2 }] })
    expect(r.m.state.units.A!.position.x).toBe(25)
    expect(r.m.state.units.A!.position.z).toBeCloseTo(z + 2, 2)
  })

  it('SMR-MOVE-06: a unit touching a friend ahead may not turn a little and walk through him; straight away from him it may go', () => {
    // F stands 0.02" north of A, touching. Turned 5° to set off north, A's square base overlaps F's at the corner.
    const m = inStep(
      startSmr(
        smrScenario([
          unit('A', 'a', 'P', 24, 20, { facingDeg: 0 }),
          unit('F', 'a', 'P', 24, 20 - FOOT_IN - 0.02, { facingDeg: 0 }),
          unit('B', 'b', 'P', 24, 44, { facingDeg: 0 }),
        ]),
      ),
      'movement',
      'a',
    )
    expect(refusal(m, { type: 'moveUnit', unitId: 'A', path: [{ x: 24.3, z: 16.5 }] })).toBe('SMR-MOVE-06')
    const back = act(m, { type: 'moveUnit', unitId: 'A', path: [{ x: 24.3, z: 23.5 }] })
    expect(back.m.state.units.A?.position).toMatchObject({ x: 24.3, z: 23.5 })
  })

  it('SMR-MOVE-05: turning is free: facing any way costs nothing', () => {
    const r = act(game(), { type: 'moveUnit', unitId: 'A', path: [{ x: 24, z: 14 }], facingDeg: 0 })
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ distanceIn: 4, facingDeg: 0 })
  })

  it('SMR-MOVE-06: a unit may not pass through another unit, friend or foe', () => {
    const m = game([
      unit('A', 'a', 'P', 24, 10),
      unit('F', 'a', 'P', 24, 12),
      unit('B', 'b', 'P', 24, 40, { facingDeg: 0 }),
    ])
    expect(refusal(m, { type: 'moveUnit', unitId: 'A', path: [{ x: 24, z: 14 }] })).toBe('SMR-MOVE-06')
    expect(
      act(m, {
        type: 'moveUnit',
        unitId: 'A',
        path: [
          { x: 25, z: 10 },
          { x: 25, z: 13 },
        ],
      }).m.state.units.A?.position.z,
    ).toBe(13)
  })

  it('SMR-MOVE-03 / SMR-MOVE-08: a routed unit cannot be moved until rallied', () => {
    const m = withUnits(game(), { A: { routed: true, rallyTurn: 1 } })
    expect(refusal(m, { type: 'moveUnit', unitId: 'A', path: [{ x: 24, z: 12 }] })).toBe('SMR-MOVE-08')
  })

  it('SMR-MOVE-10: rough ground costs double; woods are impassable to cavalry', () => {
    const areas = [
      {
        id: 'plough',
        kind: 'rough',
        polygon: [
          { x: 20, z: 11 },
          { x: 28, z: 11 },
          { x: 28, z: 20 },
          { x: 20, z: 20 },
        ],
      },
      {
        id: 'wood',
        kind: 'woods',
        polygon: [
          { x: 30, z: 8 },
          { x: 40, z: 8 },
          { x: 40, z: 20 },
          { x: 30, z: 20 },
        ],
      },
    ]
    const m = game(
      [
        unit('A', 'a', 'P', 24, 10),
        unit('K', 'a', 'L', 27, 4, { mount: 'horse', facingDeg: 90 }),
        unit('B', 'b', 'P', 24, 40, { facingDeg: 0 }),
      ],
      { terrain: { areas } },
    )
    const s = m.state
    const cost = checkMove(s, m.world, s.units.A!, [{ x: 24, z: 12.5 }])
    expect(cost.ok && cost.costIn).toBeCloseTo(4, 1)
    expect(refusal(m, { type: 'moveUnit', unitId: 'A', path: [{ x: 24, z: 14 }] })).toBe('SMR-MOVE-04')
    expect(
      refusal(m, {
        type: 'moveUnit',
        unitId: 'K',
        path: [
          { x: 27, z: 9 },
          { x: 31, z: 9 },
        ],
      }),
    ).toBe('SMR-MOVE-10')
  })

  it('SMR-GEOM-06 / SMR-MOVE-07: a move that touches an enemy stops at the contact point and the unit is in melee', () => {
    const m = game([unit('A', 'a', 'L', 24, 10), unit('B', 'b', 'L', 24, 13, { facingDeg: 0 })])
    const r = act(m, {
      type: 'moveUnit',
      unitId: 'A',
      path: [
        { x: 24, z: 14 },
        { x: 20, z: 14 },
      ],
    })
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ reason: 'charge' })
    expect(touching(r.m.state, r.m.world, r.m.state.units.A!, r.m.state.units.B!)).toBe(true)
    expect(r.m.state.units.A?.faceToFace).toBe('B')
  })

  it('SMR-GEOM-02: units touch within 0.1" of each other and at the same level (0.5")', () => {
    const m = game([
      unit('A', 'a', 'L', 24, 10),
      unit('B', 'b', 'L', 24, 10 + FOOT_IN + 0.1, { facingDeg: 0 }),
      unit('C', 'b', 'L', 30, 10),
      unit('D', 'a', 'L', 30, 10 + FOOT_IN + 0.11),
    ])
    const u = m.state.units
    expect(touching(m.state, m.world, u.A!, u.B!)).toBe(true)
    expect(touching(m.state, m.world, u.C!, u.D!)).toBe(false)
  })

  it('SMR-GEOM-01 / SMR-GEOM-03 / SMR-GEOM-E01: arcs from the base centre and facing: east of a north-facing unit is flank, 202.5° rear, 45° front', () => {
    const m = game([unit('T', 'a', 'L', 24, 24, { facingDeg: 0 }), unit('X', 'b', 'L', 30, 24)])
    const s = m.state
    const at = (deg: number) => {
      const r = (deg * Math.PI) / 180
      return { ...s.units.X!, position: { x: 24 + 6 * Math.sin(r), y: 0, z: 24 - 6 * Math.cos(r) } }
    }
    expect(attackArc(s, s.units.T!, at(90))).toBe('flank')
    expect(attackArc(s, s.units.T!, at(202.5))).toBe('rear')
    expect(attackArc(s, s.units.T!, at(45))).toBe('front')
    expect(attackArc(s, s.units.T!, at(135))).toBe('rear')
  })

  it('SMR-GEOM-07 / SMR-ROUT-04 / SMR-ROUT-E01: a routed peasant flees 4" straight toward its own edge; one that would cross the edge is gone; one hemmed in is eliminated (SMR-MOVE-09)', () => {
    const sc = smrScenario([
      unit('archer', 'a', 'L', 27, 34, { weapon: 'bow' }),
      unit('P1', 'b', 'P', 24, 38, { facingDeg: 0 }),
      unit('P2', 'b', 'P', 28, 46.5, { facingDeg: 0 }),
    ])
    const m = inStep(startSmr(sc), 'missiles', 'a')
    const r = act(loadDice(m, [1, 1]), {
      type: 'declareMissiles',
      sideId: 'a',
      shots: [{ unitId: 'archer', targetId: 'P1' }],
    })
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({
      unitId: 'P1',
      reason: 'rout',
      facingDeg: 180,
      distanceIn: 4,
    })
    expect(r.m.state.units.P1?.position.z).toBeCloseTo(42, 6)
    const edge = act(loadDice(m, [1, 1]), {
      type: 'declareMissiles',
      sideId: 'a',
      shots: [{ unitId: 'archer', targetId: 'P2' }],
    })
    expect(ofType(edge.events, 'UnitEliminated')).toEqual([
      { type: 'UnitEliminated', unitId: 'P2', reason: 'offTable' },
    ])
    const walls = [
      {
        id: 'w1',
        kind: 'stoneWall' as const,
        points: [
          { x: 18, z: 40 },
          { x: 30, z: 40 },
        ],
        heightIn: 3,
        impassable: true,
      },
    ]
    const boxed = inStep(
      startSmr(
        smrScenario(
          [unit('archer', 'a', 'L', 24, 30, { weapon: 'bow' }), unit('P1', 'b', 'P', 24, 38.8, { facingDeg: 0 })],
          { linearFeatures: walls },
        ),
      ),
      'missiles',
      'a',
    )
    const gone = act(loadDice(boxed, [1, 1]), {
      type: 'declareMissiles',
      sideId: 'a',
      shots: [{ unitId: 'archer', targetId: 'P1' }],
    })
    expect(ofType(gone.events, 'UnitEliminated')).toEqual([
      { type: 'UnitEliminated', unitId: 'P1', reason: 'routBlocked' },
    ])
  })

  it('SMR-ROUT-04 / SMR-MOVE-06: a routed unit with a friend touching it at a slant backs away past him, not eliminated', () => {
    // P1 faces 38°; F, facing 36°, touches it from the south-east (0.001" apart). Turned to flee south, P1's square
    // overlaps F's corner; going away that overlap only shrinks, so the way is open (the straight way south would
    // cross F's west corner: it turns aside, within 45°).
    const foot = footprintOfProfile({ cls: 'P', mount: 'foot', weapon: 'hand', axe: false })
    const dir = { x: 0.446 / Math.hypot(0.446, 0.732), z: 0.732 / Math.hypot(0.446, 0.732) }
    let lo = 0
    let hi = 3
    for (let i = 0; i < 50; i++) {
      const mid = (lo + hi) / 2
      const gap = baseGapIn(
        { position: { x: 20, z: 30 }, facingDeg: 38, footprint: foot },
        { position: { x: 20 + dir.x * mid, z: 30 + dir.z * mid }, facingDeg: 36, footprint: foot },
      )
      if (gap > 0.001) hi = mid
      else lo = mid
    }
    const f = { x: 20 + dir.x * hi, z: 30 + dir.z * hi }
    const sc = smrScenario([
      unit('archer', 'a', 'L', 20, 22, { weapon: 'bow' }),
      unit('P1', 'b', 'P', 20, 30, { facingDeg: 38 }),
      unit('F', 'b', 'P', f.x, f.z, { facingDeg: 36 }),
    ])
    const m = inStep(startSmr(sc), 'missiles', 'a')
    const r = act(loadDice(m, [1, 1]), {
      type: 'declareMissiles',
      sideId: 'a',
      shots: [{ unitId: 'archer', targetId: 'P1' }],
    })
    expect(ofType(r.events, 'UnitEliminated')).toEqual([])
    const fled = ofType(r.events, 'UnitMoved')[0]!
    expect(Math.abs(fled.facingDeg - 180)).toBeLessThanOrEqual(45)
    expect(Math.hypot(fled.to.x - 20, fled.to.z - 30)).toBeCloseTo(4, 1)
    const p1 = r.m.state.units.P1!
    const friend = r.m.state.units.F!
    expect(
      baseGapIn(
        { position: p1.position, facingDeg: p1.facingDeg, footprint: foot },
        { position: friend.position, facingDeg: friend.facingDeg, footprint: foot },
      ),
    ).toBeGreaterThan(0)
  })

  it('SMR-ROUT-04: a rout blocked straight ahead turns up to 45° to find a way', () => {
    const sc = smrScenario([
      unit('archer', 'a', 'L', 24, 30, { weapon: 'bow' }),
      unit('P1', 'b', 'P', 24, 38, { facingDeg: 0 }),
      unit('wall', 'b', 'H', 24, 40),
    ])
    const m = inStep(startSmr(sc), 'missiles', 'a')
    const r = act(loadDice(m, [1, 1]), {
      type: 'declareMissiles',
      sideId: 'a',
      shots: [{ unitId: 'archer', targetId: 'P1' }],
    })
    const fled = ofType(r.events, 'UnitMoved')[0]!
    expect(fled.facingDeg).not.toBe(180)
    expect(Math.abs(fled.facingDeg - 180)).toBeLessThanOrEqual(45)
  })
})
