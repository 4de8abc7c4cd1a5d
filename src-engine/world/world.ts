import type { DoorState, Scenario } from '../scenario/schema'
import { type Vec2, dist2, pointSegmentDistance, segmentSegmentDistance } from '../util/geometry'
import { buildingDoors, buildingWallPieces, DOOR_LEAF_THICKNESS_IN, type DoorGeometry, type WallPiece } from './building-geometry'
import { terrainHeightAt } from './terrain'

/** Door states by door id, as the match state holds them. */
export type DoorStates = Readonly<Record<string, { readonly state: DoorState }>>

/** What stopped a base: a wall, a closed door, the table edge. */
export interface Blocker {
  readonly kind: 'wall' | 'door' | 'tableEdge'
  /** The building or door id; empty for the table edge. */
  readonly id: string
  /** Words for a message: "the wall of the Farmhouse", "the closed Front door". */
  readonly label: string
}

/** Slack allowed when a base touches an obstacle (SMLE-GEN-06 contact tolerance is 0.1"). */
export const TOUCH_EPSILON_IN = 1e-6

/**
 * The table as the rules see it: derived from the scenario, never saved.
 * Door states are passed in because they live in the match state.
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
}

/** A door leaf blocks unless the door is open or broken. */
export function doorBlocks(state: DoorState): boolean {
  return state === 'closed' || state === 'locked'
}

/** Builds the world of a scenario. */
export function buildWorld(scenario: Scenario): World {
  const walls = scenario.buildings.flatMap(buildingWallPieces)
  const doors = scenario.buildings.flatMap(buildingDoors)
  const doorById = new Map(doors.map((d) => [d.id, d]))
  const names = new Map(scenario.buildings.map((b) => [b.id, b.name]))
  const { widthIn, depthIn } = scenario.table

  const obstacles = (doorStates: DoorStates): { a: Vec2; b: Vec2; half: number; blocker: Blocker }[] => [
    ...walls.map((w) => ({ a: w.a, b: w.b, half: w.thicknessIn / 2, blocker: { kind: 'wall' as const, id: w.buildingId, label: `the wall of the ${names.get(w.buildingId) ?? w.buildingId}` } })),
    ...doors
      .filter((d) => doorBlocks(doorStates[d.id]?.state ?? d.spec.state))
      .map((d) => ({ a: d.hinge, b: d.latch, half: DOOR_LEAF_THICKNESS_IN / 2, blocker: { kind: 'door' as const, id: d.id, label: `the closed door of the ${names.get(d.buildingId) ?? d.buildingId}` } })),
  ]

  const edge: Blocker = { kind: 'tableEdge', id: '', label: 'the edge of the table' }
  const offTable = (p: Vec2, r: number): boolean => p.x - r < -TOUCH_EPSILON_IN || p.z - r < -TOUCH_EPSILON_IN || p.x + r > widthIn + TOUCH_EPSILON_IN || p.z + r > depthIn + TOUCH_EPSILON_IN

  return {
    scenario,
    widthIn,
    depthIn,
    groundHeightAt: (x, z) => terrainHeightAt(scenario.terrain.hills, x, z),
    doors: () => doors,
    door: (id) => doorById.get(id),
    walls: () => walls,
    footprintBlocker(p, r, doorStates) {
      if (offTable(p, r)) return edge
      for (const o of obstacles(doorStates)) {
        if (pointSegmentDistance(p, o.a, o.b) < r + o.half - TOUCH_EPSILON_IN) return o.blocker
      }
      return null
    },
    pathBlocker(a, b, r, doorStates) {
      if (offTable(b, r)) return edge
      let best: { d: number; blocker: Blocker } | null = null
      for (const o of obstacles(doorStates)) {
        if (segmentSegmentDistance(a, b, o.a, o.b) < r + o.half - TOUCH_EPSILON_IN) {
          const d = Math.min(dist2(a, o.a), dist2(a, o.b), pointSegmentDistance(a, o.a, o.b))
          if (!best || d < best.d) best = { d, blocker: o.blocker }
        }
      }
      return best?.blocker ?? null
    },
  }
}
