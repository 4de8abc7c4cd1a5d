import type { Vec2, Vec3 } from '../../util/geometry'
import { bearingDeg } from '../facing'
import { pointInPolygon } from '../geometry/polygon'
import type { DoorMask } from '../los/sight'
import type { Blocker, Mover, Reach } from '../types'
import { costPieces } from './cost'
import type { Movement } from './movement'
import { segmentShapeDistance } from './shapes'

/** What a vehicle move needs to know about the vehicle (§13.1). */
export interface VehicleSpec {
  readonly widthIn: number
  readonly lengthIn: number
  /** SMLE-VEH-02: combat speed, 1" per mph. */
  readonly combatSpeedIn: number
  /** SMLE-VEH-02: road speed on good surfaces (default twice combat speed). */
  readonly roadSpeedIn?: number
  readonly tracked: boolean
  /** SMLE-VEH-03: it starts this activation halted. */
  readonly startedHalted: boolean
  /** SMLE-VEH-04: the band allows only a half move (half combat speed, no road speed). */
  readonly halfMove?: boolean
}

/** A vehicle's move, measured against its allowance. */
export type VehicleMove =
  | {
      readonly ok: true
      readonly points: readonly Vec3[]
      readonly lengthIn: number
      /** Allowance spent: an inch on a road costs 1, off the road 2 (half speed), more in difficult going. */
      readonly costIn: number
      /** The whole route is on road surfaces, so road speed may be used (SMLE-VEH-02). */
      readonly onRoadOnly: boolean
      /** The most it may spend this activation, given the route and SMLE-VEH-03/04. */
      readonly allowanceIn: number
      readonly withinAllowance: boolean
      /** It needs road speed for this (so it may not fire or react, SMLE-VEH-02). */
      readonly usesRoadSpeed: boolean
      /** Its facing at the end: along its last leg. */
      readonly facingDeg: number
      /** The furthest point along the route its allowance reaches. */
      readonly furthest: Reach
    }
  | { readonly ok: false; readonly blocker: Blocker }

/**
 * SMLE-VEH-02..04: a vehicle's path from `from` to `to`. It is routed like a
 * base as wide as the vehicle (blocked by buildings, vehicles, wrecks,
 * impassable going; wheeled vehicles by every hedge and wall, tracked ones by
 * walls taller than 1.5"), then its hull is checked where it stops. Road
 * speed only when every inch is on a road surface; half its maximum speed
 * when it starts halted.
 */
export function vehicleMove(movement: Movement, from: Vec2, to: Vec2, spec: VehicleSpec, doors: DoorMask): VehicleMove {
  const mover: Mover = { armour: 'none', vehicle: spec.tracked ? 'tracked' : 'wheeled' }
  const r = spec.widthIn / 2
  const found = movement.find(from, to, r, doors, mover)
  if (!found.ok) return found
  const path = movement.toPath(found)
  if (!path.ok) return path
  const pts = path.points
  const last = pts[pts.length - 1]!
  const prev = pts[pts.length - 2] ?? last
  const facingDeg = Math.round(bearingDeg(prev, last))
  const hull = hullBlocker(movement, to, facingDeg, spec, doors)
  if (hull) return { ok: false, blocker: hull }
  const space = found.finder.space
  let onRoadOnly = true
  for (let i = 1; i < pts.length && onRoadOnly; i++) {
    onRoadOnly = costPieces(space.costAreas, pts[i - 1]!, pts[i]!, space.profile).every((p) => p.density <= 1)
  }
  const road = spec.roadSpeedIn ?? spec.combatSpeedIn * 2
  const combat = spec.halfMove ? spec.combatSpeedIn / 2 : spec.combatSpeedIn
  let allowanceIn = onRoadOnly && !spec.halfMove ? road : combat
  // SMLE-VEH-03: from a halt, at most half its listed maximum (road) speed.
  if (spec.startedHalted) allowanceIn = Math.min(allowanceIn, road / 2)
  return {
    ok: true,
    points: pts,
    lengthIn: path.lengthIn,
    costIn: path.costIn,
    onRoadOnly,
    allowanceIn,
    withinAllowance: path.costIn <= allowanceIn + 1e-9,
    usesRoadSpeed: path.costIn > combat + 1e-9,
    facingDeg,
    furthest: movement.reach(found, allowanceIn, doors),
  }
}

/** What the vehicle's hull would overlap standing at `at` facing `facingDeg`, or null. */
function hullBlocker(
  movement: Movement,
  at: Vec2,
  facingDeg: number,
  spec: VehicleSpec,
  doors: DoorMask,
): Blocker | null {
  const a = (facingDeg * Math.PI) / 180
  const f = { x: Math.sin(a), z: -Math.cos(a) }
  const s = { x: -f.z, z: f.x }
  const hl = spec.lengthIn / 2
  const hw = spec.widthIn / 2
  const c = (df: number, ds: number): Vec2 => ({ x: at.x + f.x * df + s.x * ds, z: at.z + f.z * df + s.z * ds })
  const corners = [c(hl, -hw), c(hl, hw), c(-hl, hw), c(-hl, -hw)]
  const space = movement.finder({ armour: 'none', vehicle: spec.tracked ? 'tracked' : 'wheeled' }, hw).space
  const m = movement.model
  for (const p of corners)
    if (p.x < 0 || p.z < 0 || p.x > m.widthIn || p.z > m.depthIn)
      return { kind: 'tableEdge', id: '', label: 'the edge of the table' }
  for (const o of space.levels[0]!.obstacles) {
    if (o.doorSlot >= 0 && !doors[o.doorSlot]) continue
    const inside = pointInPolygon(o.shape.kind === 'capsule' ? o.shape.a : o.shape.points[0]!, corners)
    if (inside) return o.blocker
    for (let i = 0; i < 4; i++) {
      if (segmentShapeDistance(corners[i]!, corners[(i + 1) % 4]!, o.shape) < 1e-6) return o.blocker
    }
  }
  return null
}
