import { describe, expect, it } from 'vitest'
import {
  applyRule,
  awaitingTurns,
  inTurn,
  newMatch,
  play,
  refusedClause,
  withFigure,
  withTeam,
} from '../../../../tests/fixtures/play'
import { selectNextUnit } from '../sequence'
import { convoyScenario, sectionScenario } from '../../../../tests/fixtures/scenarios'
import type { GameEvent } from '../events/events'
import type { Match } from '../match'
import { dispatch } from '../match'
import { legalCommands } from '../queries/legal-commands'
import { hitVehicle } from '../vehicle-hits'
import { requireWeapon } from '../weapons'

const ofType = <T extends GameEvent['type']>(m: Match, t: T) =>
  m.entries.flatMap((e) => e.events).filter((e): e is Extract<GameEvent, { type: T }> => e.type === t)

/** Blue HQ 5" from Red A in the open, the sergeant with two grenades. */
function grenadeRange(seed: number): Match {
  let m = newMatch(seed, sectionScenario())
  for (const [id, x, z] of [
    ['b-sgt', 4, 20],
    ['b-r1', 6, 20],
    ['b-r2', 8, 20],
    ['r-cpl', 4, 15],
    ['r-a1', 6, 15],
    ['r-a2', 8, 15],
  ] as const)
    m = withFigure(m, id, { position: { x, y: 0, z } })
  m = withFigure(m, 'b-sgt', { weapons: ['smg', 'hand-grenade'] })
  return withTeam(m, 'b-hq', { ammo: { 'hand-grenade': 2 } })
}

describe('explosives in direct fire (§12)', () => {
  it('SMLE-EXP-11 / SMLE-EXP-12 / SMLE-WPN-11: a thrown grenade bursts where it lands (on its target on a hit, deviated on a miss); a round is crossed off', () => {
    let deviated = 0
    let onTarget = 0
    for (let seed = 1; seed <= 12; seed++) {
      const m = play(inTurn(grenadeRange(seed), 'b-hq', 7), [
        {
          type: 'directFire',
          teamId: 'b-hq',
          targetTeamId: 'r-a',
          firerIds: ['b-sgt'],
          weapons: { 'b-sgt': 'hand-grenade' },
        },
      ])
      const boom = ofType(m, 'Explosion')[0]
      expect(boom?.weapon).toBe('hand-grenade')
      expect(boom?.radiusIn).toBe(2)
      if (boom?.deviated) {
        deviated++
        expect(ofType(m, 'DiceRolled').some((e) => e.purpose === 'deviation')).toBe(true)
        expect(boom.impactFigureId).toBeNull()
      } else {
        onTarget++
        expect(boom?.impactFigureId).toBe('r-cpl')
      }
      expect(m.state.teams['b-hq']?.ammo['hand-grenade']).toBe(1)
      // SMLE-EXP-10: anyone in the burst puts his team under explosive fire.
      if (ofType(m, 'DiceRolled').some((e) => e.purpose === 'damage defence'))
        expect(ofType(m, 'FireReceived').some((e) => e.explosive)).toBe(true)
    }
    expect(deviated).toBeGreaterThan(0)
    expect(onTarget).toBeGreaterThan(0)
  })
  it('SMLE-EXP-15 / SMLE-VEH-15: a grenade that misses and deviates long into a wreck lying beyond its target bursts against the wreck, never in or beyond it', () => {
    const halftrack = newMatch(1, convoyScenario()).state.vehicles.ht!
    const throwAt = (seed: number, wreck: boolean): Extract<GameEvent, { type: 'Explosion' }> => {
      let m = inTurn(grenadeRange(seed), 'b-hq', 7)
      // The killed halftrack (3" × 1.5", west–east) 1.6" beyond Red's corporal at (4, 15): its hull spans x 2.5–5.5,
      // z 12.65–14.15, on the far side of the target as the sergeant at (4, 20) sees it.
      if (wreck)
        m = {
          ...m,
          state: {
            ...m.state,
            vehicles: {
              ht: { ...halftrack, status: 'killed', position: { x: 4, y: 0, z: 13.4 }, facingDeg: 90 },
            },
          },
        }
      m = play(m, [
        {
          type: 'directFire',
          teamId: 'b-hq',
          targetTeamId: 'r-a',
          firerIds: ['b-sgt'],
          weapons: { 'b-sgt': 'hand-grenade' },
        },
      ])
      return ofType(m, 'Explosion')[0]!
    }
    let stopped = 0
    for (let seed = 1; seed <= 40; seed++) {
      const boom = throwAt(seed, true)
      if (!boom.deviated || Math.abs(boom.at.x - 4) > 1.5) continue
      expect(boom.at.z).toBeGreaterThanOrEqual(14.15 - 1e-6)
      if (boom.at.z > 14.25) continue
      stopped++
      // Without the wreck the same throw comes down inside the ground it covers or beyond it.
      expect(throwAt(seed, false).at.z).toBeLessThan(14.15)
    }
    expect(stopped).toBeGreaterThan(0)
  })

  it('SMLE-WPN-11: with no grenades left the weapon cannot be thrown', () => {
    const m = withTeam(inTurn(grenadeRange(1), 'b-hq', 7), 'b-hq', { ammo: { 'hand-grenade': 0 } })
    expect(
      refusedClause(m, {
        type: 'directFire',
        teamId: 'b-hq',
        targetTeamId: 'r-a',
        firerIds: ['b-sgt'],
        weapons: { 'b-sgt': 'hand-grenade' },
      }),
    ).toBe('SMLE-WPN-01')
  })
})

