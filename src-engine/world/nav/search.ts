import type { Vec2 } from '../../util/geometry'
import type { DoorMask } from '../los/sight'
import { weightedLengthIn } from './cost'
import type { NavNode, NavSpace } from './nav-space'
import { hypot } from '../../util/geometry'

/** A point on a level of the table. */
export interface Spot {
  readonly p: Vec2
  readonly level: number
}

/** A route found by the search: its corners (start and goal included) and what each leg costs. */
export interface Route {
  readonly spots: readonly Spot[]
  readonly legCosts: readonly number[]
  readonly costIn: number
}

/** True when a route through `node` toward `q` goes round its obstacle (both octagon neighbours on one side). */
function tangent(node: NavNode, q: Vec2): boolean {
  if (!node.around) return true
  const dx = q.x - node.p.x
  const dz = q.z - node.p.z
  const [a, b] = node.around
  const c1 = dx * (a.z - node.p.z) - dz * (a.x - node.p.x)
  const c2 = dx * (b.z - node.p.z) - dz * (b.x - node.p.x)
  return c1 * c2 >= -1e-12
}

/** A small binary heap of node indices keyed by a score. */
class Heap {
  private readonly keys: number[] = []
  private readonly items: number[] = []
  get size(): number {
    return this.items.length
  }
  push(item: number, key: number): void {
    this.keys.push(key)
    this.items.push(item)
    let i = this.items.length - 1
    while (i > 0) {
      const p = (i - 1) >> 1
      if (this.keys[p]! <= key) break
      this.keys[i] = this.keys[p]!
      this.items[i] = this.items[p]!
      i = p
    }
    this.keys[i] = key
    this.items[i] = item
  }
  pop(): number {
    const top = this.items[0]!
    const key = this.keys.pop()!
    const item = this.items.pop()!
    if (this.items.length) {
      let i = 0
      const n = this.items.length
      for (;;) {
        let c = 2 * i + 1
        if (c >= n) break
        if (c + 1 < n && this.keys[c + 1]! < this.keys[c]!) c++
        if (this.keys[c]! >= key) break
        this.keys[i] = this.keys[c]!
        this.items[i] = this.items[c]!
        i = c
      }
      this.keys[i] = key
      this.items[i] = item
    }
    return top
  }
}

interface Edge {
  readonly to: number
  /** Worked out when first needed (NaN until then); never less than the edge's length. */
  costIn: number
  readonly lengthIn: number
  readonly doors: readonly number[]
}

/**
 * A* over the corners of a nav space (a visibility graph built as it is
 * needed and kept). With `prune`, only edges tangent at both ends are tried,
 * which keeps every shortest route; the oracle tries them all.
 */
export class PathFinder {
  private readonly adjacency: (Edge[] | undefined)[] = []

  constructor(
    readonly space: NavSpace,
    readonly prune: boolean,
  ) {}

  /** SMLE-GEN-05, SMLE-MOVE-04: a straight leg's cost: its length weighted by the going, plus climbs and the features it climbs over. */
  legCost(level: number, a: Vec2, b: Vec2): number {
    if (level !== 0) return hypot(b.x - a.x, b.z - a.z)
    const s = this.space
    return weightedLengthIn(s.costAreas, a, b, s.profile) + s.model.ground.climbAlong(a, b) + s.crossingCost(0, a, b)
  }

  /** True when a straight leg's cost is just its length plus climbs (no going, no features crossed). */
  legIsPlain(level: number, a: Vec2, b: Vec2): boolean {
    if (level !== 0) return true
    const s = this.space
    const len = hypot(b.x - a.x, b.z - a.z)
    return Math.abs(weightedLengthIn(s.costAreas, a, b, s.profile) - len) < 1e-9 && s.crossingCost(0, a, b) === 0
  }

  private usable(n: NavNode, doors: DoorMask): boolean {
    for (const d of n.doors) if (doors[d]) return false
    return true
  }

  private clear(level: number, a: Vec2, b: Vec2, doors: DoorMask): boolean {
    const passed: number[] = []
    if (!this.space.sweepClearStatic(level, a, b, passed)) return false
    return passed.every((d) => !doors[d])
  }

