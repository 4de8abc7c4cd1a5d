import type { Vec3 } from '../../util/geometry'
import { GROUND_OWNER, HullBvh } from '../bvh/hull-bvh'
import { firstSurfaceCrossing } from '../geometry/convex'
import type { TableModel } from '../model/table-model'
import { GridIndex } from '../nav/grid-index'
import { hillHeightAt, ridgeHeightAt, slopeHeightAt } from '../terrain'
import type { Blocker } from '../types'
import type { DoorMask, RayHit, RayProbe, SoftSpan } from './sight'
import { softBoundsMeet, softIntervals } from './soft'

/** The ground as a blocker, named after the hill, ridge or slope highest at the point. */
export function groundBlocker(model: TableModel, at: { x: number; z: number }): Blocker {
  const t = model.scenario.terrain
  let best = { id: '', h: 0 }
  for (const h of t.hills) {
    const v = hillHeightAt(h, at.x, at.z)
    if (v > best.h) best = { id: h.id, h: v }
  }
  for (const r of t.ridges) {
    const v = ridgeHeightAt(r, at.x, at.z)
    if (v > best.h) best = { id: r.id, h: v }
  }
  for (const s of t.slopes) {
    const v = slopeHeightAt(s, at.x, at.z)
    if (v > best.h) best = { id: s.id, h: v }
  }
  return { kind: 'terrain', id: best.id, label: 'the lie of the ground' }
}

const lerp = (p: Vec3, q: Vec3, t: number): Vec3 => ({
  x: p.x + (q.x - p.x) * t,
  y: p.y + (q.y - p.y) * t,
  z: p.z + (q.z - p.z) * t,
})

/**
 * The oracle: every solid clipped exactly (Cyrus–Beck), the ground walked
 * triangle edge by triangle edge, every soft volume tried. Slow and plain,
 * the yardstick for the BVH.
 */
export class OracleProbe implements RayProbe {
  constructor(private readonly model: TableModel) {}

  firstHard(p: Vec3, q: Vec3, doors: DoorMask, fromT = 0): RayHit | null {
    const start = fromT > 0 ? lerp(p, q, fromT) : p
    const scale = 1 - fromT
    let best: RayHit | null = null
    for (const s of this.model.hard) {
      if (s.doorSlot >= 0 && !doors[s.doorSlot]) continue
      const c = firstSurfaceCrossing(s.shape, start, q)
      if (c === null) continue
      const t = fromT + c * scale
      if (t > 1e-9 && t < 1 - 1e-9 && (!best || t < best.t)) best = { t, blocker: s.blocker }
    }
    const g = this.model.ground.firstCrossing(start, q)
    if (g !== null) {
      const t = fromT + g * scale
      if (t > 1e-9 && t < 1 - 1e-9 && (!best || t < best.t))
        best = { t, blocker: groundBlocker(this.model, lerp(p, q, t)) }
    }
    return best
  }

  anyHard(p: Vec3, q: Vec3, doors: DoorMask, fromT = 0): boolean {
    return this.firstHard(p, q, doors, fromT) !== null
  }

  softSpans(p: Vec3, q: Vec3, limitingOnly: boolean): SoftSpan[] {
    const out: SoftSpan[] = []
    for (const v of this.model.soft) {
      if (limitingOnly && v.blocksSightBeyondIn === null) continue
      if (!softBoundsMeet(v, p, q)) continue
      for (const [t0, t1] of softIntervals(v, p, q)) out.push({ volume: v, t0, t1 })
    }
    return out
  }
}

/**
 * The fast probe: the hull's BVH for solids and ground, a grid for soft
 * volumes. The BVH is built on the first sight question, so a world that is
 * only drawn or moved over never pays for it.
 */
export class BvhProbe implements RayProbe {
  #hull: HullBvh | null = null
  private readonly softGrid: GridIndex
  private readonly limiting: number[]

  prepare(): boolean {
    if (this.#hull) return true
    void this.hull
    return false
  }

  /** The hull BVH (built now if it was not yet). */
  get hull(): HullBvh {
    this.#hull ??= new HullBvh(this.model)
    return this.#hull
  }

  constructor(private readonly model: TableModel) {
    this.softGrid = new GridIndex(
      model.widthIn,
      model.depthIn,
      4,
      model.soft.map((v) => v.bounds),
    )
    this.limiting = model.soft.flatMap((v, i) => (v.blocksSightBeyondIn !== null ? [i] : []))
  }

  private blockerOf(owner: number, p: Vec3, q: Vec3, t: number): Blocker {
    return owner === GROUND_OWNER ? groundBlocker(this.model, lerp(p, q, t)) : this.model.hard[owner]!.blocker
  }

  firstHard(p: Vec3, q: Vec3, doors: DoorMask, fromT = 0): RayHit | null {
    const hit = this.hull.firstHit(p, q, doors, fromT)
    return hit ? { t: hit.t, blocker: this.blockerOf(hit.owner, p, q, hit.t) } : null
  }

  anyHard(p: Vec3, q: Vec3, doors: DoorMask, fromT = 0): boolean {
    return this.hull.anyHit(p, q, doors, fromT)
  }

  softSpans(p: Vec3, q: Vec3, limitingOnly: boolean): SoftSpan[] {
    const out: SoftSpan[] = []
    if (limitingOnly) {
      for (const i of this.limiting) this.addSpans(i, p, q, out)
      return out
    }
    this.softGrid.someAlong(p, q, (i) => {
      this.addSpans(i, p, q, out)
      return false
    })
    return out
  }

  private addSpans(i: number, p: Vec3, q: Vec3, out: SoftSpan[]): void {
    const v = this.model.soft[i]!
    if (!softBoundsMeet(v, p, q)) return
    for (const [t0, t1] of softIntervals(v, p, q)) out.push({ volume: v, t0, t1 })
  }
}
