import { physicsRoll } from '../../src-engine/dice/physics-dice'
import { simulateThrow } from '../../src-engine/dice/simulate'
import { type RngState, seedRng } from '../../src-engine/rng/sfc32'
import { type Figure, median } from './figures'

/** Milliseconds of each of `n` physics throws of `dice` dice, from consecutive generator states. */
function throwTimes(dice: number, n: number, seed: number): number[] {
  let rng: RngState = seedRng(seed)
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    rng = simulateThrow(rng, dice).rng
    times.push(performance.now() - t0)
  }
  return times
}

/** Physics dice, headless: one throw (release to rest, trajectory recorded, faces read), and sustained throughput. */
export function diceFigures(): Figure[] {
  throwTimes(2, 200, 1) // warm-up: let the JIT settle
  const twoD6 = throwTimes(2, 600, 2)
  const twelveD6 = throwTimes(12, 40, 3)
  let rng: RngState = seedRng(4)
  let dice = 0
  const t0 = performance.now()
  while (performance.now() - t0 < 3000) {
    rng = physicsRoll(rng, 2).rng
    dice += 2
  }
  const seconds = (performance.now() - t0) / 1000
  return [
    {
      name: 'dice.throw2d6Ms',
      value: median(twoD6),
      unit: 'ms',
      note: 'median of 600 2D6 physics throws (cannon-es, release to rest, 60 Hz trajectory recorded)',
    },
    { name: 'dice.throw12d6Ms', value: median(twelveD6), unit: 'ms', note: 'median of 40 12D6 physics throws' },
    {
      name: 'dice.diePerSecond',
      value: dice / seconds,
      unit: 'dice/s',
      note: '2D6 rolls for 3 s, re-throws of cocked dice included',
    },
  ]
}
