import { Vector3 } from 'three'
import { describe, expect, it } from 'vitest'
import { type GameEvent, initialState, type MatchState } from '../../../src-engine/index'
import { convoyScenario } from '../../../tests/fixtures/scenarios'
import { bearingDeg, hullArcRays, turretBearings } from './turret-facing'
import { vehicleLayers } from './vehicle-layers'

const s0 = initialState(convoyScenario(), 1)
// The halftrack given a turret: its crew's MMG is the turret's gun. It stands at (24, 40) facing north; Red's rifles at (5, 4).
const state: MatchState = {
  ...s0,
  vehicles: {
    ...s0.vehicles,
    ht: { ...s0.vehicles.ht!, facingDeg: 0, armour: { ...s0.vehicles.ht!.armour, turret: 'bp' } },
  },
}
const shot = (figureId: string, weapon = 'mmg'): GameEvent => ({
  type: 'ShotResolved',
  figureId,
  weapon,
  kind: 'direct',
  targetTeamId: 'r-rifles',
  success: true,
  hits: 1,
})
const moved: GameEvent = {
  type: 'VehicleMoved',
  vehicleId: 'ht',
  from: state.vehicles.ht!.position,
  to: state.vehicles.ht!.position,
  distanceIn: 0,
  facingDeg: 0,
  road: false,
}
const seen = (...events: GameEvent[]) => events.map((event) => ({ event, before: state }))
const toRed = bearingDeg({ x: 24, z: 40 }, { x: 5, z: 4 })

describe('where a turret points', () => {
  it('bearings run clockwise from north (−Z)', () => {
    expect(bearingDeg({ x: 0, z: 0 }, { x: 0, z: -1 })).toBeCloseTo(0)
    expect(bearingDeg({ x: 0, z: 0 }, { x: 1, z: 0 })).toBeCloseTo(90)
    expect(bearingDeg({ x: 0, z: 0 }, { x: 0, z: 1 })).toBeCloseTo(180)
    expect(bearingDeg({ x: 0, z: 0 }, { x: -1, z: 0 })).toBeCloseTo(270)
  })

  it('along the hull until its crew fires a mounted gun; then laid on the target team; back along the hull once it moves', () => {
    expect(turretBearings(state, [])).toEqual(new Map([['ht', 0]]))
    expect(turretBearings(state, seen(shot('b-gunner'))).get('ht')).toBeCloseTo(toRed)
    expect(turretBearings(state, seen(shot('b-gunner'), moved)).get('ht')).toBe(0)
    expect(turretBearings(state, seen(moved, shot('b-gunner'))).get('ht')).toBeCloseTo(toRed)
  })

  it('a passenger firing his own rifle, or a gun the vehicle does not carry, does not turn it', () => {
    expect(turretBearings(state, seen(shot('b-1'))).get('ht')).toBe(0)
    expect(turretBearings(state, seen(shot('b-gunner', 'rifle'))).get('ht')).toBe(0)
  })

  it('the drawn turret turns to its bearing while the hull keeps its facing', () => {
    const layers = vehicleLayers(state, turretBearings(state, seen(shot('b-gunner'))))
    const turret = layers.turrets.find((t) => t.id === 'ht')!.matrix
    const gun = new Vector3(0, 0, -1).transformDirection(turret)
    expect(bearingDeg({ x: 0, z: 0 }, { x: gun.x, z: gun.z })).toBeCloseTo(toRed)
    const hull = new Vector3(0, 0, -1).transformDirection(layers.hulls.find((h) => h.id === 'ht')!.matrix)
    expect(bearingDeg({ x: 0, z: 0 }, { x: hull.x, z: hull.z })).toBeCloseTo(0)
  })

  it("the hull's arcs (SMLE-VEH-14): front edges either side of the facing, rear edges either side of its back", () => {
    const { front, rear } = hullArcRays({ ...state.vehicles.ht!, facingDeg: 90 }, 45, 10, 0.1)
    const ends = (rays: typeof front) =>
      rays.map(([a, b]) => Math.round(bearingDeg({ x: a[0], z: a[2] }, { x: b[0], z: b[2] })))
    expect(ends(front)).toEqual([45, 135])
    expect(ends(rear)).toEqual([225, 315])
    expect(front[0]![1][1]).toBe(0.1)
  })
})
