import { type Matrix4, Vector3 } from 'three'
import { describe, expect, it } from 'vitest'
import { initialState, type MatchState, type VehicleState } from '../../../src-engine/index'
import { convoyScenario } from '../../../tests/fixtures/scenarios'
import { figureLayers } from '../figure-layers'
import type { LayerItem } from '../InstancedLayer'
import { labelText } from './Vehicles'
import { speedWords, vehicleLayers } from './vehicle-layers'

const base = initialState(convoyScenario(), 1)
const withVehicle = (id: string, patch: Partial<VehicleState>): MatchState => ({
  ...base,
  vehicles: { ...base.vehicles, [id]: { ...base.vehicles[id]!, ...patch } },
})
const matrixOf = (items: readonly LayerItem[], id: string) =>
  items.find((i) => i.id === id)?.matrix as Matrix4 | undefined
const facing = (deg: number) => new Vector3(Math.sin((deg * Math.PI) / 180), 0, -Math.cos((deg * Math.PI) / 180))

describe('vehicles as marks on the table (§13)', () => {
  it('the hull (over its running gear) fills the footprint turned to the facing; the front arrow lies on the front deck and points the way it faces', () => {
    const layers = vehicleLayers(withVehicle('ht', { facingDeg: 90 }))
    const v = base.vehicles.ht!
    const hull = matrixOf(layers.hulls, 'ht')!
    expect(new Vector3(0, 0, 1).transformDirection(hull).dot(facing(90))).toBeCloseTo(-1)
    expect(new Vector3().setFromMatrixScale(matrixOf(layers.gear, 'ht')!).z).toBeCloseTo(v.lengthIn)
    expect(new Vector3().setFromMatrixScale(hull).z).toBeGreaterThan(v.lengthIn * 0.9)
    const front = matrixOf(layers.fronts, 'ht')!
    const at = new Vector3().setFromMatrixPosition(front)
    expect(at.x - v.position.x).toBeGreaterThan(v.lengthIn * 0.3)
    expect(Math.abs(at.z - v.position.z)).toBeLessThan(1e-6)
    expect(new Vector3(0, 0, -1).transformDirection(front).dot(facing(90))).toBeCloseTo(1)
  })
  it('a turret is drawn only on a vehicle that has one, its gun along the hull\u2019s facing', () => {
    const layers = vehicleLayers(
      withVehicle('ht', { armour: { ...base.vehicles.ht!.armour, turret: 'light' }, facingDeg: 200 }),
    )
    expect(layers.turrets.map((t) => t.id)).toEqual(['ht'])
    expect(new Vector3(0, 0, -1).transformDirection(matrixOf(layers.turrets, 'ht')!).dot(facing(200))).toBeCloseTo(1)
    expect(vehicleLayers(base).turrets).toHaveLength(0)
  })
  it('SMLE-VEH-02: the speed state reads halted, combat or road speed in mph (1" = 1 mph)', () => {
    const v = base.vehicles.ht!
    expect(speedWords({ ...v, movedIn: 0, speedLastRoundIn: 0 })).toBe('halted')
    expect(speedWords({ ...v, movedIn: 6.2, roadSpeed: false })).toBe('combat speed 6 mph')
    expect(speedWords({ ...v, movedIn: 18, roadSpeed: true })).toBe('road speed 18 mph')
    expect(speedWords({ ...v, movedIn: 0, speedLastRoundIn: 9 })).toBe('9 mph last round')
    expect(speedWords({ ...v, status: 'killed' })).toBe('knocked out')
  })
  it('damage is marked: VLW and VSW by colour, a knocked-out wreck with smoke, dark and with no front arrow', () => {
    const colour = (status: VehicleState['status']) =>
      vehicleLayers(withVehicle('ht', { status }))
        .damage.find((d) => d.id === 'ht')
        ?.colour.getHexString()
    expect(colour('ok')).toBeUndefined()
    expect(new Set([colour('VLW'), colour('VSW'), colour('killed')]).size).toBe(3)
    const wreck = vehicleLayers(withVehicle('ht', { status: 'killed' }))
    expect(matrixOf(wreck.fronts, 'ht')).toBeUndefined()
    const hull = wreck.hulls.find((h) => h.id === 'ht')!.colour
    expect(hull.r + hull.g + hull.b).toBeLessThan(0.2)
  })
  it('the label counts the crew and the passengers aboard, who are not drawn on the table', () => {
    const layers = vehicleLayers(base)
    const ht = layers.labels.find((l) => l.id === 'ht')!
    expect([ht.crew, ht.passengers]).toEqual([2, 3])
    expect(labelText(ht)).toBe('Halftrack: halted · crew 2 + 3 aboard')
    expect(labelText({ ...ht, status: 'VSW', passengers: 0 })).toBe('Halftrack: halted · crew 2 · VSW')
    const drawn = figureLayers(base).figures.map((f) => f.id)
    for (const id of ['b-driver', 'b-gunner', 'b-1', 'b-2', 'b-3']) expect(drawn).not.toContain(id)
  })
  it('a vehicle that has left the table is not drawn', () => {
    expect(vehicleLayers(withVehicle('heli', { offTable: true })).hulls.map((h) => h.id)).toEqual(['ht'])
  })
})

describe('running gear and rotors', () => {
  it('a ground vehicle stands on dark running gear the size of its footprint; a helicopter has a rotor instead', () => {
    const layers = vehicleLayers(base)
    expect(layers.gear.map((g) => g.id)).toEqual(['ht'])
    expect(layers.rotors.map((r) => r.id)).toEqual(['heli'])
    const gear = new Vector3().setFromMatrixScale(matrixOf(layers.gear, 'ht')!)
    expect([gear.x, gear.z]).toEqual([base.vehicles.ht!.widthIn, base.vehicles.ht!.lengthIn])
    const hullBottom = new Vector3(0, -0.5, 0).applyMatrix4(matrixOf(layers.hulls, 'ht')!).y
    const gearTop = new Vector3(0, 0.5, 0).applyMatrix4(matrixOf(layers.gear, 'ht')!).y
    expect(hullBottom).toBeCloseTo(gearTop)
  })
})
