import type { BuildingSpec, WallSide } from '../../scenario/schema'
import type { Vec2 } from '../../util/geometry'
import {
  alongLine,
  type BuildingFrame,
  buildingDoors,
  buildingFootprint,
  buildingFrame,
  buildingStairs,
  buildingWallPieces,
  buildingWindows,
  DOOR_LEAF_THICKNESS_IN,
  type DoorGeometry,
  doorHeightIn,
  floorBases,
  floorHeights,
  type StairGeometry,
  type WallPiece,
  type WindowGeometry,
  wallLines,
} from '../building-geometry'
import { boxSolid, type ConvexSolid, extrudedSolid, segmentBox } from '../geometry/convex'

/** Thickness of floor slabs and flat roofs. */
export const SLAB_IN = 0.15

/** A doorway with no door in it (a pillbox entrance). */
export interface Opening {
  readonly wall: WallSide
  readonly offsetIn: number
  readonly widthIn: number
}

/** A building, or anything built like one (pillboxes, bunkers). */
export type StructureSpec = BuildingSpec & {
  readonly openings?: readonly Opening[]
  readonly kind?: 'building' | 'pillbox' | 'bunker'
}

/** One convex piece of a structure's rules hull. */
export interface HullPart {
  readonly shape: ConvexSolid
  readonly part: 'wall' | 'door' | 'floor' | 'roof'
  /** Door leaves only: the door whose state decides whether the leaf is there. */
  readonly doorId?: string
}

/** A structure with its geometry worked out. */
export interface StructureModel {
  readonly id: string
  readonly name: string
  readonly kind: 'building' | 'pillbox' | 'bunker'
  readonly spec: StructureSpec
  readonly frame: BuildingFrame
  /** Outer corners and the inner faces' corners (table coordinates). */
  readonly footprint: readonly Vec2[]
  readonly interior: readonly Vec2[]
  /** Height of its ground floor (the levelled pad) and of each floor, absolute. */
  readonly padY: number
  readonly floorYs: readonly number[]
  /** Top of the walls. */
  readonly topY: number
  readonly parts: readonly HullPart[]
  /** Ground-floor wall pieces with gaps at doorways and openings; upper floors have none. */
  readonly wallPieces: readonly WallPiece[]
  readonly upperWallPieces: readonly WallPiece[]
  readonly doors: readonly DoorGeometry[]
  readonly openings: readonly { readonly centre: Vec2; readonly outward: Vec2; readonly widthIn: number }[]
  readonly windows: readonly WindowGeometry[]
  readonly stairs: readonly StairGeometry[]
}

interface Span {
  u0: number
  u1: number
  v0: number
  v1: number
}

/**
 * A rectangle minus rectangular holes, as few rectangles as a sweep along u
 * gives (neighbouring strips with the same solid parts are merged).
 */
export function rectMinusHoles(outer: Span, holes: readonly Span[]): Span[] {
  const cuts = [...new Set([outer.u0, outer.u1, ...holes.flatMap((h) => [h.u0, h.u1])])]
    .filter((u) => u >= outer.u0 && u <= outer.u1)
    .sort((a, b) => a - b)
  const out: Span[] = []
  let open: Span[] = []
  for (let k = 0; k + 1 < cuts.length; k++) {
    const u0 = cuts[k]!
    const u1 = cuts[k + 1]!
    if (u1 - u0 < 1e-9) continue
    const m = (u0 + u1) / 2
    const cover = holes
      .filter((h) => h.u0 < m && h.u1 > m)
      .map((h) => [Math.max(outer.v0, h.v0), Math.min(outer.v1, h.v1)] as const)
    cover.sort((a, b) => a[0] - b[0])
    const solid: [number, number][] = []
    let v = outer.v0
    for (const [h0, h1] of cover) {
      if (h0 > v + 1e-9) solid.push([v, h0])
      v = Math.max(v, h1)
    }
    if (outer.v1 > v + 1e-9) solid.push([v, outer.v1])
    const same =
      open.length === solid.length &&
      open.every((s, i) => Math.abs(s.v0 - solid[i]![0]) < 1e-9 && Math.abs(s.v1 - solid[i]![1]) < 1e-9)
    if (same) for (const s of open) s.u1 = u1
    else {
      out.push(...open)
      open = solid.map(([v0, v1]) => ({ u0, u1, v0, v1 }))
    }
  }
  out.push(...open)
  return out
}

