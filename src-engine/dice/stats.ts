/**
 * The few statistical functions the dice report needs, written out so that
 * the engine depends on no statistics library: log-gamma (Lanczos), the
 * regularized incomplete gamma functions (series and continued fraction, as
 * in Numerical Recipes §6.2), and the chi-square and normal tail
 * probabilities built on them. Known-answer tests pin them to SciPy's values.
 */

const LANCZOS_G = 7
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
]

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7, about 15 significant digits). */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`logGamma needs x > 0, got ${x}`)
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x)
  const z = x - 1
  let sum = LANCZOS[0]!
  for (let i = 1; i < LANCZOS_G + 2; i++) sum += LANCZOS[i]! / (z + i)
  const t = z + LANCZOS_G + 0.5
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum)
}

const EPS = 1e-15
const TINY = 1e-300
const MAX_ITERATIONS = 10_000

/** P(a, x) by its power series; converges fast for x < a + 1. */
function gammaSeries(a: number, x: number): number {
  let term = 1 / a
  let sum = term
  for (let n = 1; n < MAX_ITERATIONS; n++) {
    term *= x / (a + n)
    sum += term
    if (Math.abs(term) < Math.abs(sum) * EPS) break
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a))
}

/** Q(a, x) by its continued fraction (modified Lentz); converges fast for x ≥ a + 1. */
function gammaContinuedFraction(a: number, x: number): number {
  let b = x + 1 - a
  let c = 1 / TINY
  let d = 1 / b
  let h = d
  for (let i = 1; i < MAX_ITERATIONS; i++) {
    const an = -i * (i - a)
    b += 2
    d = an * d + b
    if (Math.abs(d) < TINY) d = TINY
    c = b + an / c
    if (Math.abs(c) < TINY) c = TINY
    d = 1 / d
    const delta = d * c
    h *= delta
    if (Math.abs(delta - 1) < EPS) break
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h
}

/** The regularized lower incomplete gamma function P(a, x) = γ(a, x) / Γ(a). */
export function regularizedGammaP(a: number, x: number): number {
  if (!(a > 0) || x < 0) throw new RangeError(`P(a, x) needs a > 0 and x ≥ 0, got a=${a}, x=${x}`)
  if (x === 0) return 0
  return x < a + 1 ? gammaSeries(a, x) : 1 - gammaContinuedFraction(a, x)
}

/** The regularized upper incomplete gamma function Q(a, x) = 1 − P(a, x), accurate in the far tail. */
export function regularizedGammaQ(a: number, x: number): number {
  if (!(a > 0) || x < 0) throw new RangeError(`Q(a, x) needs a > 0 and x ≥ 0, got a=${a}, x=${x}`)
  if (x === 0) return 1
  return x < a + 1 ? 1 - gammaSeries(a, x) : gammaContinuedFraction(a, x)
}

/** P(X ≥ statistic) for X chi-square distributed with `df` degrees of freedom: the test's p-value. */
export function chiSquarePValue(statistic: number, df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`degrees of freedom must be a positive integer, got ${df}`)
  return regularizedGammaQ(df / 2, Math.max(0, statistic) / 2)
}

/** Pearson's chi-square statistic Σ (observed − expected)² / expected. */
export function chiSquareStatistic(observed: readonly number[], expected: readonly number[]): number {
  if (observed.length !== expected.length) throw new RangeError('observed and expected differ in length')
  let s = 0
  for (let i = 0; i < observed.length; i++) {
    const e = expected[i]!
    const d = observed[i]! - e
    s += (d * d) / e
  }
  return s
}

/** Two-sided p-value of a standard normal score: P(|Z| ≥ |z|) = erfc(|z| / √2) = Q(½, z²/2). */
export function normalTwoSidedPValue(z: number): number {
  return regularizedGammaQ(0.5, (z * z) / 2)
}

/**
 * Lag-1 serial correlation of a sequence (the correlation of each value with
 * the next). For independent throws it is near 0 with standard error about
 * 1/√n.
 */
export function serialCorrelation(xs: readonly number[]): number {
  const n = xs.length
  if (n < 3) return 0
  let mean = 0
  for (const x of xs) mean += x
  mean /= n
  let num = 0
  let den = 0
  for (let i = 0; i < n; i++) {
    const d = xs[i]! - mean
    den += d * d
    if (i + 1 < n) num += d * (xs[i + 1]! - mean)
  }
  return den === 0 ? 0 : num / den
}
