import type {
  Area,
  AreaKind,
  CoverKind,
  Going,
  LinearFeature,
  LinearKind,
  MoverClass,
  PreparedPosition,
  TableObstacle,
} from '../../scenario/schema'
import type { Vec2 } from '../../util/geometry'
import { boundsOf, type Rect2, stripPolygon } from '../geometry/polygon'
import type { StructureSpec } from './structures'

/** Defaults of each kind of area (SMLE-MOVE-04, SMLE-SHOOT-02, SMLE-SHOOT-24, SMLE-VEH-02). */
const AREA_DEFAULTS: Record<
  AreaKind,
  { going: Going; cover: CoverKind; heightIn: number; blocksSightBeyondIn: number | null; roadSurface: boolean }
> = {
  woods: { going: 'difficult', cover: 'soft', heightIn: 4, blocksSightBeyondIn: 2, roadSurface: false },
  overgrowth: { going: 'difficult', cover: 'soft', heightIn: 1.2, blocksSightBeyondIn: null, roadSurface: false },
  rough: { going: 'difficult', cover: 'none', heightIn: 0, blocksSightBeyondIn: null, roadSurface: false },
  rubble: { going: 'veryDifficult', cover: 'soft', heightIn: 0, blocksSightBeyondIn: null, roadSurface: false },
  water: { going: 'veryDifficult', cover: 'none', heightIn: 0, blocksSightBeyondIn: null, roadSurface: false },
  road: { going: 'open', cover: 'none', heightIn: 0, blocksSightBeyondIn: null, roadSurface: true },
  field: { going: 'open', cover: 'none', heightIn: 0, blocksSightBeyondIn: null, roadSurface: false },
}

/**
 * Going for vehicles where the area says nothing for them: wheeled vehicles
 * cannot enter woods or water; tracked ones find woods and water very
 * difficult (the reference leaves this to the scenario, SMLE-MOVE-04).
 */
const VEHICLE_GOING: Partial<Record<AreaKind, Partial<Record<MoverClass, Going>>>> = {
  woods: { wheeled: 'impassable', tracked: 'veryDifficult' },
  water: { wheeled: 'impassable', tracked: 'veryDifficult' },
  overgrowth: { wheeled: 'difficult', tracked: 'open' },
  rubble: { wheeled: 'impassable', tracked: 'difficult' },
}

/** Inches of move spent per inch crossed, by going (SMLE-MOVE-04). */
export const GOING_COST: Record<Going, number> = { open: 1, difficult: 2, veryDifficult: 3, impassable: Infinity }

/** An area with its defaults filled in. */
export interface AreaModel {
  readonly id: string
  readonly label: string
  readonly kind: AreaKind
  readonly polygon: readonly Vec2[]
  readonly bounds: Rect2
  readonly cover: CoverKind
  readonly heightIn: number
  readonly blocksSightBeyondIn: number | null
  readonly roadSurface: boolean
  goingFor(mover: MoverClass): Going
}

/** Fills in an area's defaults. */
export function compileArea(a: Area): AreaModel {
  const d = AREA_DEFAULTS[a.kind]
  const polygon = a.polygon ?? stripPolygon(a.line ?? [], a.widthIn ?? 1)
  const base = a.going ?? d.going
  return {
    id: a.id,
    label: a.name ?? `the ${a.kind === 'rough' ? 'rough ground' : a.kind}`,
    kind: a.kind,
    polygon,
    bounds: boundsOf(polygon),
    cover: a.cover ?? d.cover,
    heightIn: a.heightIn ?? d.heightIn,
    blocksSightBeyondIn: a.blocksSightBeyondIn === undefined ? d.blocksSightBeyondIn : a.blocksSightBeyondIn,
    roadSurface: a.roadSurface ?? d.roadSurface,
    goingFor: (mover) =>
      a.goingBy?.[mover] ?? (a.going === undefined ? VEHICLE_GOING[a.kind]?.[mover] : undefined) ?? base,
  }
}

const LINEAR_DEFAULTS: Record<
  LinearKind,
  { heightIn: number; thicknessIn: number; cover: 'hard' | 'soft'; label: string }
