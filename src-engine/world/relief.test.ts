import { describe, expect, it } from 'vitest'
import { yardScenario } from '../../tests/fixtures/world-tables'
import { buildWorld } from './create-world'
import { featureHeightAt, reliefHeightAt, straightMoveCostIn } from './terrain'

/** A 4"×2" relief at 1" steps: 2" high at (1, 1), −3" at (3, 1), flat elsewhere. */
const relief = { stepIn: 1, columns: 5, rows: 3, heightsIn: [0, 0, 0, 0, 0, 0, 2, 0, -3, 0, 0, 0, 0, 0, 0] }
const hill = { id: 'h', x: 3, z: 1, radiusIn: 6, heightIn: 1, rotationDeg: 0, plateauIn: 0 }

describe('painted relief', () => {
  it('is its samples, blended between them, and nothing off its grid', () => {
    expect(reliefHeightAt(relief, 1, 1)).toBe(2)
    expect(reliefHeightAt(relief, 0.5, 1)).toBe(1)
    expect(reliefHeightAt(relief, 1.5, 1.5)).toBeCloseTo(0.5, 9)
    expect(reliefHeightAt(relief, 9, 1)).toBe(0)
    expect(reliefHeightAt(relief, -1, 1)).toBe(0)
  })

  it('adds to the hills and never takes the ground below the table top', () => {
    const terrain = { hills: [hill], ridges: [], slopes: [], relief }
    expect(featureHeightAt(terrain, 1, 1)).toBeCloseTo(2 + featureHeightAt({ ...terrain, relief: undefined }, 1, 1), 9)
    // The hill's top (1") less 3": at the table, not 2" under it.
    expect(featureHeightAt(terrain, 3, 1)).toBe(0)
  })

  it('is the ground of the world: sight stops at it and a move over it pays its climb (SMLE-SHOOT-02, SMLE-GEN-05)', () => {
    // The yard (40"×30") with a ridge 2" high painted down x = 30.
    const heightsIn = Array.from({ length: 41 * 31 }, (_, k) => (k % 41 === 30 ? 2 : 0))
    const world = buildWorld(yardScenario({ terrain: { relief: { stepIn: 1, columns: 41, rows: 31, heightsIn } } }))
    expect(world.groundHeightAt(30, 15)).toBeCloseTo(2, 9)
    expect(world.groundHeightAt(29.5, 15)).toBeCloseTo(1, 9)
    // 8" across and 2" up.
    expect(straightMoveCostIn(world.groundHeightAt, { x: 26, z: 15 }, { x: 34, z: 15 })).toBeCloseTo(10, 1)
    expect(world.rayBlocker({ x: 26, y: 1, z: 15 }, { x: 34, y: 1, z: 15 }, {})).not.toBeNull()
    expect(world.rayBlocker({ x: 26, y: 1, z: 15 }, { x: 29, y: 1, z: 15 }, {})).toBeNull()
  })
})
