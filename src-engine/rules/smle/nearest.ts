import type { Body } from '../../world/types'
import { circumRadiusIn, footprintOf } from '../../world/footprint'
import { hypot } from '../../util/geometry'

/** One bucket: its members and the box of their centres on the table. */
interface Bucket<T> {
  readonly members: T[]
  readonly bodies: Body[]
  minX: number
  minZ: number
  maxX: number
  maxZ: number
}

/** Cell numbers: column (offset so that a little off the table stays positive) times the span, plus row. */
const CELL_OFFSET = 1024
const CELL_SPAN = 1 << 20

/** Skipped bodies are farther than the best by more than this (far above rounding errors). */
const SLACK_IN = 1e-6

/**
 * Nearest-figure search over a fixed set of bodies, bucketed on a grid of
 * their centres. A search measures the bodies of the bucket nearest the
 * asking body first, then only those of buckets that could hold a nearer
 * one: a base lies inside the circle of its circumradius, so no distance
 * between two bases (SMLE-GEN-05; a difference in height only adds) is less
 * than the distance between their centres minus both circumradii. Every
 * body it skips is farther than the best by more than `SLACK_IN`, so the
 * answer is the one a scan of the whole set gives (nearest, then smallest id).
 */
export class NearestIndex<T extends { readonly id: string }> {
  /**
   * The buckets and the largest circumradius of any member's base, built
   * the first time a search needs them: an index that only brings kept
   * answers up to date (see `following`) measures its added members alone.
   */
  private grid: { readonly buckets: Bucket<T>[]; readonly maxReachIn: number } | null = null

  /** `bodyOf` gives what distances are measured from (the base, or the hull of a vehicle a figure is aboard). */
  constructor(
    private readonly members: readonly T[],
    private readonly bodyOf: (m: T) => Body,
    private readonly cellIn = 4,
  ) {}

  private built(): { readonly buckets: Bucket<T>[]; readonly maxReachIn: number } {
    if (this.grid) return this.grid
    const cellIn = this.cellIn
    // Cells by number (two cells that share one only share a bucket, whose box still holds its members).
    const byCell = new Map<number, Bucket<T>>()
    let reach = 0
    for (const m of this.members) {
      const b = this.bodyOf(m)
      reach = Math.max(reach, reachOf(b))
      const { x, z } = b.position
      const key = (Math.floor(x / cellIn) + CELL_OFFSET) * CELL_SPAN + Math.floor(z / cellIn)
      let bucket = byCell.get(key)
      if (!bucket) {
        bucket = { members: [], bodies: [], minX: x, minZ: z, maxX: x, maxZ: z }
        byCell.set(key, bucket)
      }
      bucket.members.push(m)
      bucket.bodies.push(b)
      bucket.minX = Math.min(bucket.minX, x)
      bucket.minZ = Math.min(bucket.minZ, z)
      bucket.maxX = Math.max(bucket.maxX, x)
      bucket.maxZ = Math.max(bucket.maxZ, z)
    }
    this.grid = { buckets: [...byCell.values()], maxReachIn: reach }
    return this.grid
  }

  /** Answers of `nearestKept`, by the owner of the distance function, then by the asking body. */
  private readonly kept = new WeakMap<object, WeakMap<Body, { member: T; distanceIn: number } | null>>()
  /**
   * The index of the list this one's members replaced a few of (see
   * `following`): its kept answers are brought up to date rather than
   * searched for again.
   */
  private previous: {
    index: NearestIndex<T>
    added: readonly T[]
    removed: ReadonlySet<T>
    /** Removed members replaced by an added one that every distance measures the same (same id). */
    replaced: ReadonlyMap<T, T>
    /** The added members of `replaced`. */
    replacements: ReadonlySet<T>
  } | null = null

