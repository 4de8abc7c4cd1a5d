import { describe, expect, it } from 'vitest'
import { dispatch, type Match } from '../match'
import type { MatchState, VehicleState } from '../state/state'
import { convoyScenario, hutScenario } from '../../../../tests/fixtures/scenarios'
import { inTurn, newMatch } from '../../../../tests/fixtures/play'
import type { Band } from '../bands'
import { previewVehicleMove } from './vehicle-move-preview'

/** The convoy's halftrack (at 24, 40, facing north) with a jeep's speeds (combat 20", road 40"), its crew acting at `band`; a hut at (10, 10). */
function crewAt(band: Band, patch: Partial<VehicleState> = {}): Match {
  const hut = hutScenario().buildings
  const m = inTurn(newMatch(1, convoyScenario({ buildings: hut })), 'b-crew', band)
  const ht = m.state.vehicles.ht!
  const state: MatchState = {
    ...m.state,
    vehicles: {
      ...m.state.vehicles,
      ht: { ...ht, combatSpeedIn: 20, roadSpeedIn: 40, speedLastRoundIn: 20, ...patch },
    },
  }
  return { ...m, state }
}

const agreesWithCommand = (m: Match, to: { x: number; z: number }) => {
  const p = previewVehicleMove(m.state, m.world, 'ht', to)!
  const d = dispatch(m, { type: 'moveVehicle', vehicleId: 'ht', to, via: [] }).decision
  expect(p.ok).toBe(d.ok)
  if (!d.ok) expect(p.refusal).toEqual(d.reason)
  return p
}

describe('previewing a vehicle drive (SMLE-VEH-02..04)', () => {
  it('within the allowance: the measured route from where it stands, its length, where it stops and faces', () => {
    const m = crewAt(10)
    const p = agreesWithCommand(m, { x: 30, z: 40 })
    expect(p.ok).toBe(true)
    expect(p.refusal).toBeNull()
    expect(p.route[0]).toEqual(m.state.vehicles.ht!.position)
    expect(p.lengthIn).toBeCloseTo(6, 5)
    expect(p.end.position.x).toBeCloseTo(30)
    expect(p.end.facingDeg).toBeCloseTo(90)
    // Off-road at a full-move band: combat speed halved (20" → 10").
    expect(p.onRoad).toBe(false)
    expect(p.leftIn).toBeCloseTo(10)
    expect(p.road).toBe(false)
  })

  it('too far: refused with SMLE-VEH-02 as the command refuses it, the path still shown with its length', () => {
    const m = crewAt(10)
    const p = agreesWithCommand(m, { x: 24, z: 26 })
    expect(p.ok).toBe(false)
    expect(p.refusal?.clause).toBe('SMLE-VEH-02')
    expect(p.lengthIn).toBeCloseTo(14, 5)
    expect(p.route.length).toBeGreaterThanOrEqual(2)
  })

  it('from a halt: half its listed maximum this round (SMLE-VEH-03), as the command measures it', () => {
    const m = crewAt(10, { speedLastRoundIn: 0, roadSpeedIn: 12, combatSpeedIn: 20 })
    expect(agreesWithCommand(m, { x: 24, z: 34.5 }).ok).toBe(true)
    expect(agreesWithCommand(m, { x: 24, z: 33.5 }).refusal?.clause).toBe('SMLE-VEH-02')
  })

  it('into the hut: no way through, a straight line and the clause; not its crew’s turn: the turn’s clause', () => {
    const m = crewAt(10)
    const p = agreesWithCommand(m, { x: 12, z: 12 })
    expect(p.ok).toBe(false)
    expect(p.refusal?.clause).toMatch(/^CORE-TABLE-0[23]$/)
    const idle = inTurn(newMatch(1, convoyScenario()), 'b-rifles', 10)
    expect(agreesWithCommand(idle, { x: 24, z: 36 }).refusal).not.toBeNull()
    expect(previewVehicleMove(idle.state, idle.world, 'nothing', { x: 1, z: 1 })).toBeNull()
  })
})
