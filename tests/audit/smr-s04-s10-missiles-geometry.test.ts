/**
 * Audit of SMR §4 Missile attacks (Event 1: §4.1 Table M, §4.2 SMR-MISS-01..11 and examples E01–E06) and
 * §10 Geometry for a 3D table (SMR-GEOM-01..07, example E01), with the §12 ambiguities (1–6, 10) and the §0.3
 * parameters that bear on them (touchTolerance, front/rear arc half-angles, missileSideBonus,
 * missileResolution, routRollAppliesTo). Every expectation is taken from shared/rules/smr.md alone; the
 * engine is driven only through its public commands, with the dice loaded to known faces.
 *
 * Table: 48" × 48", x east, z south; side `a` deploys on the north edge (facing 180°), side `b` on the south
 * edge (facing 0°). Facings and bearings are degrees clockwise from north (north = −z).
 */
import { describe, expect, it } from 'vitest'
import {
  type SmrEvent,
  type SmrMatch,
  type SmrScenarioInput,
  SmrSettingsSchema,
} from '../../src-engine/rules/smr/index'
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
type Shot = { unitId: string; targetId: string }
type Attack = Extract<SmrEvent, { type: 'AttackResolved' }>

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
const facesFor = (naturals: readonly number[]): number[] => naturals.flatMap((n) => TWO[n]!)

/** Table M as the reference gives it (§4.1). */
const TABLE_M = {
  bow: { range: 12, P: 9, L: 10, H: 11, XH: 12 },
  crossbow: { range: 10, P: 8, L: 9, H: 10, XH: 11 },
  sling: { range: 10, P: 10, L: 11, H: 12, XH: 12 },
} as const
const WEAPONS = ['bow', 'crossbow', 'sling'] as const
const CLASSES = ['P', 'L', 'H', 'XH'] as const

/** Half a foot base. */
const HALF = FOOT_IN / 2

/** A game in Event 1 (missiles) of turn 1, side `first` moving (and so declaring) first. */
function game(units: UnitIn[], more: Partial<SmrScenarioInput> = {}, first: 'a' | 'b' = 'a'): SmrMatch {
  return inStep(startSmr(smrScenario(units, more)), 'missiles', first, { firstSide: first })
}

/** Both sides declare (whoever the engine asks, in its order); the dice show `naturals` in turn. */
function volley(
  m: SmrMatch,
  shots: Record<string, Shot[]>,
  naturals: readonly number[] = [],
): { m: SmrMatch; events: SmrEvent[] } {
  let g = naturals.length > 0 ? loadDice(m, facesFor(naturals)) : m
  const events: SmrEvent[] = []
  for (let i = 0; i < 2 && g.state.phase === 'turn' && g.state.step === 'missiles'; i++) {
    const side = g.state.actingSide!
    const r = act(g, { type: 'declareMissiles', sideId: side, shots: shots[side] ?? [] })
    events.push(...r.events)
    g = r.m
  }
  return { m: g, events }
}

/** The missile attack of `attackerId` among `events`. */
function shotOf(events: readonly SmrEvent[], attackerId: string): Attack {
  const all = ofType(events, 'AttackResolved').filter((e) => e.kind === 'missile' && e.attackerId === attackerId)
  expect(all, `one missile attack by ${attackerId}`).toHaveLength(1)
  return all[0]!
}

/** One shot: `firer` (of side a unless its spec says otherwise) at `target`, the dice showing `natural`. */
function fire(
  units: UnitIn[],
  firer: string,
  target: string,
  natural: number,
  more: Partial<SmrScenarioInput> = {},
): { m: SmrMatch; events: SmrEvent[]; res: Attack } {
  const side = units.find((u) => u.id === firer)!.sideId
  const r = volley(game(units, more), { [side]: [{ unitId: firer, targetId: target }] }, [natural])
  return { ...r, res: shotOf(r.events, firer) }
}

function shot(unitId: string, targetId: string): Shot {
  return { unitId, targetId }
}

const decl = (sideId: string, ...shots: [string, string][]) =>
  ({ type: 'declareMissiles', sideId, shots: shots.map(([unitId, targetId]) => ({ unitId, targetId })) }) as const

/** The standard duel: a1 (light, `weapon`) at (24,10) facing south, b1 (`cls`) 10" south of it, facing north. */
function duel(weapon: 'bow' | 'crossbow' | 'sling', cls: 'P' | 'L' | 'H' | 'XH', target: Partial<UnitIn> = {}) {
  return [unit('a1', 'a', 'L', 24, 10, { weapon }), unit('b1', 'b', cls, 24, 20, target)]
}

/** A point `d` inches from (x, z) on bearing `deg` (clockwise from north, north = −z). */
function onBearing(x: number, z: number, deg: number, d: number): { x: number; z: number } {
  const r = (deg * Math.PI) / 180
  return { x: x + d * Math.sin(r), z: z - d * Math.cos(r) }
}

/** The gap between two axis-aligned foot bases' nearest edges (both facing 0/90/180/270). */
function footGap(p: { x: number; z: number }, q: { x: number; z: number }): number {
  const dx = Math.max(0, Math.abs(p.x - q.x) - FOOT_IN)
  const dz = Math.max(0, Math.abs(p.z - q.z) - FOOT_IN)
  return Math.hypot(dx, dz)
}

// ---------------------------------------------------------------------------------------------------------
describe('§4.1 Table M — the number needed, by weapon and target class', () => {
  for (const w of WEAPONS)
    for (const cls of CLASSES) {
      const need = TABLE_M[w][cls]
      it(`SMR-MISS-07: Table M ${w} vs ${cls} needs ${need}: natural ${need} kills, natural ${need - 1} does not`, () => {
        const hit = fire(duel(w, cls), 'a1', 'b1', need)
        expect(hit.res).toMatchObject({
          targetId: 'b1',
          arc: 'front',
          needed: need,
          natural: need,
          total: need,
          killed: true,
          routedId: null,
        })
        expect(hit.m.state.units.b1!.status).toBe('killed')
        const killed = ofType(hit.events, 'UnitKilled')
        expect(killed).toEqual([{ type: 'UnitKilled', unitId: 'b1', byId: 'a1', cause: 'missile' }])

        const miss = fire(duel(w, cls), 'a1', 'b1', need - 1)
        expect(miss.res).toMatchObject({ needed: need, natural: need - 1, total: need - 1, killed: false })
        expect(miss.res.routedId).toBeNull()
        expect(miss.m.state.units.b1!.status).toBe('ok')
        expect(miss.m.state.units.b1!.routed).toBe(false)
        expect(miss.m.state.units.b1!.position).toEqual({ x: 24, y: 0, z: 20 })
        expect(ofType(miss.events, 'UnitKilled')).toEqual([])
      })
    }

  it('SMR-MISS-07: the target column is the class whatever the role: H cavalry 11, XH cavalry (XHC) 12, P cavalry 9 (bow)', () => {
    const cases: [Partial<UnitIn>, 'P' | 'L' | 'H' | 'XH', number][] = [
      [{ mount: 'horse' }, 'H', 11],
      [{ mount: 'armouredHorse' }, 'XH', 12],
      [{ mount: 'horse' }, 'P', 9],
      [{ mount: 'horse' }, 'L', 10],
    ]
    for (const [more, cls, need] of cases) {
      const r = fire(duel('bow', cls, more), 'a1', 'b1', 7)
      expect(r.res.needed, `${cls} ${more.mount}`).toBe(need)
    }
  })

  it('SMR-MISS-07 / SMR-MELEE-01: archer and slinger targets use the class column of Table M, not an archer column', () => {
    const cases: [Partial<UnitIn>, 'P' | 'L' | 'H' | 'XH', number][] = [
      [{ weapon: 'bow' }, 'L', 10],
      [{ weapon: 'sling' }, 'L', 10],
      [{ weapon: 'crossbow' }, 'P', 9],
      [{ weapon: 'bow' }, 'H', 11],
      // SMR-UNIT-04 concerns the melee table; Table M has an XH column.
      [{ weapon: 'bow' }, 'XH', 12],
      [{ weapon: 'bow', mount: 'horse' }, 'L', 10],
    ]
    for (const [more, cls, need] of cases) {
      const r = fire(duel('bow', cls, more), 'a1', 'b1', 7)
      expect(r.res.needed, `${cls} ${JSON.stringify(more)}`).toBe(need)
    }
  })

  it('SMR-MISS-07: the firer’s own class and mount do not change Table M (P, H, XH bowmen and a horse archer all need 10 vs L)', () => {
    for (const [cls, more] of [
      ['P', {}],
      ['H', {}],
      ['XH', {}],
      ['L', { mount: 'horse' }],
    ] as const) {
      const units = [unit('a1', 'a', cls, 24, 10, { weapon: 'bow', ...more }), unit('b1', 'b', 'L', 24, 20)]
      const r = fire(units, 'a1', 'b1', 10)
      expect(r.res, `${cls}`).toMatchObject({ needed: 10, killed: true })
    }
  })

  it('SMR-MISS-07 / SMR-GH-01: a giant lizard is shot at in the H column (bow needs 11)', () => {
    const units = [
      unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('b1', 'b', 'H', 24, 20, { creature: 'giantLizard' }),
    ]
    const r = fire(units, 'a1', 'b1', 11, { settings: { optional: { creatures: true } } })
    expect(r.res).toMatchObject({ needed: 11, natural: 11, killed: true })
  })
})

