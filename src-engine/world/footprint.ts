import { pointSegmentDistance, type Vec2, hypot } from '../util/geometry'
import { facingVector } from './facing'
import { TOUCH_EPS } from './nav/shapes'
import type { BasePose, Body, Footprint } from './types'

/** Millimetres in an inch: base sizes are given in millimetres (SMR-GEN-06), the table in inches. */
export const MM_PER_IN = 25.4

/** A round base. */
export function circleFootprint(radiusIn: number): Footprint {
  return { kind: 'circle', radiusIn }
}

/** A rectangular base, `widthIn` across its front edge and `depthIn` from front to back. */
export function rectFootprint(widthIn: number, depthIn: number): Footprint {
  return { kind: 'rect', widthIn, depthIn }
}

/** A rectangular base given in millimetres (SMR-GEN-06: 20×20 mm is 0.787" square; 25×50 mm is 0.984" × 1.969"). */
export function rectFootprintMm(widthMm: number, depthMm: number): Footprint {
  return rectFootprint(widthMm / MM_PER_IN, depthMm / MM_PER_IN)
}

/** A body's footprint: its own, or a circle of its base radius (SMLE's figures). */
export function footprintOf(b: Body): Footprint {
  return b.footprint ?? circleFootprint(b.baseRadiusIn)
}

/** A body's base where it stands. */
export function poseOf(b: Body): BasePose {
  return { position: b.position, facingDeg: b.facingDeg, footprint: footprintOf(b) }
}

/** Radius of the smallest circle round the base's centre that holds it: the area it sweeps turning on its centre. */
export function circumRadiusIn(f: Footprint): number {
  return f.kind === 'circle' ? f.radiusIn : hypot(f.widthIn, f.depthIn) / 2
}

/** Radius of the largest circle round the base's centre inside it. */
export function inRadiusIn(f: Footprint): number {
  return f.kind === 'circle' ? f.radiusIn : Math.min(f.widthIn, f.depthIn) / 2
}

/** The footprint grown by `byIn` on every side (shrunk when negative, never below nothing). */
export function grown(f: Footprint, byIn: number): Footprint {
  if (f.kind === 'circle') return circleFootprint(Math.max(0, f.radiusIn + byIn))
  return rectFootprint(Math.max(0, f.widthIn + 2 * byIn), Math.max(0, f.depthIn + 2 * byIn))
}

/** The base's facing as a unit vector, and its right hand. */
function axes(facingDeg: number): { f: Vec2; r: Vec2 } {
  const f = facingVector(facingDeg)
  return { f, r: { x: -f.z, z: f.x } }
}

/** A point given along the base's facing (`ahead`) and to its right (`right`) of its centre. */
export function basePoint(pose: Pick<BasePose, 'position' | 'facingDeg'>, ahead: number, right: number): Vec2 {
  const { f, r } = axes(pose.facingDeg)
  return { x: pose.position.x + f.x * ahead + r.x * right, z: pose.position.z + f.z * ahead + r.z * right }
}

/** Half its size across the front and from front to back (a circle: its bounding square). */
function halves(f: Footprint): { hw: number; hd: number } {
  return f.kind === 'circle' ? { hw: f.radiusIn, hd: f.radiusIn } : { hw: f.widthIn / 2, hd: f.depthIn / 2 }
}

/**
 * The corners of a rectangular base (a circle: of the square it fits in):
 * front left, front right, rear right, rear left, running clockwise seen
 * from above.
 */
export function baseCorners(pose: BasePose): Vec2[] {
  const { hw, hd } = halves(pose.footprint)
  return [basePoint(pose, hd, -hw), basePoint(pose, hd, hw), basePoint(pose, -hd, hw), basePoint(pose, -hd, -hw)]
}

/** A front corner of the base, for a wheel (a circle: of the square it fits in). */
export function frontCorner(pose: BasePose, side: 'left' | 'right'): Vec2 {
  const { hw, hd } = halves(pose.footprint)
  return basePoint(pose, hd, side === 'left' ? -hw : hw)
}

/** A point in the base's own frame: `ahead` along its facing, `right` to its right. */
function local(pose: BasePose, q: Vec2): { ahead: number; right: number } {
  const { f, r } = axes(pose.facingDeg)
  const dx = q.x - pose.position.x
  const dz = q.z - pose.position.z
  return { ahead: dx * f.x + dz * f.z, right: dx * r.x + dz * r.z }
}

/** Distance on the table plane from a point to the nearest point of a base; 0 on or inside it. */
export function pointToBaseIn(q: Vec2, pose: BasePose): number {
  const f = pose.footprint
  if (f.kind === 'circle') return Math.max(0, hypot(q.x - pose.position.x, q.z - pose.position.z) - f.radiusIn)
  const { ahead, right } = local(pose, q)
  return hypot(Math.max(0, Math.abs(right) - f.widthIn / 2), Math.max(0, Math.abs(ahead) - f.depthIn / 2))
}

