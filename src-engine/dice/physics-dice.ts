import type { DiceThrow } from './dice-event'
import { sha256Words } from '../rng/sha256'
import { nextUint32, type RngState } from '../rng/sfc32'
import { simulateThrow, type ThrowOptions, type ThrowOutcome } from './simulate'
import { splitPool } from './throw-conditions'

/**
 * Version of the dice tray (its size, materials, throw and stepping). Recorded
 * in every physics roll: a replay made by a different tray cannot show the
 * same trajectory, and the renderer says so instead of showing another throw.
 */
export const DICE_PHYSICS_VERSION = 2

/** Words drawn from the game's generator for one throw's start (256 bits, hashed down to the throw's 128). */
const THROW_SEED_WORDS = 8

/**
 * The start of one throw: eight words drawn from the game's generator, hashed
 * (SHA-256) into the state the throw's own initial conditions are drawn
 * from. The throw's state is recorded and replayed by every seat; the hash
 * keeps it from telling anything of the game's generator, whose later draws
 * (the dice still to come) stay unknown to all but the host.
 */
export function throwSeed(rng: RngState): { seed: RngState; rng: RngState } {
  const words: number[] = []
  let state = rng
  for (let i = 0; i < THROW_SEED_WORDS; i++) {
    const r = nextUint32(state)
    words.push(r.value)
    state = r.state
  }
  const [a, b, c, d] = sha256Words(words)
  return { seed: [a!, b!, c!, d!], rng: state }
}

/**
 * A cocked die is thrown again this many times at most. A lone die in an empty
 * tray is cocked far less than one time in a hundred, so this bound is never
 * reached in practice; it only guarantees the loop ends.
 */
const MAX_RETHROWS = 40

/** A whole physics roll: its faces, every throw it took, and the generator after. */
export interface PhysicsRoll {
  readonly faces: number[]
  readonly throws: DiceThrow[]
  readonly rng: RngState
}

/**
 * Throws a pool of dice through the physics. Pools over 12 go in several
 * throws of at most `MAX_DICE_PER_THROW`. After each throw every cocked die is picked up and
 * thrown again, alone with the other cocked dice of that throw, in a new
 * throw, until all lie flat; the dice that lay flat keep their faces. Each
 * throw's start comes from the generator where the last one left it, through
 * `throwSeed`.
 */
export function physicsRoll(rng: RngState, count: number, options: ThrowOptions = {}): PhysicsRoll {
  const faces: number[] = new Array<number>(count).fill(0)
  const throws: DiceThrow[] = []
  let state = rng
  let first = 0
  for (const size of splitPool(count)) {
    let pending = Array.from({ length: size }, (_, i) => first + i)
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > MAX_RETHROWS) throw new Error(`dice still cocked after ${MAX_RETHROWS} throws`)
      const { seed, rng: after } = throwSeed(state)
      state = after
      const outcome = simulateThrow(seed, pending.length, options)
      throws.push(throwRecord(seed, pending, outcome))
      const again: number[] = []
      outcome.dice.forEach((d, i) => {
        const die = pending[i]!
        if (d.cocked) again.push(die)
        else faces[die] = d.face
      })
      pending = again
    }
    first += size
  }
  return { faces, throws, rng: state }
}

function throwRecord(seed: RngState, dice: readonly number[], outcome: ThrowOutcome): DiceThrow {
  return {
    rng: [...seed] as [number, number, number, number],
    dice: [...dice],
    faces: outcome.dice.map((d) => d.face),
    cocked: outcome.dice.flatMap((d, i) => (d.cocked ? [{ die: dice[i]!, reason: d.cocked, tiltDeg: d.tiltDeg }] : [])),
    frames: outcome.trajectory.frames,
    trajectoryHash: outcome.trajectoryHash,
  }
}
