// The table world's public surface: the `World` interface (world-interface.ts), how to build one, and the geometry helpers the rules use.
export * from './types'
export { type PathMover, TOUCH_EPSILON_IN, type World } from './world-interface'
export { buildWorld, buildBasicWorld } from './create-world'
export { compileTable, doorBlocks } from './model/table-model'
export type { Deviation as LandingDeviation, Delivery, Landing } from './blast'
export type { VehiclePose } from './facing'
export type { RayHit } from './los/sight'
export { type ConvexSolid, boxSolid, segmentBox } from './geometry/convex'
export type { AreaModel, LinearModel, ObstacleModel, PositionModel } from './model/features'
export type { StructureModel } from './model/structures'
export type { BaseLineModel, HardSolid, SoftVolume, TableModel } from './model/table-model'
export type { HeightField } from './geometry/height-field'
export { arcOf, bearingDeg, facingVector, inFiringArc } from './facing'
export { pointInPolygon } from './geometry/polygon'
export {
  baseCorners,
  baseGapIn,
  basePoint,
  basesAcross,
  basesOverlap,
  basesTouch,
  circleFootprint,
  circumRadiusIn,
  firstContactAlong,
  footprintOf,
  frontCorner,
  inRadiusIn,
  MM_PER_IN,
  movedTo,
  pointToBaseIn,
  poseOf,
  rectFootprint,
  rectFootprintMm,
  rotatedAbout,
  segmentCrossesBase,
  TURN_STEP_IN,
  turnPoses,
} from './footprint'
export type { VehicleMove, VehicleSpec } from './nav/vehicle'
