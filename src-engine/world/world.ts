import type { Scenario } from '../scenario/schema'
import type { Vec2, Vec3 } from '../util/geometry'
import type { DoorGeometry, WallPiece } from './building-geometry'
import type { Arc, Blocker, Body, CoverGrade, DoorStates, InRadius, Mover, PathResult, PreparedPositionInfo, SightLine, TerrainSample } from './types'

export * from './types'

/** Slack allowed when a base touches an obstacle (SMLE-GEN-06 contact tolerance is 0.1"). */
export const TOUCH_EPSILON_IN = 1e-6

/**
 * The table as the rules see it: derived from the scenario, never saved.
 * Door states are passed in because they live in the match state. The rules
 * ask every geometric question through this interface.
 */
export interface World {
  /** The scenario this world was built from. */
  readonly scenario: Scenario
  readonly widthIn: number
  readonly depthIn: number
  /** Height of the ground (hills) at a point. */
  groundHeightAt(x: number, z: number): number
  /** All doorways of the table. */
  doors(): readonly DoorGeometry[]
  door(id: string): DoorGeometry | undefined
  /** All wall pieces. */
  walls(): readonly WallPiece[]
  /** The obstacle a base of this radius would overlap standing at `p`, or null. */
  footprintBlocker(p: Vec2, radiusIn: number, doors: DoorStates): Blocker | null
  /** The nearest obstacle a base of this radius crosses moving straight from `a` to `b`, or null. */
  pathBlocker(a: Vec2, b: Vec2, radiusIn: number, doors: DoorStates): Blocker | null
  /** A move along the ground from `from` to `to` (SMLE-GEN-05 length plus climbs, SMLE-MOVE-04 terrain cost). */
  path(from: Vec2, to: Vec2, radiusIn: number, doors: DoorStates, mover: Mover): PathResult
  /** Line of sight from a firer's eye to a target's sample points (SMLE-SHOOT-02). */
  sight(firer: Body, target: Body, doors: DoorStates): SightLine
  /** The cover a target has from a firer (SMLE-SHOOT-21..24, SMLE-MOVE-06). */
  coverOf(target: Body, firer: Body, doors: DoorStates): CoverGrade
  /** Distance between two figures: nearest points of their bases, height included (SMLE-GEN-05). */
  distanceIn(a: Body, b: Body): number
  /** What the ground is at a point. */
  terrainAt(p: Vec2): TerrainSample
  /** The bodies within a radius of a point, nearest first (SMLE-EXP burst radii). */
  withinRadius(centre: Vec3, radiusIn: number, bodies: readonly Body[]): InRadius[]
  /**
   * Which arc of something at `centre` facing `facingDeg` a point lies in
   * (SMLE-ACT-19, SMLE-VEH-14): front within `frontHalfAngleDeg` of the
   * facing, rear within it of the opposite direction, flank otherwise.
   */
  arcOf(centre: Vec2, facingDeg: number, from: Vec2, frontHalfAngleDeg: number): Arc
  /**
   * Where a straight line first meets something solid (a wall, a closed door,
   * the ground), as the fraction 0…1 of the way from `from` to `to`; null when
   * the way is clear (SMLE-EXP-15: a deviated round lands at the first solid obstacle).
   */
  obstructionOnLine(from: Vec3, to: Vec3, doors: DoorStates): number | null
  /** The prepared position a point stands in, if any (SMLE-SHOOT-26). */
  preparedPositionAt(p: Vec2): PreparedPositionInfo | null
}

export { buildWorld, doorBlocks } from './basic-world'
