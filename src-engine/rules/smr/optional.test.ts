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
import { bearingDeg } from '../../world/facing'

const Z = 20
type U = ReturnType<typeof unit>
function locked(units: U[], pairs: [string, string][], settings: object) {
  const m = inStep(startSmr(smrScenario(units, { settings })), 'movement', 'b')
  const patch: Record<string, { faceToFace: string; target: string }> = {}
  for (const [x, y] of pairs) {
    patch[x] = { faceToFace: y, target: y }
    patch[y] = { faceToFace: x, target: x }
  }
  return withUnits(m, patch)
}
const fight = (m: ReturnType<typeof locked>, faces: number[]) =>
  act(loadDice(m, faces), { type: 'endMovement', sideId: 'b' })
const rage = { optional: { battleRage: true } }

describe('SMR optional rule #1: Battle Rage', () => {
  it('SMR-OPT-01 / SMR-OPT-02 / SMR-OPT-E02: a light infantryman rolls 12 and kills; he moves to a new peasant and attacks at +2: 7 + 2 = 9 ≥ 8 kills; no hero', () => {
    const m = locked(
      [
        unit('A', 'a', 'L', 24, Z),
        unit('B1', 'b', 'P', 24, Z + FOOT_IN, { facingDeg: 0 }),
        unit('B2', 'b', 'P', 27, Z + 2, { facingDeg: 0 }),
      ],
      [['A', 'B1']],
      rage,
    )
    const r = fight(m, [6, 6, 3, 3])
    expect(ofType(r.events, 'BonusGranted')).toEqual([
      { type: 'BonusGranted', unitId: 'A', reason: 'rage', lastTargetId: 'B1' },
    ])
    expect(r.m.state).toMatchObject({ step: 'bonus', actingSide: 'a' })
    const bonus = act(loadDice(r.m, [3, 4]), { type: 'bonusAttack', unitId: 'A', targetId: 'B2' })
    expect(ofType(bonus.events, 'UnitMoved')[0]).toMatchObject({ unitId: 'A', reason: 'bonus' })
    expect(ofType(bonus.events, 'DiceRolled')[0]!.modifiers).toContainEqual({
      label: 'battle rage',
      value: 2,
      clause: 'SMR-OPT-02',
    })
    expect(ofType(bonus.events, 'AttackResolved')[0]).toMatchObject({
      kind: 'bonus',
      needed: 8,
      natural: 7,
      total: 9,
      killed: true,
    })
    expect(bonus.m.state.units.A?.hero).toBe(false)
    expect(bonus.m.state.units.B2?.status).toBe('killed')
  })

  it('SMR-OPT-02: the bonus is against a new target, and may be given up when none can be reached', () => {
    const m = locked(
      [
        unit('A', 'a', 'L', 24, Z),
        unit('B1', 'b', 'P', 24, Z + FOOT_IN, { facingDeg: 0 }),
        unit('B2', 'b', 'P', 40, 40, { facingDeg: 0 }),
      ],
      [['A', 'B1']],
      rage,
    )
    const r = fight(m, [6, 6, 3, 3])
    expect(refusal(r.m, { type: 'bonusAttack', unitId: 'A', targetId: 'B2' })).toBe('SMR-MOVE-04')
    const gone = act(r.m, { type: 'forgoBonus', unitId: 'A' })
    expect(gone.m.state.step).toBe('order')
  })

  it('SMR-OPT-03 / SMR-OPT-04: a second 12 on the bonus attack makes a hero: +2 on his attacks and a bonus move and attack every Melee Event', () => {
    const m = locked(
      [
        unit('A', 'a', 'L', 24, Z),
        unit('B1', 'b', 'P', 24, Z + FOOT_IN, { facingDeg: 0 }),
        unit('B2', 'b', 'P', 27, Z + 2, { facingDeg: 0 }),
      ],
      [['A', 'B1']],
      rage,
    )
    const r = fight(m, [6, 6, 3, 3])
    const hero = act(loadDice(r.m, [6, 6]), { type: 'bonusAttack', unitId: 'A', targetId: 'B2' })
    expect(ofType(hero.events, 'HeroMade')).toEqual([{ type: 'HeroMade', unitId: 'A' }])
    expect(hero.m.state.units.A?.hero).toBe(true)
    const next = locked(
      [unit('A', 'a', 'L', 24, Z), unit('C', 'b', 'H', 24, Z + FOOT_IN, { facingDeg: 0 }), unit('D', 'b', 'P', 30, 30)],
      [['A', 'C']],
      rage,
    )
    const r2 = fight(withUnits(next, { A: { hero: true } }), [3, 3, 3, 3])
    expect(ofType(r2.events, 'DiceRolled')[0]!.modifiers).toContainEqual({
      label: 'hero',
      value: 2,
      clause: 'SMR-OPT-04',
    })
    expect(ofType(r2.events, 'BonusGranted')).toEqual([
      { type: 'BonusGranted', unitId: 'A', reason: 'hero', lastTargetId: 'C' },
    ])
  })

  it("SMR-OPT-05 / SMR-OPT-E01: a hero stays a hero for the rest of the game (the campaign upgrade between battles is the players' to make with the next scenario)", () => {
    const m = locked(
      [unit('A', 'a', 'P', 24, Z), unit('C', 'b', 'H', 24, Z + FOOT_IN, { facingDeg: 0 }), unit('D', 'b', 'P', 40, 40)],
      [['A', 'C']],
      rage,
    )
    const r = fight(withUnits(m, { A: { hero: true } }), [3, 3, 3, 3])
    const after = act(r.m, { type: 'forgoBonus', unitId: 'A' })
    expect(after.m.state.units.A?.hero).toBe(true)
  })

  it('SMR-SETUP-01: with Battle Rage not in use a natural 12 earns no bonus', () => {
    const m = locked(
      [
        unit('A', 'a', 'L', 24, Z),
        unit('B1', 'b', 'P', 24, Z + FOOT_IN, { facingDeg: 0 }),
        unit('B2', 'b', 'P', 27, Z + 2),
      ],
      [['A', 'B1']],
      {},
    )
    expect(ofType(fight(m, [6, 6, 3, 3]).events, 'BonusGranted')).toEqual([])
  })
})