// ---------------------------------------------------------------------------------------------------------
describe('SMR-MISS-01 — who may fire', () => {
  it('SMR-MISS-01: bow, crossbow and sling units may each fire once (crossbows fire like bows, ambiguity 10)', () => {
    const units = [
      unit('a1', 'a', 'L', 20, 10, { weapon: 'bow' }),
      unit('a2', 'a', 'L', 24, 10, { weapon: 'crossbow' }),
      unit('a3', 'a', 'L', 28, 10, { weapon: 'sling' }),
      unit('b1', 'b', 'H', 20, 18),
      unit('b2', 'b', 'H', 24, 18),
      unit('b3', 'b', 'H', 28, 18),
    ]
    const r = volley(game(units), { a: [shot('a1', 'b1'), shot('a2', 'b2'), shot('a3', 'b3')] }, [7, 7, 7])
    expect(ofType(r.events, 'AttackResolved').map((e) => [e.attackerId, e.targetId, e.needed])).toEqual(
      expect.arrayContaining([
        ['a1', 'b1', 11],
        ['a2', 'b2', 10],
        ['a3', 'b3', 12],
      ]),
    )
    expect(ofType(r.events, 'AttackResolved')).toHaveLength(3)
    for (const id of ['a1', 'a2', 'a3']) expect(r.m.state.units[id]!.firedTurn).toBe(1)
  })

  it('SMR-MISS-01: a unit with no bow, crossbow or sling may not fire (refused, state unchanged)', () => {
    const m = game([unit('a1', 'a', 'H', 24, 10), unit('b1', 'b', 'L', 24, 20), unit('b2', 'b', 'L', 30, 20)])
    expect(refusal(m, decl('a', ['a1', 'b1']))).toBe('SMR-MISS-01')
  })

  it('SMR-MISS-01: a unit may fire only once: the same unit twice in a declaration is refused', () => {
    const m = game([
      unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('b1', 'b', 'L', 24, 20),
      unit('b2', 'b', 'L', 28, 20),
    ])
    expect(refusal(m, decl('a', ['a1', 'b1'], ['a1', 'b2']))).toBe('SMR-MISS-01')
  })

  it('SMR-MISS-01 / SMR-UNIT-02: a mounted archer fires (bow row of Table M)', () => {
    const units = [unit('a1', 'a', 'L', 24, 10, { weapon: 'bow', mount: 'horse' }), unit('b1', 'b', 'P', 24, 20)]
    const r = fire(units, 'a1', 'b1', 9)
    expect(r.res).toMatchObject({ needed: 9, natural: 9, killed: true })
  })

  it('SMR-MISS-01 / SMR-ROUT-05: a routed archer makes no missile attack (refused)', () => {
    let m = game([unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'L', 24, 20)])
    m = withUnits(m, { a1: { routed: true, rallyTurn: 1, facingDeg: 0 } })
    expect(refusal(m, decl('a', ['a1', 'b1']))).toBe('SMR-ROUT-05')
  })

  it('SMR-MISS-01: a side may not declare shots for the other side’s units, nor at its own units', () => {
    const m = game([
      unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('a2', 'a', 'L', 30, 10),
      unit('b1', 'b', 'L', 24, 20, { weapon: 'bow' }),
    ])
    refusal(m, decl('a', ['b1', 'a1']))
    refusal(m, decl('a', ['a1', 'a2']))
  })

  it('SMR-MISS-01: holding fire is allowed: empty declarations roll nothing and mark no unit as having fired', () => {
    const units = [unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'L', 24, 20, { weapon: 'bow' })]
    const r = volley(game(units), {})
    expect(ofType(r.events, 'AttackResolved')).toEqual([])
    expect(ofType(r.events, 'DiceRolled')).toEqual([])
    expect(r.m.state.units.a1!.firedTurn).toBeNull()
    expect(r.m.state.units.b1!.firedTurn).toBeNull()
    expect(r.m.state.step).toBe('movement')
  })
})

// ---------------------------------------------------------------------------------------------------------
describe('SMR-MISS-02 / SMR-GEOM-02 — no fire into or out of a melee; what touching is', () => {
  /** a1 (bow) at (24,10); b2 south-east touching a1's flank with `gap`; b1 the target at (24,20). */
  const firerTouched = (gap: number, more: Partial<SmrScenarioInput> = {}) =>
    game(
      [
        unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
        unit('b1', 'b', 'L', 24, 20),
        unit('b2', 'b', 'L', 24 + FOOT_IN + gap, 10, { facingDeg: 270 }),
      ],
      more,
    )

  it('SMR-MISS-02: a unit in melee (touching an enemy) may not shoot', () => {
    const clause = refusal(firerTouched(0.05), decl('a', ['a1', 'b1']))
    expect(['SMR-MISS-02', 'SMR-MISS-01']).toContain(clause)
  })

  it('SMR-MISS-02: nobody may shoot at a unit in melee', () => {
    const m = game([
      unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('a2', 'a', 'L', 30, 20 + FOOT_IN + 0.05, { facingDeg: 0 }),
      unit('b1', 'b', 'L', 24, 20),
      unit('b2', 'b', 'L', 30, 20),
    ])
    expect(refusal(m, decl('a', ['a1', 'b2']))).toBe('SMR-MISS-02')
    // b1, touching no enemy, may be shot.
    expect(shotOf(volley(m, { a: [shot('a1', 'b1')] }, [7]).events, 'a1').targetId).toBe('b1')
  })

  it('SMR-MISS-02 / SMR-GEOM-02: touching a friendly unit is not melee: a firer and a target touching friends may fire and be fired at', () => {
    const m = game([
      unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('a2', 'a', 'L', 24 + FOOT_IN + 0.02, 10),
      unit('b1', 'b', 'L', 24, 20),
      unit('b2', 'b', 'L', 24 + FOOT_IN + 0.02, 20),
    ])
    const r = volley(m, { a: [shot('a1', 'b1')] }, [10])
    expect(shotOf(r.events, 'a1')).toMatchObject({ needed: 10, killed: true })
  })

  it('SMR-GEOM-02: a gap of exactly 0.1" (touchTolerance) is touching: the firer is in melee', () => {
    const clause = refusal(firerTouched(0.1), decl('a', ['a1', 'b1']))
    expect(['SMR-MISS-02', 'SMR-MISS-01']).toContain(clause)
  })

  it('SMR-GEOM-02: a gap of 0.11" is not touching: the firer is not in melee and fires', () => {
    const r = volley(firerTouched(0.11), { a: [shot('a1', 'b1')] }, [7])
    expect(shotOf(r.events, 'a1').targetId).toBe('b1')
  })

  it('SMR-GEOM-02 / §0.3 touchTolerance: with touchTolerance 0.3 a 0.25" gap is melee; by default it is not', () => {
    const clause = refusal(firerTouched(0.25, { settings: { touchTolerance: 0.3 } }), decl('a', ['a1', 'b1']))
    expect(['SMR-MISS-02', 'SMR-MISS-01']).toContain(clause)
    const r = volley(firerTouched(0.25), { a: [shot('a1', 'b1')] }, [7])
    expect(shotOf(r.events, 'a1').targetId).toBe('b1')
  })

  it('SMR-GEOM-02: bases meeting corner to corner (0.07" apart diagonally) touch: the firer is in melee', () => {
    const m = game([
      unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('b1', 'b', 'L', 24, 20),
      unit('b2', 'b', 'L', 24 + FOOT_IN + 0.05, 10 + FOOT_IN + 0.05),
    ])
    expect(['SMR-MISS-02', 'SMR-MISS-01']).toContain(refusal(m, decl('a', ['a1', 'b1'])))
    const apart = game([
      unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('b1', 'b', 'L', 24, 20),
      unit('b2', 'b', 'L', 24 + FOOT_IN + 0.08, 10 + FOOT_IN + 0.08),
    ])
    expect(shotOf(volley(apart, { a: [shot('a1', 'b1')] }, [7]).events, 'a1').targetId).toBe('b1')
  })

  it('SMR-GEOM-02: the footprint turns with the facing: a base turned 45° whose corner is 0.08" away touches', () => {
    const diag = HALF * Math.SQRT2
    const near = game([
      unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('b1', 'b', 'L', 24, 20),
      unit('b2', 'b', 'L', 24 + HALF + diag + 0.08, 10, { facingDeg: 45 }),
    ])
    expect(['SMR-MISS-02', 'SMR-MISS-01']).toContain(refusal(near, decl('a', ['a1', 'b1'])))
    const far = game([
      unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('b1', 'b', 'L', 24, 20),
      unit('b2', 'b', 'L', 24 + HALF + diag + 0.12, 10, { facingDeg: 45 }),
    ])
    expect(shotOf(volley(far, { a: [shot('a1', 'b1')] }, [7]).events, 'a1').targetId).toBe('b1')
  })

  it('SMR-GEOM-02 / SMR-GEN-06: a cavalry base is 50 mm deep along its facing: end-on 0.08" away touches, side-on at the same centre does not', () => {
    const x = 24 + HALF + CAV_DEPTH_IN / 2 + 0.08
    const endOn = game([
      unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('b1', 'b', 'L', 24, 20),
      unit('b2', 'b', 'L', x, 10, { mount: 'horse', facingDeg: 270 }),
    ])
    expect(['SMR-MISS-02', 'SMR-MISS-01']).toContain(refusal(endOn, decl('a', ['a1', 'b1'])))
    const sideOn = game([
      unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('b1', 'b', 'L', 24, 20),
      unit('b2', 'b', 'L', x, 10, { mount: 'horse', facingDeg: 0 }),
    ])
    expect(shotOf(volley(sideOn, { a: [shot('a1', 'b1')] }, [7]).events, 'a1').targetId).toBe('b1')
  })

  /** a1 and b2 0.05" apart along a slope rising `rise` inches per inch southward; b1 the target on the same contour as a1. */
  const onSlope = (rise: number) =>
    game(
      [
        unit('a1', 'a', 'L', 24, 21, { weapon: 'bow' }),
        unit('b1', 'b', 'L', 32, 21, { facingDeg: 270 }),
        unit('b2', 'b', 'L', 24, 21 + FOOT_IN + 0.05),
      ],
      {
        terrain: {
          slopes: [
            { id: 'bank', from: { x: 28, z: 17 }, to: { x: 28, z: 27 }, widthIn: 24, heightIn: 10 * rise, edgeIn: 1 },
          ],
        },
      },
    )

  it('SMR-GEOM-02: bases 0.05" apart but more than 0.5" apart in height (steep bank) do not touch: no melee, the firer fires', () => {
    // Rise 1" per inch: the centres are 0.84" apart along the slope, so the bases differ by about 0.84" in height.
    const m = onSlope(1)
    const r = volley(m, { a: [shot('a1', 'b1')] }, [7])
    expect(shotOf(r.events, 'a1').targetId).toBe('b1')
  })

  it('SMR-GEOM-02: the same bases on a gentle slope (height difference under 0.5") touch: the firer is in melee', () => {
    const m = onSlope(0.3)
    const clause = refusal(m, decl('a', ['a1', 'b1']))
    expect(['SMR-MISS-02', 'SMR-MISS-01']).toContain(clause)
  })
})

