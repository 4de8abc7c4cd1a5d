import { describe, expect, it } from 'vitest'
import { applyRule, inTurn, newMatch, withFigure, withTeam } from '../../../tests/fixtures/play'
import { convoyScenario } from '../../../tests/fixtures/scenarios'
import type { GameEvent } from './events/events'
import { dispatch, type Match } from './match'
import { DEVIATION_TABLE, deviatedPoint } from './explosives'
import { hullImpactPoint } from './vehicle-hits'
import { hitFigure } from './damage-flow'
import { previewFire } from './queries/fire-preview'

type Of<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>
const ofType = <T extends GameEvent['type']>(es: readonly GameEvent[], t: T): Of<T>[] =>
  es.filter((e): e is Of<T> => e.type === t)

/**
 * The convoy's halftrack (centre (24, 40), 3" long facing north, 1.5" wide)
 * with two Blue riflemen on foot beside it, one by its front corner and one
 * 5" off; Red's rifleman 9" north of it with a bazooka, acting at B7. Its
 * crew (2) and rifles (3) are aboard; `openTopped: false` shuts them in.
 */
function bazookaAtHalftrack(seed: number, openTopped = true): Match {
  const base = convoyScenario()
  const scenario = convoyScenario({
    vehicles: base.vehicles.map((v) => (v.id === 'ht' ? { ...v, openTopped } : v)),
    teams: [
      ...base.teams,
      {
        id: 'b-walk',
        name: 'Blue on foot',
        sideId: 'blue',
        figures: [
          { id: 'w-near', name: 'Near', position: { x: 25.3, z: 38.5 } },
          { id: 'w-far', name: 'Far', position: { x: 30, z: 37 } },
        ],
      },
    ],
  })
  let m = newMatch(seed, scenario)
  m = withFigure(m, 'r-1', { position: { x: 24, y: 0, z: 31 }, weapons: ['bazooka'] })
  m = withFigure(m, 'r-2', { position: { x: 2, y: 0, z: 4 } })
  m = withTeam(m, 'r-rifles', { ammo: { bazooka: 2 } })
  return inTurn(m, 'r-rifles', 7)
}

const fireBazooka = (m: Match) =>
  dispatch(m, {
    type: 'directFire',
    teamId: 'r-rifles',
    targetTeamId: 'b-crew',
    atVehicle: true,
    firerIds: ['r-1'],
    weapons: { 'r-1': 'bazooka' },
  })