describe('indirect fire (§12.3)', () => {
  /** Blue's sergeant (command team) observes for a light mortar in the Bren team. */
  function mortar(seed: number): Match {
    let m = newMatch(seed, sectionScenario())
    m = withFigure(m, 'b-lmg', { weapons: ['light-mortar'], position: { x: 10, y: 0, z: 31 } })
    for (const [id, x, z] of [
      ['b-sgt', 4, 30],
      ['b-r1', 6, 30],
      ['b-r2', 8, 30],
      ['r-cpl', 4, 14],
      ['r-a1', 6, 14],
      ['r-a2', 8, 14],
    ] as const)
      m = withFigure(m, id, { position: { x, y: 0, z } })
    return m
  }
  it('SMLE-IND-01 / SMLE-IND-02 / SMLE-IND-06: a command figure that sees the point calls fire (B6+); both teams spend their attack', () => {
    const m = play(inTurn(mortar(1), 'b-hq', 6), [
      { type: 'callFire', observerId: 'b-sgt', firingTeamId: 'b-bren', point: { x: 6, z: 14 } },
    ])
    expect(m.state.missions).toHaveLength(1)
    expect(m.state.missions[0]).toMatchObject({ arrivesRound: 2, rounds: 1, weaponId: 'light-mortar' })
    expect(m.state.teams['b-hq']?.attack).toBe('indirect')
    expect(m.state.teams['b-bren']?.attack).toBe('indirect')
    expect(
      refusedClause(inTurn(mortar(1), 'b-hq', 5), {
        type: 'callFire',
        observerId: 'b-sgt',
        firingTeamId: 'b-bren',
        point: { x: 6, z: 14 },
      }),
    ).toBe('SMLE-OPT-10')
    expect(
      refusedClause(inTurn(mortar(1), 'b-hq', 6), {
        type: 'callFire',
        observerId: 'b-sgt',
        firingTeamId: 'b-bren',
        point: { x: 6, z: 29 },
      }),
    ).toBe('SMLE-IND-01')
  })
  it('SMLE-IND-03 / SMLE-IND-04 / SMLE-ACT-17: the fire lands the next round in the firing unit\u2019s turn: the observer rolls, a miss deviates double; the unit may not move', () => {
    let landedOnPoint = 0
    let deviated = 0
    for (let seed = 1; seed <= 10; seed++) {
      const called = play(inTurn(mortar(seed), 'b-hq', 6), [
        { type: 'callFire', observerId: 'b-sgt', firingTeamId: 'b-bren', point: { x: 6, z: 14 } },
      ])
      const round2 = {
        ...called,
        state: {
          ...called.state,
          round: 2,
          teams: Object.fromEntries(Object.entries(called.state.teams).map(([id, t]) => [id, { ...t, attack: null }])),
        },
      }
      const r = applyRule(awaitingTurns(round2, { 'b-bren': 7 }), selectNextUnit)
      const roll = r.events.find((e) => e.type === 'DiceRolled' && e.purpose === 'observed fire')
      expect(roll?.type === 'DiceRolled' && roll.figureId).toBe('b-sgt')
      const boom = r.events.find((e) => e.type === 'Explosion')
      expect(boom?.type === 'Explosion' && boom.weapon).toBe('light-mortar')
      if (boom?.type === 'Explosion' && boom.deviated) deviated++
      else landedOnPoint++
      expect(r.match.state.missions).toHaveLength(0)
      // Indirect explosive fire is Explosive only, never Direct.
      for (const e of r.events)
        if (e.type === 'FireReceived') expect(e).toMatchObject({ explosive: true, direct: false })
      expect(r.match.state.teams['b-bren']?.moveOption?.kind).toBe('halted')
    }
    expect(deviated + landedOnPoint).toBe(10)
  })
  it('SMLE-IND-06: at B5 the firing unit cannot fire the mission: it is cancelled', () => {
    const called = play(inTurn(mortar(1), 'b-hq', 6), [
      { type: 'callFire', observerId: 'b-sgt', firingTeamId: 'b-bren', point: { x: 6, z: 14 } },
    ])
    const round2 = { ...called, state: { ...called.state, round: 2 } }
    const r = applyRule(awaitingTurns(round2, { 'b-bren': 6 }), selectNextUnit)
    expect(r.events.some((e) => e.type === 'MissionEnded' && e.outcome === 'cancelled')).toBe(true)
  })
})

