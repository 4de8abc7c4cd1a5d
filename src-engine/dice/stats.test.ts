import { describe, expect, it } from 'vitest'
import {
  chiSquarePValue,
  chiSquareStatistic,
  logGamma,
  normalTwoSidedPValue,
  regularizedGammaP,
  regularizedGammaQ,
  serialCorrelation,
} from './stats'

// Reference values from SciPy 1.x (scipy.special.gammaln / gammainc / gammaincc, scipy.stats.chi2.sf, norm.sf).
describe('known answers', () => {
  it('log-gamma', () => {
    expect(logGamma(1)).toBeCloseTo(0, 13)
    expect(logGamma(2)).toBeCloseTo(0, 13)
    expect(logGamma(0.5)).toBeCloseTo(0.5723649429247, 12) // ln √π
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12)
    expect(logGamma(100.5)).toBeCloseTo(361.43554046777757, 9)
    expect(logGamma(0.1)).toBeCloseTo(2.252712651734206, 12)
  })

  it('regularized incomplete gamma functions', () => {
    expect(regularizedGammaQ(0.5, 2)).toBeCloseTo(0.04550026389635857, 13)
    expect(regularizedGammaP(3.5, 2.2)).toBeCloseTo(0.2672769164361349, 13)
    // P(1, x) = 1 − e^(−x), on both sides of the series / continued-fraction switch.
    for (const x of [0.1, 1.5, 2, 7]) expect(regularizedGammaP(1, x)).toBeCloseTo(1 - Math.exp(-x), 13)
    for (const [a, x] of [
      [2.5, 1],
      [2.5, 6],
      [10, 3],
      [10, 30],
    ] as const)
      expect(regularizedGammaP(a, x) + regularizedGammaQ(a, x)).toBeCloseTo(1, 14)
    expect(regularizedGammaP(3, 0)).toBe(0)
    expect(regularizedGammaQ(3, 0)).toBe(1)
  })

  it('chi-square p-values at the textbook 5 % critical values, and in the tails', () => {
    expect(chiSquarePValue(3.841458820694124, 1)).toBeCloseTo(0.05, 12)
    expect(chiSquarePValue(11.070497693516351, 5)).toBeCloseTo(0.05, 12)
    expect(chiSquarePValue(18.307038053275146, 10)).toBeCloseTo(0.05, 12)
    expect(chiSquarePValue(20, 5)).toBeCloseTo(0.0012497305630313773, 14)
    expect(chiSquarePValue(3, 4)).toBeCloseTo(0.5578254003710748, 13)
    expect(chiSquarePValue(0.5, 10)).toBeCloseTo(0.999993388289439, 13)
    // Far tail: relative accuracy, not just "close to 0".
    expect(chiSquarePValue(200, 10) / 1.6139305336977317e-37).toBeCloseTo(1, 9)
    expect(chiSquarePValue(0, 3)).toBe(1)
    expect(() => chiSquarePValue(1, 0)).toThrow()
    expect(() => chiSquarePValue(1, 2.5)).toThrow()
  })

  it('two-sided normal p-values', () => {
    expect(normalTwoSidedPValue(1.96)).toBeCloseTo(0.04999579029644087, 13)
    expect(normalTwoSidedPValue(-1.96)).toBeCloseTo(0.04999579029644087, 13)
    expect(normalTwoSidedPValue(0)).toBe(1)
  })
})

describe('statistics of samples', () => {
  it('chi-square statistic', () => {
    expect(chiSquareStatistic([10, 10, 10], [10, 10, 10])).toBe(0)
    expect(chiSquareStatistic([12, 8, 10], [10, 10, 10])).toBeCloseTo(0.8, 14)
    expect(() => chiSquareStatistic([1], [1, 2])).toThrow()
  })

  it('serial correlation: +1 for a trend, −1 for alternation, 0 for a constant', () => {
    expect(serialCorrelation([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBeGreaterThan(0.6)
    expect(serialCorrelation([1, 6, 1, 6, 1, 6, 1, 6, 1, 6])).toBeLessThan(-0.85)
    expect(serialCorrelation([3, 3, 3, 3])).toBe(0)
  })
})
