import { describe, expect, it } from 'vitest'
import { DiceRolledSchema } from './dice-event'
import { seedRng } from '../rng/sfc32'
import { physicsRoll } from './physics-dice'
import { simulateThrow } from './simulate'

/** The first seed (searching in order) whose first throw of `count` dice leaves a die cocked. */
function seedWithCockedDie(count: number): number {
  for (let seed = 0; seed < 400; seed++) {
    if (simulateThrow(seedRng(seed), count).dice.some((d) => d.cocked)) return seed
  }
  throw new Error('no cocked die in 400 throws')
}

describe('a physics roll', () => {
  it('is the faces its throws left on top, thrown from the generator in order', () => {
    const rng = seedRng(123)
    const roll = physicsRoll(rng, 2)
    expect(roll.throws[0]!.rng).toEqual(rng)
    const first = simulateThrow(rng, 2)
    expect(roll.throws[0]!.trajectoryHash).toBe(first.trajectoryHash)
    if (roll.throws.length === 1) {
      expect(roll.faces).toEqual(first.dice.map((d) => d.face))
      expect(roll.rng).toEqual(first.rng)
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
    for (let i = 1; i < roll.throws.length; i++) {
      expect(roll.throws[i]!.rng).toEqual(simulateThrow(roll.throws[i - 1]!.rng, roll.throws[i - 1]!.dice.length).rng)
    }
    expect(roll.throws.every((t) => t.dice.length <= 12)).toBe(true)
  })

  it('a cocked die is thrown again in a new physics throw; the flat dice keep their faces; the event records it', () => {
    const seed = seedWithCockedDie(12)
    const rng = seedRng(seed)
    const first = simulateThrow(rng, 12)
    const cocked = first.dice.flatMap((d, i) => (d.cocked ? [i] : []))
    const roll = physicsRoll(rng, 12)

    const [throw1, throw2] = roll.throws
    expect(throw1!.cocked.map((c) => c.die)).toEqual(cocked)
    expect(throw1!.cocked.every((c) => ['tilted', 'leaning', 'on-die', 'moving'].includes(c.reason))).toBe(true)
    // The re-throw holds exactly the cocked dice, thrown from the generator state after the first throw.
    expect(throw2!.dice).toEqual(cocked)
    expect(throw2!.rng).toEqual(first.rng)
    const again = simulateThrow(first.rng, cocked.length)
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
        physics: { version: 1, throws: roll.throws },
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
