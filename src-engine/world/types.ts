import type { DoorState, MoverClass } from '../scenario/schema'
import type { Vec2, Vec3 } from '../util/geometry'

/** Door states by door id, as the match state holds them. */
export type DoorStates = Readonly<Record<string, { readonly state: DoorState }>>

/** What stopped a base or a line of sight. */
export interface Blocker {
  readonly kind:
    | 'wall'
    | 'door'
    | 'floor'
    | 'roof'
    | 'feature'
    | 'position'
    | 'obstacle'
    | 'vehicle'
    | 'woods'
    | 'area'
    | 'terrain'
    | 'tableEdge'
  /** The building, door, feature, position, area, vehicle or hill id; empty for the table edge. */
  readonly id: string
  /** Words for a message: "the wall of the Farmhouse", "the closed door of the Farmhouse". */
  readonly label: string
}

/**
 * The shape of a base on the table plane, centred on its position: a circle
 * (SMLE's round bases), or a rectangle `widthIn` across its front edge and
 * `depthIn` from front to back (SMR-GEN-06: 20 mm squares for foot, 25×50 mm
 * for cavalry), whose front edge faces the base's facing.
 */
export type Footprint =
  | { readonly kind: 'circle'; readonly radiusIn: number }
  | { readonly kind: 'rect'; readonly widthIn: number; readonly depthIn: number }

/** A base where it stands: its centre, its facing (degrees clockwise from north, −Z) and its footprint. */
export interface BasePose {
  readonly position: Vec2
  readonly facingDeg: number
  readonly footprint: Footprint
}

/** What the world needs to know about a figure to answer sight, cover and distance questions. */
export interface Body {
  readonly id: string
  /** Centre of the underside of its base (on an upper floor, on that floor). */
  readonly position: Vec3
  /** Radius of a round base; with a rectangular `footprint` the world reads the footprint instead. */
  readonly baseRadiusIn: number
  readonly prone: boolean
  /** Degrees clockwise from north (−Z): the way its front faces (a rectangle's front edge, a prone figure's head). */
  readonly facingDeg: number
  /** Its base, when it is not a circle of `baseRadiusIn` (SMR's rectangles). */
  readonly footprint?: Footprint
  /** Height of the figure (a rider on his horse is taller); default `FIGURE_HEIGHT_IN`. */
  readonly heightIn?: number
  /**
   * The vehicle it is aboard (its crew and passengers stand at its centre), or
   * the vehicle it is (a vehicle as a target): that vehicle's hull neither
   * hides it nor hides anything from it.
   */
  readonly vehicleId?: string | null
}

/**
 * A vehicle's hull on the table, live or wrecked: an upright box over its
 * footprint that blocks sight (SMLE-SHOOT-02: "walls, solid buildings,
 * hills, vehicles") and is hard cover (SMLE-SHOOT-23: vehicle armour;
 * SMLE-VEH-15: a killed vehicle becomes hard cover). Vehicles move, so the
 * rules hand the world their hulls with each sight and cover question; the
 * scenery's vehicles and wrecks are in the table model.
 */
export interface VehicleHull {
  /** The vehicle's id: a body whose `vehicleId` it is is not hidden by it. */
  readonly id: string
  /** Words for a message: "the Panzer IV", "the wreck of the Panzer IV". */
  readonly label: string
  /** Centre of its underside. */
  readonly position: Vec3
  /** Degrees clockwise from north (−Z): the way its front faces. */
  readonly facingDeg: number
  /** Front to back. */
  readonly lengthIn: number
  /** Side to side. */
  readonly widthIn: number
  /** Height of the hull above its underside (running gear included, turret not). */
  readonly heightIn: number
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
  readonly kind:
    | 'open'
    | 'woods'
    | 'overgrowth'
    | 'rough'
    | 'rubble'
    | 'water'
    | 'road'
    | 'field'
    | 'building'
    | 'position'
    | 'impassable'
  /** Inches of move spent per inch crossed (SMLE-MOVE-04: 1 open, 2 difficult, 3 very difficult). */
  readonly moveCostPerIn: number
  /** Cover a figure standing here has from any firer (areas flagged as cover, SMLE-SHOOT-24). */
  readonly cover: CoverGrade
  /** The area, building or position the point is in, if any. */
  readonly id?: string
  /** A good surface: vehicles may use road speed here (SMLE-VEH-02). */
  readonly roadSurface?: boolean
}

/** Who moves, for terrain whose cost depends on armour (SMLE-MOVE-04); vehicles say wheeled or tracked. */
export interface Mover {
  readonly armour: MoverClass
  readonly vehicle?: 'wheeled' | 'tracked'
}

/** The class whose going applies to a mover. */
export function moverClass(m: Mover): MoverClass {
  return m.vehicle ?? m.armour
}

/** A body inside a radius and its distance (to the nearest point of its base, SMLE-GEN-05). */
export interface InRadius {
  readonly id: string
  readonly distanceIn: number
}

/** A body caught by a burst: its distance, and whether a solid stands between it and the burst. */
export interface BurstEntry extends InRadius {
  readonly shielded: boolean
}

/** Options of a path query. */
export interface PathOptions {
  /** The floor to arrive on (0 = the ground; default: the floor the move starts on, if the goal is in the same building). */
  readonly toLevel?: number
  /** The facing a rectangular base keeps moving straight (degrees clockwise from north; default 0). Round bases ignore it. */
  readonly facingDeg?: number
}

/** How far along a route a mover gets with a budget of inches (move previews, the automated opponent). */
export interface Reach {
  /** The furthest point reached. */
  readonly point: Vec3
  readonly costIn: number
  readonly lengthIn: number
  /** The route up to that point. */
  readonly points: readonly Vec3[]
  /** True when the budget reaches the goal. */
  readonly complete: boolean
}

/** Where an attack comes from relative to a facing (SMLE-ACT-19). */
export type Arc = 'front' | 'flank' | 'rear'

/** The face of a vehicle's hull an attack strikes (SMLE-VEH-14); whether a direct hit takes the turret instead is the rules' 1D6. */
export type HullFace = 'front' | 'side' | 'rear' | 'top'

/** Where a standing point is: on the ground, or on a floor of a building. */
export interface Standing {
  /** 0 = the ground (and ground floors); 1, 2… upper floors. */
  readonly level: number
  /** The building (or pillbox) the point is inside, if any. */
  readonly structureId: string | null
  /** Height a base stands at. */
  readonly y: number
}

export type { Vec2, Vec3 }
