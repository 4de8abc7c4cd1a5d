// The World interface on its own, so the modules that build a world can
// import it without importing world.ts (which re-exports them).
import type { Objective, TableScenario } from '../scenario/schema'
import type { Vec2, Vec3 } from '../util/geometry'
import type { Deviation, Delivery, Landing } from './blast'
import type { DoorGeometry, WallPiece } from './building-geometry'
import type { VehiclePose } from './facing'
import type { RayHit } from './los/sight'
import type { PositionModel } from './model/features'
import type { BaseLineModel, TableModel } from './model/table-model'
import type { VehicleMove, VehicleSpec } from './nav/vehicle'
import type {
  Arc,
  BasePose,
  Blocker,
  Body,
  BurstEntry,
  CoverGrade,
  DoorStates,
  Footprint,
  InRadius,
  Mover,
  PathOptions,
  PathResult,
  Reach,
  SightLine,
  Standing,
  TerrainSample,
  HullFace,
  VehicleHull,
} from './types'

/** Slack allowed when a base touches an obstacle (SMLE-GEN-06 contact tolerance is 0.1"). */
export const TOUCH_EPSILON_IN = 1e-6

/**
 * The table as the rules see it: derived from the scenario, never saved.
 * Door states are passed in because they live in the match state, so a door
 * opened is at once open to sight and to paths. The rules ask every
 * geometric question through this interface.
 */
/** A kind of body that moves by path searches: its base and what slows it. */
export interface PathMover {
  readonly base: number | Footprint
  readonly mover: Mover
}

