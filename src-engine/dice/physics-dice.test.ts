import { describe, expect, it } from 'vitest'
import { DiceRolledSchema } from './dice-event'
import { nextUint32, seedRng } from '../rng/sfc32'
import { sha256Words } from '../rng/sha256'
import { physicsRoll, throwSeed } from './physics-dice'
import { simulateThrow } from './simulate'

/** The first seed (searching in order) whose roll's first throw of `count` dice leaves a die cocked. */
function seedWithCockedDie(count: number): number {
  for (let seed = 0; seed < 400; seed++) {
    if (simulateThrow(throwSeed(seedRng(seed)).seed, count).dice.some((d) => d.cocked)) return seed
  }
  throw new Error('no cocked die in 400 throws')
}

describe('a physics roll', () => {
  it('is the faces its throws left on top, thrown from the generator in order', () => {
    const rng = seedRng(123)
    const roll = physicsRoll(rng, 2)
    const { seed, rng: after } = throwSeed(rng)
    expect(roll.throws[0]!.rng).toEqual(seed)
    const first = simulateThrow(seed, 2)
    expect(roll.throws[0]!.trajectoryHash).toBe(first.trajectoryHash)
    if (roll.throws.length === 1) {
      expect(roll.faces).toEqual(first.dice.map((d) => d.face))
      expect(roll.rng).toEqual(after)
    }
  })

  it('a throw’s recorded start tells nothing of the game’s generator: it is a SHA-256 of eight draws, which it does not contain', () => {
    let rng = seedRng(77)
    for (let i = 0; i < 20; i++) {
      const roll = physicsRoll(rng, 2)
      const words: number[] = []
      let s = rng
      for (let k = 0; k < 8; k++) {
        const r = nextUint32(s)
        words.push(r.value)
        s = r.state
      }
      expect(roll.throws[0]!.rng).toEqual(sha256Words(words).slice(0, 4))
      // Neither the generator before the roll, nor after it, nor any of its draws appears in what the seats are sent.
      const sent = new Set(roll.throws.flatMap((t) => t.rng))
      for (const w of [...rng, ...roll.rng, ...words]) expect(sent.has(w)).toBe(false)
      rng = roll.rng
    }
  })

  it('throws pools over 12 in several throws of at most 12, each from where the last left the generator', () => {
    const roll = physicsRoll(seedRng(5), 27)
    expect(roll.faces).toHaveLength(27)
    expect(roll.faces.every((f) => f >= 1 && f <= 6)).toBe(true)
    // The first throw holding each group's first die is that group's throw (re-throws of cocked dice come after it).
    const groups = [0, 12, 24].map((die) => roll.throws.find((t) => t.dice.includes(die))!)
    expect(groups.map((t) => t.dice)).toEqual(
      [0, 12, 24].map((first) => Array.from({ length: first === 24 ? 3 : 12 }, (_, i) => first + i)),
    )
    // Each throw starts from the next start the generator gives, in order.
    let s = seedRng(5)
    for (const t of roll.throws) {
      const next = throwSeed(s)
      expect(t.rng).toEqual(next.seed)
      s = next.rng
    }
    expect(roll.rng).toEqual(s)
    expect(roll.throws.every((t) => t.dice.length <= 12)).toBe(true)
  })

  it('a cocked die is thrown again in a new physics throw; the flat dice keep their faces; the event records it', () => {
    const seed = seedWithCockedDie(12)
    const rng = seedRng(seed)
    const start = throwSeed(rng)
    const first = simulateThrow(start.seed, 12)
    const cocked = first.dice.flatMap((d, i) => (d.cocked ? [i] : []))
    const roll = physicsRoll(rng, 12)

    const [throw1, throw2] = roll.throws
    expect(throw1!.cocked.map((c) => c.die)).toEqual(cocked)
    expect(throw1!.cocked.every((c) => ['tilted', 'leaning', 'on-die', 'moving'].includes(c.reason))).toBe(true)
    // The re-throw holds exactly the cocked dice, thrown from the next start the generator gives.
    expect(throw2!.dice).toEqual(cocked)
    const next = throwSeed(start.rng).seed
    expect(throw2!.rng).toEqual(next)
    const again = simulateThrow(next, cocked.length)
    first.dice.forEach((d, i) => {
      if (!d.cocked) expect(roll.faces[i]).toBe(d.face)
    })
    cocked.forEach((die, k) => {
      if (!again.dice[k]!.cocked) expect(roll.faces[die]).toBe(again.dice[k]!.face)
    })
    // The record of the roll is what an event carries.
    expect(() =>
      DiceRolledSchema.parse({
        type: 'DiceRolled',
        rollId: 0,
        purpose: 't',
        faces: roll.faces,
        modifiers: [],
        total: 0,
        method: 'physics',
        physics: { version: 2, throws: roll.throws },
        rng: roll.rng,
      }),
    ).not.toThrow()
  })

  it('the cocked tolerance: a die read flat is within 2° of flat; a cocked one is tilted, leaning, lying on a die or moving', () => {
    let rng = seedRng(31)
    for (let t = 0; t < 12; t++) {
      const o = simulateThrow(rng, 12)
      rng = o.rng
      for (const d of o.dice) {
        if (d.cocked === null) expect(d.tiltDeg).toBeLessThanOrEqual(2)
        if (d.cocked === 'tilted') expect(d.tiltDeg).toBeGreaterThan(10)
        if (d.cocked === 'leaning') expect(d.tiltDeg).toBeGreaterThan(2)
      }
    }
  })
})