  /**
   * An index over `members`, a list that differs from `earlier`'s only by
   * `added` and `removed` (the same member objects otherwise, measured the
   * same way). A kept answer of the earlier index still holds unless its
   * member was removed; only the added members can beat it. `replaced` maps
   * removed members to added ones with the same id that every distance asked
   * of this index measures exactly as they were (the same place and base):
   * a kept answer naming one names its replacement at the same distance,
   * and a replacement beats no kept answer.
   */
  static following<T extends { readonly id: string }>(
    earlier: NearestIndex<T>,
    members: readonly T[],
    bodyOf: (m: T) => Body,
    added: readonly T[],
    removed: ReadonlySet<T>,
    replaced: ReadonlyMap<T, T> = new Map(),
  ): NearestIndex<T> {
    const index = new NearestIndex(members, bodyOf)
    index.previous = { index: earlier, added, removed, replaced, replacements: new Set(replaced.values()) }
    // One step back only: a long line of earlier indexes would be kept alive.
    earlier.previous = null
    return index
  }

  /**
   * `nearest`, kept for the same asking body object (bodies are never changed
   * in place) and the same `owner` of `distance` (a world: its distances are
   * always the same for the same bodies).
   */
  nearestKept(
    owner: object,
    from: Body,
    distance: (a: Body, b: Body) => number,
  ): { member: T; distanceIn: number } | null {
    let byBody = this.kept.get(owner)
    if (!byBody) this.kept.set(owner, (byBody = new WeakMap()))
    let found = byBody.get(from)
    if (found === undefined) {
      found = this.updated(owner, from, distance) ?? this.nearest(from, distance)
      byBody.set(from, found)
    }
    return found
  }

  /** The earlier index's kept answer for `from`, brought up to date; undefined when there is none or its member is gone. */
  private updated(
    owner: object,
    from: Body,
    distance: (a: Body, b: Body) => number,
  ): { member: T; distanceIn: number } | null | undefined {
    const previous = this.previous
    if (!previous) return undefined
    const earlier = previous.index.kept.get(owner)?.get(from)
    if (earlier === undefined) return undefined
    let best = earlier
    if (earlier !== null && previous.removed.has(earlier.member)) {
      const replacement = previous.replaced.get(earlier.member)
      if (replacement === undefined) return undefined
      best = { member: replacement, distanceIn: earlier.distanceIn }
    }
    for (const m of previous.added) {
      // A replacement measures what the member it replaced did, which did not beat the kept answer.
      if (previous.replacements.has(m)) continue
      const d = distance(from, this.bodyOf(m))
      if (best === null || d < best.distanceIn || (d === best.distanceIn && m.id < best.member.id))
        best = { member: m, distanceIn: d }
    }
    return best
  }

  /**
   * The member nearest `from` by `distance` (ties to the smallest id), or
   * null when there are none. `distance` must never be less than the gap
   * between the two centres minus both circumradii (true of
   * `World.distanceIn`).
   */
  nearest(from: Body, distance: (a: Body, b: Body) => number): { member: T; distanceIn: number } | null {
    const { buckets, maxReachIn } = this.built()
    const n = buckets.length
    if (n === 0) return null
    const fx = from.position.x
    const fz = from.position.z
    const reach = reachOf(from) + maxReachIn
    // How near a centre in each bucket can be to `from`'s centre.
    const gaps = new Float64Array(n)
    let first = 0
    for (let k = 0; k < n; k++) {
      const b = buckets[k]!
      const dx = fx < b.minX ? b.minX - fx : fx > b.maxX ? fx - b.maxX : 0
      const dz = fz < b.minZ ? b.minZ - fz : fz > b.maxZ ? fz - b.maxZ : 0
      gaps[k] = hypot(dx, dz)
      if (gaps[k]! < gaps[first]!) first = k
    }
    let best: T | null = null
    let bestD = Infinity
    // The likeliest bucket first, so that most others can be skipped.
    for (let step = -1; step < n; step++) {
      const k = step < 0 ? first : step
      if (step === first) continue
      if (best !== null && gaps[k]! - reach > bestD + SLACK_IN) continue
      const b = buckets[k]!
      for (let i = 0; i < b.members.length; i++) {
        const m = b.members[i]!
        const d = distance(from, b.bodies[i]!)
        if (best === null || d < bestD || (d === bestD && m.id < best.id)) {
          best = m
          bestD = d
        }
      }
    }
    return best === null ? null : { member: best, distanceIn: bestD }
  }
}

/** The radius of the circle round a body's centre that holds its base. */
function reachOf(b: Body): number {
  return Math.max(b.baseRadiusIn, circumRadiusIn(footprintOf(b)))
}
