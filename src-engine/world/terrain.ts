import type { Hill, Relief, Ridge, Slope, Terrain } from '../scenario/schema'
import { type Vec2, pointSegmentDistance, hypot } from '../util/geometry'

/**
 * The shapes of the ground as the scenario describes them (hills, ridges,
 * slopes). The world samples them into a height field at the terrain's
 * resolution; what the rules use is that field (see `height-field.ts`).
 */

/** Height of one hill at a point: a cosine bump, oval and with a flat top if asked. */
export function hillHeightAt(hill: Hill, x: number, z: number): number {
  const rx = hill.radiusIn
  const rz = hill.radiusZIn ?? hill.radiusIn
  const a = (-hill.rotationDeg * Math.PI) / 180
  const dx = x - hill.x
  const dz = z - hill.z
  const u = dx * Math.cos(a) - dz * Math.sin(a)
  const v = dx * Math.sin(a) + dz * Math.cos(a)
  const d = hypot(u / rx, v / rz)
  if (d >= 1) return 0
  const p = Math.min(0.95, hill.plateauIn / rx)
  const t = Math.max(0, (d - p) / (1 - p))
  return hill.heightIn * 0.5 * (1 + Math.cos(Math.PI * t))
}

/** Height of a ridge: a cosine cross-section around its line. */
export function ridgeHeightAt(ridge: Ridge, x: number, z: number): number {
  const p = { x, z }
  let d = Infinity
  for (let i = 0; i + 1 < ridge.points.length; i++)
    d = Math.min(d, pointSegmentDistance(p, ridge.points[i]!, ridge.points[i + 1]!))
  const half = ridge.widthIn / 2
  return d >= half ? 0 : ridge.heightIn * 0.5 * (1 + Math.cos((Math.PI * d) / half))
}

/** Height of a slope: an even rise, a flat top, a fall back; soft long sides. */
export function slopeHeightAt(slope: Slope, x: number, z: number): number {
  const lx = slope.to.x - slope.from.x
  const lz = slope.to.z - slope.from.z
  const len = hypot(lx, lz)
  if (len < 1e-9) return 0
  const ux = lx / len
  const uz = lz / len
  const along = (x - slope.from.x) * ux + (z - slope.from.z) * uz
  const across = Math.abs(-(x - slope.from.x) * uz + (z - slope.from.z) * ux)
  const back = slope.backIn ?? len
  let profile: number
  if (along <= 0) profile = 0
  else if (along <= len) profile = along / len
  else if (along <= len + slope.plateauIn) profile = 1
  else if (along <= len + slope.plateauIn + back) profile = 1 - (along - len - slope.plateauIn) / back
  else profile = 0
  const half = slope.widthIn / 2
  const edge = Math.min(slope.edgeIn, half)
  let side: number
  if (across >= half) side = 0
  else if (across <= half - edge) side = 1
  else side = 0.5 * (1 + Math.cos((Math.PI * (across - (half - edge))) / edge))
  return slope.heightIn * profile * side
}

/** The painted relief at a point: its samples blended between (0 off its grid). */
export function reliefHeightAt(relief: Relief, x: number, z: number): number {
  const gx = x / relief.stepIn
  const gz = z / relief.stepIn
  if (gx < 0 || gz < 0 || gx > relief.columns - 1 || gz > relief.rows - 1) return 0
  const i = Math.min(relief.columns - 2, Math.floor(gx))
  const j = Math.min(relief.rows - 2, Math.floor(gz))
  const fx = gx - i
  const fz = gz - j
  const at = (c: number, r: number): number => relief.heightsIn[r * relief.columns + c] ?? 0
  const top = at(i, j) * (1 - fx) + at(i + 1, j) * fx
  const bottom = at(i, j + 1) * (1 - fx) + at(i + 1, j + 1) * fx
  return top * (1 - fz) + bottom * fz
}

/**
 * The height the scenario's hills, ridges and slopes give a point (where they
 * overlap, the highest wins), with the painted relief added; never below the
 * table top.
 */
export function featureHeightAt(
  terrain: Pick<Terrain, 'hills' | 'ridges' | 'slopes' | 'relief'>,
  x: number,
  z: number,
): number {
  let h = 0
  for (const hill of terrain.hills) h = Math.max(h, hillHeightAt(hill, x, z))
  for (const ridge of terrain.ridges) h = Math.max(h, ridgeHeightAt(ridge, x, z))
  for (const slope of terrain.slopes) h = Math.max(h, slopeHeightAt(slope, x, z))
  return terrain.relief ? Math.max(0, h + reliefHeightAt(terrain.relief, x, z)) : h
}

/**
 * Ground height from hills alone: each hill is a smooth cosine bump of its
 * height over its radius; where hills overlap the higher one wins. Kept for
 * callers that know only the hills; the world's `groundHeightAt` is the
 * height the rules use.
 */
export function terrainHeightAt(hills: readonly Hill[], x: number, z: number): number {
  let h = 0
  for (const hill of hills) h = Math.max(h, hillHeightAt(hill, x, z))
  return h
}

/** Step used to sample climbs along a straight move. */
const CLIMB_SAMPLE_IN = 0.25

/**
 * SMLE-GEN-05: the cost of a straight move over the ground is its horizontal
 * length plus the height it climbs (descents are free). Obstacles are not
 * looked at here.
 */
export function straightMoveCostIn(heightAt: (x: number, z: number) => number, a: Vec2, b: Vec2): number {
  const horizontal = hypot(b.x - a.x, b.z - a.z)
  const steps = Math.max(1, Math.ceil(horizontal / CLIMB_SAMPLE_IN))
  let climb = 0
  let prev = heightAt(a.x, a.z)
  for (let i = 1; i <= steps; i++) {
    const t = i / steps
    const h = heightAt(a.x + (b.x - a.x) * t, a.z + (b.z - a.z) * t)
    if (h > prev) climb += h - prev
    prev = h
  }
  return Math.round((horizontal + climb) * 1000) / 1000
}