> = {
  stoneWall: { heightIn: 0.9, thicknessIn: 0.35, cover: 'hard', label: 'a stone wall' },
  sandbags: { heightIn: 0.7, thicknessIn: 0.5, cover: 'hard', label: 'sandbags' },
  hedge: { heightIn: 1.2, thicknessIn: 0.7, cover: 'soft', label: 'a hedge' },
  fence: { heightIn: 0.9, thicknessIn: 0.12, cover: 'soft', label: 'a fence' },
}

/** Linear features taller than this cannot be climbed over. */
export const MAX_CLIMBABLE_IN = 1.5

/** A linear feature with its defaults filled in. */
export interface LinearModel {
  readonly id: string
  readonly kind: LinearKind
  readonly label: string
  readonly points: readonly Vec2[]
  readonly heightIn: number
  readonly thicknessIn: number
  readonly cover: 'hard' | 'soft'
  readonly impassable: boolean
  /** The prepared position it is the parapet of, if any. */
  readonly positionId?: string
}

/** Fills in a linear feature's defaults. */
export function compileLinear(f: LinearFeature, positionId?: string): LinearModel {
  const d = LINEAR_DEFAULTS[f.kind]
  const heightIn = f.heightIn ?? d.heightIn
  return {
    id: f.id,
    kind: f.kind,
    label: positionId ? 'the parapet of a prepared position' : d.label,
    points: f.points,
    heightIn,
    thicknessIn: f.thicknessIn ?? d.thicknessIn,
    cover: d.cover,
    impassable: f.impassable ?? heightIn > MAX_CLIMBABLE_IN,
    ...(positionId ? { positionId } : {}),
  }
}

/** A prepared position: where its occupants stand, its arc, and what it is built of. */
export interface PositionModel {
  readonly id: string
  readonly kind: PreparedPosition['kind']
  readonly label: string
  readonly centre: Vec2
  /** Where a figure counts as occupying it (its base centre inside). */
  readonly occupancy: readonly Vec2[]
  readonly arcDeg: number
  readonly arcWidthDeg: number
  readonly concealed: boolean
  readonly sideId?: string
}

const POSITION_SIZE: Record<PreparedPosition['kind'], { w: number; d: number }> = {
  foxhole: { w: 1.6, d: 1.6 },
  weaponPit: { w: 3, d: 3 },
  trench: { w: 1.4, d: 1.4 },
  pillbox: { w: 3.2, d: 3.2 },
  bunker: { w: 5, d: 4 },
}

/** Parapets of pits and trenches. */
export const PARAPET = { heightIn: 0.45, thicknessIn: 0.35 } as const

/**
 * Turns a prepared position into what it is made of: a pit or trench is a
 * ring of parapets (sandbags); a pillbox or bunker is a small roofed
 * structure with an embrasure facing its arc and an entrance at the back.
 */