// ---------------------------------------------------------------------------------------------------------
describe('SMR-MISS-03 — a unit that fires may not move voluntarily nor fight in that turn’s melee', () => {
  const pair = () => [
    unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
    unit('a2', 'a', 'L', 30, 10, { weapon: 'bow' }),
    unit('b1', 'b', 'L', 24, 10 + FOOT_IN + 3),
  ]

  it('SMR-MISS-03: in Event 2 the unit that fired may not move; a unit that held its fire may', () => {
    const { m } = volley(game(pair()), { a: [shot('a1', 'b1')] }, [7])
    expect(m.state.step).toBe('movement')
    expect(m.state.actingSide).toBe('a')
    expect(m.state.units.a1!.firedTurn).toBe(1)
    const clause = refusal(m, { type: 'moveUnit', unitId: 'a1', path: [{ x: 24, z: 8 }] })
    expect(['SMR-MISS-03', 'SMR-MOVE-03']).toContain(clause)
    const moved = act(m, { type: 'moveUnit', unitId: 'a2', path: [{ x: 30, z: 8 }] })
    expect(moved.m.state.units.a2!.position).toMatchObject({ x: 30, z: 8 })
  })

  it('SMR-MISS-03: the unit that fired may not charge either', () => {
    const { m } = volley(game(pair()), { a: [shot('a1', 'b1')] }, [7])
    const clause = refusal(m, { type: 'charge', unitId: 'a1', targetId: 'b1' })
    expect(['SMR-MISS-03', 'SMR-MOVE-03']).toContain(clause)
  })

  it('SMR-MISS-03: a leader that fired may not move to rally a routed unit that turn', () => {
    const units = [
      unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('a3', 'a', 'L', 24 + FOOT_IN + 2, 10),
      unit('b1', 'b', 'L', 24, 20),
    ]
    let m = game(units)
    m = withUnits(m, { a3: { routed: true, rallyTurn: 1, facingDeg: 0 } })
    const r = volley(m, { a: [shot('a1', 'b1')] }, [7])
    const clause = refusal(r.m, { type: 'rally', leaderId: 'a1', unitId: 'a3' })
    expect(['SMR-MISS-03', 'SMR-MOVE-03']).toContain(clause)
  })

  it('SMR-MISS-03 / SMR-MISS-E06: an archer that fired and is contacted in Event 2 is attacked normally and rolls nothing', () => {
    const first = volley(game(pair()), { a: [shot('a1', 'b1')] }, [7])
    expect(shotOf(first.events, 'a1')).toMatchObject({ killed: false, routedId: null })
    let m = act(first.m, { type: 'endMovement', sideId: 'a' }).m
    expect(m.state.actingSide).toBe('b')
    m = act(m, { type: 'charge', unitId: 'b1', targetId: 'a1' }).m
    // Light infantry against a light archer (LA column) needs 8: natural 8 kills.
    m = loadDice(m, facesFor([8, 8]))
    const melee = act(m, { type: 'endMovement', sideId: 'b' })
    const attacks = ofType(melee.events, 'AttackResolved').filter((e) => e.kind === 'melee')
    expect(attacks.map((e) => e.attackerId)).toEqual(['b1'])
    expect(attacks[0]).toMatchObject({ targetId: 'a1', arc: 'front', needed: 8, natural: 8, total: 8, killed: true })
    expect(melee.m.state.units.a1!.status).toBe('killed')
    expect(melee.m.state.units.b1!.status).toBe('ok')
  })

  it('SMR-MISS-03: the ban lasts only that turn: next turn the archer, still in melee, rolls its attack', () => {
    const first = volley(game(pair()), { a: [shot('a1', 'b1')] }, [7])
    let m = act(first.m, { type: 'endMovement', sideId: 'a' }).m
    m = act(m, { type: 'charge', unitId: 'b1', targetId: 'a1' }).m
    m = loadDice(m, facesFor([5, 5]))
    const t1 = act(m, { type: 'endMovement', sideId: 'b' })
    expect(ofType(t1.events, 'AttackResolved').map((e) => e.attackerId)).toEqual(['b1'])
    m = t1.m
    // Turn 2: nobody can fire (the archer is in melee), both sides stand; the melee goes on.
    m = loadDice(m, facesFor([5, 5]))
    const events: SmrEvent[] = []
    for (let i = 0; i < 12 && m.state.turn === 2 && m.state.phase === 'turn'; i++) {
      const s = m.state
      let r: { m: SmrMatch; events: readonly SmrEvent[] }
      if (s.step === 'order') r = act(m, { type: 'chooseOrder', sideId: s.chooser!, firstSideId: s.chooser! })
      else if (s.step === 'missiles') r = act(m, { type: 'declareMissiles', sideId: s.actingSide!, shots: [] })
      else if (s.step === 'movement') r = act(m, { type: 'endMovement', sideId: s.actingSide! })
      else throw new Error(`unexpected step ${s.step}`)
      events.push(...r.events)
      m = r.m
    }
    const attackers = ofType(events, 'AttackResolved')
      .filter((e) => e.kind === 'melee')
      .map((e) => e.attackerId)
      .sort()
    expect(attackers).toEqual(['a1', 'b1'])
  })

  it('SMR-MISS-03: involuntary moves still happen: a unit that fired and is routed by return fire routs away', () => {
    const units = [unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'L', 24, 20, { weapon: 'bow' })]
    const r = volley(game(units), { a: [shot('a1', 'b1')], b: [shot('b1', 'a1')] }, [2, 2])
    expect(r.m.state.units.a1!.routed).toBe(true)
    const rout = ofType(r.events, 'UnitMoved').find((e) => e.unitId === 'a1' && e.reason === 'rout')
    expect(rout?.to.z).toBeCloseTo(6, 2)
    expect(r.m.state.units.a1!.position.z).toBeCloseTo(6, 2)
  })
})