/** True when the projections of two convex polygons on some edge normal of either are apart (separating axis). */
function separated(p: readonly Vec2[], q: readonly Vec2[]): boolean {
  for (const poly of [p, q]) {
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i]!
      const b = poly[(i + 1) % poly.length]!
      const nx = -(b.z - a.z)
      const nz = b.x - a.x
      let pMin = Infinity
      let pMax = -Infinity
      let qMin = Infinity
      let qMax = -Infinity
      for (const v of p) {
        const d = v.x * nx + v.z * nz
        pMin = Math.min(pMin, d)
        pMax = Math.max(pMax, d)
      }
      for (const v of q) {
        const d = v.x * nx + v.z * nz
        qMin = Math.min(qMin, d)
        qMax = Math.max(qMax, d)
      }
      if (pMax < qMin || qMax < pMin) return true
    }
  }
  return false
}

/** Distance between two convex polygons' outlines; 0 when they overlap or touch. */
export function convexGapIn(p: readonly Vec2[], q: readonly Vec2[]): number {
  if (!separated(p, q)) return 0
  let d = Infinity
  for (const [u, v] of [
    [p, q],
    [q, p],
  ] as const) {
    for (const pt of u)
      for (let i = 0; i < v.length; i++) d = Math.min(d, pointSegmentDistance(pt, v[i]!, v[(i + 1) % v.length]!))
  }
  return d
}

/**
 * SMR-GEN-05, SMLE-GEN-05: the gap on the table plane between two bases,
 * nearest edge to nearest edge; 0 when they touch or overlap. Two circles
 * give exactly what SMLE always measured.
 */
export function baseGapIn(a: BasePose, b: BasePose): number {
  const fa = a.footprint
  const fb = b.footprint
  if (fa.kind === 'circle' && fb.kind === 'circle')
    return Math.max(0, hypot(a.position.x - b.position.x, a.position.z - b.position.z) - fa.radiusIn - fb.radiusIn)
  if (fa.kind === 'circle') return Math.max(0, pointToBaseIn(a.position, b) - fa.radiusIn)
  if (fb.kind === 'circle') return Math.max(0, pointToBaseIn(b.position, a) - fb.radiusIn)
  return convexGapIn(baseCorners(a), baseCorners(b))
}

/** The base shrunk by `byIn` on every side. */
function shrunk(pose: BasePose, byIn: number): BasePose {
  return { ...pose, footprint: grown(pose.footprint, -byIn) }
}

/**
 * True when two bases overlap by more than `epsIn` (bases that only touch,
 * edge to edge or corner to edge, do not).
 */
export function basesOverlap(a: BasePose, b: BasePose, epsIn = TOUCH_EPS): boolean {
  const sa = shrunk(a, epsIn / 2)
  const sb = shrunk(b, epsIn / 2)
  const fa = sa.footprint
  const fb = sb.footprint
  if (fa.kind === 'circle' && fb.kind === 'circle')
    return hypot(a.position.x - b.position.x, a.position.z - b.position.z) < fa.radiusIn + fb.radiusIn
  if (fa.kind === 'circle') return pointToBaseIn(a.position, sb) < fa.radiusIn
  if (fb.kind === 'circle') return pointToBaseIn(b.position, sa) < fb.radiusIn
  return !separated(baseCorners(sa), baseCorners(sb))
}

/**
 * SMR-GEOM-02 (SMLE-GEN-06 for contact): two bases touch when the gap
 * between them is at most `gapIn` and they stand at the same level (their
 * heights differ by at most `levelIn`). The tolerances are the ruleset's
 * (SMR: `touchTolerance` 0.1", 0.5").
 */
export function basesTouch(a: Body, b: Body, tolerance: { readonly gapIn: number; readonly levelIn: number }): boolean {
  if (Math.abs(a.position.y - b.position.y) > tolerance.levelIn + 1e-9) return false
  return baseGapIn(poseOf(a), poseOf(b)) <= tolerance.gapIn + 1e-9
}

/** The base moved to `p`, facing unchanged. */
export function movedTo(pose: BasePose, p: Vec2): BasePose {
  return { ...pose, position: { x: p.x, z: p.z } }
}

/**
 * SMR-GEOM-06: how far along a straight move from its position to `to`
 * (0..1) a base first comes within `toleranceIn` of another base (0: it
 * already is); null when it never does. The gap along a straight move of
 * one convex base past another is a convex function of the distance moved,
 * so its lowest point is found by golden-section search and the first
 * contact before it by bisection, to 1e-9 of the move.
 */
