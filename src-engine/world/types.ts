import type { ArmourClass, DoorState } from '../scenario/schema'
import type { Vec2, Vec3 } from '../util/geometry'

/** Door states by door id, as the match state holds them. */
export type DoorStates = Readonly<Record<string, { readonly state: DoorState }>>

/** What stopped a base or a line of sight: a wall, a closed door, the ground, the table edge. */
export interface Blocker {
  readonly kind: 'wall' | 'door' | 'terrain' | 'tableEdge'
  /** The building, door or hill id; empty for the table edge. */
  readonly id: string
  /** Words for a message: "the wall of the Farmhouse", "the closed door of the Farmhouse". */
  readonly label: string
}

/** What the world needs to know about a figure to answer sight, cover and distance questions. */
export interface Body {
  readonly id: string
  /** Centre of the underside of its base. */
  readonly position: Vec3
  readonly baseRadiusIn: number
  readonly prone: boolean
  /** Degrees clockwise from north (−Z); used for a prone figure's sample points. */
  readonly facingDeg: number
}

/** Grades of cover a target can have from a firer (SMLE-SHOOT-21..24). */
export type CoverGrade = 'none' | 'soft' | 'hard' | 'prepared'

/** Cover grades from worst to best, for "best one only" (SMLE-SHOOT-22, SMLE-ACT-11). */
export const COVER_ORDER: readonly CoverGrade[] = ['none', 'soft', 'hard', 'prepared']

/** The better of two cover grades. */
export function betterCover(a: CoverGrade, b: CoverGrade): CoverGrade {
  return COVER_ORDER.indexOf(a) >= COVER_ORDER.indexOf(b) ? a : b
}

/** Line of sight from a firer's eye to a target's sample points (SMLE-SHOOT-02). */
export interface SightLine {
  /** Fraction of the target's sample points the firer can see, 0..1. */
  readonly fraction: number
  readonly visiblePoints: number
  readonly totalPoints: number
  /** What hides the first hidden sample point, if any. */
  readonly blocker: Blocker | null
}

/** A move along the ground: its length, what it costs (climbs, difficult ground) and its route. */
export type PathResult =
  | { readonly ok: true; readonly lengthIn: number; readonly costIn: number; readonly points: readonly Vec3[] }
  | { readonly ok: false; readonly blocker: Blocker }

/** What the ground is at a point, for movement and cover. */
export interface TerrainSample {
  readonly kind: 'open' | 'woods' | 'rough' | 'water' | 'road' | 'building' | 'impassable'
  /** Inches of move spent per inch crossed (SMLE-MOVE-04: 1 open, 2 difficult, 3 very difficult). */
  readonly moveCostPerIn: number
  /** Cover a figure standing here has from any firer (areas flagged as cover, SMLE-SHOOT-24). */
  readonly cover: CoverGrade
}

/** Who moves, for terrain whose cost depends on armour (SMLE-MOVE-04). */
export interface Mover {
  readonly armour: ArmourClass
}

/** A body inside a radius and its distance (to the nearest point of its base, SMLE-GEN-05). */
export interface InRadius {
  readonly id: string
  readonly distanceIn: number
}

export type { Vec2, Vec3 }

/** Arcs around a facing (SMLE-ACT-19). */
export type Arc = 'front' | 'flank' | 'rear'

/** A prepared position as the rules see it (SMLE-SHOOT-26). */
export interface PreparedPositionInfo {
  readonly id: string
  readonly sideId: string
  /** Centre of its 90° arc of fire, degrees clockwise from north. */
  readonly arcFacingDeg: number
  readonly concealed: boolean
}
