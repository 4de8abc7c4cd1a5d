import type { Vec3 } from '../../util/geometry'
import { clipSegment } from '../geometry/convex'
import { segmentInsideIntervals } from '../geometry/polygon'
import type { SoftVolume } from '../model/table-model'

/** Bottom of a soft prism: below any ground, so a ray is inside it whenever it is under the canopy. */
const PRISM_BOTTOM_Y = -1

/** The parts `[t0, t1]` (within 0..1) of the segment `p`→`q` inside a soft volume. */
export function softIntervals(v: SoftVolume, p: Vec3, q: Vec3): [number, number][] {
  if (v.convex) {
    const span = clipSegment(v.convex, p, q)
    if (!span) return []
    const t0 = Math.max(0, span[0])
    const t1 = Math.min(1, span[1])
    return t1 > t0 ? [[t0, t1]] : []
  }
  if (!v.polygon) return []
  // The height limits cut the segment to one interval: where PRISM_BOTTOM_Y ≤ y(t) ≤ topY.
  let lo = 0
  let hi = 1
  const dy = q.y - p.y
  if (Math.abs(dy) < 1e-15) {
    if (p.y > v.topY || p.y < PRISM_BOTTOM_Y) return []
  } else {
    const tTop = (v.topY - p.y) / dy
    const tBottom = (PRISM_BOTTOM_Y - p.y) / dy
    if (dy > 0) {
      hi = Math.min(hi, tTop)
      lo = Math.max(lo, tBottom)
    } else {
      lo = Math.max(lo, tTop)
      hi = Math.min(hi, tBottom)
    }
  }
  if (hi <= lo) return []
  const out: [number, number][] = []
  for (const [a, b] of segmentInsideIntervals(p, q, v.polygon)) {
    const t0 = Math.max(a, lo)
    const t1 = Math.min(b, hi)
    if (t1 > t0) out.push([t0, t1])
  }
  return out
}

/** True when the segment's 2D bounds meet the volume's. */
export function softBoundsMeet(v: SoftVolume, p: Vec3, q: Vec3): boolean {
  return (
    Math.max(p.x, q.x) >= v.bounds.minX &&
    Math.min(p.x, q.x) <= v.bounds.maxX &&
    Math.max(p.z, q.z) >= v.bounds.minZ &&
    Math.min(p.z, q.z) <= v.bounds.maxZ
  )
}

/**
 * SMLE-SHOOT-02: dense woods block sight through more than 2" of them. Given
 * the volumes a sight line crosses, where along it (0..1) the sight runs out,
 * and in which volume; null when it never does. Overlapping volumes count once.
 */
export function sightLimitPoint(
  spans: readonly { volume: SoftVolume; t0: number; t1: number }[],
  lengthIn: number,
): { t: number; volume: SoftVolume } | null {
  const limited = spans.filter((s) => s.volume.blocksSightBeyondIn !== null).sort((a, b) => a.t0 - b.t0)
  if (!limited.length) return null
  const limit = Math.min(...limited.map((s) => s.volume.blocksSightBeyondIn ?? Infinity))
  let depth = 0
  let coveredTo = -Infinity
  for (const s of limited) {
    const from = Math.max(s.t0, coveredTo)
    if (s.t1 <= from) continue
    const piece = (s.t1 - from) * lengthIn
    if (depth + piece > limit + 1e-9) return { t: from + (limit - depth) / lengthIn, volume: s.volume }
    depth += piece
    coveredTo = s.t1
  }
  return null
}
