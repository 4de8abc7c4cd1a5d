import { describe, expect, it } from 'vitest'
import {
  callFireMission,
  continueObservation,
  mayFireIndirect,
  mayObserve,
  missionStatus,
  type ObserverCheck,
  observerBonus,
  planObserverRoll,
  resolveObserverRoll,
} from './indirect'
import { DEFAULT_SMLE_SETTINGS as S } from './settings'
import type { FirerState } from './shooting-modifiers'

const observer: ObserverCheck = {
  commandOrSpecialist: true,
  seesPoint: true,
  sameGroupAsFiringUnit: true,
  hasRadio: false,
  band: 6,
}
const observerFigure: FirerState = {
  quality: 'trained',
  motivation: 'none',
  movedIn: 0,
  fullMoveIn: 8,
  prone: false,
  braced: true,
  untreatedLightWound: false,
  teamNotUnderFire: true,
}

describe('worked example of §12.3', () => {
  it('SMLE-EXP-E06: the third consecutive round of observing the same point → observer +4', () => {
    let obs = continueObservation(null, { x: 10, z: 10 }, true, S)
    obs = continueObservation(obs, { x: 10, z: 10 }, true, S)
    obs = continueObservation(obs, { x: 10.05, z: 10 }, true, S)
    expect(obs?.rounds).toBe(3)
    expect(observerBonus(3)).toBe(4)
    expect(planObserverRoll(observerFigure, 3, S).modifiers.find((m) => m.clause === 'SMLE-IND-04')?.value).toBe(4)
  })
})

describe('§12.3 indirect fire', () => {
  it('SMLE-IND-01: a command or specialist observer must see the point; the weapon must fire indirectly', () => {
    expect(mayObserve(observer).ok).toBe(true)
    expect(mayObserve({ ...observer, commandOrSpecialist: false })).toMatchObject({ ok: false, clause: 'SMLE-IND-01' })
    expect(mayObserve({ ...observer, seesPoint: false })).toMatchObject({ ok: false, clause: 'SMLE-IND-01' })
    expect(mayFireIndirect({ weaponId: 'rifle', band: 8, moved: false, rangeIn: 10 })).toMatchObject({
      ok: false,
      clause: 'SMLE-IND-01',
    })
    expect(mayFireIndirect({ weaponId: 'rifle-grenade', band: 8, moved: false, rangeIn: 10 }).ok).toBe(true)
  })

  it('SMLE-IND-01: minimum and effective ranges; only the medium mortar fires from off the table', () => {
    expect(mayFireIndirect({ weaponId: 'light-mortar', band: 6, moved: false, rangeIn: 5 })).toMatchObject({
      ok: false,
      clause: 'SMLE-IND-01',
    })
    expect(mayFireIndirect({ weaponId: 'light-mortar', band: 6, moved: false, rangeIn: 36 }).ok).toBe(true)
    expect(mayFireIndirect({ weaponId: 'light-mortar', band: 6, moved: false, rangeIn: 37 }).ok).toBe(false)
    expect(mayFireIndirect({ weaponId: 'medium-mortar', band: 6, moved: false, rangeIn: null }).ok).toBe(true)
    expect(mayFireIndirect({ weaponId: 'light-mortar', band: 6, moved: false, rangeIn: null }).ok).toBe(false)
  })

  it('SMLE-IND-02: the firing unit needs B6+ and may not move; observing needs B6+', () => {
    expect(mayFireIndirect({ weaponId: 'medium-mortar', band: 5, moved: false, rangeIn: 30 })).toMatchObject({
      ok: false,
      clause: 'SMLE-IND-02',
    })
    expect(mayFireIndirect({ weaponId: 'medium-mortar', band: 9, moved: true, rangeIn: 30 })).toMatchObject({
      ok: false,
      clause: 'SMLE-IND-02',
    })
    expect(mayObserve({ ...observer, band: 5 })).toMatchObject({ ok: false, clause: 'SMLE-IND-02' })
  })

  it('SMLE-IND-03: the fire arrives the following round, in the firing unit’s turn', () => {
    const { mission } = callFireMission({
      observerTeamId: 'hq',
      firingTeamId: 'mortar',
      weaponId: 'medium-mortar',
      point: { x: 1, z: 2 },
      calledRound: 3,
    })
    expect(mission.arrivesRound).toBe(4)
    expect(missionStatus(mission, { round: 3, firingBand: 8, firingUnitStationary: true })).toBe('pending')
    expect(missionStatus(mission, { round: 4, firingBand: 6, firingUnitStationary: true })).toBe('lands')
  })

  it('SMLE-IND-04: +2 per further round; a hit lands on the point; a miss deviates double', () => {
    expect([1, 2, 3, 4].map(observerBonus)).toEqual([0, 2, 4, 6])
    const plan = planObserverRoll(observerFigure, 2, S)
    expect(plan.toHit).toBe(7)
    expect(resolveObserverRoll(plan, [1, 2], null)).toEqual({ hit: true, deviation: null })
    expect(resolveObserverRoll(plan, [1, 1], 6)).toEqual({ hit: false, deviation: { longIn: 8, rightIn: 0 } })
    expect(() => resolveObserverRoll(plan, [1, 1], null)).toThrow(RangeError)
  })

  it('SMLE-IND-05: firer modifiers only (no bracing, no target); the bonus resets on a new point or lost sight; radio or same group', () => {
    const plan = planObserverRoll({ ...observerFigure, prone: true, movedIn: 1 }, 1, S)
    expect(plan.modifiers.map((m) => [m.label, m.value])).toEqual([
      ['Firer moved less than half its move', -2],
      ['Firer prone', 1],
      ['Firing team not under fire', 2],
    ])
    const two = continueObservation(continueObservation(null, { x: 0, z: 0 }, true, S), { x: 0, z: 0 }, true, S)
    expect(two?.rounds).toBe(2)
    expect(continueObservation(two, { x: 5, z: 0 }, true, S)?.rounds).toBe(1)
    expect(continueObservation(two, { x: 0, z: 0 }, false, S)).toBeNull()
    expect(mayObserve({ ...observer, sameGroupAsFiringUnit: false, hasRadio: true }).ok).toBe(true)
    expect(mayObserve({ ...observer, sameGroupAsFiringUnit: false })).toMatchObject({
      ok: false,
      clause: 'SMLE-IND-05',
    })
  })

  it('SMLE-IND-06: both units spend their attack; a firing unit not stationary at B6+ next round cancels the mission', () => {
    const called = callFireMission({
      observerTeamId: 'hq',
      firingTeamId: 'mortar',
      weaponId: 'light-mortar',
      point: { x: 0, z: 0 },
      calledRound: 1,
    })
    expect(called.attacksSpentBy).toEqual(['hq', 'mortar'])
    expect(missionStatus(called.mission, { round: 2, firingBand: 5, firingUnitStationary: true })).toBe('cancelled')
    expect(missionStatus(called.mission, { round: 2, firingBand: 9, firingUnitStationary: false })).toBe('cancelled')
    expect(missionStatus(called.mission, { round: 3, firingBand: 9, firingUnitStationary: true })).toBe('cancelled')
  })
})
