import { describe, expect, it } from 'vitest'
import { bodyAt, yardScenario } from '../../tests/fixtures/world-tables'
import { buildBasicWorld, buildWorld } from './world'

const closed = { 'house-door': { state: 'closed' as const } }
const open = { 'house-door': { state: 'open' as const } }

describe.each([
  ['BVH world', buildWorld],
  ['oracle', buildBasicWorld],
])('%s: where explosives land and what a burst reaches (SMLE-EXP-04, SMLE-EXP-12..15)', (_, build) => {
  const w = build(yardScenario())

  it('SMLE-EXP-13: deviation is measured along the firer→target line: long, short, left and right as the firer sees it', () => {
    const firer = { x: 30, y: 1, z: 28 }
    // Firer to the south, target to the north: long is further north, right is east.
    expect(w.landing(firer, { x: 30, z: 20 }, { longIn: 2, rightIn: 0 }, closed, 'indirect').point).toMatchObject({
      x: 30,
      z: 18,
    })
    expect(w.landing(firer, { x: 30, z: 20 }, { longIn: -2, rightIn: 1 }, closed, 'indirect').point).toMatchObject({
      x: 31,
      z: 22,
    })
    expect(w.landing(firer, { x: 30, z: 20 }, { longIn: 0, rightIn: -1 }, closed, 'indirect').point).toMatchObject({
      x: 29,
      z: 20,
    })
  })

  it('SMLE-EXP-15: fired flat, a round stops at the first solid on its line: the closed door; opened, it flies in', () => {
    const firer = { x: 14, y: 0.99, z: 22 }
    const shut = w.landing(firer, { x: 14, z: 13 }, { longIn: 0, rightIn: 0 }, closed, 'direct')
    expect(shut.blocker).toMatchObject({ kind: 'door', id: 'house-door' })
    expect(shut.point.z).toBeGreaterThan(15.9)
    expect(shut.point.z).toBeLessThan(16.1)
    const through = w.landing(firer, { x: 14, z: 13 }, { longIn: 0, rightIn: 0 }, open, 'direct')
    expect(through).toMatchObject({ blocker: null, point: { x: 14, z: 13 } })
  })

  it('SMLE-EXP-15: a thrown grenade deviating long over a low wall is stopped by it, on the thrower\u2019s side', () => {
    const l = w.landing({ x: 21, y: 0.99, z: 10 }, { x: 23.5, z: 10 }, { longIn: 3, rightIn: 0 }, closed, 'thrown')
    expect(l.blocker).toMatchObject({ kind: 'feature', id: 'stone' })
    expect(l.point.x).toBeLessThan(24.83)
    expect(l.point.x).toBeGreaterThan(24.6)
  })

  it('falling from above, a round that deviates onto a building bursts on its roof', () => {
    const l = w.landing({ x: 14, y: 1, z: 28 }, { x: 14, z: 20 }, { longIn: 6, rightIn: 0 }, closed, 'indirect')
    expect(l.blocker).toMatchObject({ kind: 'roof', id: 'house' })
    expect(l.point.y).toBeCloseTo(4.8)
    expect(
      w.landing({ x: 14, y: 1, z: 28 }, { x: 14, z: 3 }, { longIn: 6, rightIn: 0 }, closed, 'indirect').offTable,
    ).toBe(true)
  })

  it('SMLE-EXP-04: a burst measures to the nearest point of each base; a figure behind the stone wall is shielded, one in the open is not', () => {
    const bodies = [bodyAt('behind', 26, 10), bodyAt('open', 22.6, 10), bodyAt('far', 30, 10)]
    const hits = w.burst({ x: 24, y: 0, z: 10 }, 2, bodies, closed)
    expect(hits.map((h) => [h.id, h.shielded])).toEqual([
      ['open', false],
      ['behind', true],
    ])
    expect(hits[0]!.distanceIn).toBeCloseTo(0.9)
    expect(hits[1]!.distanceIn).toBeCloseTo(1.5)
  })

  describe('SMLE-EXP-15, SMLE-VEH-15: a vehicle on the line stops a deviating round as a wall does', () => {
    /** A halftrack 5" long (west–east) and 3" wide, 2" high, at (30, 24): its hull spans x 27.5–32.5, z 22.5–25.5. */
    const hull = {
      id: 'ht',
      label: 'the halftrack',
      position: { x: 30, y: 0, z: 24 },
      facingDeg: 90,
      lengthIn: 5,
      widthIn: 3,
      heightIn: 2,
    }
    const none = { longIn: 0, rightIn: 0 }

    it('fired flat across it: the round bursts against its near side, on the firer’s side', () => {
      const l = w.landing({ x: 30, y: 1, z: 28 }, { x: 30, z: 20 }, none, closed, 'direct', [hull])
      expect(l.blocker).toMatchObject({ kind: 'vehicle', id: 'ht' })
      expect(l.point.z).toBeGreaterThan(25.5)
      expect(l.point.z).toBeLessThan(25.6)
      // The same round with no vehicle there flies on to where it was aimed.
      expect(w.landing({ x: 30, y: 1, z: 28 }, { x: 30, z: 20 }, none, closed, 'direct')).toMatchObject({
        blocker: null,
        point: { x: 30, z: 20 },
      })
    })

    it('a thrown grenade deviating long into it is stopped by it', () => {
      const l = w.landing({ x: 30, y: 1, z: 33 }, { x: 30, z: 28.5 }, { longIn: 4, rightIn: 0 }, closed, 'thrown', [
        hull,
      ])
      expect(l.blocker).toMatchObject({ kind: 'vehicle', id: 'ht' })
      expect(l.point.z).toBeGreaterThan(25.5)
      expect(l.point.z).toBeLessThan(25.6)
    })

    it('fired from aboard it, or fired or thrown at it, the round is not stopped by that very hull: it lands where it deviated to', () => {
      // Aimed at the halftrack, a round that misses and deviates long flies past it.
      expect(
        w.landing({ x: 30, y: 1, z: 30 }, { x: 30, z: 24 }, { longIn: 4, rightIn: 0 }, closed, 'direct', [hull]),
      ).toMatchObject({
        blocker: null,
        point: { x: 30, z: 20 },
      })
      expect(w.landing({ x: 30, y: 1, z: 24 }, { x: 30, z: 16 }, none, closed, 'direct', [hull])).toMatchObject({
        blocker: null,
        point: { x: 30, z: 16 },
      })
      const l = w.landing({ x: 30, y: 1, z: 33 }, { x: 30, z: 24 }, { longIn: 3, rightIn: 0 }, closed, 'thrown', [hull])
      expect(l).toMatchObject({ blocker: null, point: { x: 30, z: 21 } })
    })
  })
})
