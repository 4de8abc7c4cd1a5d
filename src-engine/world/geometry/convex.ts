import type { Vec2, Vec3 } from '../../util/geometry'
import { hypot } from '../../util/geometry'

/**
 * A convex solid (a "rules hull" piece): wall sections, door leaves, floors,
 * roofs, vehicles. Kept both as planes (for the exact clipping the oracle
 * does) and as vertices and faces (for the triangles of the BVH), built from
 * the same numbers so both describe one shape.
 */
export interface ConvexSolid {
  /** Outward planes `n·p = d`; the inside is where `n·p ≤ d` for all of them. */
  readonly planes: readonly Plane[]
  readonly vertices: readonly Vec3[]
  /** Each face as vertex indices around its edge (convex polygons), counter-clockwise seen from outside. */
  readonly faces: readonly (readonly number[])[]
  readonly min: Vec3
  readonly max: Vec3
}

/** A plane `n·p = d` with a unit outward normal. */
export interface Plane {
  readonly nx: number
  readonly ny: number
  readonly nz: number
  readonly d: number
}

/** A point across a profile: `v` sideways from the extrusion axis, `y` up. */
export interface ProfilePoint {
  readonly v: number
  readonly y: number
}

/**
 * Extrudes a convex profile (in the vertical plane across `axis`) along the
 * horizontal unit `axis` from `s0` to `s1`, around `origin`. A box is a
 * rectangle profile; a gable roof a triangle.
 */
export function extrudedSolid(
  origin: Vec2,
  axis: Vec2,
  s0: number,
  s1: number,
  profile: readonly ProfilePoint[],
): ConvexSolid {
  // Sideways unit: the axis turned a quarter clockwise seen from above.
  const side = { x: -axis.z, z: axis.x }
  const at = (s: number, p: ProfilePoint): Vec3 => ({
    x: origin.x + axis.x * s + side.x * p.v,
    y: p.y,
    z: origin.z + axis.z * s + side.z * p.v,
  })
  const n = profile.length
  const vertices = [...profile.map((p) => at(s0, p)), ...profile.map((p) => at(s1, p))]
  const faces: number[][] = [profile.map((_, i) => i), profile.map((_, i) => n + i)]
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n
    faces.push([i, j, n + j, n + i])
  }
  return solidFromFaces(vertices, faces)
}

/** An upright box: `centre` on the plane, half sizes along `axis` and across it, from `y0` to `y1`. */
export function boxSolid(
  centre: Vec2,
  axis: Vec2,
  halfAlong: number,
  halfAcross: number,
  y0: number,
  y1: number,
): ConvexSolid {
  return extrudedSolid(centre, axis, -halfAlong, halfAlong, [
    { v: -halfAcross, y: y0 },
    { v: halfAcross, y: y0 },
    { v: halfAcross, y: y1 },
    { v: -halfAcross, y: y1 },
  ])
}

/** An upright box over the segment `a`–`b` (as long as it), `thickness` across. */
export function segmentBox(a: Vec2, b: Vec2, thickness: number, y0: number, y1: number, extendIn = 0): ConvexSolid {
  const len = hypot(b.x - a.x, b.z - a.z)
  const axis = len > 1e-12 ? { x: (b.x - a.x) / len, z: (b.z - a.z) / len } : { x: 1, z: 0 }
  return boxSolid({ x: (a.x + b.x) / 2, z: (a.z + b.z) / 2 }, axis, len / 2 + extendIn, thickness / 2, y0, y1)
}

/** Builds planes and bounds from vertices and convex faces. */
export function solidFromFaces(vertices: readonly Vec3[], faces: readonly (readonly number[])[]): ConvexSolid {
  const c = vertices.reduce(
    (s, v) => ({ x: s.x + v.x / vertices.length, y: s.y + v.y / vertices.length, z: s.z + v.z / vertices.length }),
    { x: 0, y: 0, z: 0 },
  )
  const planes: Plane[] = []
  // Faces are turned to run counter-clockwise seen from outside, so drawn triangles face out.
  const outward: number[][] = []
  for (const f of faces) {
    const p0 = vertices[f[0] ?? 0]!
    // Newell's method: robust normal of a planar polygon.
    let nx = 0
    let ny = 0
    let nz = 0
    for (let i = 0; i < f.length; i++) {
      const a = vertices[f[i]!]!
      const b = vertices[f[(i + 1) % f.length]!]!
      nx += (a.y - b.y) * (a.z + b.z)
      ny += (a.z - b.z) * (a.x + b.x)
      nz += (a.x - b.x) * (a.y + b.y)
    }
    const len = Math.hypot(nx, ny, nz)
    if (len < 1e-12) continue
    nx /= len
    ny /= len
    nz /= len
    let d = nx * p0.x + ny * p0.y + nz * p0.z
    if (nx * c.x + ny * c.y + nz * c.z > d) {
      nx = -nx
      ny = -ny
      nz = -nz
      d = -d
      outward.push([...f].reverse())
    } else outward.push([...f])
    planes.push({ nx, ny, nz, d })
  }
  const min = { x: Infinity, y: Infinity, z: Infinity }
  const max = { x: -Infinity, y: -Infinity, z: -Infinity }
  for (const v of vertices) {
    min.x = Math.min(min.x, v.x)
    min.y = Math.min(min.y, v.y)
    min.z = Math.min(min.z, v.z)
    max.x = Math.max(max.x, v.x)
    max.y = Math.max(max.y, v.y)
    max.z = Math.max(max.z, v.z)
  }
  return { planes, vertices, faces: outward, min, max }
}

/**
 * Cyrus–Beck: the part `[t0, t1]` of the segment `p`→`q` (t from 0 to 1)
 * inside the solid, or null when it misses.
 */
export function clipSegment(s: ConvexSolid, p: Vec3, q: Vec3): [number, number] | null {
  const dx = q.x - p.x
  const dy = q.y - p.y
  const dz = q.z - p.z
  let t0 = -Infinity
  let t1 = Infinity
  for (const pl of s.planes) {
    const num = pl.d - (pl.nx * p.x + pl.ny * p.y + pl.nz * p.z)
    const den = pl.nx * dx + pl.ny * dy + pl.nz * dz
    if (Math.abs(den) < 1e-15) {
      if (num < 0) return null
      continue
    }
    const t = num / den
    if (den < 0) t0 = Math.max(t0, t)
    else t1 = Math.min(t1, t)
    if (t0 > t1) return null
  }
  return [t0, t1]
}

/**
 * Where the segment first crosses the solid's surface strictly between its
 * ends (0 < t < 1): its entry, or its exit when it starts inside. Null when
 * it does not cross (misses, or lies wholly inside).
 */
export function firstSurfaceCrossing(s: ConvexSolid, p: Vec3, q: Vec3): number | null {
  const span = clipSegment(s, p, q)
  if (!span) return null
  const [t0, t1] = span
  if (t1 - t0 < 1e-12) return null
  if (t0 > 0 && t0 < 1) return t0
  if (t1 > 0 && t1 < 1) return t1
  return null
}