describe('explosive rounds at a vehicle (SMLE-EXP-03/05/11/12)', () => {
  it('the round strikes the hull where the firer’s line meets it', () => {
    const v = bazookaAtHalftrack(1).state.vehicles.ht!
    expect(hullImpactPoint(v, { x: 24, z: 31 })).toEqual({ x: 24, y: v.position.y, z: 38.5 })
    // From due east, the side: half the width from the centre.
    expect(hullImpactPoint(v, { x: 34, z: 40 })).toMatchObject({ x: 24.75, z: 40 })
    // A firer touching the hull: the point is on the hull, never beyond the firer.
    expect(hullImpactPoint(v, { x: 24, z: 39 })).toMatchObject({ x: 24, z: 39 })
  })

  it('SMLE-EXP-11 / SMLE-EXP-03 / SMLE-VEH-16: a bazooka hit on a closed vehicle damages it and bursts on the figures around it, not on those shut inside or out of range', () => {
    let hits = 0
    for (let seed = 1; seed <= 30; seed++) {
      const r = fireBazooka(bazookaAtHalftrack(seed, false))
      if (!r.decision.ok) throw new Error(r.decision.reason.message)
      const evs = r.decision.events
      if (!ofType(evs, 'ShotResolved')[0]?.success) continue
      hits++
      const boom = ofType(evs, 'Explosion')
      expect(boom).toHaveLength(1)
      expect(boom[0]).toMatchObject({ at: { x: 24, z: 38.5 }, radiusIn: 2, impactFigureId: null, deviated: false })
      expect(ofType(evs, 'VehicleDamaged')).toHaveLength(1)
      const defended = ofType(evs, 'DiceRolled').filter((e) => e.purpose === 'damage defence')
      // 1.3" from the impact point to Near's centre, less its base: within 1" → 2 attacks of 1D (SMLE-EXP-04).
      // (The second is lost if the first kills him.)
      const killed = ofType(evs, 'FigureStatusChanged').some((e) => e.figureId === 'w-near' && e.status === 'dead')
      expect(defended.map((e) => e.figureId)).toEqual(
        killed && defended.length === 1 ? ['w-near'] : ['w-near', 'w-near'],
      )
      expect(ofType(evs, 'FireReceived').some((e) => e.teamId === 'b-walk' && e.explosive)).toBe(true)
    }
    expect(hits).toBeGreaterThan(3)
  })

  it('SMLE-VEH-16 / SMLE-EXP-03 / SMLE-GEN-05: the burst of a hit on an open-topped halftrack catches everyone aboard, measured to its hull (0" from the point of impact: 2 attacks each)', () => {
    let hits = 0
    const aboard = ['b-driver', 'b-gunner', 'b-1', 'b-2', 'b-3']
    for (let seed = 1; seed <= 30; seed++) {
      const r = fireBazooka(bazookaAtHalftrack(seed, true))
      if (!r.decision.ok) throw new Error(r.decision.reason.message)
      const evs = r.decision.events
      if (!ofType(evs, 'ShotResolved')[0]?.success) continue
      hits++
      const defended = ofType(evs, 'DiceRolled').filter((e) => e.purpose === 'damage defence')
      const dead = new Set(
        ofType(evs, 'FigureStatusChanged')
          .filter((e) => e.status === 'dead')
          .map((e) => e.figureId),
      )
      for (const id of aboard) {
        const n = defended.filter((e) => e.figureId === id).length
        // Two 1D B attacks each (the second is lost if the first kills him); none lost to a wreck's bail-out roll.
        expect(n, id).toBe(dead.has(id) && n === 1 ? 1 : 2)
      }
      for (const t of ['b-crew', 'b-rifles'])
        expect(ofType(evs, 'FireReceived').some((e) => e.teamId === t && e.explosive)).toBe(true)
    }
    expect(hits).toBeGreaterThan(3)
  })

  it('SMLE-EXP-12 / SMLE-EXP-05: a bazooka miss at a vehicle deviates along the firer’s line and only bursts where it lands', () => {
    let misses = 0
    for (let seed = 1; seed <= 40; seed++) {
      const r = fireBazooka(bazookaAtHalftrack(seed, false))
      if (!r.decision.ok) throw new Error(r.decision.reason.message)
      const evs = r.decision.events
      if (ofType(evs, 'ShotResolved')[0]?.success !== false) continue
      misses++
      const face = ofType(evs, 'DiceRolled').find((e) => e.purpose === 'deviation')?.faces[0] as 1 | 2 | 3 | 4 | 5 | 6
      expect(face).toBeGreaterThanOrEqual(1)
      const boom = ofType(evs, 'Explosion')
      expect(boom).toHaveLength(1)
      const expected = deviatedPoint({ x: 24, z: 31 }, { x: 24, z: 38.5 }, DEVIATION_TABLE[face])
      expect(boom[0]?.deviated).toBe(true)
      expect(boom[0]?.at.x).toBeCloseTo(expected.x, 6)
      expect(boom[0]?.at.z).toBeCloseTo(expected.z, 6)
      // Only the burst: the vehicle takes nothing.
      expect(ofType(evs, 'VehicleDamaged')).toHaveLength(0)
      expect(
        ofType(evs, 'DiceRolled')
          .filter((e) => e.purpose === 'damage defence')
          .every((e) => e.figureId === 'w-near'),
      ).toBe(true)
    }
    expect(misses).toBeGreaterThan(3)
  })
})

