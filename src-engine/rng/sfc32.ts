/**
 * sfc32 ("Small Fast Counting", Chris Doty-Humphrey, PractRand), the one random
 * generator of the engine. Its whole state is four uint32s kept in the match
 * state, so a saved game carries its generator with it and replays exactly.
 */

/** The generator's state: `[a, b, c, counter]`, each a uint32. */
export type RngState = readonly [number, number, number, number]

/** The name recorded in save headers, so a later change of generator is visible. */
export const RNG_NAME = 'sfc32'

/** One step: the next uint32 and the state after it. Pure. */
export function nextUint32(state: RngState): { value: number; state: RngState } {
  let [a, b, c, d] = state
  const t = (((a + b) | 0) + d) | 0
  d = (d + 1) | 0
  a = b ^ (b >>> 9)
  b = (c + (c << 3)) | 0
  c = (c << 21) | (c >>> 11)
  c = (c + t) | 0
  return { value: t >>> 0, state: [a >>> 0, b >>> 0, c >>> 0, d >>> 0] }
}

/**
 * Seeds the generator as PractRand does for a 32-bit seed: `a = 0, b = seed,
 * c = 0, counter = 1`, then twelve discarded outputs to mix the state.
 */
export function seedRng(seed: number): RngState {
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new RangeError(`seed must be an integer from 0 to 4294967295, got ${seed}`)
  }
  let state: RngState = [0, seed >>> 0, 0, 1]
  for (let i = 0; i < 12; i++) state = nextUint32(state).state
  return state
}

/**
 * A uniform integer in `[0, n)` by rejection sampling (no modulo bias).
 * Returns the value and the state after the draws it needed.
 */
export function nextInt(state: RngState, n: number): { value: number; state: RngState } {
  if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`bad range ${n}`)
  const limit = Math.floor(0x100000000 / n) * n
  let s = state
  for (;;) {
    const r = nextUint32(s)
    s = r.state
    if (r.value < limit) return { value: r.value % n, state: s }
  }
}

/** A float in `[0, 1)` with 32 bits of randomness. */
export function nextFloat(state: RngState): { value: number; state: RngState } {
  const r = nextUint32(state)
  return { value: r.value / 0x100000000, state: r.state }
}

/**
 * A small mutable cursor over an `RngState` for code that draws many numbers
 * in a row (dice throws). Call `state()` at the end to store the new state.
 */
export class RngCursor {
  private s: RngState
  constructor(state: RngState) {
    this.s = state
  }
  uint32(): number {
    const r = nextUint32(this.s)
    this.s = r.state
    return r.value
  }
  int(n: number): number {
    const r = nextInt(this.s, n)
    this.s = r.state
    return r.value
  }
  float(): number {
    const r = nextFloat(this.s)
    this.s = r.state
    return r.value
  }
  /** A float in `[lo, hi)`. */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.float()
  }
  state(): RngState {
    return this.s
  }
}
