import { describe, expect, it } from 'vitest'
import { dispatch, initialState, newHeader, startMatch, type Match } from '../../src-engine/index'
import { activeTeam } from '../../src-engine/rules/smle/sequence'
import { nextCommand } from '../../tests/fixtures/drive'
import { convoyScenario } from '../../tests/fixtures/scenarios'
import { groundCommand } from '../state/ground-click'
import { createUiStore } from '../state/stores'
import { vehicleSelectionLines } from './vehicle-selection'

const state = initialState(convoyScenario(), 1)
const ht = state.vehicles.ht!

/** The convoy played with the test driver until the halftrack's crew has its turn. */
function crewTurn(): Match {
  for (let seed = 1; seed <= 40; seed++) {
    let m = startMatch(newHeader(convoyScenario(), seed, 'quick'))
    for (let i = 0; i < 60 && m.state.round === 1; i++) {
      if (m.state.phase === 'play' && m.state.pending === null && activeTeam(m.state)?.id === 'b-crew' && (activeTeam(m.state)?.activation?.band ?? 0) >= 6) return m
      const r = dispatch(m, nextCommand(m))
      if (!r.decision.ok) break
      m = r.match
    }
  }
  throw new Error('the crew never gets a turn to drive')
}

describe('a picked vehicle in the selection panel (§13)', () => {
  it('SMLE-VEH-02/03: names its crew and speed state, its speeds in inches, half speed from a halt', () => {
    const lines = vehicleSelectionLines(state, ht)
    expect(lines[0]).toBe('Halftrack crew · halted')
    expect(lines[1]).toBe(`Combat speed ${ht.combatSpeedIn}" · road speed ${ht.roadSpeedIn}" on roads, without firing (SMLE-VEH-02)`)
    expect(lines).toContain('From a halt: half speed this round (SMLE-VEH-03)')
    expect(lines).toContain('Aboard: Blue rifles')
    // The limit holds for the whole round, after a first stretch too (the engine reads last round's speed).
    expect(vehicleSelectionLines(state, { ...ht, movedIn: 3 })).toContain('From a halt: half speed this round (SMLE-VEH-03)')
  })

  it('SMLE-VEH-02/15: after a move it says how far and at what speed; damage is named', () => {
    const lines = vehicleSelectionLines(state, { ...ht, movedIn: 6, speedLastRoundIn: 4, roadSpeed: true, status: 'VSW' })
    expect(lines[0]).toBe('Halftrack crew · road speed 6 mph')
    expect(lines).toContain('Moved 6" this round at road speed: no firing (SMLE-VEH-02)')
    expect(lines).not.toContain('From a halt: half speed this round (SMLE-VEH-03)')
    expect(lines).toContain('VSW (SMLE-VEH-15)')
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
    const far = groundCommand(ui.getState(), { x: v.position.x, z: v.position.z - (v.combatSpeedIn / 2 + 3) })!
    const refused = dispatch(m, far)
    expect(refused.decision.ok).toBe(false)
    expect(refused.match).toBe(m)
  })
})
