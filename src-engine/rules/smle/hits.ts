import { assertFace, type RollD6 } from './combat-types'

/**
 * Fair picks with engine dice, and the hit distribution of SMLE-DMG-01/02.
 *
 * Procedure for picking one of k candidates (k ≥ 1), fair and reproducible:
 * - k = 1: no die is thrown.
 * - Otherwise throw n dice, the fewest with 6ⁿ ≥ k (one die up to 6
 *   candidates, two up to 36, three up to 216 …), and read them as one
 *   number v in 0 … 6ⁿ−1 (first die most significant: v = Σ (faceᵢ − 1)·6ⁿ⁻ⁱ).
 * - Keep the largest multiple of k that fits, m = ⌊6ⁿ / k⌋·k. If v ≥ m,
 *   throw all n dice again; otherwise the pick is v mod k.
 * Each kept v maps to every candidate exactly m / k times, so every
 * candidate has the same chance, and the same faces always give the same
 * pick. With one die: k = 2, 3 or 6 never re-rolls (faces 1–6 → 0,1,0,1,0,1
 * for k = 2); k = 4 re-rolls 5 and 6; k = 5 re-rolls 6.
 */

/** Dice needed for one attempt at a pick among k (the fewest n with 6ⁿ ≥ k). */
export function diceForPick(k: number): number {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`cannot pick among ${k}`)
  let n = 0
  for (let span = 1; span < k; span *= 6) n++
  return n
}

/**
 * The pick that one attempt's faces give among k candidates, or null when
 * the attempt must be thrown again (the procedure above).
 */
export function pickFromFaces(faces: readonly number[], k: number): number | null {
  const n = diceForPick(k)
  if (faces.length !== n) throw new RangeError(`a pick among ${k} takes ${n} dice, got ${faces.length}`)
  const span = 6 ** n
  const value = faces.reduce((v, f) => v * 6 + assertFace(f) - 1, 0)
  const kept = Math.floor(span / k) * k
  return value < kept ? value % k : null
}

/** Attempts before a miswired die is declared broken (a fair die fails 100 times with chance < 2⁻¹⁰⁰). */
const MAX_ATTEMPTS = 100

/** Picks an index in 0 … k−1 fairly with engine dice (the procedure above). */
export function pickIndex(k: number, rollD6: RollD6): number {
  const n = diceForPick(k)
  if (n === 0) return 0
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const faces: number[] = []
    for (let i = 0; i < n; i++) faces.push(rollD6())
    const pick = pickFromFaces(faces, k)
    if (pick !== null) return pick
  }
  throw new Error(`no fair pick among ${k} after ${MAX_ATTEMPTS} attempts: the die is not random`)
}

/** Picks one item of a list fairly with engine dice. */
export function pickOne<T>(items: readonly T[], rollD6: RollD6): T {
  if (items.length === 0) throw new RangeError('cannot pick from an empty list')
  return items[pickIndex(items.length, rollD6)] as T
}

/** What an attack's hits may fall on. */
export interface HitDistributionInput {
  /** Hits the attack scored. */
  readonly hits: number
  /**
   * Ids of the target unit's exposed figures (SMLE-SHOOT-01: seen by a firer
   * of this attack; not playing dead), in a stable order: the order is part
   * of what makes the picks reproducible.
   */
  readonly exposed: readonly string[]
  /** `spread` or `random` (settings `hitDistribution`, SMLE-DMG-02). */
  readonly mode: 'spread' | 'random'
  /** SMLE-SHOOT-27: a roll aimed at one figure puts all its hits on that figure. */
  readonly aimedAt?: string
  /**
   * Hits earlier rolls of the same attack gave each figure (SMLE-DMG-02: "the
   * fewest hits so far from this attack" counts the whole attack, not one
   * firer's roll). Missing ids count 0.
   */
  readonly given?: Readonly<Record<string, number>>
}

/**
 * Gives out an attack's hits (SMLE-DMG-01/02): one id per hit, in order.
 * `spread`: each hit to a random exposed figure among those with the fewest
 * hits so far from this attack (this roll's and, through `given`, the earlier
 * rolls'); `random`: each hit to any exposed figure.
 * Hits are given out before any damage is rolled; the caller resolves them in
 * order, and a hit on a figure already killed by this attack is lost
 * (decision: bullets already in flight).
 */
export function distributeHits(input: HitDistributionInput, rollD6: RollD6): string[] {
  if (!Number.isInteger(input.hits) || input.hits < 0) throw new RangeError(`bad hit count ${input.hits}`)
  if (input.aimedAt !== undefined && input.hits > 0 && !input.exposed.includes(input.aimedAt))
    throw new RangeError(`the aimed-at figure ${input.aimedAt} is not exposed`)
  if (input.aimedAt !== undefined) return Array.from({ length: input.hits }, () => input.aimedAt as string)
  if (input.hits === 0) return []
  if (new Set(input.exposed).size !== input.exposed.length) throw new RangeError('exposed figures repeat')
  if (input.exposed.length === 0) throw new RangeError('hits with no exposed figure to take them')
  const counts = new Map(input.exposed.map((id) => [id, input.given?.[id] ?? 0]))
  const out: string[] = []
  for (let h = 0; h < input.hits; h++) {
    let pool = input.exposed
    if (input.mode === 'spread') {
      const fewest = Math.min(...counts.values())
      pool = input.exposed.filter((id) => counts.get(id) === fewest)
    }
    const id = pickOne(pool, rollD6)
    counts.set(id, (counts.get(id) ?? 0) + 1)
    out.push(id)
  }
  return out
}