export interface World<Sc extends TableScenario = TableScenario> {
  /** The scenario this world was built from. */
  readonly scenario: Sc
  readonly widthIn: number
  readonly depthIn: number
  /** The table worked out from the scenario (hull pieces, areas, features), for drawing and tools. */
  readonly model: TableModel
  /** Height of the ground (the height field, building pads included) at a point. */
  groundHeightAt(x: number, z: number): number
  /** Where a point with a height is: the ground, or a floor of a building (figures on upper floors stand on that floor). */
  standingAt(p: Vec2 | Vec3): Standing
  /** The height a base stands at on a floor (0 = ground); null where there is no such floor. */
  heightOnFloor(p: Vec2, floor: number): number | null
  /** All doorways of the table. */
  doors(): readonly DoorGeometry[]
  door(id: string): DoorGeometry | undefined
  /** All ground-floor wall pieces. */
  walls(): readonly WallPiece[]
  /**
   * The obstacle a base would overlap standing at `p` (on the floor its
   * height says), or null. `base` is a round base's radius or a footprint; a
   * rectangle faces `facingDeg` (default 0). A base flush against a wall
   * (within `TOUCH_EPSILON_IN`) does not overlap it.
   */
  footprintBlocker(p: Vec2 | Vec3, base: number | Footprint, doors: DoorStates, facingDeg?: number): Blocker | null
  /**
   * The nearest obstacle a base crosses moving straight from `a` to `b`
   * without turning, or null. `base` is a round base's radius or a
   * footprint; a rectangle faces `facingDeg` (default 0) and sweeps exactly
   * the hull of its outlines at both ends.
   */
  pathBlocker(a: Vec2 | Vec3, b: Vec2, base: number | Footprint, doors: DoorStates, facingDeg?: number): Blocker | null
  /**
   * What a base runs into turning `turnDeg` (clockwise positive) about
   * `pivot` (its centre to turn on the spot, `frontCorner` to wheel), or
   * null. Checked at poses no point of the base moves more than `stepIn`
   * between (default `TURN_STEP_IN`, 0.01"): an obstacle reaching less than
   * half that into the swept area between two poses may be missed.
   */
  turnBlocker(base: BasePose, pivot: Vec2, turnDeg: number, doors: DoorStates, stepIn?: number): Blocker | null
  /**
   * The cheapest move along the ground from `from` to `to`, routed round
   * walls, closed doors and obstacles, up and down stairs: length plus climbs
   * (SMLE-GEN-05), weighted by the going (SMLE-MOVE-04). `base` is a round
   * base's radius or a footprint; a rectangle facing `options.facingDeg`
   * moves straight checked exactly, or is routed as its circumscribed circle
   * (see `BaseMoves.find`).
   */
  /**
   * Does one step of the groundwork of sight and path searches ahead of need
   * (the sight structure, or the path graph's edges of up to `work` nodes for
   * these movers), so that a host can spend idle moments on it: answers are
   * the same with or without it, only sooner. True when nothing is left to do.
   */
  prepare(movers: readonly PathMover[], work: number): boolean
  path(
    from: Vec2 | Vec3,
    to: Vec2,
    base: number | Footprint,
    doors: DoorStates,
    mover: Mover,
    options?: PathOptions,
  ): PathResult
  /** The furthest point a budget of inches reaches along the path toward `to` (move previews, the automated opponent). */
  reach(
    from: Vec2 | Vec3,
    to: Vec2,
    budgetIn: number,
    base: number | Footprint,
    doors: DoorStates,
    mover: Mover,
    options?: PathOptions,
  ): ({ readonly ok: true } & Reach) | { readonly ok: false; readonly blocker: Blocker }
  /**
   * Line of sight from a firer's eye to a target's sample points
   * (SMLE-SHOOT-02). `hulls` are the vehicles on the table, live or wrecked:
   * each blocks sight like a wall, except the hull of a vehicle the firer or
   * the target is aboard (their `vehicleId`).
   */
  sight(firer: Body, target: Body, doors: DoorStates, hulls?: readonly VehicleHull[]): SightLine
  /**
   * Whether the firer sees any of the target's sample points: always
   * `sight(firer, target, doors, hulls).visiblePoints > 0`, found sooner (no
   * blocker is named, and the first point seen ends the search).
   */
  sees(firer: Body, target: Body, doors: DoorStates, hulls?: readonly VehicleHull[]): boolean
  /** What first blocks a sight line between two points (a solid, a vehicle's hull, the ground, or more than 2" of woods), or null. */
  rayBlocker(from: Vec3, to: Vec3, doors: DoorStates, hulls?: readonly VehicleHull[]): RayHit | null
  /**
   * The cover a target has from a firer (SMLE-SHOOT-21..24, SMLE-MOVE-06,
   * SMLE-SHOOT-26); a vehicle's hull among `hulls` is hard cover
   * (SMLE-SHOOT-23), but not to those aboard it nor to the vehicle itself.
   */
  coverOf(target: Body, firer: Body, doors: DoorStates, hulls?: readonly VehicleHull[]): CoverGrade
  /** Distance between two figures: nearest points of their bases (circles or rectangles), height included (SMLE-GEN-05, SMR-GEN-05). */
  distanceIn(a: Body, b: Body): number
  /** What the ground is at a point, for a mover (default: a Light-armoured figure). */
  terrainAt(p: Vec2, mover?: Mover): TerrainSample
  /** The bodies within a radius of a point, nearest first (SMLE-EXP burst radii). */
  withinRadius(centre: Vec3, radiusIn: number, bodies: readonly Body[]): InRadius[]
  /** The bodies a burst reaches, nearest first, each with whether a solid shields it from the burst point. */
  burst(centre: Vec3, radiusIn: number, bodies: readonly Body[], doors: DoorStates): BurstEntry[]
  /**
   * SMLE-EXP-12..15: where a deviating round lands (see `landingPoint` for what walls do); `hulls` are the vehicles
   * and wrecks on the table, which stop it as walls do (SMLE-VEH-15).
   */
  landing(
    firer: Vec3,
    target: Vec2,
    deviation: Deviation,
    doors: DoorStates,
    delivery: Delivery,
    hulls?: readonly VehicleHull[],
  ): Landing
  /** SMLE-ACT-19, SMR-GEOM-03: front, flank or rear of something at `at` facing `facingDeg`, for an attack from `from` (bearings between base centres). */
  arcOf(facingDeg: number, at: Vec2, from: Vec2, frontHalfAngleDeg: number, rearHalfAngleDeg?: number): Arc
  /** The prepared position a point is in (SMLE-SHOOT-26), or null. */
  positionAt(p: Vec2): PositionModel | null
  /** SMLE-SHOOT-26: whether a target lies inside a prepared position's arc of fire. */
  inFiringArc(positionId: string, target: Vec2): boolean
  /** SMLE-VEH-14: the face of a vehicle an attack strikes. */
  vehicleFace(vehicle: VehiclePose, attacker: Vec3, frontHalfAngleDeg: number, opts?: { indirect?: boolean }): HullFace
  /** SMLE-VEH-02..04: a vehicle's move, its cost and its allowance. */
  vehicleMove(from: Vec2, to: Vec2, vehicle: VehicleSpec, doors: DoorStates): VehicleMove
  /** A side's base line (SMLE-OPT-07/08). */
  baseLine(sideId: string): BaseLineModel
  /** Distance from a point to a side's base line. */
  baseLineDistanceIn(sideId: string, p: Vec2): number
  objectives(): readonly Objective[]
}
