import { describe, expect, it } from 'vitest'
import { dispatch, type Match } from '../match'
import type { MatchState, VehicleState } from '../state/state'
import { convoyScenario } from '../../../../tests/fixtures/scenarios'
import { inTurn, newMatch } from '../../../../tests/fixtures/play'
import type { Band } from '../bands'
import { vehicleSpeeds } from './vehicle-speeds'

/** The convoy with a road running north–south under the halftrack (x = 24). */
const roadConvoy = () =>
  convoyScenario({
    terrain: {
      areas: [
        {
          id: 'road',
          kind: 'road',
          line: [
            { x: 24, z: 47.5 },
            { x: 24, z: 0.5 },
          ],
          widthIn: 4,
        },
      ],
    },
  })

/** The halftrack's crew acting at `band`, the halftrack patched (a jeep's speeds by default: combat 20", road 40"). */
function crewAt(band: Band, patch: Partial<VehicleState> = {}, road = false): Match {
  const m = inTurn(newMatch(1, road ? roadConvoy() : convoyScenario()), 'b-crew', band)
  const ht = m.state.vehicles.ht!
  const state: MatchState = {
    ...m.state,
    vehicles: { ...m.state.vehicles, ht: { ...ht, combatSpeedIn: 20, roadSpeedIn: 40, ...patch } },
  }
  return { ...m, state }
}

describe('vehicleSpeeds (§13.1)', () => {
  it('SMLE-VEH-E01 / SMLE-VEH-03: a jeep with road speed 40" that starts halted goes up to 20" in its first round, up to 40" in the next', () => {
    const halted = vehicleSpeeds(crewAt(10, { speedLastRoundIn: 0 }).state, 'ht')!
    expect(halted.fromHalt).toBe(true)
    expect(halted.fromHaltLimitIn).toBe(20)
    expect(halted.onRoad.maxIn).toBe(20)
    const moving = vehicleSpeeds(crewAt(10, { speedLastRoundIn: 20 }).state, 'ht')!
    expect(moving.fromHalt).toBe(false)
    expect(moving.fromHaltLimitIn).toBeNull()
    expect(moving.onRoad.maxIn).toBe(40)
  })

  it('SMLE-VEH-03: the from-a-halt limit holds for the whole round, after a first stretch too', () => {
    const s = vehicleSpeeds(crewAt(10, { speedLastRoundIn: 0, movedIn: 12, turnMovedIn: 12 }).state, 'ht')!
    expect(s.onRoad.maxIn).toBe(20)
    expect(s.leftIn.onRoad).toBe(8)
  })

  it('SMLE-VEH-02: 1" per mph of combat speed; road speed (2× combat) only on a road, and beyond combat speed no firing', () => {
    const s = vehicleSpeeds(crewAt(9, { speedLastRoundIn: 20 }).state, 'ht')!
    expect(s.combatSpeedIn).toBe(20)
    expect(s.roadSpeedIn).toBe(40)
    expect(s.onRoad).toEqual({ maxIn: 40, maxFiringIn: 20 })
    // Off-road the combat speed is halved (the table's decision under SMLE-VEH-02).
    expect(s.offRoad).toEqual({ maxIn: 10, maxFiringIn: 10 })
  })

  it('SMLE-VEH-04: a half-move band (B4–B8) gives half the combat speed, a full-move band (B9–B10) all of it; B0–B3 none; road speed needs a full-move band and no Combat option', () => {
    const at = (band: Band, patch: Partial<VehicleState> = {}) =>
      vehicleSpeeds(crewAt(band, { speedLastRoundIn: 20, ...patch }).state, 'ht')!
    expect(at(4).option).toBe('half')
    expect(at(8).onRoad.maxIn).toBe(10)
    expect(at(8).offRoad.maxIn).toBe(5)
    expect(at(9).option).toBe('full')
    expect(at(3).option).toBe('none')
    expect(at(3).onRoad.maxIn).toBe(0)
    const fired = crewAt(10, { speedLastRoundIn: 20 })
    const attacked: MatchState = {
      ...fired.state,
      teams: { ...fired.state.teams, 'b-crew': { ...fired.state.teams['b-crew']!, attackedThisTurn: true } },
    }
    expect(vehicleSpeeds(attacked, 'ht')!.onRoad.maxIn).toBe(20)
  })

  it('SMLE-VEH-15: a VSW vehicle goes at most half its combat speed; a knocked-out one not at all, and has no from-a-halt limit to show', () => {
    expect(
      vehicleSpeeds(crewAt(10, { speedLastRoundIn: 20, status: 'VSW', vswCount: 1 }).state, 'ht')!.onRoad.maxIn,
    ).toBe(10)
    const wreck = vehicleSpeeds(crewAt(10, { speedLastRoundIn: 0, status: 'killed' }).state, 'ht')!
    expect(wreck.onRoad.maxIn).toBe(0)
    expect(wreck.fromHaltLimitIn).toBeNull()
    expect(vehicleSpeeds(crewAt(10).state, 'nothing')).toBeNull()
  })

  it('SMLE-VEH-02/03: the moveVehicle command allows exactly what the query answers, off-road and on a road', () => {
    for (const [band, road, patch] of [
      [9, false, { speedLastRoundIn: 0 }],
      [6, false, { speedLastRoundIn: 10 }],
      [10, true, { speedLastRoundIn: 0 }],
      [10, true, { speedLastRoundIn: 15, combatSpeedIn: 15, roadSpeedIn: 30 }],
    ] as const) {
      const m = crewAt(band, patch, road)
      const s = vehicleSpeeds(m.state, 'ht')!
      const limit = road ? s.leftIn.onRoad : s.leftIn.offRoad
      const v = m.state.vehicles.ht!
      const go = (inches: number) =>
        dispatch(m, {
          type: 'moveVehicle',
          vehicleId: 'ht',
          to: { x: v.position.x, z: v.position.z - inches },
          via: [],
        }).decision
      expect(go(limit - 0.5).ok, `band ${band}, ${road ? 'road' : 'off-road'}: ${limit - 0.5}"`).toBe(true)
      const refused = go(limit + 0.5)
      expect(refused.ok).toBe(false)
      if (!refused.ok) expect(refused.reason.clause).toBe('SMLE-VEH-02')
    }
  })
})
