import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hypot } from './geometry'

describe('hypot: the length of a vector on the table plane', () => {
  it('is the very number Math.hypot gives for two terms, to the last bit', () => {
    const term = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e4, max: 1e4 }),
      fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100),
      fc.double(),
    )
    fc.assert(
      fc.property(term, term, (x, y) => {
        expect(Object.is(hypot(x, y), Math.hypot(x, y))).toBe(true)
      }),
      { numRuns: 200_000 },
    )
  })
  it('keeps the builtin’s answers for zeros, infinities and NaN', () => {
    for (const [x, y] of [
      [0, 0],
      [-0, -0],
      [3, 4],
      [Infinity, NaN],
      [NaN, -Infinity],
      [NaN, 1],
      [1e308, 1e308],
      [5e-324, 5e-324],
    ] as const)
      expect(hypot(x, y)).toBe(Math.hypot(x, y))
  })
})

describe('hypot is never less than either term', () => {
  it('so a point farther than a reach along one axis is farther than it on the plane', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.double({ noNaN: true }), (x, y) => {
        const h = hypot(x, y)
        expect(h >= Math.abs(x) && h >= Math.abs(y)).toBe(true)
      }),
      { numRuns: 100_000 },
    )
  })
})
