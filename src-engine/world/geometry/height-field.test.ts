import { describe, expect, it } from 'vitest'
import { RngCursor, seedRng } from '../../rng/sfc32'
import { featureHeightAt, hillHeightAt, terrainHeightAt } from '../terrain'
import { HeightField } from './height-field'

const terrain = {
  hills: [{ id: 'h', x: 10, z: 10, radiusIn: 6, heightIn: 3, rotationDeg: 0, plateauIn: 0 }],
  ridges: [
    {
      id: 'r',
      points: [
        { x: 20, z: 2 },
        { x: 28, z: 12 },
      ],
      widthIn: 6,
      heightIn: 2,
    },
  ],
  slopes: [{ id: 's', from: { x: 2, z: 22 }, to: { x: 8, z: 22 }, widthIn: 6, heightIn: 1.5, plateauIn: 4, edgeIn: 1 }],
}
const field = new HeightField(30, 28, 0.5, (x, z) => featureHeightAt(terrain, x, z))

describe('the height field', () => {
  it('takes the features\u2019 heights at its vertices and is flat triangles between them', () => {
    expect(field.heightAt(10, 10)).toBeCloseTo(3)
    expect(field.heightAt(13, 10)).toBeCloseTo(featureHeightAt(terrain, 13, 10))
    // Inside a cell: the plane through the corners of the triangle the point is in.
    const h = field.heightAt(10.3, 10.1)
    const v00 = field.heightAt(10, 10)
    const v10 = field.heightAt(10.5, 10)
    const v11 = field.heightAt(10.5, 10.5)
    expect(h).toBeCloseTo(v00 + 0.6 * (v10 - v00) + 0.2 * (v11 - v10))
  })

  it('a hill with no shape options is the old cosine bump; a slope rises evenly to its plateau', () => {
    const hill = terrain.hills[0]!
    expect(hillHeightAt(hill, 13, 10)).toBeCloseTo(terrainHeightAt([hill], 13, 10))
    expect(featureHeightAt(terrain, 5, 22)).toBeCloseTo(0.75)
    expect(featureHeightAt(terrain, 10, 22)).toBeCloseTo(1.5)
  })

  it('SMLE-GEN-05: the climb along a line is exact (against a fine walk), descents free', () => {
    const rng = new RngCursor(seedRng(3))
    for (let i = 0; i < 50; i++) {
      const a = { x: rng.float() * 30, z: rng.float() * 28 }
      const b = { x: rng.float() * 30, z: rng.float() * 28 }
      let fine = 0
      let prev = field.heightAt(a.x, a.z)
      for (let k = 1; k <= 20000; k++) {
        const h = field.heightAt(a.x + ((b.x - a.x) * k) / 20000, a.z + ((b.z - a.z) * k) / 20000)
        if (h > prev) fine += h - prev
        prev = h
      }
      expect(field.climbAlong(a, b)).toBeCloseTo(fine, 3)
    }
    expect(field.climbAlong({ x: 10, z: 10 }, { x: 17, z: 10 })).toBe(0)
    expect(field.climbAlong({ x: 17, z: 10 }, { x: 10, z: 10 })).toBeCloseTo(3)
  })

  it('finds where a sight line first dips into the ground (against a fine walk), and never meets the flat table', () => {
    const rng = new RngCursor(seedRng(4))
    let hits = 0
    for (let i = 0; i < 200; i++) {
      const p = { x: rng.float() * 30, y: 0, z: rng.float() * 28 }
      const q = { x: rng.float() * 30, y: 0, z: rng.float() * 28 }
      p.y = field.heightAt(p.x, p.z) + 0.1 + rng.float()
      q.y = field.heightAt(q.x, q.z) + 0.1 + rng.float()
      let fine: number | null = null
      for (let k = 1; k < 40000; k++) {
        const t = k / 40000
        if (p.y + (q.y - p.y) * t < field.heightAt(p.x + (q.x - p.x) * t, p.z + (q.z - p.z) * t)) {
          fine = t
          break
        }
      }
      const exact = field.firstCrossing(p, q)
      expect(exact === null).toBe(fine === null)
      if (exact !== null && fine !== null) {
        hits++
        expect(Math.abs(exact - fine)).toBeLessThan(1e-4)
      }
    }
    expect(hits).toBeGreaterThan(20)
    expect(field.firstCrossing({ x: 1, y: 0.01, z: 27 }, { x: 29, y: 0.01, z: 27 })).toBeNull()
  })

  it('levels a footprint: every cell it touches takes the pad height', () => {
    const f = new HeightField(30, 28, 0.5, (x, z) => featureHeightAt(terrain, x, z))
    const pad = [
      { x: 8, z: 8 },
      { x: 12, z: 8 },
      { x: 12, z: 11 },
      { x: 8, z: 11 },
    ]
    f.flatten(pad, 2.5)
    for (const [x, z] of [
      [8, 8],
      [9.3, 10.7],
      [11.99, 8.01],
      [12, 11],
    ])
      expect(f.heightAt(x!, z!)).toBeCloseTo(2.5)
    expect(f.climbAlong({ x: 8.2, z: 8.2 }, { x: 11.8, z: 10.8 })).toBe(0)
  })
})
