import { describe, expect, it } from 'vitest'
import { intersects, overlappingPairs, uncoveredFraction, withinWindow } from '../e2e/panel-geometry'

describe('panel geometry (the layout check of tests/e2e/layout.spec.ts)', () => {
  it('no box leaves the whole window uncovered; one covering it leaves none', () => {
    expect(uncoveredFraction([], 100, 50)).toBe(1)
    expect(uncoveredFraction([{ x: 0, y: 0, width: 100, height: 50 }], 100, 50)).toBe(0)
  })
  it('counts overlapping boxes once and clips boxes to the window', () => {
    const a = { x: 0, y: 0, width: 50, height: 50 }
    const b = { x: 25, y: 25, width: 50, height: 50 }
    // a ∪ b = 2500 + 2500 - 625 = 4375 of 10000.
    expect(uncoveredFraction([a, b], 100, 100)).toBeCloseTo(1 - 4375 / 10000, 10)
    expect(uncoveredFraction([{ x: -50, y: 90, width: 100, height: 50 }], 100, 100)).toBeCloseTo(1 - 500 / 10000, 10)
    expect(uncoveredFraction([a, a, a], 100, 100)).toBeCloseTo(0.75, 10)
  })
  it('touching boxes do not overlap; sharing area does', () => {
    const a = { id: 'a', rect: { x: 0, y: 0, width: 10, height: 10 } }
    const b = { id: 'b', rect: { x: 10, y: 0, width: 10, height: 10 } }
    const c = { id: 'c', rect: { x: 5, y: 5, width: 10, height: 10 } }
    expect(intersects(a.rect, b.rect)).toBe(false)
    expect(overlappingPairs([a, b, c])).toEqual([
      ['a', 'c'],
      ['b', 'c'],
    ])
  })
  it('a box sticking out of the window, or with no area, is not within it', () => {
    expect(withinWindow({ x: 0, y: 0, width: 10, height: 10 }, 10, 10)).toBe(true)
    expect(withinWindow({ x: 1, y: 0, width: 10, height: 10 }, 10, 10)).toBe(false)
    expect(withinWindow({ x: 0, y: 0, width: 0, height: 10 }, 10, 10)).toBe(false)
  })
})
