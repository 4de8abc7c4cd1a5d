import type { Vec3 } from '../../util/geometry'
import { circumRadiusIn, footprintOf } from '../footprint'
import type { SoftVolume } from '../model/table-model'
import { bodySamplePoints, eyePoint } from '../sample-points'
import type { Blocker, Body, CoverGrade, SightLine } from '../types'
import { sightLimitPoint } from './soft'

/** Which door leaves are in place, by door slot (1 = shut). */
export type DoorMask = Uint8Array

/** A crossing of a sight line with something solid: where along it (0..1) and what. */
export interface RayHit {
  readonly t: number
  readonly blocker: Blocker
}

/** A soft volume a sight line passes through, and where. */
export interface SoftSpan {
  readonly volume: SoftVolume
  readonly t0: number
  readonly t1: number
}

/**
 * The ray questions sight and cover are built from. The fast world answers
 * them with its BVH; the oracle by trying every solid.
 */
export interface RayProbe {
  /** The nearest crossing of a solid or the ground strictly between `p` and `q` (after `fromT`), or null. */
  firstHard(p: Vec3, q: Vec3, doors: DoorMask, fromT?: number): RayHit | null
  /** True when any solid or the ground lies strictly between `p` and `q` (after `fromT`). */
  anyHard(p: Vec3, q: Vec3, doors: DoorMask, fromT?: number): boolean
  /** Soft volumes the segment passes through; only those that limit sight when `limitingOnly`. */
  softSpans(p: Vec3, q: Vec3, limitingOnly: boolean): SoftSpan[]
  /** Builds what the probe builds when first asked (its acceleration structure); true when there was nothing left to build. */
  prepare?(): boolean
}

/** SMLE-SHOOT-24: cover counts when it is within this distance of the target. */
export const COVER_REACH_IN = 2
/** SMLE-SHOOT-24: a target is in cover when at least this many sample points are hidden by cover. */
export const COVER_MIN_HIDDEN_POINTS = 2

const length3 = (p: Vec3, q: Vec3): number => Math.hypot(q.x - p.x, q.y - p.y, q.z - p.z)

/** Whether the firer's eye sees one point (SMLE-SHOOT-02): nothing solid between, and not through more than 2" of woods. */
export function pointVisible(probe: RayProbe, eye: Vec3, p: Vec3, doors: DoorMask): boolean {
  if (probe.anyHard(eye, p, doors)) return false
  const spans = probe.softSpans(eye, p, true)
  return spans.length === 0 || sightLimitPoint(spans, length3(eye, p)) === null
}

/** What first hides a point from the eye: the nearer of a solid and the woods' limit. */
export function pointBlocker(probe: RayProbe, eye: Vec3, p: Vec3, doors: DoorMask): RayHit | null {
  const hard = probe.firstHard(eye, p, doors)
  // Only woods before the solid can stop the line first: look along the part up to it.
  const upTo = hard ? hard.t : 1
  const end =
    upTo < 1 ? { x: eye.x + (p.x - eye.x) * upTo, y: eye.y + (p.y - eye.y) * upTo, z: eye.z + (p.z - eye.z) * upTo } : p
  const limit = sightLimitPoint(probe.softSpans(eye, end, true), length3(eye, end))
  if (limit) return { t: limit.t * upTo, blocker: limit.volume.blocker }
  return hard
}

/** SMLE-SHOOT-02: how much of the target the firer sees, and what hides the first hidden point. */
export function sightBetween(probe: RayProbe, firer: Body, target: Body, doors: DoorMask): SightLine {
  const eye = eyePoint(firer)
  const points = bodySamplePoints(target)
  let visible = 0
  let blocker: Blocker | null = null
  for (const p of points) {
    // Until a point is hidden, ask for the nearest blocker at once (a clear line costs the same either way);
    // after that, any blocker will do.
    if (blocker === null) {
      const hit = pointBlocker(probe, eye, p, doors)
      if (hit) blocker = hit.blocker
      else visible++
    } else if (pointVisible(probe, eye, p, doors)) visible++
  }
  return { fraction: visible / points.length, visiblePoints: visible, totalPoints: points.length, blocker }
}

/**
 * SMLE-SHOOT-02: whether the firer's eye sees any of the target's points;
 * the same as `sightBetween(...).visiblePoints > 0` (a point is seen when
 * nothing solid lies between and the woods do not stop the line), asking
 * only whether something blocks each line, up to the first point seen.
 */
export function seesAny(probe: RayProbe, firer: Body, target: Body, doors: DoorMask): boolean {
  const eye = eyePoint(firer)
  for (const p of bodySamplePoints(target)) if (pointVisible(probe, eye, p, doors)) return true
  return false
}

/**
 * SMLE-SHOOT-24: how many of the target's sample points are hidden from the
 * firer by hard cover, and by soft cover, lying within 2" of the target (a
 * point counts once, as the harder cover hiding it). The ground counts as
 * hard cover (a crest just in front of a figure).
 */
export function nearCoverCounts(
  probe: RayProbe,
  firer: Body,
  target: Body,
  doors: DoorMask,
): { hard: number; soft: number } {
  const eye = eyePoint(firer)
  let hard = 0
  let soft = 0
  // Cover within 2" of the target's base: of a rectangle's farthest corner, to keep to one reach per target.
  const reachIn = circumRadiusIn(footprintOf(target))
  for (const p of bodySamplePoints(target)) {
    const len = length3(eye, p)
    const fromT = Math.max(0, 1 - (COVER_REACH_IN + reachIn) / len)
    if (probe.anyHard(eye, p, doors, fromT)) hard++
    else if (probe.softSpans(eye, p, false).some((s) => s.t1 > fromT)) soft++
  }
  return { hard, soft }
}

/** SMLE-SHOOT-24 applied to the counts: hard when ≥2 points are hidden by hard cover, soft when ≥2 by any cover. */
export function gradeFromCounts(c: { hard: number; soft: number }): CoverGrade {
  if (c.hard >= COVER_MIN_HIDDEN_POINTS) return 'hard'
  if (c.hard + c.soft >= COVER_MIN_HIDDEN_POINTS) return 'soft'
  return 'none'
}
