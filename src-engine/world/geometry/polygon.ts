import { type Vec2, pointSegmentDistance, hypot } from '../../util/geometry'

/** An axis-aligned rectangle on the table plane. */
export interface Rect2 {
  readonly minX: number
  readonly minZ: number
  readonly maxX: number
  readonly maxZ: number
}

/** The bounds of some points. */
export function boundsOf(points: readonly Vec2[], pad = 0): Rect2 {
  let minX = Infinity
  let minZ = Infinity
  let maxX = -Infinity
  let maxZ = -Infinity
  for (const p of points) {
    minX = Math.min(minX, p.x)
    minZ = Math.min(minZ, p.z)
    maxX = Math.max(maxX, p.x)
    maxZ = Math.max(maxZ, p.z)
  }
  return { minX: minX - pad, minZ: minZ - pad, maxX: maxX + pad, maxZ: maxZ + pad }
}

/** True when two rectangles overlap (touching counts). */
export function rectsOverlap(a: Rect2, b: Rect2): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minZ <= b.maxZ && b.minZ <= a.maxZ
}

/** Even–odd point in polygon. */
export function pointInPolygon(p: Vec2, poly: readonly Vec2[]): boolean {
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!
    const b = poly[j]!
    if (a.z > p.z !== b.z > p.z && p.x < ((b.x - a.x) * (p.z - a.z)) / (b.z - a.z) + a.x) inside = !inside
  }
  return inside
}

/** Signed area (positive when the points run clockwise seen from above, i.e. X east, Z south). */
export function signedArea(poly: readonly Vec2[]): number {
  let s = 0
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) s += poly[j]!.x * poly[i]!.z - poly[i]!.x * poly[j]!.z
  return s / 2
}

/** Where along `a`→`b` (0..1) the segment crosses the polygon's edges, sorted. */
function edgeCrossings(a: Vec2, b: Vec2, poly: readonly Vec2[]): number[] {
  const ts: number[] = []
  const dx = b.x - a.x
  const dz = b.z - a.z
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const p = poly[j]!
    const q = poly[i]!
    const ex = q.x - p.x
    const ez = q.z - p.z
    const den = dx * ez - dz * ex
    if (Math.abs(den) < 1e-15) continue
    const t = ((p.x - a.x) * ez - (p.z - a.z) * ex) / den
    const u = ((p.x - a.x) * dz - (p.z - a.z) * dx) / den
    if (t > 0 && t < 1 && u >= 0 && u <= 1) ts.push(t)
  }
  return ts.sort((x, y) => x - y)
}

/** The parts `[t0, t1]` of the segment `a`→`b` that lie inside the polygon. */
export function segmentInsideIntervals(a: Vec2, b: Vec2, poly: readonly Vec2[]): [number, number][] {
  const cuts = [0, ...edgeCrossings(a, b, poly), 1]
  const out: [number, number][] = []
  for (let i = 0; i + 1 < cuts.length; i++) {
    const t0 = cuts[i]!
    const t1 = cuts[i + 1]!
    if (t1 - t0 < 1e-12) continue
    const m = (t0 + t1) / 2
    if (pointInPolygon({ x: a.x + (b.x - a.x) * m, z: a.z + (b.z - a.z) * m }, poly)) {
      const last = out[out.length - 1]
      if (last && Math.abs(last[1] - t0) < 1e-12) last[1] = t1
      else out.push([t0, t1])
    }
  }
  return out
}

/** Distance from a point to a polygon's outline. */
export function distanceToOutline(p: Vec2, poly: readonly Vec2[]): number {
  let d = Infinity
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++)
    d = Math.min(d, pointSegmentDistance(p, poly[j]!, poly[i]!))
  return d
}

/**
 * The outline of a strip `widthIn` wide along a polyline (a road or stream),
 * with mitred joints (mitres longer than twice the half width are cut to it).
 */
export function stripPolygon(line: readonly Vec2[], widthIn: number): Vec2[] {
  const h = widthIn / 2
  const normals: Vec2[] = []
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i]!
    const b = line[i + 1]!
    const len = hypot(b.x - a.x, b.z - a.z) || 1
    normals.push({ x: -(b.z - a.z) / len, z: (b.x - a.x) / len })
  }
  const offsetAt = (i: number, sign: number): Vec2 => {
    const p = line[i]!
    const n0 = normals[Math.max(0, i - 1)]!
    const n1 = normals[Math.min(normals.length - 1, i)]!
    let mx = n0.x + n1.x
    let mz = n0.z + n1.z
    const ml = hypot(mx, mz) || 1
    mx /= ml
    mz /= ml
    const cos = mx * n1.x + mz * n1.z
    const k = Math.min(2, 1 / Math.max(cos, 1e-6)) * h
    return { x: p.x + mx * k * sign, z: p.z + mz * k * sign }
  }
  const left = line.map((_, i) => offsetAt(i, 1))
  const right = line.map((_, i) => offsetAt(i, -1))
  return [...left, ...right.reverse()]
}