// ---------------------------------------------------------------------------------------------------------
describe('SMR-MISS-04 / SMR-MISS-06 — declare every target first, then roll, then apply together', () => {
  const twoEach = () => [
    unit('a1', 'a', 'L', 20, 10, { weapon: 'bow' }),
    unit('a2', 'a', 'L', 28, 10, { weapon: 'bow' }),
    unit('b1', 'b', 'L', 20, 20, { weapon: 'bow' }),
    unit('b2', 'b', 'L', 28, 20, { weapon: 'bow' }),
  ]

  it('SMR-MISS-04: the first side’s declaration rolls no dice; the other side is then asked to declare', () => {
    const m = game(twoEach())
    const r = act(m, decl('a', ['a1', 'b1'], ['a2', 'b2']))
    expect(ofType(r.events, 'DiceRolled')).toEqual([])
    expect(ofType(r.events, 'AttackResolved')).toEqual([])
    expect(ofType(r.events, 'MissilesDeclared')).toEqual([
      { type: 'MissilesDeclared', sideId: 'a', shots: [shot('a1', 'b1'), shot('a2', 'b2')] },
    ])
    expect(r.m.state.rollCount).toBe(m.state.rollCount)
    expect(r.m.state.step).toBe('missiles')
    expect(r.m.state.actingSide).toBe('b')
    expect(r.m.state.units.b1!.status).toBe('ok')
    // The first side cannot declare again.
    refusal(r.m, decl('a', ['a1', 'b2']))
  })

  it('SMR-MISS-04: one illegal shot refuses the whole declaration, leaving the state unchanged', () => {
    const units = [...twoEach(), unit('b3', 'b', 'L', 20, 40)]
    const m = game(units)
    // a2 → b3: 30" away, out of bow range.
    expect(refusal(m, decl('a', ['a1', 'b1'], ['a2', 'b3']))).toBe('SMR-MISS-05')
  })

  it('SMR-MISS-06: the first-moving player declares first: with b chosen to move first, b declares before a', () => {
    let m = inStep(startSmr(smrScenario(twoEach())), 'order', 'a', { chooser: 'a', firstSide: null })
    m = act(m, { type: 'chooseOrder', sideId: 'a', firstSideId: 'b' }).m
    expect(m.state.firstSide).toBe('b')
    expect(m.state.step).toBe('missiles')
    expect(m.state.actingSide).toBe('b')
    refusal(m, decl('a', ['a1', 'b1']))
    const afterB = act(m, decl('b', ['b1', 'a1']))
    expect(ofType(afterB.events, 'DiceRolled')).toEqual([])
    expect(afterB.m.state.actingSide).toBe('a')
    const done = act(loadDice(afterB.m, facesFor([7, 7])), decl('a', ['a1', 'b1']))
    expect(
      ofType(done.events, 'AttackResolved')
        .map((e) => e.attackerId)
        .sort(),
    ).toEqual(['a1', 'b1'])
  })

  it('SMR-MISS-06: fire is simultaneous: two archers that kill each other both fire, both die', () => {
    const units = [unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'L', 24, 20, { weapon: 'bow' })]
    const r = volley(game(units), { a: [shot('a1', 'b1')], b: [shot('b1', 'a1')] }, [12, 12])
    expect(shotOf(r.events, 'a1')).toMatchObject({ killed: true })
    expect(shotOf(r.events, 'b1')).toMatchObject({ killed: true })
    expect(r.m.state.units.a1!.status).toBe('killed')
    expect(r.m.state.units.b1!.status).toBe('killed')
  })

  it('SMR-MISS-06: a unit killed in Event 1 still fires in Event 1 (b1 killed by a1 still kills a2)', () => {
    const units = [
      unit('a1', 'a', 'L', 20, 10, { weapon: 'bow' }),
      unit('a2', 'a', 'L', 28, 10, { weapon: 'bow' }),
      unit('b1', 'b', 'L', 24, 20, { weapon: 'bow' }),
    ]
    const r = volley(game(units), { a: [shot('a1', 'b1')], b: [shot('b1', 'a2')] }, [10, 10])
    expect(r.m.state.units.b1!.status).toBe('killed')
    expect(r.m.state.units.a2!.status).toBe('killed')
    expect(r.m.state.units.a1!.status).toBe('ok')
  })

  it('SMR-MISS-06: a unit routed in Event 1 still makes the shot it declared (results apply together)', () => {
    // a1 and b1 shoot each other, one natural 2 (routs the light target) and one natural 12 (kills):
    // whichever shot gets which roll, one unit is routed, the other killed by it.
    const units = [unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'L', 24, 20, { weapon: 'bow' })]
    const r = volley(game(units), { a: [shot('a1', 'b1')], b: [shot('b1', 'a1')] }, [2, 12])
    const attacks = ofType(r.events, 'AttackResolved')
    expect(attacks).toHaveLength(2)
    const twelve = attacks.find((e) => e.natural === 12)!
    const two = attacks.find((e) => e.natural === 2)!
    expect(twelve.killed).toBe(true)
    expect(two.routedId).toBe(two.targetId)
    expect(two.targetId).toBe(twelve.attackerId)
    expect(r.m.state.units[twelve.targetId]!.status).toBe('killed')
    expect(r.m.state.units[twelve.attackerId]!.status).toBe('ok')
    expect(r.m.state.units[twelve.attackerId]!.routed).toBe(true)
  })

  it('SMR-MISS-06: several shots at one target are all rolled; the target dies once', () => {
    const units = [
      unit('a1', 'a', 'L', 20, 10, { weapon: 'bow' }),
      unit('a2', 'a', 'L', 24, 10, { weapon: 'crossbow' }),
      unit('a3', 'a', 'L', 28, 10, { weapon: 'sling' }),
      unit('b1', 'b', 'L', 24, 20),
    ]
    const r = volley(game(units), { a: [shot('a1', 'b1'), shot('a2', 'b1'), shot('a3', 'b1')] }, [12, 7, 7])
    const attacks = ofType(r.events, 'AttackResolved')
    expect(attacks.map((e) => e.attackerId).sort()).toEqual(['a1', 'a2', 'a3'])
    expect(attacks.filter((e) => e.killed)).toHaveLength(1)
    expect(ofType(r.events, 'UnitKilled').filter((e) => e.unitId === 'b1')).toHaveLength(1)
    expect(r.m.state.units.b1!.status).toBe('killed')
  })

  it('SMR-MISS-06: every declared shot of both sides, first unit to last, is resolved by its own roll', () => {
    const units = [
      unit('a1', 'a', 'L', 12, 10, { weapon: 'bow' }),
      unit('a2', 'a', 'L', 24, 10, { weapon: 'bow' }),
      unit('a3', 'a', 'L', 36, 10, { weapon: 'bow' }),
      unit('b1', 'b', 'L', 12, 20),
      unit('b2', 'b', 'L', 24, 20),
      unit('b3', 'b', 'P', 36, 20, { weapon: 'sling' }),
    ]
    // One roll in three kills (12), the others (8) do not: whichever shot gets it, exactly its target dies.
    const r = volley(
      game(units),
      { a: [shot('a1', 'b1'), shot('a2', 'b2'), shot('a3', 'b3')], b: [shot('b3', 'a3')] },
      [8, 8, 8, 12],
    )
    const attacks = ofType(r.events, 'AttackResolved')
    expect(attacks.map((e) => e.attackerId).sort()).toEqual(['a1', 'a2', 'a3', 'b3'])
    for (const e of attacks) {
      expect(e.killed, `${e.attackerId}`).toBe(e.total >= e.needed)
      expect(r.m.state.units[e.targetId]!.status).toBe(e.killed ? 'killed' : 'ok')
    }
    expect(attacks.filter((e) => e.killed)).toHaveLength(1)
  })

  it('SMR-MISS-06 / §0.3 missileResolution: the default is simultaneous', () => {
    expect(SmrSettingsSchema.parse({}).missileResolution).toBe('simultaneous')
  })
})

