import { describe, expect, it } from 'vitest'
import { scriptedD6, seededD6 } from '../../../tests/fixtures/dice'
import { diceForPick, distributeHits, pickFromFaces, pickIndex, pickOne } from './hits'

/** Every sequence of n faces, in order. */
function allFaces(n: number): number[][] {
  if (n === 0) return [[]]
  return allFaces(n - 1).flatMap((rest) => [1, 2, 3, 4, 5, 6].map((f) => [...rest, f]))
}

describe('fair picks with engine dice', () => {
  it('one die up to 6 candidates, two up to 36, three up to 216; none for one candidate', () => {
    expect([1, 2, 6, 7, 36, 37, 216, 217].map(diceForPick)).toEqual([0, 1, 1, 2, 2, 3, 3, 4])
    expect(() => diceForPick(0)).toThrow(RangeError)
  })

  it('exact enumeration: every candidate is picked by the same number of kept outcomes (k = 1…80)', () => {
    for (let k = 1; k <= 80; k++) {
      const counts = new Array<number>(k).fill(0)
      let rejected = 0
      for (const faces of allFaces(diceForPick(k))) {
        const pick = pickFromFaces(faces, k)
        if (pick === null) rejected++
        else counts[pick] = (counts[pick] ?? 0) + 1
      }
      expect(new Set(counts).size, `k=${k}`).toBe(1)
      expect(rejected, `k=${k}`).toBe(6 ** diceForPick(k) % k)
    }
  })

  it('one die: 2, 3 and 6 candidates never re-roll; 4 re-rolls 5–6; 5 re-rolls 6', () => {
    expect([1, 2, 3, 4, 5, 6].map((f) => pickFromFaces([f], 2))).toEqual([0, 1, 0, 1, 0, 1])
    expect([1, 2, 3, 4, 5, 6].map((f) => pickFromFaces([f], 4))).toEqual([0, 1, 2, 3, null, null])
    expect([1, 2, 3, 4, 5, 6].map((f) => pickFromFaces([f], 5))).toEqual([0, 1, 2, 3, 4, null])
  })

  it('a re-rolled attempt throws all its dice again and is reproducible', () => {
    const die = scriptedD6([6, 5, 3])
    expect(pickIndex(4, die)).toBe(2)
    expect(die.used()).toBe(3)
    // k = 8: two dice, v = 6·(a−1) + (b−1), kept below 32; (6,3) → 32 re-rolls, (2,4) → 9 → 9 mod 8 = 1.
    const two = scriptedD6([6, 3, 2, 4])
    expect(pickIndex(8, two)).toBe(1)
    expect(two.used()).toBe(4)
  })

  it('one candidate throws no die', () => {
    const die = scriptedD6([])
    expect(pickOne(['only'], die)).toBe('only')
  })

  it('a die that is not a D6 is refused, and a stuck die is reported, not looped on forever', () => {
    expect(() => pickIndex(3, () => 7)).toThrow(RangeError)
    expect(() => pickIndex(4, () => 6)).toThrow(/not random/)
  })

  it('with the engine generator, picks among 5 match 1/5 each within 3 standard errors', () => {
    const die = seededD6(20240)
    const n = 30000
    const counts = [0, 0, 0, 0, 0]
    for (let i = 0; i < n; i++) counts[pickIndex(5, die)]! += 1
    const sd = Math.sqrt(n * 0.2 * 0.8)
    for (const c of counts) expect(Math.abs(c - n / 5)).toBeLessThan(3 * sd)
  })
})

describe('hit distribution (SMLE-DMG-01/02)', () => {
  const team = ['a', 'b', 'c']

  it('SMLE-DMG-02: spread gives each figure one hit before any gets a second', () => {
    const die = seededD6(7)
    for (let trial = 0; trial < 200; trial++) {
      const hits = distributeHits({ hits: 5, exposed: team, mode: 'spread' }, die)
      const counts = team.map((id) => hits.filter((h) => h === id).length)
      expect(new Set(hits.slice(0, 3)).size).toBe(3)
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1)
    }
  })

  it('SMLE-DMG-02: spread picks with the dice given: 3 candidates then 2 then 1', () => {
    // First hit: face 2 → index 1 ("b"); second among a, c: face 2 → "c"; third: only "a", no die.
    const die = scriptedD6([2, 2])
    expect(distributeHits({ hits: 3, exposed: team, mode: 'spread' }, die)).toEqual(['b', 'c', 'a'])
    expect(die.used()).toBe(2)
  })

  it('SMLE-DMG-02: spread counts the hits earlier rolls of the same attack gave (given), not only this roll’s', () => {
    // a already has one hit from an earlier roll: the first hit goes to b or c (2 candidates), the second to the other.
    const die = scriptedD6([2])
    expect(distributeHits({ hits: 2, exposed: team, mode: 'spread', given: { a: 1 } }, die)).toEqual(['c', 'b'])
    // Ids the earlier rolls hit but this firer does not see do not matter.
    expect(distributeHits({ hits: 1, exposed: ['a'], mode: 'spread', given: { z: 3 } }, scriptedD6([]))).toEqual(['a'])
  })

  it('SMLE-DMG-02: random gives every hit to any exposed figure, with replacement', () => {
    const die = scriptedD6([1, 1, 1])
    expect(distributeHits({ hits: 3, exposed: team, mode: 'random' }, die)).toEqual(['a', 'a', 'a'])
  })

  it('SMLE-DMG-01: hits land only on exposed figures, at random', () => {
    const die = seededD6(3)
    const seen = new Set<string>()
    for (let i = 0; i < 100; i++)
      for (const id of distributeHits({ hits: 1, exposed: ['b', 'c'], mode: 'random' }, die)) seen.add(id)
    expect([...seen].sort()).toEqual(['b', 'c'])
  })

  it('SMLE-SHOOT-01: only exposed figures can be hit; hits with none exposed are an error', () => {
    expect(() => distributeHits({ hits: 1, exposed: [], mode: 'spread' }, scriptedD6([]))).toThrow(RangeError)
    expect(distributeHits({ hits: 0, exposed: [], mode: 'spread' }, scriptedD6([]))).toEqual([])
  })

  it('SMLE-SHOOT-27: hits of a roll aimed at one figure all go to that figure, with no die', () => {
    expect(distributeHits({ hits: 3, exposed: team, mode: 'spread', aimedAt: 'c' }, scriptedD6([]))).toEqual([
      'c',
      'c',
      'c',
    ])
    expect(() => distributeHits({ hits: 1, exposed: ['a'], mode: 'spread', aimedAt: 'c' }, scriptedD6([]))).toThrow(
      RangeError,
    )
  })

  it('the same dice give the same distribution (determinism)', () => {
    const a = distributeHits(
      { hits: 7, exposed: ['p', 'q', 'r', 's', 't', 'u', 'v', 'w'], mode: 'spread' },
      seededD6(99),
    )
    const b = distributeHits(
      { hits: 7, exposed: ['p', 'q', 'r', 's', 't', 'u', 'v', 'w'], mode: 'spread' },
      seededD6(99),
    )
    expect(a).toEqual(b)
    expect(new Set(a).size).toBe(7)
  })
})