describe('SMR optional rule #2: No-Leader Morale Check', () => {
  const armies = (friends: number, foes: number, settings: object) => {
    const us = [
      unit('lead', 'a', 'L', 24, Z),
      ...Array.from({ length: friends - 1 }, (_, i) => unit(`a${i}`, 'a', 'L', 6 + i * 3, 12)),
    ]
    const them = [
      unit('B1', 'b', 'L', 24, Z + FOOT_IN, { facingDeg: 0 }),
      ...Array.from({ length: foes - 1 }, (_, i) => unit(`b${i}`, 'b', 'L', 4 + i * 3, 40)),
    ]
    return locked([...us, ...them], [['lead', 'B1']], settings)
  }
  const nlm = { optional: { noLeaderMorale: true } }

  it('SMR-OPT-10 / SMR-OPT-11 / SMR-OPT-E10: the leader dies leaving 6 units against the enemy’s 8 (counted after the removals): a roll of 2 makes a general retreat; every unit routs', () => {
    const r = fight(armies(7, 8, nlm), [3, 3, 6, 6, 2])
    expect(r.m.state.units.lead?.status).toBe('killed')
    expect(ofType(r.events, 'DiceRolled')[2]).toMatchObject({ faces: [2] })
    expect(ofType(r.events, 'MoraleResult')).toEqual([{ type: 'MoraleResult', sideId: 'a', result: 'retreat' }])
    expect(
      ofType(r.events, 'UnitRouted')
        .map((e) => e.unitId)
        .sort(),
    ).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5'])
  })

  it('SMR-OPT-E10: with the enemy 6 units and friends 6 (after the leader’s removal) there is no check', () => {
    const r = fight(armies(7, 6, nlm), [3, 3, 6, 6, 2])
    expect(ofType(r.events, 'MoraleResult')).toEqual([])
    expect(ofType(r.events, 'DiceRolled')).toHaveLength(2)
  })

  it('SMR-OPT-12: with honouredLeader, a 4–6 makes the side fight harder: +1 on its melee rolls for the rest of the game', () => {
    const r = fight(armies(7, 8, { optional: { noLeaderMorale: true, honouredLeader: true } }), [3, 3, 6, 6, 5])
    expect(ofType(r.events, 'MoraleResult')).toEqual([{ type: 'MoraleResult', sideId: 'a', result: 'honoured' }])
    expect(r.m.state.honoured).toEqual(['a'])
    const again = locked(
      [unit('x', 'a', 'L', 24, Z), unit('y', 'b', 'L', 24, Z + FOOT_IN, { facingDeg: 0 })],
      [['x', 'y']],
      {},
    )
    const r2 = fight({ ...again, state: { ...again.state, honoured: ['a'] } }, [3, 3, 3, 3])
    expect(ofType(r2.events, 'DiceRolled')[0]!.modifiers).toEqual([
      { label: 'honoured leader', value: 1, clause: 'SMR-OPT-12' },
    ])
  })
})

