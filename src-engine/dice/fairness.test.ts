import { describe, expect, it } from 'vitest'
import { chiSquareTest, diceReport, facesTest, startDiceReport } from './fairness'
import { diceReportSvg, formatP } from './report-svg'

/**
 * The fairness bound: a faces chi-square (5 degrees of freedom) above 20.515
 * has p < 0.001. A fair die exceeds it once in a thousand samples; the seed
 * is fixed, so the test is deterministic, and it fails for a crooked die.
 */
const CHI2_BOUND_DF5 = 20.515

describe('fairness of the physics dice', () => {
  it(
    '6,000 dice (3,000 2D6 throws, seed 6000) pass the faces chi-square bound, and the 2D6 sums and serial tests',
    { timeout: 300_000 },
    () => {
      const r = diceReport({ dice: 6000, seed: 6000 })
      expect(r.dice).toBe(6000)
      expect(r.faces.observed.reduce((a, b) => a + b, 0)).toBe(6000)
      expect(r.faces.statistic).toBeLessThan(CHI2_BOUND_DF5)
      expect(r.sums.observed.reduce((a, b) => a + b, 0)).toBe(3000)
      expect(r.sums.pValue).toBeGreaterThan(0.001)
      expect(Math.abs(r.serial.z)).toBeLessThan(3.29) // two-sided p > 0.001
      expect(r.cocked.rate).toBeLessThan(0.02)
      expect(r.throws).toBeGreaterThanOrEqual(3000)
    },
  )

  it(
    'the bound can fail: 6,000 dice from a loaded die (centre of mass 0.03" towards the 1) fail it',
    { timeout: 300_000 },
    () => {
      const r = diceReport({ dice: 6000, seed: 6000, loadIn: 0.03 })
      expect(r.faces.statistic).toBeGreaterThan(CHI2_BOUND_DF5)
      // Loaded towards the 1, the die lands 1-down and shows its 6 too often.
      expect(r.faces.observed[5]!).toBeGreaterThan(1000)
      expect(r.faces.observed[0]!).toBeLessThan(1000)
      expect(r.verdict).toMatch(/Possible bias/)
    },
  )

  it('quick dice pass too (the generator itself)', () => {
    const r = diceReport({ dice: 60_000, seed: 1, method: 'quick' })
    expect(r.faces.statistic).toBeLessThan(CHI2_BOUND_DF5)
    expect(r.throws).toBe(0)
  })
})

describe('the report', () => {
  it('counts faces and pair sums, and tests them against one sixth and the 2D6 triangle', () => {
    const faces = [1, 1, 6, 6, 3, 4, 2, 5]
    expect(facesTest(faces).observed).toEqual([2, 1, 1, 1, 1, 2])
    const t = chiSquareTest([10, 20], [1, 1])
    expect(t.expected).toEqual([15, 15])
    expect(t.statistic).toBeCloseTo(10 / 3, 12)
    expect(t.df).toBe(1)
  })

  it('throws in slices and gives the same report as all at once', () => {
    const run = startDiceReport({ dice: 40, seed: 3 })
    let slices = 0
    while (!run.step(3)) slices++
    expect(slices).toBeGreaterThan(4)
    expect(run.progress).toBe(1)
    expect(run.report()).toEqual(diceReport({ dice: 40, seed: 3 }))
  })

  it('draws an SVG histogram of faces and sums with the test figures', () => {
    const r = diceReport({ dice: 600, seed: 2, method: 'quick' })
    const svg = diceReportSvg(r)
    expect(svg.startsWith('<svg')).toBe(true)
    expect(svg.match(/<rect /g)).toHaveLength(1 + 6 + 11)
    expect(svg).toContain(`p = ${formatP(r.faces.pValue)}`)
    expect(formatP(0.5)).toBe('0.500')
    expect(formatP(1.2e-7)).toBe('1.2e-7')
  })

  it('refuses nonsense', () => {
    expect(() => startDiceReport({ dice: 1, seed: 1 })).toThrow(RangeError)
    expect(() => startDiceReport({ dice: 10, seed: 1, perRoll: 0 })).toThrow(RangeError)
  })
})
