import type { DoorState, Scenario } from '../scenario/schema'
import { type Vec2, type Vec3, dist2, pointSegmentDistance, segmentSegmentDistance } from '../util/geometry'
import { buildingDoors, buildingWallPieces, DOOR_LEAF_THICKNESS_IN } from './building-geometry'
import { bodySamplePoints, eyePoint } from './sample-points'
import { straightMoveCostIn, terrainHeightAt } from './terrain'
import { type Arc, betterCover, type Blocker, type Body, type CoverGrade, type DoorStates, type PathResult, type TerrainSample } from './types'
import type { World } from './world'

/** A door leaf blocks unless the door is open or broken. */
export function doorBlocks(state: DoorState): boolean {
  return state === 'closed' || state === 'locked'
}

const EPS = 1e-6
/** Step used to sample climbs along a path and the ground under a sight line. */
const SAMPLE_STEP_IN = 0.25
/** SMLE-SHOOT-24: cover counts when it is within this distance of the target. */
export const COVER_REACH_IN = 2
/** SMLE-SHOOT-24: a target is in cover when at least this many sample points are hidden by cover. */
export const COVER_MIN_HIDDEN_POINTS = 2

interface Solid {
  readonly min: Vec3
  readonly max: Vec3
  readonly blocker: Blocker
  /** The 2D segment and half thickness, for base and path checks. */
  readonly a: Vec2
  readonly b: Vec2
  readonly half: number
  /** Present for door leaves: the door whose state decides whether the leaf is there. */
  readonly doorId?: string
}

/** Enters [t0, t1] of the segment p→q inside the box, or null. */
function segmentBoxEntry(p: Vec3, q: Vec3, min: Vec3, max: Vec3): number | null {
  let t0 = 0
  let t1 = 1
  for (const axis of ['x', 'y', 'z'] as const) {
    const d = q[axis] - p[axis]
    if (Math.abs(d) < 1e-12) {
      if (p[axis] < min[axis] || p[axis] > max[axis]) return null
      continue
    }
    let ta = (min[axis] - p[axis]) / d
    let tb = (max[axis] - p[axis]) / d
    if (ta > tb) [ta, tb] = [tb, ta]
    t0 = Math.max(t0, ta)
    t1 = Math.min(t1, tb)
    if (t0 > t1) return null
  }
  return t0
}

/**
 * The first world of the table: axis-aligned wall and door boxes, hills as a
 * height field, straight-line paths, brute-force queries. Simple and exact
 * for what scenarios describe so far; the oracle for faster versions.
 */