describe('SMR optional rule #3: The Standard', () => {
  it('SMR-OPT-20 / SMR-OPT-21: a routed unit runs toward its standard bearer rather than its edge', () => {
    const units = [
      unit('archer', 'b', 'L', 24, 30, { weapon: 'bow', facingDeg: 0 }),
      unit('P', 'a', 'P', 24, 22),
      unit('flag', 'a', 'L', 36, 18),
    ]
    const sc = (on: boolean) =>
      smrScenario(units, {
        settings: { optional: { standard: on } },
        sides: [
          { id: 'a', name: 'A', edge: 'north', leaderId: 'P', standardId: 'flag' },
          { id: 'b', name: 'B', edge: 'south', leaderId: 'archer' },
        ],
      })
    const shoot = (on: boolean) =>
      act(loadDice(inStep(startSmr(sc(on)), 'missiles', 'b', { firstSide: 'b' }), [1, 1]), {
        type: 'declareMissiles',
        sideId: 'b',
        shots: [{ unitId: 'archer', targetId: 'P' }],
      })
    const toward = ofType(shoot(true).events, 'UnitMoved')[0]!
    expect(toward.facingDeg).toBeCloseTo(bearingDeg({ x: 24, z: 22 }, { x: 36, z: 18 }), 6)
    expect(ofType(shoot(false).events, 'UnitMoved')[0]!.facingDeg).toBe(0)
  })
})

describe('SMR optional rule #4: bashing down doors', () => {
  const keep = (more: { axe?: boolean; doorBashing?: boolean } = {}) =>
    inStep(
      startSmr(
        smrScenario(
          [
            unit('axe', 'a', 'H', 23, 24 + FOOT_IN / 2 + 0.02, { facingDeg: 0, axe: more.axe ?? true }),
            unit('B', 'b', 'L', 44, 46),
          ],
          {
            buildings: [
              {
                id: 'keep',
                x: 20,
                z: 20,
                widthIn: 6,
                depthIn: 4,
                doors: [{ id: 'keep-door', wall: 'south', offsetIn: 3, state: 'locked' }],
              },
            ],
            doorKinds: { 'keep-door': 'smallKeep' },
            settings: { optional: { doorBashing: more.doorBashing ?? true } },
          },
        ),
      ),
      'movement',
      'a',
    )

  it('SMR-OPT-30 / SMR-OPT-E30: an axeman bashes a small keep door over four turns rolling 10, 7, 11, 12: it breaks on turn 4', () => {
    let m = keep()
    const results: boolean[] = []
    for (const [turn, faces] of [
      [1, [4, 6]],
      [2, [3, 4]],
      [3, [5, 6]],
      [4, [6, 6]],
    ] as const) {
      if (turn > 1) {
        m = act(m, { type: 'chooseOrder', sideId: m.state.chooser!, firstSideId: 'a' }).m
        expect(m.state.actingSide).toBe('a')
      }
      m = act(m, { type: 'bashDoor', unitId: 'axe', doorId: 'keep-door' }).m
      m = act(m, { type: 'endMovement', sideId: 'a' }).m
      const r = act(loadDice(m, faces), { type: 'endMovement', sideId: 'b' })
      const bashed = ofType(r.events, 'DoorBashed')[0]!
      results.push(bashed.broken)
      expect(bashed.successes).toBe([1, 1, 2, 3][turn - 1])
      m = r.m
    }
    expect(results).toEqual([false, false, false, true])
    expect(m.state.doors['keep-door']?.state).toBe('broken')
  })

  it('SMR-OPT-31: a keep door needs an axe; SMR-SETUP-01: no bashing unless the rule is agreed', () => {
    expect(refusal(keep({ axe: false }), { type: 'bashDoor', unitId: 'axe', doorId: 'keep-door' })).toBe('SMR-OPT-31')
    expect(refusal(keep({ doorBashing: false }), { type: 'bashDoor', unitId: 'axe', doorId: 'keep-door' })).toBe(
      'SMR-SETUP-01',
    )
  })
})