export function firstContactAlong(mover: BasePose, to: Vec2, other: BasePose, toleranceIn = 0): number | null {
  const from = mover.position
  const gapAt = (t: number): number =>
    baseGapIn(movedTo(mover, { x: from.x + (to.x - from.x) * t, z: from.z + (to.z - from.z) * t }), other)
  const tol = toleranceIn + 1e-9
  if (gapAt(0) <= tol) return 0
  const k = (Math.sqrt(5) - 1) / 2
  let lo = 0
  let hi = 1
  for (let i = 0; i < 80 && hi - lo > 1e-12; i++) {
    const m1 = hi - k * (hi - lo)
    const m2 = lo + k * (hi - lo)
    if (gapAt(m1) <= gapAt(m2)) hi = m2
    else lo = m1
  }
  let tMin = (lo + hi) / 2
  if (gapAt(1) < gapAt(tMin)) tMin = 1
  if (gapAt(tMin) > tol) return null
  lo = 0
  hi = tMin
  for (let i = 0; i < 60 && hi - lo > 1e-12; i++) {
    const m = (lo + hi) / 2
    if (gapAt(m) <= tol) hi = m
    else lo = m
  }
  return hi
}

/**
 * The base turned by `turnDeg` (clockwise positive) about `pivot`: its
 * centre swings round the pivot and its facing turns with it. About its own
 * centre it turns on the spot; about a front corner it wheels.
 */
export function rotatedAbout(pose: BasePose, pivot: Vec2, turnDeg: number): BasePose {
  const t = (turnDeg * Math.PI) / 180
  const c = Math.cos(t)
  const s = Math.sin(t)
  const dx = pose.position.x - pivot.x
  const dz = pose.position.z - pivot.z
  const facingDeg = (((pose.facingDeg + turnDeg) % 360) + 360) % 360
  return { ...pose, position: { x: pivot.x + dx * c - dz * s, z: pivot.z + dx * s + dz * c }, facingDeg }
}

/** Default spacing of the poses a turn is checked at: no point of the base moves further than this between two of them. */
export const TURN_STEP_IN = 0.01

/**
 * The poses a base passes through turning `turnDeg` about `pivot`, first
 * and last included, so close that no point of the base moves more than
 * `stepIn` along its arc from one to the next. Checking each against an
 * obstacle is a sampled check of the area the turn sweeps: it can miss only
 * an obstacle that pokes less than `stepIn / 2` into that area between two
 * poses.
 */
export function turnPoses(pose: BasePose, pivot: Vec2, turnDeg: number, stepIn = TURN_STEP_IN): BasePose[] {
  const reach = hypot(pose.position.x - pivot.x, pose.position.z - pivot.z) + circumRadiusIn(pose.footprint)
  const arcIn = (Math.abs(turnDeg) * Math.PI * reach) / 180
  const n = Math.max(1, Math.ceil(arcIn / stepIn))
  return Array.from({ length: n + 1 }, (_, i) => rotatedAbout(pose, pivot, (turnDeg * i) / n))
}

/**
 * Whether the segment `a`–`b` passes over a base by more than `epsIn`
 * (grazing its edge does not count): the centre-to-centre line of
 * SMR-MISS-05 crossing another unit's base.
 */
export function segmentCrossesBase(a: Vec2, b: Vec2, pose: BasePose, epsIn = TOUCH_EPS): boolean {
  const f = pose.footprint
  if (f.kind === 'circle') return pointSegmentDistance(pose.position, a, b) < f.radiusIn - epsIn
  // Liang–Barsky in the base's frame against the rectangle shrunk by eps.
  const p = local(pose, a)
  const q = local(pose, b)
  const hw = f.widthIn / 2 - epsIn
  const hd = f.depthIn / 2 - epsIn
  if (hw <= 0 || hd <= 0) return false
  let t0 = 0
  let t1 = 1
  const d = { right: q.right - p.right, ahead: q.ahead - p.ahead }
  const clips: [number, number][] = [
    [-d.right, p.right + hw],
    [d.right, hw - p.right],
    [-d.ahead, p.ahead + hd],
    [d.ahead, hd - p.ahead],
  ]
  for (const [den, num] of clips) {
    if (Math.abs(den) < 1e-15) {
      if (num < 0) return false
      continue
    }
    const t = num / den
    if (den < 0) t0 = Math.max(t0, t)
    else t1 = Math.min(t1, t)
    if (t0 > t1) return false
  }
  return true
}

/**
 * SMR-MISS-05: the bodies (other than the two) whose bases lie across the
 * line between the centres of `from` and `to`, nearest `from` first.
 */
export function basesAcross(from: Body, to: Body, others: readonly Body[]): string[] {
  return others
    .filter((o) => o.id !== from.id && o.id !== to.id && segmentCrossesBase(from.position, to.position, poseOf(o)))
    .map((o) => ({ id: o.id, d: hypot(o.position.x - from.position.x, o.position.z - from.position.z) }))
    .sort((p, q) => p.d - q.d || (p.id < q.id ? -1 : 1))
    .map((o) => o.id)
}