/** Works out a structure's hull, floors, doors, windows and stairs, standing on a pad at `padY`. */
export function compileStructure(spec: StructureSpec, padY: number, footY: number): StructureModel {
  const frame = buildingFrame(spec)
  const t = spec.wallThicknessIn
  const heights = floorHeights(spec)
  const bases = floorBases(spec)
  const topY = padY + heights.reduce((s, h) => s + h, 0)
  const doorH = doorHeightIn(spec)
  const openings = spec.openings ?? []
  const parts: HullPart[] = []
  const bottom = Math.min(footY, padY) - 0.5

  for (const line of wallLines(spec)) {
    const holes: Span[] = []
    for (const d of [...spec.doors, ...openings]) {
      if (d.wall === line.side)
        holes.push({ u0: d.offsetIn - d.widthIn / 2, u1: d.offsetIn + d.widthIn / 2, v0: bottom - 1, v1: padY + doorH })
    }
    for (const w of spec.windows) {
      if (w.wall !== line.side) continue
      const base = padY + (bases[w.floor] ?? 0)
      holes.push({
        u0: w.offsetIn - w.widthIn / 2,
        u1: w.offsetIn + w.widthIn / 2,
        v0: base + w.sillIn,
        v1: base + w.sillIn + w.heightIn,
      })
    }
    for (const s of rectMinusHoles({ u0: 0, u1: line.lengthIn, v0: bottom, v1: topY }, holes)) {
      parts.push({
        part: 'wall',
        shape: segmentBox(frame.toWorld(alongLine(line, s.u0)), frame.toWorld(alongLine(line, s.u1)), t, s.v0, s.v1),
      })
    }
  }
  const doors = buildingDoors(spec)
  for (const d of doors)
    parts.push({
      part: 'door',
      doorId: d.id,
      shape: segmentBox(d.hinge, d.latch, DOOR_LEAF_THICKNESS_IN, padY, padY + doorH),
    })

  const stairs = buildingStairs(spec)
  const axisX = frame.dirToWorld({ x: 1, z: 0 })
  const localBox = (s: Span, y0: number, y1: number): ConvexSolid =>
    boxSolid(
      frame.toWorld({ x: (s.u0 + s.u1) / 2, z: (s.v0 + s.v1) / 2 }),
      axisX,
      (s.u1 - s.u0) / 2,
      (s.v1 - s.v0) / 2,
      y0,
      y1,
    )
  for (let k = 1; k < heights.length; k++) {
    const holes = spec.stairs
      .filter((st) => st.floor === k - 1)
      .map((st) => {
        const g = stairs[spec.stairs.indexOf(st)]!
        const local = g.corners.map(frame.toLocal)
        return {
          u0: Math.min(...local.map((p) => p.x)),
          u1: Math.max(...local.map((p) => p.x)),
          v0: Math.min(...local.map((p) => p.z)),
          v1: Math.max(...local.map((p) => p.z)),
        }
      })
    const y = padY + bases[k]!
    for (const s of rectMinusHoles({ u0: t, u1: spec.widthIn - t, v0: t, v1: spec.depthIn - t }, holes))
      parts.push({ part: 'floor', shape: localBox(s, y - SLAB_IN, y) })
  }
  parts.push(...roofParts(spec, frame, topY))

  const openingGeometry = openings.map((o) => {
    const line = wallLines(spec).find((l) => l.side === o.wall)!
    return {
      centre: frame.toWorld(alongLine(line, o.offsetIn)),
      outward: frame.dirToWorld(line.outward),
      widthIn: o.widthIn,
    }
  })
  const fullWalls = buildingWallPieces(spec, [])
  return {
    id: spec.id,
    name: spec.name,
    kind: spec.kind ?? 'building',
    spec,
    frame,
    footprint: buildingFootprint(spec),
    interior: buildingFootprint(spec, t),
    padY,
    floorYs: bases.map((b) => padY + b),
    topY,
    parts,
    wallPieces: buildingWallPieces(spec, [...spec.doors, ...openings]),
    upperWallPieces: fullWalls,
    doors,
    openings: openingGeometry,
    windows: buildingWindows(spec).map((w) => ({ ...w, sillIn: padY + w.sillIn, topIn: padY + w.topIn })),
    stairs,
  }
}

/** A flat roof is a slab over the whole footprint; a gable roof a triangular prism along the longer side. */
function roofParts(spec: StructureSpec, frame: BuildingFrame, topY: number): HullPart[] {
  const centre = frame.toWorld({ x: spec.widthIn / 2, z: spec.depthIn / 2 })
  if (spec.roof.kind === 'none') return []
  if (spec.roof.kind === 'flat') {
    return [
      {
        part: 'roof',
        shape: boxSolid(
          centre,
          frame.dirToWorld({ x: 1, z: 0 }),
          spec.widthIn / 2,
          spec.depthIn / 2,
          topY - SLAB_IN,
          topY,
        ),
      },
    ]
  }
  const alongX = spec.widthIn >= spec.depthIn
  const axis = frame.dirToWorld(alongX ? { x: 1, z: 0 } : { x: 0, z: 1 })
  const half = (alongX ? spec.widthIn : spec.depthIn) / 2
  const across = (alongX ? spec.depthIn : spec.widthIn) / 2
  const profile = [
    { v: -across, y: topY - SLAB_IN },
    { v: across, y: topY - SLAB_IN },
    { v: across, y: topY },
    { v: 0, y: topY + spec.roof.riseIn },
    { v: -across, y: topY },
  ]
  return [{ part: 'roof', shape: extrudedSolid(centre, axis, -half, half, profile) }]
}
