import type { FigureState, MatchState } from '../state/state'
import { type Vec2, pointSegmentDistance } from '../../../util/geometry'
import type { DoorGeometry } from '../../../world/building-geometry'

/**
 * A figure "reaches" a door (SMLE-DOOR-01) when the edge of its base is within
 * this distance of the doorway.
 */
export const DOOR_REACH_IN = 1

/** Clearance between a base and the wall face when it stops just beyond a door. */
export const BEYOND_DOOR_CLEARANCE_IN = 0.1

/** True when the figure's base edge is within reach of the doorway. */
export function reachesDoor(figure: FigureState, door: DoorGeometry): boolean {
  return pointSegmentDistance(figure.position, door.hinge, door.latch) - figure.baseRadiusIn <= DOOR_REACH_IN + 1e-9
}

/** Which side of the doorway a point is on: +1 outside the building, −1 inside. */
export function sideOfDoor(door: DoorGeometry, p: Vec2): 1 | -1 {
  const d = (p.x - door.centre.x) * door.outward.x + (p.z - door.centre.z) * door.outward.z
  return d >= 0 ? 1 : -1
}

/** The spot just beyond the door from where the figure stands. */
export function pointBeyondDoor(door: DoorGeometry, figure: FigureState): Vec2 {
  const s = -sideOfDoor(door, figure.position)
  const k = door.wallThicknessIn / 2 + figure.baseRadiusIn + BEYOND_DOOR_CLEARANCE_IN
  return { x: door.centre.x + door.outward.x * k * s, z: door.centre.z + door.outward.z * k * s }
}

/** A base standing in the doorway (it stops the door from closing). */
export function figureInDoorway(state: MatchState, door: DoorGeometry): FigureState | null {
  for (const f of Object.values(state.figures)) {
    if (f.offTable !== null || f.vehicleId !== null) continue
    if (pointSegmentDistance(f.position, door.hinge, door.latch) < f.baseRadiusIn + door.wallThicknessIn / 2) return f
  }
  return null
}
