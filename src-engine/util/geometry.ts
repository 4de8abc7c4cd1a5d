/** Plain 2D/3D vector helpers on the table plane. X east, Z south, Y up; 1 unit = 1 inch. */

/** A point on the table plane. */
export interface Vec2 {
  x: number
  z: number
}

/** A point in the table's 3D space. */
export interface Vec3 {
  x: number
  y: number
  z: number
}

/**
 * Positions are quantized to 1/100 inch where commands enter the engine, so
 * that saves, replays and comparisons never depend on float noise.
 */
export const POSITION_QUANTUM_IN = 0.01

/** Rounds a coordinate to the position quantum. */
export function quantize(v: number): number {
  const q = Math.round(v / POSITION_QUANTUM_IN) / Math.round(1 / POSITION_QUANTUM_IN)
  return q === 0 ? 0 : q
}

/**
 * The length of the vector (x, y): `Math.hypot(x, y)` as V8 works it out
 * (each term divided by the larger, the squares summed, the root scaled
 * back; its compensated sum changes nothing for two terms), the same number
 * to the last bit, without the builtin's handling of any number of
 * arguments, which costs an allocation each call. Plain arithmetic gives the
 * same answer on every JavaScript engine.
 */
export function hypot(x: number, y: number): number {
  const ax = Math.abs(x)
  const ay = Math.abs(y)
  if (ax === Infinity || ay === Infinity) return Infinity
  if (Number.isNaN(ax) || Number.isNaN(ay)) return NaN
  const max = ax > ay ? ax : ay
  if (max === 0) return 0
  const a = ax / max
  const b = ay / max
  return Math.sqrt(a * a + b * b) * max
}

/** Euclidean distance on the table plane. */
export function dist2(a: Vec2, b: Vec2): number {
  return hypot(a.x - b.x, a.z - b.z)
}

/** Distance from point `p` to the segment `a`–`b` on the plane. */
export function pointSegmentDistance(p: Vec2, a: Vec2, b: Vec2): number {
  const abx = b.x - a.x
  const abz = b.z - a.z
  const len2 = abx * abx + abz * abz
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * abx + (p.z - a.z) * abz) / len2))
  return hypot(p.x - (a.x + t * abx), p.z - (a.z + t * abz))
}

function orient(a: Vec2, b: Vec2, c: Vec2): number {
  return (b.x - a.x) * (c.z - a.z) - (b.z - a.z) * (c.x - a.x)
}

/** True when the closed segments `p1`–`p2` and `q1`–`q2` cross or touch. */
export function segmentsIntersect(p1: Vec2, p2: Vec2, q1: Vec2, q2: Vec2): boolean {
  const d1 = orient(q1, q2, p1)
  const d2 = orient(q1, q2, p2)
  const d3 = orient(p1, p2, q1)
  const d4 = orient(p1, p2, q2)
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true
  const onSeg = (a: Vec2, b: Vec2, c: Vec2): boolean =>
    Math.min(a.x, b.x) <= c.x && c.x <= Math.max(a.x, b.x) && Math.min(a.z, b.z) <= c.z && c.z <= Math.max(a.z, b.z)
  if (d1 === 0 && onSeg(q1, q2, p1)) return true
  if (d2 === 0 && onSeg(q1, q2, p2)) return true
  if (d3 === 0 && onSeg(p1, p2, q1)) return true
  if (d4 === 0 && onSeg(p1, p2, q2)) return true
  return false
}
