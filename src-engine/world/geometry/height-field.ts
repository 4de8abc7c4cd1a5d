import type { Vec2, Vec3 } from '../../util/geometry'
import { distanceToOutline, pointInPolygon } from './polygon'

/** Adds the points (0..1) where a coordinate going from `from` to `to` passes a multiple of `scale`. */
function addCrossings(ts: number[], from: number, to: number, scale: number): void {
  const d = to - from
  if (Math.abs(d) < 1e-12) return
  const lo = Math.ceil(Math.min(from, to) / scale)
  const hi = Math.floor(Math.max(from, to) / scale)
  for (let k = lo; k <= hi; k++) {
    const t = (k * scale - from) / d
    if (t > 0 && t < 1) ts.push(t)
  }
}

/** Cells per side of the blocks that remember their highest vertex. */
const BLOCK = 8

/**
 * The ground as the rules see it: heights sampled every `res` inches, each
 * grid cell cut into two flat triangles along its north-west to south-east
 * diagonal. Between samples the ground is exactly those triangles, so the
 * BVH's triangles and the exact walk below describe the same surface.
 */
export class HeightField {
  readonly res: number
  /** Cells across (X) and down (Z). */
  readonly nx: number
  readonly nz: number
  /** Vertex heights, row by row (`j * (nx + 1) + i`); written only while the ground is built. */
  readonly #heights: Float64Array

  /** Highest vertex of each block of BLOCK×BLOCK cells (built on first use), to skip flat table fast. */
  #blockMax: Float64Array | null = null

  constructor(widthIn: number, depthIn: number, res: number, sample: (x: number, z: number) => number) {
    this.res = res
    this.nx = Math.max(1, Math.ceil(widthIn / res - 1e-9))
    this.nz = Math.max(1, Math.ceil(depthIn / res - 1e-9))
    this.#heights = new Float64Array((this.nx + 1) * (this.nz + 1))
    for (let j = 0; j <= this.nz; j++)
      for (let i = 0; i <= this.nx; i++) this.#heights[j * (this.nx + 1) + i] = sample(i * res, j * res)
  }

  /** Height of grid vertex (i, j), clamped to the grid. */
  vertex(i: number, j: number): number {
    const ci = Math.min(this.nx, Math.max(0, i))
    const cj = Math.min(this.nz, Math.max(0, j))
    return this.#heights[cj * (this.nx + 1) + ci]!
  }

  /** Ground height at a point (points off the grid take the nearest edge). */
  heightAt(x: number, z: number): number {
    const gx = Math.min(this.nx, Math.max(0, x / this.res))
    const gz = Math.min(this.nz, Math.max(0, z / this.res))
    const i = Math.min(this.nx - 1, Math.floor(gx))
    const j = Math.min(this.nz - 1, Math.floor(gz))
    const fx = gx - i
    const fz = gz - j
    const h00 = this.vertex(i, j)
    const h11 = this.vertex(i + 1, j + 1)
    if (fx >= fz) {
      const h10 = this.vertex(i + 1, j)
      return h00 + fx * (h10 - h00) + fz * (h11 - h10)
    }
    const h01 = this.vertex(i, j + 1)
    return h00 + fz * (h01 - h00) + fx * (h11 - h01)
  }

  /** The highest vertex of the triangle under a point: 0 means flat table there. */
  triangleTopAt(x: number, z: number): number {
    const gx = Math.min(this.nx, Math.max(0, x / this.res))
    const gz = Math.min(this.nz, Math.max(0, z / this.res))
    const i = Math.min(this.nx - 1, Math.floor(gx))
    const j = Math.min(this.nz - 1, Math.floor(gz))
    const third = gx - i >= gz - j ? this.vertex(i + 1, j) : this.vertex(i, j + 1)
    return Math.max(this.vertex(i, j), this.vertex(i + 1, j + 1), third)
  }

  /**
   * Every point (0..1, sorted, ends included) where the segment `a`→`b`
   * crosses a triangle edge: between two of them the ground under the segment
   * is one straight line.
   */
  crossings(a: Vec2, b: Vec2): number[] {
    const ts = [0, 1]
    addCrossings(ts, a.x, b.x, this.res)
    addCrossings(ts, a.z, b.z, this.res)
    addCrossings(ts, a.x - a.z, b.x - b.z, this.res)
    return ts.sort((p, q) => p - q)
  }