  private edgesOf(u: number): Edge[] {
    const cached = this.adjacency[u]
    if (cached) return cached
    const nodes = this.space.nodes
    const nu = nodes[u]!
    const out: Edge[] = []
    for (let v = 0; v < nodes.length; v++) {
      const nv = nodes[v]!
      if (v === u || nv.level !== nu.level) continue
      if (this.prune && (!tangent(nu, nv.p) || !tangent(nv, nu.p))) continue
      const passed: number[] = []
      if (!this.space.sweepClearStatic(nu.level, nu.p, nv.p, passed)) continue
      out.push({ to: v, costIn: NaN, lengthIn: hypot(nv.p.x - nu.p.x, nv.p.z - nu.p.z), doors: passed })
    }
    if (nu.link) out.push({ to: nu.link.node, costIn: nu.link.costIn, lengthIn: 0, doors: [] })
    this.adjacency[u] = out
    return out
  }

  /**
   * Builds the edges of up to `nodes` more nodes ahead of need: the edges are
   * the same whenever they are built, so a search after this answers the
   * same, only sooner. Returns how many of `nodes` were left unused once
   * every node's edges are built, or null while there are more to build.
   */
  prepare(nodes: number): number | null {
    const n = this.space.nodes.length
    let left = nodes
    while (this.prepared < n && left > 0) {
      this.edgesOf(this.prepared++)
      left--
    }
    return this.prepared < n ? null : left
  }

  private prepared = 0

  /** The cheapest route from `start` to `goal` (goal already known to be a free spot), or null. */
  find(start: Spot, goal: Spot, doors: DoorMask): Route | null {
    const nodes = this.space.nodes
    const n = nodes.length
    const S = n
    const G = n + 1
    const spot = (i: number): Spot => (i === S ? start : i === G ? goal : { p: nodes[i]!.p, level: nodes[i]!.level })
    const g = new Float64Array(n + 2).fill(Infinity)
    const parent = new Int32Array(n + 2).fill(-1)
    const legCost = new Float64Array(n + 2)
    const closed = new Uint8Array(n + 2)
    const h = (i: number): number => {
      const p = spot(i).p
      return hypot(goal.p.x - p.x, goal.p.z - p.z)
    }
    const heap = new Heap()
    g[S] = 0
    heap.push(S, h(S))
    const relax = (u: number, v: number, c: number): void => {
      const cand = g[u]! + c
      if (cand < g[v]! - 1e-12) {
        g[v] = cand
        parent[v] = u
        legCost[v] = c
        heap.push(v, cand + h(v))
      }
    }
    while (heap.size) {
      const u = heap.pop()
      if (closed[u]) continue
      closed[u] = 1
      if (u === G) break
      const su = spot(u)
      if (
        su.level === goal.level &&
        (u === S || !this.prune || tangent(nodes[u]!, goal.p)) &&
        this.clear(su.level, su.p, goal.p, doors)
      ) {
        relax(u, G, this.legCost(su.level, su.p, goal.p))
      }
      if (u === S) {
        for (let v = 0; v < n; v++) {
          const nv = nodes[v]!
          if (nv.level !== start.level || !this.usable(nv, doors)) continue
          if (this.prune && !tangent(nv, start.p)) continue
          if (this.clear(start.level, start.p, nv.p, doors)) relax(S, v, this.legCost(start.level, start.p, nv.p))
        }
        continue
      }
      const nu = nodes[u]!
      for (const e of this.edgesOf(u)) {
        if (closed[e.to] || !this.usable(nodes[e.to]!, doors) || e.doors.some((d) => doors[d])) continue
        // The length is a lower bound of the cost: only work the cost out when it could help.
        if (g[u]! + e.lengthIn >= g[e.to]! - 1e-12) continue
        if (Number.isNaN(e.costIn)) e.costIn = this.legCost(nu.level, nu.p, nodes[e.to]!.p)
        relax(u, e.to, e.costIn)
      }
    }
    if (!Number.isFinite(g[G]!)) return null
    const spots: Spot[] = []
    const legs: number[] = []
    for (let i = G; i !== -1; i = parent[i]!) {
      spots.push(spot(i))
      if (i !== S) legs.push(legCost[i]!)
    }
    return { spots: spots.reverse(), legCosts: legs.reverse(), costIn: g[G]! }
  }
}
