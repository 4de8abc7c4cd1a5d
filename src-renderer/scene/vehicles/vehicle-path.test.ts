import { describe, expect, it } from 'vitest'
import { initialState, type VehicleMovePreview } from '../../../src-engine/index'
import { convoyScenario } from '../../../tests/fixtures/scenarios'
import { vehiclePathLabel, vehiclePathMarks } from './vehicle-path'

const ht = initialState(convoyScenario(), 1).vehicles.ht!
const preview = (patch: Partial<VehicleMovePreview> = {}): VehicleMovePreview => ({
  vehicleId: 'ht',
  ok: true,
  route: [ht.position, { x: ht.position.x + 6, y: 0, z: ht.position.z }],
  lengthIn: 6,
  end: { position: { x: ht.position.x + 6, y: 0, z: ht.position.z }, facingDeg: 90 },
  road: false,
  onRoad: false,
  leftIn: 10,
  refusal: null,
  ...patch,
})

describe('a planned drive on the table', () => {
  it('the hull outline where it stops, turned to its last leg, its nose forward', () => {
    const m = vehiclePathMarks(ht, preview())
    expect(m.verdict).toBe('ok')
    expect(m.route).toHaveLength(2)
    expect(m.footprint).toHaveLength(5)
    expect(m.footprint[0]).toEqual(m.footprint[4])
    const xs = m.footprint.map((p) => p[0])
    const zs = m.footprint.map((p) => p[2])
    // Facing east: its length runs along X, its width along Z.
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(ht.lengthIn)
    expect(Math.max(...zs) - Math.min(...zs)).toBeCloseTo(ht.widthIn)
    expect(m.nose[1][0] - m.nose[0][0]).toBeCloseTo(ht.lengthIn / 2)
  })

  it('says the distance against what is left, road speed and its clause, or the refusal with its clause', () => {
    expect(vehiclePathLabel(preview())).toBe('Drive 6.0" of 10.0" left off-road')
    const road = preview({ road: true, onRoad: true, lengthIn: 14, leftIn: 20 })
    expect(vehiclePathLabel(road)).toBe(
      'Drive 14.0" of 20.0" left on the road · road speed: no firing this round (SMLE-VEH-02)',
    )
    expect(vehiclePathMarks(ht, road).verdict).toBe('road')
    const refusal = { clause: 'SMLE-VEH-02', message: 'Halftrack may move 10.0" more this turn; this move is 14.0".' }
    const far = preview({ ok: false, lengthIn: 14, refusal })
    expect(vehiclePathLabel(far)).toBe(
      '14.0": Halftrack may move 10.0" more this turn; this move is 14.0". (SMLE-VEH-02)',
    )
    expect(vehiclePathMarks(ht, far).verdict).toBe('refused')
    const blocked = preview({ ok: false, lengthIn: 0, refusal: { clause: 'CORE-TABLE-02', message: 'Blocked.' } })
    expect(vehiclePathLabel(blocked)).toBe('Blocked. (CORE-TABLE-02)')
  })
})
