import { Color } from 'three'
import { describe, expect, it } from 'vitest'
import type { SightLine } from '../../state/stores'
import { burstShape } from './burst'
import { COVER_COLOUR, sightSegments } from './sight-lines'

const line = (firerId: string, cover: SightLine['cover'], x = 0): SightLine => ({
  firerId,
  from: { x, y: 1, z: 0 },
  to: { x, y: 1, z: 10 },
  cover,
  visible: cover === 'blocked' ? 0 : 1,
})
const rgb = (hex: string) => {
  const c = new Color(hex)
  return [c.r, c.g, c.b]
}

describe('sight lines on the table (SMLE-SHOOT-21..24)', () => {
  it('each seen line runs from its firer to the target, both ends in its cover colour: open green, soft yellow, hard orange, position red', () => {
    const s = sightSegments([
      line('a', 'none', 1),
      line('b', 'soft', 2),
      line('c', 'hard', 3),
      line('d', 'position', 4),
    ])
    expect(s.seen).toHaveLength(8)
    expect(s.seen[2]).toEqual([2, 1, 0])
    expect(s.seen[3]).toEqual([2, 1, 10])
    const colours = [0, 2, 4, 6].map((i) => s.seenColours[i]!)
    expect(colours).toEqual([
      rgb(COVER_COLOUR.none),
      rgb(COVER_COLOUR.soft),
      rgb(COVER_COLOUR.hard),
      rgb(COVER_COLOUR.position),
    ])
    const [g, y, o, r] = colours as unknown as [number[], number[], number[], number[]]
    expect(g[1]).toBeGreaterThan(g[0]!)
    expect(y[0]! + y[1]!).toBeGreaterThan(o[0]! + o[1]!)
    expect(o[1]).toBeGreaterThan(r[1]!)
    expect(s.blocked).toHaveLength(0)
  })
  it('a blocked line is drawn apart (dashed grey), and the legend counts lines by cover in order', () => {
    const s = sightSegments([line('a', 'blocked'), line('b', 'hard'), line('c', 'hard'), line('d', 'none')])
    expect(s.blocked).toEqual([
      [0, 1, 0],
      [0, 1, 10],
    ])
    expect(s.seen).toHaveLength(6)
    expect(s.legend.map((l) => [l.cover, l.count])).toEqual([
      ['none', 1],
      ['hard', 2],
      ['blocked', 1],
    ])
  })
})

describe('burst templates (SMLE-EXP-11..14)', () => {
  it('the circle has the template\u2019s radius round where it landed', () => {
    const b = burstShape({ aim: { x: 10, y: 0, z: 10 }, at: { x: 10, y: 0, z: 10 }, radiusIn: 3 })
    for (const [x, , z] of b.ring) expect(Math.hypot(x - 10, z - 10)).toBeCloseTo(3)
    expect(b.ring[0]).toEqual(b.ring[b.ring.length - 1])
    expect(b.deviation).toBeNull()
  })
  it('a deviated burst gets an arrow from the aim point to where it landed, with its length and bearing', () => {
    const b = burstShape({ aim: { x: 10, y: 0, z: 10 }, at: { x: 14, y: 0, z: 7 }, radiusIn: 2 })
    expect(b.centre[0]).toBe(14)
    expect(b.centre[2]).toBe(7)
    expect(b.deviation?.lengthIn).toBeCloseTo(5)
    expect(b.deviation?.from[0]).toBe(10)
    expect(b.deviation?.to[0]).toBe(14)
    // North-east of the aim point: between 0° (north, −Z) and 90° (east, +X).
    expect(b.deviation?.bearingDeg).toBeCloseTo((Math.atan2(4, 3) * 180) / Math.PI)
  })
})

describe('a burst template lies on the ground', () => {
  it('a point given below the ground is raised onto it, the aim cross too', () => {
    const b = burstShape({ aim: { x: 0, y: 0, z: 0 }, at: { x: 3, y: 0, z: 0 }, radiusIn: 1 }, (x) => 2 + x)
    expect(b.centre[1]).toBeGreaterThan(5)
    expect(b.deviation!.from[1]).toBeGreaterThan(2)
    expect(b.ring.every(([, y]) => y === b.centre[1])).toBe(true)
  })
})