export function buildWorld(scenario: Scenario): World {
  const walls = scenario.buildings.flatMap(buildingWallPieces)
  const doors = scenario.buildings.flatMap(buildingDoors)
  const doorById = new Map(doors.map((d) => [d.id, d]))
  const names = new Map(scenario.buildings.map((b) => [b.id, b.name]))
  const hills = scenario.terrain.hills
  const ground = (x: number, z: number): number => terrainHeightAt(hills, x, z)
  const { widthIn, depthIn } = scenario.table
  const buildingFloor = new Map(scenario.buildings.map((b) => [b.id, ground(b.x + b.widthIn / 2, b.z + b.depthIn / 2)]))

  const box = (a: Vec2, b: Vec2, half: number, y0: number, y1: number): { min: Vec3; max: Vec3 } => ({
    min: { x: Math.min(a.x, b.x) - half, y: y0, z: Math.min(a.z, b.z) - half },
    max: { x: Math.max(a.x, b.x) + half, y: y1, z: Math.max(a.z, b.z) + half },
  })
  const solids: Solid[] = [
    ...walls.map((w) => {
      const y0 = buildingFloor.get(w.buildingId) ?? 0
      return { ...box(w.a, w.b, w.thicknessIn / 2, y0 - 5, y0 + w.heightIn), a: w.a, b: w.b, half: w.thicknessIn / 2, blocker: { kind: 'wall' as const, id: w.buildingId, label: `the wall of the ${names.get(w.buildingId) ?? w.buildingId}` } }
    }),
    ...doors.map((d) => {
      const y0 = buildingFloor.get(d.buildingId) ?? 0
      return {
        ...box(d.hinge, d.latch, DOOR_LEAF_THICKNESS_IN / 2, y0 - 5, y0 + d.heightIn),
        a: d.hinge,
        b: d.latch,
        half: DOOR_LEAF_THICKNESS_IN / 2,
        doorId: d.id,
        blocker: { kind: 'door' as const, id: d.id, label: `the closed door of the ${names.get(d.buildingId) ?? d.buildingId}` },
      }
    }),
  ]
  const present = (s: Solid, doorStates: DoorStates): boolean => s.doorId === undefined || doorBlocks(doorStates[s.doorId]?.state ?? doorById.get(s.doorId)?.spec.state ?? 'closed')

  const edge: Blocker = { kind: 'tableEdge', id: '', label: 'the edge of the table' }
  const offTable = (p: Vec2, r: number): boolean => p.x - r < -EPS || p.z - r < -EPS || p.x + r > widthIn + EPS || p.z + r > depthIn + EPS

  /** What hides the point `to` from `from`: the nearest solid or the ground, with where along the ray (0..1). */
  const rayBlock = (from: Vec3, to: Vec3, doorStates: DoorStates): { t: number; blocker: Blocker } | null => {
    let best: { t: number; blocker: Blocker } | null = null
    for (const s of solids) {
      if (!present(s, doorStates)) continue
      const t = segmentBoxEntry(from, to, s.min, s.max)
      if (t !== null && t < 1 - 1e-9 && (!best || t < best.t)) best = { t, blocker: s.blocker }
    }
    const len = Math.hypot(to.x - from.x, to.z - from.z)
    const steps = Math.max(1, Math.ceil(len / SAMPLE_STEP_IN))
    for (let i = 1; i < steps; i++) {
      const t = i / steps
      if (best && t >= best.t) break
      const x = from.x + (to.x - from.x) * t
      const z = from.z + (to.z - from.z) * t
      const y = from.y + (to.y - from.y) * t
      const g = ground(x, z)
      if (g > y + 1e-9) {
        const hill = hills.find((h) => Math.hypot(x - h.x, z - h.z) < h.radiusIn)
        best = { t, blocker: { kind: 'terrain', id: hill?.id ?? '', label: 'the lie of the ground' } }
        break
      }
    }
    return best
  }

  const costOf = (a: Vec2, b: Vec2): number => straightMoveCostIn(ground, a, b)

  const world: World = {
    scenario,
    widthIn,
    depthIn,
    groundHeightAt: ground,
    doors: () => doors,
    door: (id) => doorById.get(id),
    walls: () => walls,
    footprintBlocker(p, r, doorStates) {
      if (offTable(p, r)) return edge
      for (const s of solids) {
        if (present(s, doorStates) && pointSegmentDistance(p, s.a, s.b) < r + s.half - EPS) return s.blocker
      }
      return null
    },
    pathBlocker(a, b, r, doorStates) {
      if (offTable(b, r)) return edge
      let best: { d: number; blocker: Blocker } | null = null
      for (const s of solids) {
        if (!present(s, doorStates)) continue
        if (segmentSegmentDistance(a, b, s.a, s.b) < r + s.half - EPS) {
          const d = Math.min(dist2(a, s.a), dist2(a, s.b), pointSegmentDistance(a, s.a, s.b))
          if (!best || d < best.d) best = { d, blocker: s.blocker }
        }
      }
      return best?.blocker ?? null
    },
    path(from, to, r, doorStates): PathResult {
      const blocker = world.pathBlocker(from, to, r, doorStates)
      if (blocker) return { ok: false, blocker }
      return {
        ok: true,
        lengthIn: dist2(from, to),
        costIn: costOf(from, to),
        points: [
          { x: from.x, y: ground(from.x, from.z), z: from.z },
          { x: to.x, y: ground(to.x, to.z), z: to.z },
        ],
      }
    },
    sight(firer, target, doorStates) {
      const eye = eyePoint(firer)
      const points = bodySamplePoints(target)
      let visible = 0
      let blocker: Blocker | null = null
      for (const p of points) {
        const hit = rayBlock(eye, p, doorStates)
        if (!hit) visible++
        else blocker ??= hit.blocker
      }
      return { fraction: visible / points.length, visiblePoints: visible, totalPoints: points.length, blocker }
    },
    coverOf(target, firer, doorStates): CoverGrade {
      // SMLE-SHOOT-24: hard cover when ≥2 sample points are hidden by a solid within 2" of the target.
      const eye = eyePoint(firer)
      let hiddenByNearCover = 0
      for (const p of bodySamplePoints(target)) {
        const hit = rayBlock(eye, p, doorStates)
        if (!hit || hit.blocker.kind === 'terrain') continue
        const len = Math.hypot(p.x - eye.x, p.y - eye.y, p.z - eye.z)
        if ((1 - hit.t) * len <= COVER_REACH_IN + target.baseRadiusIn) hiddenByNearCover++
      }
      let cover: CoverGrade = hiddenByNearCover >= COVER_MIN_HIDDEN_POINTS ? 'hard' : 'none'
      // SMLE-MOVE-06: prone counts as soft cover.
      if (cover === 'none' && target.prone) cover = 'soft'
      // An area flagged as cover, or a prepared position, counts too; only the best grade applies (SMLE-SHOOT-22).
      if (world.preparedPositionAt(target.position)) cover = 'prepared'
      return betterCover(cover, world.terrainAt(target.position).cover)
    },
    distanceIn(a, b) {
      const horizontal = Math.max(0, dist2(a.position, b.position) - a.baseRadiusIn - b.baseRadiusIn)
      return Math.hypot(horizontal, a.position.y - b.position.y)
    },
    terrainAt(p): TerrainSample {
      for (const b of scenario.buildings) {
        if (p.x >= b.x && p.x <= b.x + b.widthIn && p.z >= b.z && p.z <= b.z + b.depthIn) return { kind: 'building', moveCostPerIn: 1, cover: 'none' }
      }
      return { kind: 'open', moveCostPerIn: 1, cover: 'none' }
    },
    obstructionOnLine(from, to, doorStates) {
      return rayBlock(from, to, doorStates)?.t ?? null
    },
    arcOf(centre, facingDeg, from, frontHalfAngleDeg) {
      return arcBetween(facingDeg, centre, from, frontHalfAngleDeg)
    },
    preparedPositionAt(p) {
      const pos = scenario.preparedPositions.find((pp) => dist2(p, pp.position) <= pp.radiusIn + 1e-9)
      return pos ? { id: pos.id, sideId: pos.sideId, arcFacingDeg: pos.arcFacingDeg, concealed: pos.concealed } : null
    },
    withinRadius(centre, radiusIn, bodies) {
      return bodies
        .map((b) => ({ id: b.id, distanceIn: Math.hypot(Math.max(0, dist2(centre, b.position) - b.baseRadiusIn), centre.y - b.position.y) }))
        .filter((r) => r.distanceIn <= radiusIn + 1e-9)
        .sort((p, q) => p.distanceIn - q.distanceIn || (p.id < q.id ? -1 : 1))
    },
  }
  return world
}

/** The arc (front / flank / rear) of `from` seen from `centre` facing `facingDeg` (SMLE-ACT-19). */
export function arcBetween(facingDeg: number, centre: Vec2, from: Vec2, frontHalfAngleDeg: number): Arc {
  const dx = from.x - centre.x
  const dz = from.z - centre.z
  if (Math.hypot(dx, dz) < 1e-9) return 'front'
  const bearing = (Math.atan2(dx, -dz) * 180) / Math.PI
  const diff = Math.abs((((bearing - facingDeg) % 360) + 540) % 360 - 180)
  if (diff <= frontHalfAngleDeg + 1e-9) return 'front'
  if (diff >= 180 - frontHalfAngleDeg - 1e-9) return 'rear'
  return 'flank'
}

export type { Body }
