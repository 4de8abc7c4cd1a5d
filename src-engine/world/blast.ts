import { dist2, type Vec2, type Vec3, hypot } from '../util/geometry'
import { pointToBaseIn, poseOf } from './footprint'
import { bodySamplePoints } from './sample-points'
import type { DoorMask, RayProbe } from './los/sight'
import { pointInPolygon } from './geometry/polygon'
import type { TableModel } from './model/table-model'
import type { Blocker, Body, BurstEntry, InRadius } from './types'
import { type HullSolid, HullProbe } from './los/hulls'
import type { ConvexSolid } from './geometry/convex'

/** A miss's deviation (SMLE-EXP-12/13): along the firer→target line and across it, already halved or doubled by the rules (SMLE-EXP-14). */
export interface Deviation {
  /** Positive beyond the target point, negative short of it. */
  readonly longIn: number
  /** Positive to the right as the firer sees it, negative to the left. */
  readonly rightIn: number
}

/** How the round travels: fired flat, thrown (lobbed low), or falling from above (mortars, artillery, bombs). */
export type Delivery = 'direct' | 'thrown' | 'indirect'

/** Where a round lands and what stopped it short. */
export interface Landing {
  readonly point: Vec3
  /** The solid the round burst against instead (SMLE-EXP-15), if any. */
  readonly blocker: Blocker | null
  /** The round left the table: it lands nowhere that matters. */
  readonly offTable: boolean
}

/** How far above the ground a lobbed round's deviation is traced. */
const LOB_HEIGHT_IN = 0.5
/** A round stopped by a solid bursts this far in front of it. */
const STAND_OFF_IN = 0.05

/**
 * SMLE-EXP-12/13/15: where a deviating explosive lands. The deviated point
 * is the target point moved `longIn` along the firer→target line and
 * `rightIn` across it. Then, as decided for SMLE-EXP-15:
 * - `direct`: the round flies straight from the firer's eye toward the
 *   deviated point; the first wall, closed door, roof, vehicle's hull or rise
 *   of ground on that line stops it and it bursts there, on the firer's side.
 * - `thrown`: the deviation is traced low (0.5" up) from the target point to
 *   the deviated point; a wall, closed door or vehicle's hull in between
 *   stops it there.
 * - `indirect`: it falls from above and lands on the deviated point; inside
 *   a building it bursts on the roof.
 *
 * `hulls` are the vehicles and wrecks on the table (SMLE-VEH-15); the hull
 * the line starts inside (the vehicle the firer is aboard) and the hull the
 * round was aimed at (the vehicle it missed) do not stop it.
 */
export function landingPoint(
  model: TableModel,
  probe: RayProbe,
  firer: Vec3,
  target: Vec2,
  dev: Deviation,
  doors: DoorMask,
  delivery: Delivery,
  hulls: readonly HullSolid[] = [],
): Landing {
  const len = dist2(firer, target)
  const u = len > 1e-9 ? { x: (target.x - firer.x) / len, z: (target.z - firer.z) / len } : { x: 0, z: -1 }
  const right = { x: -u.z, z: u.x }
  const p = {
    x: target.x + u.x * dev.longIn + right.x * dev.rightIn,
    z: target.z + u.z * dev.longIn + right.z * dev.rightIn,
  }
  const offTable = p.x < 0 || p.z < 0 || p.x > model.widthIn || p.z > model.depthIn
  const groundAt = (q: Vec2): number => model.ground.heightAt(q.x, q.z)
  if (delivery === 'indirect') {
    const roof = model.structures.find((s) => pointInPolygon(p, s.footprint))
    return {
      point: { x: p.x, y: roof ? roof.topY : groundAt(p), z: p.z },
      blocker: roof ? { kind: 'roof', id: roof.id, label: `the roof of the ${roof.name}` } : null,
      offTable,
    }
  }
  const from: Vec3 = delivery === 'direct' ? firer : { x: target.x, y: groundAt(target) + LOB_HEIGHT_IN, z: target.z }
  const to: Vec3 = { x: p.x, y: groundAt(p) + (delivery === 'direct' ? 0.05 : LOB_HEIGHT_IN), z: p.z }
  // The hull the round was aimed at (a vehicle, or a figure aboard one) is the one it missed, not one in its way.
  const aimed: Vec3 = { x: target.x, y: groundAt(target) + LOB_HEIGHT_IN, z: target.z }
  const inWay = hulls.filter((h) => !contains(h.shape, from) && !contains(h.shape, aimed))
  const hit = (inWay.length > 0 ? new HullProbe(probe, inWay) : probe).firstHard(from, to, doors)
  if (!hit) return { point: { x: p.x, y: groundAt(p), z: p.z }, blocker: null, offTable }
  const full = Math.hypot(to.x - from.x, to.y - from.y, to.z - from.z)
  const t = Math.max(0, hit.t - STAND_OFF_IN / Math.max(full, 1e-9))
  const q = { x: from.x + (to.x - from.x) * t, z: from.z + (to.z - from.z) * t }
  return {
    point: { x: q.x, y: Math.max(groundAt(q), from.y + (to.y - from.y) * t), z: q.z },
    blocker: hit.blocker,
    offTable: false,
  }
}

/** Whether a point is inside a convex solid (on its surface counts). */
function contains(s: ConvexSolid, p: Vec3): boolean {
  return s.planes.every((pl) => pl.nx * p.x + pl.ny * p.y + pl.nz * p.z <= pl.d + 1e-9)
}

/** SMLE-EXP-04, SMLE-GEN-05: distance from a point to the nearest point of a base (height included). */
export function distanceToBodyIn(centre: Vec3, b: Body): number {
  if (b.footprint?.kind === 'rect') return hypot(pointToBaseIn(centre, poseOf(b)), centre.y - b.position.y)
  return hypot(Math.max(0, dist2(centre, b.position) - b.baseRadiusIn), centre.y - b.position.y)
}

/** The bodies within a radius of a point, nearest first (ties by id). */
export function bodiesWithin(centre: Vec3, radiusIn: number, bodies: readonly Body[]): InRadius[] {
  return bodies
    .map((b) => ({ id: b.id, distanceIn: distanceToBodyIn(centre, b) }))
    .filter((r) => r.distanceIn <= radiusIn + 1e-9)
    .sort((p, q) => p.distanceIn - q.distanceIn || (p.id < q.id ? -1 : 1))
}

/**
 * Everything a burst reaches, nearest first, each with whether it is
 * shielded: every one of its sample points is hidden from the burst point by
 * a solid (a wall, closed door, floor, rise of ground). Whether a shielded
 * figure still takes burst attacks is the rules' call.
 */
export function burstAround(
  probe: RayProbe,
  centre: Vec3,
  radiusIn: number,
  bodies: readonly Body[],
  doors: DoorMask,
): BurstEntry[] {
  const byId = new Map(bodies.map((b) => [b.id, b]))
  const from = { x: centre.x, y: centre.y + 0.1, z: centre.z }
  return bodiesWithin(centre, radiusIn, bodies).map((r) => {
    const b = byId.get(r.id)!
    const shielded = bodySamplePoints(b).every((p) => probe.anyHard(from, p, doors))
    return { ...r, shielded }
  })
}