describe('hits on vehicles (§13.2)', () => {
  it('SMLE-VEH-13 / SMLE-VEH-14 / SMLE-VEH-15: a bazooka hit is rolled against the armour value of the face hit; a kill makes everyone aboard roll to bail out', () => {
    let killed = 0
    for (let seed = 1; seed <= 30; seed++) {
      const m = newMatch(seed, convoyScenario())
      const red = m.state.figures['r-1']!
      const r = applyRule(m, (log, world) => {
        for (let i = 0; i < 3; i++)
          hitVehicle(log, world, 'ht', requireWeapon('bazooka'), { ...red, position: { x: 24, y: 0, z: 30 } }, false)
      })
      const hits = r.events.filter((e) => e.type === 'VehicleDamaged')
      expect(hits[0]).toMatchObject({ face: 'front' })
      if (r.match.state.vehicles.ht?.status === 'killed') {
        killed++
        const bail = r.events.filter((e) => e.type === 'DiceRolled' && e.purpose === 'bail out')
        expect(bail).toHaveLength(5)
        const out = Object.values(r.match.state.figures).filter((f) =>
          ['b-driver', 'b-gunner', 'b-1', 'b-2', 'b-3'].includes(f.id),
        )
        expect(out.every((f) => f.status === 'dead' || (f.vehicleId === null && f.prone))).toBe(true)
      }
    }
    expect(killed).toBeGreaterThan(0)
  })
})

describe('explosive rounds fired beyond maximum range (SMLE-SHOOT-08, SMLE-COMBAT-12)', () => {
  /** Blue HQ at z 44, Red A 30" away at z 14 in the open: a hand grenade (thrown 6") reaches 12" at most. */
  const farApart = (seed: number): Match => {
    let m = grenadeRange(seed)
    for (const [id, z] of [
      ['b-sgt', 44],
      ['b-r1', 44],
      ['b-r2', 44],
      ['r-cpl', 14],
      ['r-a1', 14],
      ['r-a2', 14],
    ] as const)
      m = withFigure(m, id, { position: { x: m.state.figures[id]!.position.x, y: 0, z } })
    return m
  }
  const redIds = ['r-cpl', 'r-a1', 'r-a2']
  /** The grenade comes down on the thrower's line no farther than 12", deviated at most 4" from there (SMLE-EXP-12, -14). */
  const landsShort = (m0: Match, m: Match): void => {
    const es = m.entries.slice(m0.entries.length).flatMap((e) => e.events)
    const booms = es.filter((e) => e.type === 'Explosion')
    expect(booms).toHaveLength(1)
    const boom = booms[0]!
    if (boom.type !== 'Explosion') return
    expect(boom.impactFigureId).toBeNull()
    expect(Math.hypot(boom.at.x - 4, boom.at.z - 44)).toBeLessThanOrEqual(12 + 4 + 1e-6)
    // Nowhere near Red A, 30" away: none of its figures is caught in the burst, and it is not under explosive fire.
    expect(
      es.some((e) => e.type === 'DiceRolled' && e.purpose === 'damage defence' && redIds.includes(e.figureId ?? '')),
    ).toBe(false)
    expect(es.some((e) => e.type === 'FireReceived' && e.teamId === 'r-a' && e.explosive)).toBe(false)
    expect(redIds.every((id) => m.state.figures[id]?.status === 'ok')).toBe(true)
    // SMLE-WPN-11: the grenade was thrown all the same.
    expect(m.state.teams['b-hq']?.ammo['hand-grenade']).toBe(1)
  }

  it('SMLE-SHOOT-08: a hand grenade thrown at a team 30" away (beyond twice its 6") cannot hit it: it falls short on the line and bursts there', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const m0 = inTurn(farApart(seed), 'b-hq', 7)
      const m = play(m0, [
        {
          type: 'directFire',
          teamId: 'b-hq',
          targetTeamId: 'r-a',
          firerIds: ['b-sgt'],
          weapons: { 'b-sgt': 'hand-grenade' },
        },
      ])
      landsShort(m0, m)
    }
  })

  it('SMLE-COMBAT-12: panic fire keeps the range limit: a panic-thrown grenade at the nearest enemy 30" away comes down within 12" of the thrower', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const m0 = inTurn(farApart(seed), 'b-hq', 2)
      const m = play(m0, [{ type: 'panicFire', teamId: 'b-hq', figureId: 'b-sgt', weapon: 'hand-grenade' }])
      landsShort(m0, m)
      expect(m.state.teams['b-hq']?.attack).toBe('panic')
    }
  })

  it('SMLE-SHOOT-08: within twice its effective range the grenade still flies to its target (a throw of 10" at a 6" grenade)', () => {
    let m0 = farApart(3)
    for (const id of redIds) m0 = withFigure(m0, id, { position: { x: m0.state.figures[id]!.position.x, y: 0, z: 34 } })
    m0 = inTurn(m0, 'b-hq', 7)
    const m = play(m0, [
      {
        type: 'directFire',
        teamId: 'b-hq',
        targetTeamId: 'r-a',
        firerIds: ['b-sgt'],
        weapons: { 'b-sgt': 'hand-grenade' },
      },
    ])
    const boom = m.entries
      .slice(m0.entries.length)
      .flatMap((e) => e.events)
      .find((e) => e.type === 'Explosion')
    // Aimed at Red's corporal (4, 34), 10" off: it lands there or deviates at most 4" from there.
    expect(boom?.type === 'Explosion' && Math.hypot(boom.at.x - 4, boom.at.z - 34)).toBeLessThanOrEqual(4 + 1e-6)
  })
})