export function compilePosition(p: PreparedPosition): {
  model: PositionModel
  parapets: LinearModel[]
  structure?: StructureSpec
} {
  const size = POSITION_SIZE[p.kind]
  const w = p.widthIn ?? size.w
  const d = p.depthIn ?? size.d
  const a = (p.arcDeg * Math.PI) / 180
  const front = { x: Math.sin(a), z: -Math.cos(a) }
  const right = { x: -front.z, z: front.x }
  const at = (f: number, r: number): Vec2 => ({
    x: p.x + front.x * f + right.x * r,
    z: p.z + front.z * f + right.z * r,
  })
  const base = {
    id: p.id,
    kind: p.kind,
    centre: { x: p.x, z: p.z },
    arcDeg: p.arcDeg,
    arcWidthDeg: p.arcWidthDeg,
    concealed: p.concealed,
    ...(p.sideId ? { sideId: p.sideId } : {}),
  }
  const parapet = (id: string, points: Vec2[]): LinearModel =>
    compileLinear({ id, kind: 'sandbags', points, heightIn: PARAPET.heightIn, thicknessIn: PARAPET.thicknessIn }, p.id)
  if (p.kind === 'trench' && p.points) {
    const occupancy = stripPolygon(p.points, w)
    const off = w / 2 + PARAPET.thicknessIn / 2
    const sideLine = (sign: number): Vec2[] =>
      stripPolygon(p.points!, off * 2).slice(sign > 0 ? 0 : p.points!.length, sign > 0 ? p.points!.length : undefined)
    return {
      model: { ...base, label: 'the trench', occupancy },
      parapets: [parapet(`${p.id}:left`, sideLine(1)), parapet(`${p.id}:right`, sideLine(-1))],
    }
  }
  if (p.kind === 'pillbox' || p.kind === 'bunker') {
    const structure: StructureSpec = {
      id: p.id,
      name: p.kind === 'pillbox' ? 'Pillbox' : 'Bunker',
      kind: p.kind,
      x: p.x - w / 2,
      z: p.z - d / 2,
      widthIn: w,
      depthIn: d,
      wallHeightIn: p.kind === 'pillbox' ? 2 : 1.8,
      wallThicknessIn: 0.45,
      doors: [],
      rotationDeg: p.arcDeg,
      windows: [
        {
          wall: 'north',
          offsetIn: w / 2,
          widthIn: Math.min(w - 1, p.kind === 'pillbox' ? 1.6 : 2.6),
          sillIn: 0.8,
          heightIn: 0.35,
          floor: 0,
        },
      ],
      stairs: [],
      roof: { kind: 'flat', riseIn: 1 },
      material: 'concrete',
      openings: [{ wall: 'south', offsetIn: w / 2, widthIn: 1.4 }],
    }
    const occupancy = [
      at(d / 2 - 0.45, -w / 2 + 0.45),
      at(d / 2 - 0.45, w / 2 - 0.45),
      at(-d / 2 + 0.45, w / 2 - 0.45),
      at(-d / 2 + 0.45, -w / 2 + 0.45),
    ]
    return { model: { ...base, label: `the ${structure.name.toLowerCase()}`, occupancy }, parapets: [], structure }
  }
  const occupancy = [at(d / 2, -w / 2), at(d / 2, w / 2), at(-d / 2, w / 2), at(-d / 2, -w / 2)]
  const o = PARAPET.thicknessIn / 2
  const ring = [
    at(d / 2 + o, -w / 2 - o),
    at(d / 2 + o, w / 2 + o),
    at(-d / 2 - o, w / 2 + o),
    at(-d / 2 - o, -w / 2 - o),
  ]
  const parapets = [0, 1, 2, 3].map((i) => parapet(`${p.id}:${i}`, [ring[i]!, ring[(i + 1) % 4]!]))
  return { model: { ...base, label: p.kind === 'foxhole' ? 'the foxhole' : 'the weapon pit', occupancy }, parapets }
}

/** A vehicle or wreck as an upright box. */
export interface ObstacleModel {
  readonly id: string
  readonly label: string
  readonly centre: Vec2
  /** Unit vector of its front. */
  readonly front: Vec2
  readonly halfLength: number
  readonly halfWidth: number
  readonly heightIn: number
  readonly corners: readonly Vec2[]
}

/** Places a vehicle or wreck. */
export function compileObstacle(o: TableObstacle): ObstacleModel {
  const a = (o.facingDeg * Math.PI) / 180
  const front = { x: Math.sin(a), z: -Math.cos(a) }
  const right = { x: -front.z, z: front.x }
  const hl = o.lengthIn / 2
  const hw = o.widthIn / 2
  const at = (f: number, r: number): Vec2 => ({
    x: o.x + front.x * f + right.x * r,
    z: o.z + front.z * f + right.z * r,
  })
  return {
    id: o.id,
    label: o.name ?? (o.kind === 'wreck' ? 'a wreck' : o.kind === 'vehicle' ? 'a vehicle' : 'a block'),
    centre: { x: o.x, z: o.z },
    front,
    halfLength: hl,
    halfWidth: hw,
    heightIn: o.heightIn,
    corners: [at(hl, -hw), at(hl, hw), at(-hl, hw), at(-hl, -hw)],
  }
}
