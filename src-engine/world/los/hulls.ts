import type { Vec3 } from '../../util/geometry'
import { type ConvexSolid, boxSolid, firstSurfaceCrossing } from '../geometry/convex'
import { circumRadiusIn } from '../footprint'
import { compileObstacle } from '../model/features'
import type { TableModel } from '../model/table-model'
import { bodySamplePoints, eyePoint, FIGURE_HEIGHT_IN } from '../sample-points'
import type { Blocker, Body, VehicleHull } from '../types'
import type { DoorMask, RayHit, RayProbe, SoftSpan } from './sight'

/**
 * A vehicle's hull as a solid (SMLE-SHOOT-02, SMLE-SHOOT-23, SMLE-VEH-15):
 * the box a vehicle or wreck of the scenery is (`compileObstacle`), from
 * just under the lowest ground at its corners to its top.
 */
export interface HullSolid {
  readonly id: string
  /** Every value its box is made from, as text: two hulls with the same key are the same box. */
  readonly key: string
  readonly shape: ConvexSolid
  readonly blocker: Blocker
}

/** A number as text, telling −0 from 0. */
const num = (v: number): string => (Object.is(v, -0) ? '-0' : String(v))

/** The solid of a vehicle's hull on this table. */
export function hullSolid(model: TableModel, h: VehicleHull): HullSolid {
  const o = compileObstacle({
    id: h.id,
    kind: 'vehicle',
    name: h.label,
    x: h.position.x,
    z: h.position.z,
    widthIn: h.widthIn,
    lengthIn: h.lengthIn,
    heightIn: h.heightIn,
    facingDeg: h.facingDeg,
  })
  const low = model.ground.rangeNear(o.corners, 0).min
  const p = h.position
  return {
    id: h.id,
    key: `${h.id}@${num(p.x)},${num(p.y)},${num(p.z)},${num(h.facingDeg)},${num(h.lengthIn)},${num(h.widthIn)},${num(h.heightIn)},${h.label}`,
    shape: boxSolid(o.centre, o.front, o.halfLength, o.halfWidth, Math.min(low, p.y) - 0.2, p.y + h.heightIn),
    blocker: { kind: 'vehicle', id: h.id, label: h.label },
  }
}

const lerp = (p: Vec3, q: Vec3, t: number): Vec3 => ({
  x: p.x + (q.x - p.x) * t,
  y: p.y + (q.y - p.y) * t,
  z: p.z + (q.z - p.z) * t,
})

/** True when the bounds of the segment `p`→`q` miss the solid's bounds. */
function boundsMiss(s: ConvexSolid, p: Vec3, q: Vec3): boolean {
  return (
    Math.max(p.x, q.x) < s.min.x ||
    Math.min(p.x, q.x) > s.max.x ||
    Math.max(p.z, q.z) < s.min.z ||
    Math.min(p.z, q.z) > s.max.z ||
    Math.max(p.y, q.y) < s.min.y ||
    Math.min(p.y, q.y) > s.max.y
  )
}

/**
 * The nearest crossing of a hull's surface strictly between `p` and `q`
 * (after `fromT`), as the oracle finds a crossing of any other solid: its
 * entry, or its exit when the part looked along starts inside.
 */
export function firstHullCrossing(hulls: readonly HullSolid[], p: Vec3, q: Vec3, fromT = 0): RayHit | null {
  const start = fromT > 0 ? lerp(p, q, fromT) : p
  const scale = 1 - fromT
  let best: RayHit | null = null
  for (const h of hulls) {
    if (boundsMiss(h.shape, start, q)) continue
    const c = firstSurfaceCrossing(h.shape, start, q)
    if (c === null) continue
    const t = fromT + c * scale
    if (t > 1e-9 && t < 1 - 1e-9 && (!best || t < best.t)) best = { t, blocker: h.blocker }
  }
  return best
}

/**
 * A probe that sees the vehicles' hulls besides the table's solids: each
 * hull is hard, like a wall (SMLE-SHOOT-02, SMLE-SHOOT-23); soft volumes
 * are the table's.
 */
export class HullProbe implements RayProbe {
  constructor(
    private readonly table: RayProbe,
    private readonly hulls: readonly HullSolid[],
  ) {}