describe('panic fire with an explosive weapon (SMLE-COMBAT-09..12, §12)', () => {
  /** Blue HQ at B2 (Panic Fire only) 5" from Red A; Blue R1 carries a bazooka (2D+2 EX, 2" burst) with rockets. */
  const panicking = (seed: number): Match =>
    inTurn(
      withTeam(withFigure(grenadeRange(seed), 'b-r1', { weapons: ['bazooka'] }), 'b-hq', { ammo: { bazooka: 3 } }),
      'b-hq',
      2,
    )
  const panic = { type: 'panicFire' as const, teamId: 'b-hq', figureId: 'b-r1', weapon: 'bazooka' }

  it('SMLE-COMBAT-09 / SMLE-EXP-12: a panic-fired bazooka round is not aimed: it always lands as a miss, deviated from the nearest enemy, and bursts there; no figure takes the impact', () => {
    let successes = 0
    for (let seed = 1; seed <= 10; seed++) {
      const m0 = panicking(seed)
      const m = play(m0, [panic])
      const es = m.entries.slice(m0.entries.length).flatMap((e) => e.events)
      const shot = es.find((e) => e.type === 'ShotResolved')
      expect(shot?.type === 'ShotResolved' && shot.hits).toBe(0)
      if (shot?.type === 'ShotResolved' && shot.success) successes++
      const booms = es.filter((e) => e.type === 'Explosion')
      expect(booms).toHaveLength(1)
      const boom = booms[0]!
      expect(boom.type === 'Explosion' && boom.weapon).toBe('bazooka')
      expect(boom.type === 'Explosion' && boom.deviated).toBe(true)
      expect(boom.type === 'Explosion' && boom.impactFigureId).toBeNull()
      expect(es.filter((e) => e.type === 'DiceRolled' && e.purpose === 'deviation')).toHaveLength(1)
      // SMLE-EXP-11/12: deviated (at most 4") from the nearest enemy figure (Red A1 at (6, 15)) along Blue R1's line.
      if (boom.type === 'Explosion') expect(Math.hypot(boom.at.x - 6, boom.at.z - 15)).toBeLessThanOrEqual(4 + 1e-6)
      // SMLE-WPN-11: the rocket is crossed off.
      expect(m.state.teams['b-hq']?.ammo['bazooka']).toBe(2)
      expect(m.state.teams['b-hq']?.attack).toBe('panic')
    }
    expect(successes).toBeGreaterThan(0)
  })
  it('SMLE-COMBAT-08: the legal commands offer panic fire with the figure’s explosive weapon, and dispatch accepts it', () => {
    const m = panicking(1)
    const offered = legalCommands(m.state, m.world, 'blue').filter((c) => c.type === 'panicFire')
    expect(offered).toContainEqual(panic)
    for (const c of offered) expect(dispatch(m, c).decision.ok).toBe(true)
  })

  it('SMLE-COMBAT-08: a figure armed only with a bazooka, left to itself, fires nothing explosive; another figure’s gun is used', () => {
    const m = withFigure(panicking(1), 'b-sgt', { weapons: ['bazooka'] })
    const r = dispatch(m, { type: 'panicFire', teamId: 'b-hq' })
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    expect(r.decision.events.some((e) => e.type === 'Explosion')).toBe(false)
    expect(r.decision.events.find((e) => e.type === 'ShotResolved')).toMatchObject({ figureId: 'b-r2' })
  })
})