// ---------------------------------------------------------------------------------------------------------
describe('SMR-MISS-05 — range (nearest base edges, straight 3D line) and line of sight', () => {
  for (const w of WEAPONS) {
    const range = TABLE_M[w].range
    it(`SMR-MISS-05: ${w} range ${range}": a target exactly ${range}" away (nearest edges) may be shot`, () => {
      const units = [unit('a1', 'a', 'L', 24, 10, { weapon: w }), unit('b1', 'b', 'P', 24, 10 + FOOT_IN + range)]
      const r = volley(game(units), { a: [shot('a1', 'b1')] }, [TABLE_M[w].P])
      expect(shotOf(r.events, 'a1')).toMatchObject({ needed: TABLE_M[w].P, killed: true })
    })

    it(`SMR-MISS-05: ${w} range ${range}": a target ${range + 0.01}" away is out of range (refused, state unchanged)`, () => {
      const units = [unit('a1', 'a', 'L', 24, 10, { weapon: w }), unit('b1', 'b', 'P', 24, 10 + FOOT_IN + range + 0.01)]
      expect(refusal(game(units), decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
    })
  }

  it('SMR-MISS-05 / SMR-MISS-E02: a crossbow at an XH target 11" away is out of range (10")', () => {
    const units = [unit('a1', 'a', 'L', 24, 10, { weapon: 'crossbow' }), unit('b1', 'b', 'XH', 24, 10 + FOOT_IN + 11)]
    expect(refusal(game(units), decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
  })

  it('SMR-MISS-05: range is between nearest edges, corner to corner when offset (7.2" by 9.6" = 12.0")', () => {
    const a = { x: 10, z: 10 }
    const inRange = { x: 10 + FOOT_IN + 7.2, z: 10 + FOOT_IN + 9.6 }
    const outRange = { x: 10 + FOOT_IN + 7.2, z: 10 + FOOT_IN + 9.65 }
    expect(footGap(a, inRange)).toBeCloseTo(12, 9)
    expect(footGap(a, outRange)).toBeGreaterThan(12.03)
    const ok = volley(
      game([unit('a1', 'a', 'L', a.x, a.z, { weapon: 'bow' }), unit('b1', 'b', 'L', inRange.x, inRange.z)]),
      { a: [shot('a1', 'b1')] },
      [7],
    )
    expect(shotOf(ok.events, 'a1').targetId).toBe('b1')
    const far = game([unit('a1', 'a', 'L', a.x, a.z, { weapon: 'bow' }), unit('b1', 'b', 'L', outRange.x, outRange.z)])
    expect(refusal(far, decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
  })

  it('SMR-MISS-05: range is to the nearest edge of a cavalry base (front edge 11.9" away, centre over 13" away)', () => {
    const near = 10 + HALF + 11.9 + CAV_DEPTH_IN / 2
    const ok = volley(
      game([unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'H', 24, near, { mount: 'horse' })]),
      { a: [shot('a1', 'b1')] },
      [7],
    )
    expect(shotOf(ok.events, 'a1')).toMatchObject({ needed: 11 })
    const far = 10 + HALF + 12.1 + CAV_DEPTH_IN / 2
    const m = game([unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'H', 24, far, { mount: 'horse' })])
    expect(refusal(m, decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
  })

  it('SMR-MISS-05: range is to the nearest point of a turned base (a target turned 45°, its corner 11.99" away, is in range; 12.02" is not)', () => {
    const diag = HALF * Math.SQRT2
    const at = (d: number) =>
      game([
        unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }),
        unit('b1', 'b', 'P', 24, 10 + HALF + diag + d, { facingDeg: 45 }),
      ])
    const r = volley(at(11.99), { a: [shot('a1', 'b1')] }, [9])
    expect(shotOf(r.events, 'a1')).toMatchObject({ needed: 9, killed: true })
    expect(refusal(at(12.02), decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
  })

  it('SMR-MISS-05: range is from the firer’s nearest edge too: a horse archer’s front edge exactly 12" away is in range; 12.02" is not', () => {
    const at = (d: number) =>
      game([
        unit('a1', 'a', 'L', 24, 10, { weapon: 'bow', mount: 'horse' }),
        unit('b1', 'b', 'P', 24, 10 + CAV_DEPTH_IN / 2 + HALF + d),
      ])
    const r = volley(at(12), { a: [shot('a1', 'b1')] }, [9])
    expect(shotOf(r.events, 'a1')).toMatchObject({ needed: 9, killed: true })
    expect(refusal(at(12.02), decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
  })

  /** a1 on a 3" plateau; b1 on the flat table `gap` inches of horizontal distance away (nearest edges). */
  const fromHill = (gap: number) =>
    game([unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'L', 24, 10 + FOOT_IN + gap)], {
      terrain: { hills: [{ id: 'mound', x: 24, z: 8.5, radiusIn: 6, heightIn: 3, plateauIn: 2.2 }] },
    })

  it('SMR-MISS-05 / SMR-GEN-05: range is the straight 3D line: 11.8" across and 3" down (12.2") is out of bow range', () => {
    const m = fromHill(11.8)
    expect(refusal(m, decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
  })

  it('SMR-MISS-05 / SMR-GEN-05: from the same hill, 11" across and 3" down (11.4") is in range', () => {
    const r = volley(fromHill(11), { a: [shot('a1', 'b1')] }, [7])
    expect(shotOf(r.events, 'a1').targetId).toBe('b1')
  })

  /** a1 (24,10) shoots at b1 (24,20); `blocker` stands between them. */
  const withBlocker = (blocker: UnitIn) =>
    game([unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'L', 24, 20), blocker])

  it('SMR-MISS-05: a friendly base across the line between centres blocks sight', () => {
    expect(refusal(withBlocker(unit('a2', 'a', 'P', 24, 15)), decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
  })

  it('SMR-MISS-05: an enemy base across the line blocks sight', () => {
    expect(refusal(withBlocker(unit('b2', 'b', 'P', 24, 15)), decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
  })

  it('SMR-MISS-05: a base that the centre line crosses by 0.05" blocks; one whose edge is 0.05" clear of it does not', () => {
    const crossed = withBlocker(unit('a2', 'a', 'P', 24 + HALF - 0.05, 15))
    expect(refusal(crossed, decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
    const clear = withBlocker(unit('a2', 'a', 'P', 24 + HALF + 0.05, 15))
    const r = volley(clear, { a: [shot('a1', 'b1')] }, [10])
    expect(shotOf(r.events, 'a1')).toMatchObject({ killed: true })
  })

  it('SMR-MISS-05: on a diagonal line a square base blocks when its corner cuts the line (0.49" off, under half its diagonal) and not when 0.85" off', () => {
    const diagonal = (bx: number, bz: number) =>
      game([
        unit('a1', 'a', 'L', 10, 10, { weapon: 'bow' }),
        unit('b1', 'b', 'L', 17, 17),
        unit('a2', 'a', 'P', bx, bz),
      ])
    expect(refusal(diagonal(13.85, 13.15), decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
    const r = volley(diagonal(14.1, 12.9), { a: [shot('a1', 'b1')] }, [7])
    expect(shotOf(r.events, 'a1').targetId).toBe('b1')
  })

  it('SMR-MISS-05: a routed unit’s base still blocks sight', () => {
    const m = withUnits(withBlocker(unit('b2', 'b', 'P', 24, 15)), {
      b2: { routed: true, rallyTurn: 1, facingDeg: 180 },
    })
    expect(refusal(m, decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
  })

  it('SMR-MISS-05: a dead unit no longer blocks sight', () => {
    const m = withUnits(withBlocker(unit('b2', 'b', 'P', 24, 15)), { b2: { status: 'killed' } })
    const r = volley(m, { a: [shot('a1', 'b1')] }, [7])
    expect(shotOf(r.events, 'a1').targetId).toBe('b1')
  })

  it('SMR-MISS-05: a building between the two blocks sight', () => {
    const m = game([unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'L', 24, 20)], {
      buildings: [{ id: 'barn', x: 22, z: 14, widthIn: 4, depthIn: 2 }],
    })
    expect(refusal(m, decl('a', ['a1', 'b1']))).toBe('SMR-MISS-05')
  })

  it('SMR-MISS-05: sight does not depend on the firer’s facing (SMR has no firing arc): a firer facing away may shoot', () => {
    const units = [unit('a1', 'a', 'L', 24, 10, { weapon: 'bow', facingDeg: 0 }), unit('b1', 'b', 'L', 24, 20)]
    const r = fire(units, 'a1', 'b1', 10)
    expect(r.res).toMatchObject({ needed: 10, killed: true })
  })

  it('SMR-MISS-05: a killed unit is no target', () => {
    const m = withUnits(game([unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'L', 24, 20)]), {
      b1: { status: 'killed' },
    })
    refusal(m, decl('a', ['a1', 'b1']))
  })
})

// ---------------------------------------------------------------------------------------------------------
describe('SMR-MISS-07/08 and the worked examples', () => {
  it('SMR-MISS-E01: bow at 11" from a Light target: roll 10 → KIA; roll 9 → no effect', () => {
    const units = () => [unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'L', 24, 10 + FOOT_IN + 11)]
    const ten = fire(units(), 'a1', 'b1', 10)
    expect(ten.res).toMatchObject({ needed: 10, total: 10, killed: true })
    expect(ten.m.state.units.b1!.status).toBe('killed')
    const nine = fire(units(), 'a1', 'b1', 9)
    expect(nine.res).toMatchObject({ needed: 10, total: 9, killed: false, routedId: null })
    expect(nine.m.state.units.b1).toMatchObject({ status: 'ok', routed: false })
    expect(ofType(nine.events, 'UnitRouted')).toEqual([])
  })

  it('SMR-MISS-08 / SMR-MISS-E04: slinger vs XH (needs 12): natural 12 → KIA; 11 cannot kill', () => {
    const twelve = fire(duel('sling', 'XH'), 'a1', 'b1', 12)
    expect(twelve.res).toMatchObject({ needed: 12, natural: 12, killed: true })
    expect(twelve.m.state.units.b1!.status).toBe('killed')
    const eleven = fire(duel('sling', 'XH'), 'a1', 'b1', 11)
    expect(eleven.res).toMatchObject({ killed: false })
    expect(eleven.m.state.units.b1!.status).toBe('ok')
  })

  it('SMR-MISS-08: natural 12 kills at every cell needing 12 (bow vs XH, sling vs H)', () => {
    expect(fire(duel('bow', 'XH'), 'a1', 'b1', 12).res).toMatchObject({ needed: 12, killed: true })
    expect(fire(duel('sling', 'H'), 'a1', 'b1', 12).res).toMatchObject({ needed: 12, killed: true })
  })
})

// ---------------------------------------------------------------------------------------------------------
describe('SMR-MISS-09 / SMR-GEOM-04 — the side bonus for missiles', () => {
  /** b1 (`cls`) at (24,24) facing north; a1 (bow) 6" from it on `bearing`. */
  const around = (bearing: number, cls: 'P' | 'L' | 'H' | 'XH' = 'H', target: Partial<UnitIn> = {}) => {
    const p = onBearing(24, 24, bearing, 6)
    return [unit('a1', 'a', 'L', p.x, p.z, { weapon: 'bow' }), unit('b1', 'b', cls, 24, 24, target)]
  }
  const flankRear = { settings: { missileSideBonus: 'flankRear' as const } }

  it('SMR-MISS-E03: bow at the back of a Heavy unit: roll 9 + 2 = 11 ≥ 11 → KIA', () => {
    const r = fire(around(180), 'a1', 'b1', 9)
    expect(r.res).toMatchObject({ arc: 'rear', needed: 11, natural: 9, total: 11, killed: true })
    expect(r.m.state.units.b1!.status).toBe('killed')
  })

  it('SMR-MISS-09: at the back, natural 8 + 2 = 10 < 11 does not kill a Heavy unit', () => {
    const r = fire(around(180), 'a1', 'b1', 8)
    expect(r.res).toMatchObject({ arc: 'rear', natural: 8, total: 10, killed: false })
  })

  it('SMR-MISS-09 / ambiguity 2: by default (backOnly) a flank shot gets no bonus: natural 10 vs Heavy stays 10, no kill', () => {
    const r = fire(around(90), 'a1', 'b1', 10)
    expect(r.res).toMatchObject({ arc: 'flank', natural: 10, total: 10, killed: false })
  })

  it('SMR-MISS-09: a front shot gets no bonus', () => {
    const r = fire(around(0), 'a1', 'b1', 10)
    expect(r.res).toMatchObject({ arc: 'front', total: 10, killed: false })
  })

  it('SMR-MISS-09 / §0.3 missileSideBonus=flankRear: +1 from the flank (10 + 1 = 11 kills H)', () => {
    const r = fire(around(90), 'a1', 'b1', 10, flankRear)
    expect(r.res).toMatchObject({ arc: 'flank', natural: 10, total: 11, killed: true })
  })

  it('SMR-MISS-09 / §0.3 missileSideBonus=flankRear: +3 from the rear (8 + 3 = 11 kills H; 7 + 3 = 10 does not)', () => {
    expect(fire(around(180), 'a1', 'b1', 8, flankRear).res).toMatchObject({ arc: 'rear', total: 11, killed: true })
    expect(fire(around(180), 'a1', 'b1', 7, flankRear).res).toMatchObject({ arc: 'rear', total: 10, killed: false })
  })

  it('SMR-MISS-09 / §0.3 missileSideBonus=flankRear: nothing from the front', () => {
    expect(fire(around(0), 'a1', 'b1', 10, flankRear).res).toMatchObject({ arc: 'front', total: 10, killed: false })
  })

  it('SMR-MISS-09 / SMR-ROUT-08: a routed target facing its own edge shows its back to a firer on the enemy side (+2)', () => {
    const units = [unit('a1', 'a', 'L', 24, 16, { weapon: 'bow' }), unit('b1', 'b', 'H', 24, 24)]
    let m = game(units)
    m = withUnits(m, { b1: { routed: true, rallyTurn: 1, facingDeg: 180 } })
    const r = volley(m, { a: [shot('a1', 'b1')] }, [9])
    expect(shotOf(r.events, 'a1')).toMatchObject({ arc: 'rear', natural: 9, total: 11, killed: true })
  })

  it('SMR-MISS-09: the roll’s record shows the +2 back bonus with its clause', () => {
    const r = fire(around(180), 'a1', 'b1', 9)
    const rolls = ofType(r.events, 'DiceRolled')
    expect(rolls).toHaveLength(1)
    expect(rolls[0]!.faces).toEqual([4, 5])
    expect(rolls[0]!.total).toBe(11)
    expect(rolls[0]!.modifiers.map((x) => [x.value, x.clause])).toEqual([[2, 'SMR-MISS-09']])
  })
})

// ---------------------------------------------------------------------------------------------------------
describe('SMR-MISS-10 / SMR-MISS-11 — natural 2, 3, 4 and routs', () => {
  const cases: [number, 'P' | 'L' | 'H' | 'XH', boolean][] = [
    [2, 'XH', true],
    [3, 'XH', false],
    [2, 'H', true],
    [3, 'H', false],
    [4, 'H', false],
    [2, 'L', true],
    [3, 'L', true],
    [4, 'L', false],
    [2, 'P', true],
    [3, 'P', true],
    [4, 'P', true],
    [5, 'P', false],
  ]
  for (const [nat, cls, routs] of cases)
    it(`SMR-MISS-10 / SMR-MISS-E05: natural ${nat} at a ${cls} target → ${routs ? 'the target routs' : 'nothing'}`, () => {
      const r = fire(duel('bow', cls), 'a1', 'b1', nat)
      expect(r.res).toMatchObject({ natural: nat, killed: false, routedId: routs ? 'b1' : null })
      expect(r.m.state.units.b1!.status).toBe('ok')
      expect(r.m.state.units.b1!.routed).toBe(routs)
      const routed = ofType(r.events, 'UnitRouted')
      expect(routed.map((e) => [e.unitId, e.cause])).toEqual(routs ? [['b1', 'missile']] : [])
      expect(r.m.state.units.a1!.routed).toBe(false)
    })

  it('SMR-MISS-10 / SMR-GEN-07: the rout comes from the natural roll: natural 4 + 3 (rear, flankRear) at a peasant routs it', () => {
    const units = [unit('a1', 'a', 'L', 24, 31, { weapon: 'bow' }), unit('b1', 'b', 'P', 24, 24)]
    const r = fire(units, 'a1', 'b1', 4, { settings: { missileSideBonus: 'flankRear' } })
    expect(r.res).toMatchObject({ arc: 'rear', natural: 4, total: 7, killed: false, routedId: 'b1' })
    expect(r.m.state.units.b1!.routed).toBe(true)
  })

  it('SMR-MISS-10 / SMR-UNIT-03: light cavalry routs on a natural 3 (class L); XHC does not', () => {
    const lc = fire(duel('bow', 'L', { mount: 'horse' }), 'a1', 'b1', 3)
    expect(lc.res.routedId).toBe('b1')
    const xhc = fire(duel('bow', 'XH', { mount: 'armouredHorse' }), 'a1', 'b1', 3)
    expect(xhc.res.routedId).toBeNull()
    expect(xhc.m.state.units.b1!.routed).toBe(false)
  })

  it('SMR-MISS-10 / ambiguity 1 (routRollAppliesTo=roller): a peasant archer rolling natural 2 routs itself, not the XH target', () => {
    const units = [unit('a1', 'a', 'P', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'XH', 24, 20)]
    const r = fire(units, 'a1', 'b1', 2, { settings: { routRollAppliesTo: 'roller' } })
    expect(r.res).toMatchObject({ natural: 2, killed: false, routedId: 'a1' })
    expect(r.m.state.units.a1!.routed).toBe(true)
    expect(r.m.state.units.b1!.routed).toBe(false)
  })

  it('SMR-MISS-10 / ambiguity 1 (roller): a light archer rolling natural 4 at a peasant routs nobody', () => {
    const units = [unit('a1', 'a', 'L', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'P', 24, 20)]
    const r = fire(units, 'a1', 'b1', 4, { settings: { routRollAppliesTo: 'roller' } })
    expect(r.res.routedId).toBeNull()
    expect(r.m.state.units.a1!.routed).toBe(false)
    expect(r.m.state.units.b1!.routed).toBe(false)
  })

  it('SMR-MISS-11: a target that is killed does not also rout (one shot 12, another natural 2, at the same XH unit)', () => {
    const units = [
      unit('a1', 'a', 'L', 20, 10, { weapon: 'bow' }),
      unit('a2', 'a', 'L', 28, 10, { weapon: 'bow' }),
      unit('b1', 'b', 'XH', 24, 20),
    ]
    const r = volley(game(units), { a: [shot('a1', 'b1'), shot('a2', 'b1')] }, [12, 2])
    expect(r.m.state.units.b1!.status).toBe('killed')
    expect(r.m.state.units.b1!.routed).toBe(false)
    expect(ofType(r.events, 'UnitRouted')).toEqual([])
    expect(ofType(r.events, 'UnitMoved').filter((e) => e.unitId === 'b1')).toEqual([])
  })

  it('SMR-MISS-11 (roller): a peasant archer that fumbles (natural 2) and is killed by return fire is killed, not routed', () => {
    // a1 and b1 (both peasant bowmen) shoot each other with a 2 and a 12: whoever rolls the 2 is the one the 12 kills.
    const units = [unit('a1', 'a', 'P', 24, 10, { weapon: 'bow' }), unit('b1', 'b', 'P', 24, 20, { weapon: 'bow' })]
    const m = game(units, { settings: { routRollAppliesTo: 'roller' } })
    const r = volley(m, { a: [shot('a1', 'b1')], b: [shot('b1', 'a1')] }, [2, 12])
    const two = ofType(r.events, 'AttackResolved').find((e) => e.natural === 2)!
    const fumbler = r.m.state.units[two.attackerId]!
    expect(fumbler.status).toBe('killed')
    expect(fumbler.routed).toBe(false)
    expect(ofType(r.events, 'UnitRouted')).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------------------
describe('§10 Geometry', () => {
  it('SMR-GEOM-01: a unit holds its base centre and its facing as placed', () => {
    const m = game([
      unit('a1', 'a', 'L', 12.5, 7.25, { weapon: 'bow', facingDeg: 135 }),
      unit('b1', 'b', 'H', 30, 40, { mount: 'horse', facingDeg: 300 }),
    ])
    expect(m.state.units.a1!.position).toEqual({ x: 12.5, y: 0, z: 7.25 })
    expect(m.state.units.a1!.facingDeg).toBe(135)
    expect(m.state.units.b1!.position).toEqual({ x: 30, y: 0, z: 40 })
    expect(m.state.units.b1!.facingDeg).toBe(300)
  })

  it('SMR-GEOM-01: a unit set up on a hill has its base centre on the ground, where a unit that moves to that spot stands', () => {
    const hill = { terrain: { hills: [{ id: 'mound', x: 24, z: 8.5, radiusIn: 6, heightIn: 3, plateauIn: 2.2 }] } }
    const mover = inStep(
      startSmr(smrScenario([unit('a1', 'a', 'L', 24, 12.5), unit('b1', 'b', 'L', 24, 40)], hill)),
      'movement',
      'a',
    )
    const moved = act(mover, { type: 'moveUnit', unitId: 'a1', path: [{ x: 24, z: 10 }] }).m.state.units.a1!.position
    expect(moved.y).toBeCloseTo(3, 1)
    let m = startSmr(smrScenario([unit('a1', 'a', 'L', 24, 10), unit('b1', 'b', 'L', 24, 40)], hill))
    m = act(m, { type: 'rollInitiative', sideId: 'a' }).m
    expect(m.state.phase).toBe('turn')
    expect(m.state.units.a1!.position).toEqual(moved)
  })

  it('SMR-GEOM-01 / SMR-GEOM-03: arcs turn with the facing: target facing east, firer due east → front, due west → rear, due north → flank', () => {
    const at = (x: number, z: number) => [
      unit('a1', 'a', 'L', x, z, { weapon: 'bow' }),
      unit('b1', 'b', 'H', 24, 24, { facingDeg: 90 }),
    ]
    expect(fire(at(30, 24), 'a1', 'b1', 7).res.arc).toBe('front')
    expect(fire(at(18, 24), 'a1', 'b1', 7).res.arc).toBe('rear')
    expect(fire(at(24, 18), 'a1', 'b1', 7).res.arc).toBe('flank')
  })

  it('SMR-GEOM-01 / SMR-GEOM-03: a facing written as −90° or 450° is the same as 270° or 90°', () => {
    const at = (x: number, facingDeg: number) => [
      unit('a1', 'a', 'L', x, 24, { weapon: 'bow' }),
      unit('b1', 'b', 'H', 24, 24, { facingDeg }),
    ]
    expect(fire(at(18, -90), 'a1', 'b1', 7).res.arc).toBe('front')
    expect(fire(at(30, -90), 'a1', 'b1', 7).res.arc).toBe('rear')
    expect(fire(at(30, 450), 'a1', 'b1', 7).res.arc).toBe('front')
    expect(fire(at(18, 450), 'a1', 'b1', 7).res.arc).toBe('rear')
  })

  // Target b1 (H) at (24,24) facing north; firer a1 on a bearing from it. Exact diagonals use equal offsets.
  const arcCases: [string, { x: number; z: number }, 'front' | 'flank' | 'rear'][] = [
    ['0° (dead ahead)', { x: 24, z: 18 }, 'front'],
    ['30°', onBearing(24, 24, 30, 7), 'front'],
    ['45° north-east (boundary counts as front, E01)', { x: 30, z: 18 }, 'front'],
    ['46°', onBearing(24, 24, 46, 7), 'flank'],
    ['90° due east (E01)', { x: 30, z: 24 }, 'flank'],
    ['134°', onBearing(24, 24, 134, 7), 'flank'],
    ['136°', onBearing(24, 24, 136, 7), 'rear'],
    ['180° (dead behind)', { x: 24, z: 30 }, 'rear'],
    ['202.5° south-south-west (E01)', onBearing(24, 24, 202.5, 7), 'rear'],
    ['224°', onBearing(24, 24, 224, 7), 'rear'],
    ['226°', onBearing(24, 24, 226, 7), 'flank'],
    ['270° due west', { x: 18, z: 24 }, 'flank'],
    ['314°', onBearing(24, 24, 314, 7), 'flank'],
    ['315° north-west (boundary counts as front)', { x: 18, z: 18 }, 'front'],
    ['316°', onBearing(24, 24, 316, 7), 'front'],
  ]
  for (const [label, p, arc] of arcCases)
    it(`SMR-GEOM-03 / SMR-GEOM-E01: a firer at ${label} of a north-facing target is in its ${arc} arc`, () => {
      const units = [unit('a1', 'a', 'L', p.x, p.z, { weapon: 'bow' }), unit('b1', 'b', 'H', 24, 24)]
      const r = fire(units, 'a1', 'b1', 7)
      expect(r.res.arc).toBe(arc)
      expect(r.res.total).toBe(arc === 'rear' ? 9 : 7)
    })

  it('SMR-GEOM-03: the rear arc is "within 45° either side" of the back, so its boundaries (135°, 225°) are rear', () => {
    for (const p of [
      { x: 30, z: 30 },
      { x: 18, z: 30 },
    ]) {
      const units = [unit('a1', 'a', 'L', p.x, p.z, { weapon: 'bow' }), unit('b1', 'b', 'H', 24, 24)]
      expect(fire(units, 'a1', 'b1', 7).res.arc, JSON.stringify(p)).toBe('rear')
    }
  })

  it('SMR-GEOM-03: the firer’s base centre decides, not the nearest part of its base (a horse archer at 128° reaching past 135°)', () => {
    const p = onBearing(24, 24, 128, 5)
    // Long side of the cavalry base tangential: its ends lie about 11° either side of its centre's bearing.
    const units = [
      unit('a1', 'a', 'L', p.x, p.z, { weapon: 'bow', mount: 'horse', facingDeg: 218 }),
      unit('b1', 'b', 'H', 24, 24),
    ]
    expect(fire(units, 'a1', 'b1', 7).res.arc).toBe('flank')
    const q = onBearing(24, 24, 142, 5)
    const units2 = [
      unit('a1', 'a', 'L', q.x, q.z, { weapon: 'bow', mount: 'horse', facingDeg: 232 }),
      unit('b1', 'b', 'H', 24, 24),
    ]
    expect(fire(units2, 'a1', 'b1', 7).res.arc).toBe('rear')
  })

  it('SMR-GEOM-03 / §0.3 frontArcHalfAngle: at 60°, a firer at 50° is in front, at 61° on the flank', () => {
    const more = { settings: { frontArcHalfAngle: 60 } }
    const at = (deg: number) => {
      const p = onBearing(24, 24, deg, 7)
      return [unit('a1', 'a', 'L', p.x, p.z, { weapon: 'bow' }), unit('b1', 'b', 'H', 24, 24)]
    }
    expect(fire(at(50), 'a1', 'b1', 7, more).res.arc).toBe('front')
    expect(fire(at(61), 'a1', 'b1', 7, more).res.arc).toBe('flank')
    expect(fire(at(50), 'a1', 'b1', 7).res.arc).toBe('flank')
  })

  it('SMR-GEOM-03 / §0.3 rearArcHalfAngle: at 60° a firer at 125° is behind (+2); at 30° a firer at 140° is on the flank', () => {
    const at = (deg: number) => {
      const p = onBearing(24, 24, deg, 7)
      return [unit('a1', 'a', 'L', p.x, p.z, { weapon: 'bow' }), unit('b1', 'b', 'H', 24, 24)]
    }
    expect(fire(at(125), 'a1', 'b1', 7, { settings: { rearArcHalfAngle: 60 } }).res).toMatchObject({
      arc: 'rear',
      total: 9,
    })
    expect(fire(at(140), 'a1', 'b1', 7, { settings: { rearArcHalfAngle: 30 } }).res).toMatchObject({
      arc: 'flank',
      total: 7,
    })
  })

  it('SMR-GEOM-05: face-to-face units are front to each other whatever the angle (no flank bonus in melee)', () => {
    // b1 touches a1's front but faces east: a1's centre lies on b1's flank, yet the pair is face-to-face.
    let m = inStep(
      startSmr(smrScenario([unit('a1', 'a', 'L', 24, 10), unit('b1', 'b', 'L', 24, 10 + FOOT_IN + 0.05)])),
      'movement',
      'a',
    )
    m = withUnits(m, { a1: { faceToFace: 'b1' }, b1: { faceToFace: 'a1', facingDeg: 90 } })
    m = act(m, { type: 'endMovement', sideId: 'a' }).m
    m = loadDice(m, facesFor([7, 7]))
    const r = act(m, { type: 'endMovement', sideId: 'b' })
    const attacks = ofType(r.events, 'AttackResolved').filter((e) => e.kind === 'melee')
    expect(attacks.map((e) => e.attackerId).sort()).toEqual(['a1', 'b1'])
    for (const e of attacks) expect(e, e.attackerId).toMatchObject({ arc: 'front', needed: 9, natural: 7, total: 7 })
  })

  it('SMR-GEOM-06: a charge moves straight to where the bases first touch, and the two untouched units end face-to-face', () => {
    const gap = 3
    let m = inStep(
      startSmr(smrScenario([unit('a1', 'a', 'L', 24, 10), unit('b1', 'b', 'L', 24, 10 + FOOT_IN + gap)])),
      'movement',
      'b',
      { firstSide: 'b' },
    )
    const r = act(m, { type: 'charge', unitId: 'b1', targetId: 'a1' })
    m = r.m
    const moved = ofType(r.events, 'UnitMoved').find((e) => e.unitId === 'b1')!
    expect(moved.distanceIn).toBeGreaterThanOrEqual(gap - 0.1 - 1e-9)
    expect(moved.distanceIn).toBeLessThanOrEqual(gap + 1e-9)
    const b1 = m.state.units.b1!
    expect(b1.position.x).toBeCloseTo(24, 2)
    const finalGap = b1.position.z - 10 - FOOT_IN
    expect(finalGap).toBeGreaterThanOrEqual(-1e-9)
    expect(finalGap).toBeLessThanOrEqual(0.1 + 1e-9)
    expect(b1.faceToFace).toBe('a1')
    expect(m.state.units.a1!.faceToFace).toBe('b1')
  })

  it('SMR-GEOM-06: a move whose path crosses another base is refused, state unchanged', () => {
    const m = inStep(
      startSmr(smrScenario([unit('a1', 'a', 'L', 10, 5), unit('b1', 'b', 'L', 24, 30), unit('b2', 'b', 'L', 24, 28)])),
      'movement',
      'b',
      { firstSide: 'b' },
    )
    const clause = refusal(m, { type: 'moveUnit', unitId: 'b1', path: [{ x: 24, z: 26.5 }] })
    expect(['SMR-MOVE-06', 'SMR-GEOM-06']).toContain(clause)
  })

  it('SMR-GEOM-07 / SMR-ROUT-03: a unit routed by fire runs straight toward its own edge, perpendicular to it, a full move', () => {
    // The firer is to the north-west; the routed light infantryman (4") still runs due south, x unchanged.
    const units = [unit('a1', 'a', 'L', 26, 18, { weapon: 'bow' }), unit('b1', 'b', 'L', 30, 24)]
    const r = fire(units, 'a1', 'b1', 3)
    const rout = ofType(r.events, 'UnitMoved').find((e) => e.unitId === 'b1' && e.reason === 'rout')!
    expect(rout.to.x).toBeCloseTo(30, 2)
    expect(rout.to.z).toBeCloseTo(28, 2)
    expect(rout.distanceIn).toBeCloseTo(4, 2)
    expect(rout.facingDeg).toBeCloseTo(180, 1)
    expect(r.m.state.units.b1).toMatchObject({ routed: true, status: 'ok' })
  })

  it('SMR-GEOM-07: a side whose edge is west routs due west (heavy cavalry: 5")', () => {
    const units = [
      unit('a1', 'a', 'L', 30, 20, { weapon: 'bow' }),
      unit('b1', 'b', 'H', 20, 24, { mount: 'horse', facingDeg: 90 }),
    ]
    const r = fire(units, 'a1', 'b1', 2, {
      sides: [
        { id: 'a', name: 'Side A', edge: 'north', leaderId: 'a1' },
        { id: 'b', name: 'Side B', edge: 'west', leaderId: 'b1' },
      ],
    })
    const rout = ofType(r.events, 'UnitMoved').find((e) => e.unitId === 'b1' && e.reason === 'rout')!
    expect(rout.to.x).toBeCloseTo(15, 2)
    expect(rout.to.z).toBeCloseTo(24, 2)
    expect(rout.facingDeg).toBeCloseTo(270, 1)
  })

  it('SMR-GEOM-07: a side-a unit (north edge) routed by fire runs due north', () => {
    const units = [unit('a1', 'a', 'P', 20, 12), unit('b1', 'b', 'L', 26, 20, { weapon: 'sling' })]
    const r = fire(units, 'b1', 'a1', 4)
    const rout = ofType(r.events, 'UnitMoved').find((e) => e.unitId === 'a1' && e.reason === 'rout')!
    expect(rout.to.x).toBeCloseTo(20, 2)
    expect(rout.to.z).toBeCloseTo(8, 2)
    expect(rout.facingDeg).toBeCloseTo(0, 1)
  })
})