  firstHard(p: Vec3, q: Vec3, doors: DoorMask, fromT = 0): RayHit | null {
    const hard = this.table.firstHard(p, q, doors, fromT)
    const hull = firstHullCrossing(this.hulls, p, q, fromT)
    return hull && (!hard || hull.t < hard.t) ? hull : hard
  }

  anyHard(p: Vec3, q: Vec3, doors: DoorMask, fromT = 0): boolean {
    return firstHullCrossing(this.hulls, p, q, fromT) !== null || this.table.anyHard(p, q, doors, fromT)
  }

  softSpans(p: Vec3, q: Vec3, limitingOnly: boolean): SoftSpan[] {
    return this.table.softSpans(p, q, limitingOnly)
  }
}

/** The hulls other than those of the vehicles `a` and `b` are aboard (or are): a vehicle never hides its own people. */
export function hullsApart(hulls: readonly HullSolid[], a: Body, b: Body): readonly HullSolid[] {
  const x = a.vehicleId ?? null
  const y = b.vehicleId ?? null
  if (x === null && y === null) return hulls
  let out: HullSolid[] | null = null
  for (let i = 0; i < hulls.length; i++) {
    const h = hulls[i]!
    const skip = h.id === x || h.id === y
    if (skip && !out) out = hulls.slice(0, i)
    else if (!skip && out) out.push(h)
  }
  return out ?? hulls
}

/**
 * The hulls that cross a sight line from the firer's eye to at least one of
 * the target's points (its own people's vehicles left out): the only ones
 * that can change what the firer sees of the target. Empty for most lines,
 * found without the target's points when the line from the eye to the
 * target's middle misses the hull's box grown by the target's size (every
 * line to one of its points stays that close to it).
 */
export function hullsAcross(hulls: readonly HullSolid[], firer: Body, target: Body): readonly HullSolid[] {
  const eye = eyePoint(firer)
  const r = target.footprint ? circumRadiusIn(target.footprint) : target.baseRadiusIn
  const half = Math.max(target.heightIn ?? FIGURE_HEIGHT_IN, FIGURE_HEIGHT_IN) / 2
  const t = target.position
  let points: Vec3[] | null = null
  let out: HullSolid[] | null = null
  for (const h of hulls) {
    const s = h.shape
    if (!segmentMeetsBox(eye.x, eye.y, eye.z, t.x, t.y + half, t.z, s.min, s.max, r, half)) continue
    if (h.id === firer.vehicleId || h.id === target.vehicleId) continue
    points ??= bodySamplePoints(target)
    if (points.some((p) => !boundsMiss(s, eye, p) && crosses(s, eye, p))) (out ??= []).push(h)
  }
  return out ?? NONE
}

/** Whether the segment crosses the solid's surface strictly between its ends (as `firstHullCrossing` counts it). */
function crosses(s: ConvexSolid, p: Vec3, q: Vec3): boolean {
  const c = firstSurfaceCrossing(s, p, q)
  return c !== null && c > 1e-9 && c < 1 - 1e-9
}

/**
 * Slab test: whether the segment from (px, py, pz) to (qx, qy, qz) meets the
 * box from `min` to `max` grown by `side` across and `up` up and down.
 */
function segmentMeetsBox(
  px: number,
  py: number,
  pz: number,
  qx: number,
  qy: number,
  qz: number,
  min: Vec3,
  max: Vec3,
  side: number,
  up: number,
): boolean {
  let lo = 0
  let hi = 1
  for (let axis = 0; axis < 3; axis++) {
    const o = axis === 0 ? px : axis === 1 ? pz : py
    const d = (axis === 0 ? qx : axis === 1 ? qz : qy) - o
    const grow = axis === 2 ? up : side
    const a0 = (axis === 0 ? min.x : axis === 1 ? min.z : min.y) - grow
    const a1 = (axis === 0 ? max.x : axis === 1 ? max.z : max.y) + grow
    if (d === 0) {
      if (o < a0 || o > a1) return false
      continue
    }
    const ta = (a0 - o) / d
    const tb = (a1 - o) / d
    lo = Math.max(lo, Math.min(ta, tb))
    hi = Math.min(hi, Math.max(ta, tb))
    if (hi < lo) return false
  }
  return true
}

const NONE: readonly HullSolid[] = []