describe('a vehicle hull-down (SMLE-VEH-18)', () => {
  /** The halftrack with a stone wall or a hedge across its front, Red's rifleman 12" north of it. */
  function behind(feature: 'stoneWall' | 'hedge' | null, wallZ = 37.6): Match {
    const scenario = convoyScenario(
      feature
        ? {
            linearFeatures: [
              {
                id: 'cover',
                kind: feature,
                points: [
                  { x: 20, z: wallZ },
                  { x: 28, z: wallZ },
                ],
              },
            ],
          }
        : {},
    )
    let m = newMatch(1, scenario)
    m = withFigure(m, 'r-1', { position: { x: 24, y: 0, z: 28 } })
    m = withFigure(m, 'r-2', { position: { x: 25, y: 0, z: 28 } })
    return inTurn(m, 'r-rifles', 7)
  }
  const coverMods = (m: Match) => {
    const p = previewFire(m.state, m.world, {
      type: 'directFire',
      teamId: 'r-rifles',
      targetTeamId: 'b-crew',
      atVehicle: true,
    })
    if (!p.ok) throw new Error(p.reason.message)
    return p.value.firers.map((f) =>
      f.modifiers.filter((x) => x.clause === 'SMLE-SHOOT-21' || x.clause === 'SMLE-SHOOT-22').map((x) => x.value),
    )
  }

  it('SMLE-VEH-18: behind a stone wall at its front, the vehicle is hull-down in hard cover: every firer’s roll takes −3', () => {
    expect(coverMods(behind('stoneWall'))).toEqual([[-3], [-3]])
    // The −3 is in the roll the dice are thrown against, too.
    const r = dispatch(behind('stoneWall'), {
      type: 'directFire',
      teamId: 'r-rifles',
      targetTeamId: 'b-crew',
      atVehicle: true,
    })
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    const rolls = ofType(r.decision.events, 'DiceRolled').filter((e) => e.purpose.startsWith('to hit'))
    expect(rolls.every((e) => e.modifiers.some((x) => x.clause === 'SMLE-SHOOT-21' && x.value === -3))).toBe(true)
  })

  it('SMLE-VEH-18: in the open, or with the wall far from it (not hull-down), no cover modifier', () => {
    expect(coverMods(behind(null))).toEqual([[], []])
    expect(coverMods(behind('stoneWall', 31))).toEqual([[], []])
  })

  it('SMLE-VEH-18: [decision] only hard cover makes a vehicle hull-down: a hedge across its front gives nothing', () => {
    expect(coverMods(behind('hedge'))).toEqual([[], []])
  })
})

describe('a Lucky hero beside a vehicle (SMLE-HERO-04, SMLE-VEH-16, SMLE-GEN-05)', () => {
  /** Red's r-1, a Lucky hero, 0.5" ahead of the halftrack's front edge (1.5" from those aboard, centre to edges); his mate `mateGapIn` from him. */
  const luckyBeside = (openTopped: boolean, mateGapIn: number): Match => {
    const base = convoyScenario()
    const scenario = convoyScenario({
      settings: { optional: { heroes: true } },
      vehicles: base.vehicles.map((v) => (v.id === 'ht' ? { ...v, openTopped } : v)),
    } as Parameters<typeof convoyScenario>[0])
    let m = newMatch(1, scenario)
    m = withFigure(m, 'r-1', { position: { x: 24, y: 0, z: 37.5 }, hero: { grade: 1, lucky: true } as never })
    return withFigure(m, 'r-2', { position: { x: 24, y: 0, z: 37.5 - 1 - mateGapIn } })
  }
  const hitLucky = (m: Match) =>
    applyRule(m, (log, world) =>
      hitFigure(
        log,
        world,
        'r-1',
        { column: 'B', damage: { dice: 1, plus: 0 } },
        {
          firerId: null,
          firerHeroGrade: 0,
          byHero: false,
          byMonsterInCloseAssault: false,
          explosive: false,
          byFire: true,
          cause: 'test',
        },
      ),
    ).events.filter((e) => e.type === 'FigureStatusChanged')

  it('SMLE-VEH-16: a closed vehicle protects those inside completely: the hit goes to the nearest figure outside (2" off, though those inside are nearer)', () => {
    expect(hitLucky(luckyBeside(false, 2)).map((e) => e.figureId)).toEqual(['r-2'])
  })
  it('SMLE-GEN-05 / SMLE-VEH-16: in an open-topped vehicle, those aboard are 0.5" away (measured to its hull), nearer than the man 1.2" off', () => {
    const [e] = hitLucky(luckyBeside(true, 1.2))
    expect(['b-driver', 'b-gunner', 'b-1', 'b-2', 'b-3']).toContain(e?.figureId)
  })
})
