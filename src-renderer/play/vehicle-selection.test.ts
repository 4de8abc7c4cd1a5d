import { describe, expect, it } from 'vitest'
import {
  activationOrder,
  dispatch,
  initialState,
  type MatchState,
  newHeader,
  startMatch,
  type Match,
  type VehicleState,
  vehicleSpeeds,
} from '../../src-engine/index'
import { nextCommand } from '../../tests/fixtures/drive'
import { convoyScenario } from '../../tests/fixtures/scenarios'
import { groundCommand } from '../state/ground-click'
import { createUiStore } from '../state/stores'
import { vehicleSelectionLines } from './vehicle-selection'

const state = initialState(convoyScenario(), 1)
const ht = state.vehicles.ht!
const withHt = (patch: Partial<VehicleState>): MatchState => ({
  ...state,
  vehicles: { ...state.vehicles, ht: { ...ht, ...patch } },
})
/** The team acting now, as the activation order answers it. */
const acting = (s: MatchState) => activationOrder(s).find((e) => e.status === 'active')

/** The convoy played with the test driver until the halftrack's crew has its turn. */
function crewTurn(): Match {
  for (let seed = 1; seed <= 40; seed++) {
    let m = startMatch(newHeader(convoyScenario(), seed, 'quick'))
    for (let i = 0; i < 60 && m.state.round === 1; i++) {
      if (
        m.state.phase === 'play' &&
        m.state.pending === null &&
        acting(m.state)?.teamId === 'b-crew' &&
        (acting(m.state)?.band ?? 0) >= 6
      )
        return m
      const r = dispatch(m, nextCommand(m))
      if (!r.decision.ok) break
      m = r.match
    }
  }
  throw new Error('the crew never gets a turn to drive')
}

const fmt = (n: number): string => `${n.toFixed(n % 1 === 0 ? 0 : 1)}"`

describe('a picked vehicle in the selection panel (§13)', () => {
  it('SMLE-VEH-02/03: names its crew and speed state, and draws its speeds and the from-a-halt limit as the engine answers them', () => {
    const lines = vehicleSelectionLines(state, 'ht')
    const speeds = vehicleSpeeds(state, 'ht')!
    const halt = `From a halt: half speed this round, at most ${speeds.fromHaltLimitIn}" (SMLE-VEH-03)`
    expect(lines[0]).toBe('Halftrack crew · halted')
    expect(lines[1]).toBe(
      `Combat speed ${speeds.combatSpeedIn}" · road speed ${speeds.roadSpeedIn}" on roads, without firing (SMLE-VEH-02)`,
    )
    expect(speeds.fromHaltLimitIn).toBe(ht.roadSpeedIn / 2)
    expect(lines).toContain(halt)
    expect(lines).toContain('Aboard: Blue rifles')
    // The limit holds for the whole round, after a first stretch too (the engine reads last round's speed).
    expect(vehicleSelectionLines(withHt({ movedIn: 3 }), 'ht')).toContain(halt)
  })

  it('SMLE-VEH-02/15: after a move it says how far and at what speed; damage is named', () => {
    const lines = vehicleSelectionLines(
      withHt({ movedIn: 6, speedLastRoundIn: 4, roadSpeed: true, status: 'VSW' }),
      'ht',
    )
    expect(lines[0]).toBe('Halftrack crew · road speed 6 mph')
    expect(lines).toContain('Moved 6" this round at road speed: no firing (SMLE-VEH-02)')
    expect(lines.some((l) => l.startsWith('From a halt'))).toBe(false)
    expect(lines).toContain('VSW (SMLE-VEH-15)')
  })

  it("SMLE-VEH-04: in its crew's turn it shows what is left of the move, off-road and on a road, from the engine", () => {
    const m = crewTurn()
    const speeds = vehicleSpeeds(m.state, 'ht')!
    expect(vehicleSelectionLines(m.state, 'ht')).toContain(
      `Left this turn: ${fmt(speeds.leftIn.offRoad)} off-road · ${fmt(speeds.leftIn.onRoad)} on a road (SMLE-VEH-04)`,
    )
  })

  it('SMLE-VEH-02/03: a click on the ground drives the picked vehicle; beyond half speed from a halt the host refuses it', () => {
    const m = crewTurn()
    const v = m.state.vehicles.ht!
    const ui = createUiStore()
    ui.getState().selectVehicle('ht')
    const near = groundCommand(ui.getState(), { x: v.position.x, z: v.position.z - 2 })!
    const r = dispatch(m, near)
    expect(r.decision.ok).toBe(true)
    // It sets off toward the click (the move may pause at an interrupt point for the other side, SMLE-COMBAT-05).
    expect(r.match.state.vehicles.ht!.movedIn).toBeGreaterThan(0)
    expect(r.match.state.vehicles.ht!.position.z).toBeLessThan(v.position.z)
    const speeds = vehicleSpeeds(m.state, 'ht')!
    const far = groundCommand(ui.getState(), {
      x: v.position.x,
      z: v.position.z - (Math.max(speeds.leftIn.offRoad, speeds.leftIn.onRoad) + 3),
    })!
    const refused = dispatch(m, far)
    expect(refused.decision.ok).toBe(false)
    expect(refused.match).toBe(m)
  })
})
