import { describe, expect, it } from 'vitest'
import { yardScenario } from '../../../tests/fixtures/world-tables'
import { buildWorld } from '../world'

const doors = { 'house-door': { state: 'closed' as const } }
const jeep = { widthIn: 2, lengthIn: 3.5, combatSpeedIn: 20, tracked: false, startedHalted: false }
const tank = { widthIn: 2.4, lengthIn: 4, combatSpeedIn: 12, roadSpeedIn: 25, tracked: true, startedHalted: false }

describe('vehicle moves (SMLE-VEH-02..04)', () => {
  const w = buildWorld(yardScenario())

  it('SMLE-VEH-02: along the road an inch costs an inch and road speed (twice combat speed) is allowed', () => {
    const m = w.vehicleMove({ x: 4, z: 1.6 }, { x: 30, z: 1.6 }, jeep, doors)
    expect(m).toMatchObject({
      ok: true,
      onRoadOnly: true,
      allowanceIn: 40,
      withinAllowance: true,
      usesRoadSpeed: true,
      facingDeg: 90,
    })
    expect(m.ok && m.costIn).toBeCloseTo(26)
  })

  it('SMLE-VEH-03: from a halt, at most half its maximum speed (jeep: 20")', () => {
    const m = w.vehicleMove({ x: 4, z: 1.6 }, { x: 30, z: 1.6 }, { ...jeep, startedHalted: true }, doors)
    expect(m).toMatchObject({ ok: true, allowanceIn: 20, withinAllowance: false })
    expect(m.ok && m.furthest.costIn).toBeCloseTo(20)
    expect(m.ok && m.furthest.point.x).toBeCloseTo(24)
  })

  it('§13.1: off the road each inch costs two of its combat speed, and road speed is not allowed', () => {
    const m = w.vehicleMove({ x: 21.5, z: 6 }, { x: 21.5, z: 17 }, jeep, doors)
    expect(m).toMatchObject({ ok: true, onRoadOnly: false, allowanceIn: 20, withinAllowance: false })
    expect(m.ok && m.costIn).toBeCloseTo(22)
    const half = w.vehicleMove({ x: 21.5, z: 6 }, { x: 21.5, z: 9 }, { ...jeep, halfMove: true }, doors)
    expect(half).toMatchObject({ ok: true, allowanceIn: 10, withinAllowance: true })
  })

  it('buildings block vehicles; a wheeled one cannot cross the hedge, a tracked one can (paying 2")', () => {
    expect(w.vehicleMove({ x: 21.5, z: 8 }, { x: 14, z: 13 }, jeep, doors).ok).toBe(false)
    const wheeled = w.vehicleMove({ x: 28, z: 10 }, { x: 33, z: 10 }, jeep, doors)
    expect(wheeled.ok && wheeled.points.length).toBeGreaterThan(2)
    const tracked = w.vehicleMove({ x: 28, z: 10 }, { x: 33, z: 10 }, tank, doors)
    expect(tracked.ok && tracked.points.length).toBe(2)
    expect(tracked.ok && tracked.costIn).toBeCloseTo(5 * 2 + 2)
  })
})