  /** True when the ground is flat table (height 0) everywhere in the rectangle spanned by two points. */
  flatBetween(a: Vec2, b: Vec2): boolean {
    const bn = Math.ceil(this.nx / BLOCK)
    const bz = Math.ceil(this.nz / BLOCK)
    if (!this.#blockMax) {
      const bm = new Float64Array(bn * bz)
      for (let bj = 0; bj < bz; bj++) {
        for (let bi = 0; bi < bn; bi++) {
          let m = 0
          for (let j = bj * BLOCK; j <= Math.min(this.nz, (bj + 1) * BLOCK); j++)
            for (let i = bi * BLOCK; i <= Math.min(this.nx, (bi + 1) * BLOCK); i++) m = Math.max(m, this.vertex(i, j))
          bm[bj * bn + bi] = m
        }
      }
      this.#blockMax = bm
    }
    const span = this.res * BLOCK
    const i0 = Math.max(0, Math.floor(Math.min(a.x, b.x) / span))
    const i1 = Math.min(bn - 1, Math.floor(Math.max(a.x, b.x) / span))
    const j0 = Math.max(0, Math.floor(Math.min(a.z, b.z) / span))
    const j1 = Math.min(bz - 1, Math.floor(Math.max(a.z, b.z) / span))
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) if (this.#blockMax[j * bn + i]! > 0) return false
    return true
  }

  /** SMLE-GEN-05: the height climbed moving straight from `a` to `b` (descents free), exactly. */
  climbAlong(a: Vec2, b: Vec2): number {
    if (this.flatBetween(a, b)) return 0
    let climb = 0
    let prev = this.heightAt(a.x, a.z)
    for (const t of this.crossings(a, b)) {
      if (t === 0) continue
      const h = this.heightAt(a.x + (b.x - a.x) * t, a.z + (b.z - a.z) * t)
      if (h > prev) climb += h - prev
      prev = h
    }
    return climb
  }

  /**
   * Where the segment `p`→`q` first crosses the ground strictly between its
   * ends, or null. The flat table itself (triangles all at height 0) is never
   * crossed: nothing lies below it.
   */
  firstCrossing(p: Vec3, q: Vec3): number | null {
    const ts = this.crossings(p, q)
    let t0 = ts[0]!
    let f0 = p.y - this.heightAt(p.x, p.z)
    for (let k = 1; k < ts.length; k++) {
      const t1 = ts[k]!
      const x1 = p.x + (q.x - p.x) * t1
      const z1 = p.z + (q.z - p.z) * t1
      const f1 = p.y + (q.y - p.y) * t1 - this.heightAt(x1, z1)
      if ((f0 > 0 && f1 < 0) || (f0 < 0 && f1 > 0)) {
        const t = t0 + ((t1 - t0) * f0) / (f0 - f1)
        const tm = (t0 + t1) / 2
        if (t > 0 && t < 1 && this.triangleTopAt(p.x + (q.x - p.x) * tm, p.z + (q.z - p.z) * tm) > 0) return t
      }
      t0 = t1
      f0 = f1
    }
    return null
  }

  /**
   * Levels the ground under a footprint (a building's pad): every vertex of
   * every cell the footprint touches takes `height`.
   */
  flatten(footprint: readonly Vec2[], height: number): void {
    const reach = this.res * Math.SQRT2 + 1e-9
    let minX = Infinity
    let minZ = Infinity
    let maxX = -Infinity
    let maxZ = -Infinity
    for (const p of footprint) {
      minX = Math.min(minX, p.x)
      minZ = Math.min(minZ, p.z)
      maxX = Math.max(maxX, p.x)
      maxZ = Math.max(maxZ, p.z)
    }
    const i0 = Math.max(0, Math.floor((minX - reach) / this.res))
    const i1 = Math.min(this.nx, Math.ceil((maxX + reach) / this.res))
    const j0 = Math.max(0, Math.floor((minZ - reach) / this.res))
    const j1 = Math.min(this.nz, Math.ceil((maxZ + reach) / this.res))
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const v = { x: i * this.res, z: j * this.res }
        if (pointInPolygon(v, footprint) || distanceToOutline(v, footprint) <= reach)
          this.#heights[j * (this.nx + 1) + i] = height
      }
    }
  }

  /** The lowest and highest vertex within `pad` of a footprint's bounds. */
  rangeNear(footprint: readonly Vec2[], pad: number): { min: number; max: number } {
    let min = Infinity
    let max = -Infinity
    const xs = footprint.map((p) => p.x)
    const zs = footprint.map((p) => p.z)
    const i0 = Math.max(0, Math.floor((Math.min(...xs) - pad) / this.res))
    const i1 = Math.min(this.nx, Math.ceil((Math.max(...xs) + pad) / this.res))
    const j0 = Math.max(0, Math.floor((Math.min(...zs) - pad) / this.res))
    const j1 = Math.min(this.nz, Math.ceil((Math.max(...zs) + pad) / this.res))
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const h = this.vertex(i, j)
        min = Math.min(min, h)
        max = Math.max(max, h)
      }
    }
    return { min, max }
  }

  /** The highest vertex of the whole field. */
  maxHeight(): number {
    let m = 0
    for (const h of this.#heights) m = Math.max(m, h)
    return m
  }
}
