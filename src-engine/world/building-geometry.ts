import type { BuildingSpec, DoorSpec, StairSpec, WallSide, WindowSpec } from '../scenario/schema'
import type { Vec2 } from '../util/geometry'

/** A straight piece of wall: its centre line, thickness and height. */
export interface WallPiece {
  readonly buildingId: string
  readonly side: WallSide
  readonly a: Vec2
  readonly b: Vec2
  readonly thicknessIn: number
  readonly heightIn: number
}

/** Where a door sits: the doorway's ends on the wall centre line (hinge at `a`). */
export interface DoorGeometry {
  readonly id: string
  readonly buildingId: string
  readonly side: WallSide
  readonly hinge: Vec2
  readonly latch: Vec2
  readonly centre: Vec2
  /** Unit vector across the wall, pointing out of the building. */
  readonly outward: Vec2
  readonly widthIn: number
  readonly heightIn: number
  readonly wallThicknessIn: number
  readonly spec: DoorSpec
}

/** A window as placed on the table. */
export interface WindowGeometry {
  readonly buildingId: string
  readonly side: WallSide
  readonly centre: Vec2
  readonly outward: Vec2
  readonly widthIn: number
  /** Sill and top, above the building's ground floor. */
  readonly sillIn: number
  readonly topIn: number
  readonly floor: number
}

/** A stair as placed on the table: from its foot on `floor` up to `floor + 1`. */
export interface StairGeometry {
  readonly buildingId: string
  readonly floor: number
  /** Middle of the foot edge and of the top edge. */
  readonly foot: Vec2
  readonly top: Vec2
  /** Unit vector up the stair. */
  readonly up: Vec2
  readonly widthIn: number
  readonly lengthIn: number
  /** The four corners of its footprint. */
  readonly corners: readonly Vec2[]
}

/** A door leaf is this thick when it blocks a doorway. */
export const DOOR_LEAF_THICKNESS_IN = 0.15
/** Doors are at most this tall (and at most 85% of the floor's height). */
export const MAX_DOOR_HEIGHT_IN = 2.2

/** The building's own frame: its north-west outer corner at the origin, turned about its centre. */
export interface BuildingFrame {
  /** A point in building coordinates (X along its width, Z along its depth) on the table. */
  toWorld(p: Vec2): Vec2
  /** A direction in building coordinates on the table. */
  dirToWorld(d: Vec2): Vec2
  /** A table point in building coordinates. */
  toLocal(p: Vec2): Vec2
}

/** The frame of a building: SMLE buildings turn clockwise seen from above by `rotationDeg` about their centre. */
export function buildingFrame(b: Pick<BuildingSpec, 'x' | 'z' | 'widthIn' | 'depthIn' | 'rotationDeg'>): BuildingFrame {
  const a = ((b.rotationDeg ?? 0) * Math.PI) / 180
  const c = Math.cos(a)
  const s = Math.sin(a)
  const hw = b.widthIn / 2
  const hd = b.depthIn / 2
  const cx = b.x + hw
  const cz = b.z + hd
  return {
    toWorld: (p) => ({ x: cx + (p.x - hw) * c - (p.z - hd) * s, z: cz + (p.x - hw) * s + (p.z - hd) * c }),
    dirToWorld: (d) => ({ x: d.x * c - d.z * s, z: d.x * s + d.z * c }),
    toLocal: (p) => ({ x: hw + (p.x - cx) * c + (p.z - cz) * s, z: hd - (p.x - cx) * s + (p.z - cz) * c }),
  }
}

/** A wall's centre line in building coordinates. */
export interface WallLine {
  readonly side: WallSide
  readonly start: Vec2
  readonly dir: Vec2
  readonly lengthIn: number
  readonly outward: Vec2
}

/** The centre lines of the four walls (building coordinates), each running west→east or north→south. */
export function wallLines(b: Pick<BuildingSpec, 'widthIn' | 'depthIn' | 'wallThicknessIn'>): WallLine[] {
  const h = b.wallThicknessIn / 2
  return [
    { side: 'north', start: { x: 0, z: h }, dir: { x: 1, z: 0 }, lengthIn: b.widthIn, outward: { x: 0, z: -1 } },
    {
      side: 'south',
      start: { x: 0, z: b.depthIn - h },
      dir: { x: 1, z: 0 },
      lengthIn: b.widthIn,
      outward: { x: 0, z: 1 },
    },
    { side: 'west', start: { x: h, z: 0 }, dir: { x: 0, z: 1 }, lengthIn: b.depthIn, outward: { x: -1, z: 0 } },
    {
      side: 'east',
      start: { x: b.widthIn - h, z: 0 },
      dir: { x: 0, z: 1 },
      lengthIn: b.depthIn,
      outward: { x: 1, z: 0 },
    },
  ]
}

/** A point `t` inches along a wall line (building coordinates). */
export const alongLine = (line: WallLine, t: number): Vec2 => ({
  x: line.start.x + line.dir.x * t,
  z: line.start.z + line.dir.z * t,
})

/** The floor heights of a building, ground floor first. */
export function floorHeights(b: Pick<BuildingSpec, 'floors' | 'wallHeightIn'>): number[] {
  return b.floors ? b.floors.map((f) => f.heightIn) : [b.wallHeightIn]
}

/** Height of a building's walls: all its floors. */
export function buildingHeightIn(b: Pick<BuildingSpec, 'floors' | 'wallHeightIn'>): number {
  return floorHeights(b).reduce((s, h) => s + h, 0)
}

/** How tall the doors of a building are. */
export function doorHeightIn(b: Pick<BuildingSpec, 'floors' | 'wallHeightIn'>): number {
  return Math.min((floorHeights(b)[0] ?? b.wallHeightIn) * 0.85, MAX_DOOR_HEIGHT_IN)
}

/** The wall pieces of a building's ground floor (table coordinates), with gaps left for its doorways. */
export function buildingWallPieces(
  b: BuildingSpec,
  gaps: readonly { wall: WallSide; offsetIn: number; widthIn: number }[] = b.doors,
): WallPiece[] {
  const frame = buildingFrame(b)
  const pieces: WallPiece[] = []
  const height = buildingHeightIn(b)
  const piece = (line: WallLine, t0: number, t1: number): WallPiece => ({
    buildingId: b.id,
    side: line.side,
    a: frame.toWorld(alongLine(line, t0)),
    b: frame.toWorld(alongLine(line, t1)),
    thicknessIn: b.wallThicknessIn,
    heightIn: height,
  })
  for (const line of wallLines(b)) {
    const cuts = gaps
      .filter((d) => d.wall === line.side)
      .map((d) => [d.offsetIn - d.widthIn / 2, d.offsetIn + d.widthIn / 2] as const)
      .sort((p, q) => p[0] - q[0])
    let t = 0
    for (const [g0, g1] of cuts) {
      if (g0 > t) pieces.push(piece(line, t, g0))
      t = Math.max(t, g1)
    }
    if (t < line.lengthIn) pieces.push(piece(line, t, line.lengthIn))
  }
  return pieces
}

/** The doorways of a building with their door geometry (table coordinates). */
export function buildingDoors(b: BuildingSpec): DoorGeometry[] {
  const frame = buildingFrame(b)
  const lines = new Map(wallLines(b).map((l) => [l.side, l]))
  const heightIn = doorHeightIn(b)
  return b.doors.map((d) => {
    const line = lines.get(d.wall)
    if (!line) throw new Error(`unknown wall ${d.wall}`)
    return {
      id: d.id,
      buildingId: b.id,
      side: d.wall,
      hinge: frame.toWorld(alongLine(line, d.offsetIn - d.widthIn / 2)),
      latch: frame.toWorld(alongLine(line, d.offsetIn + d.widthIn / 2)),
      centre: frame.toWorld(alongLine(line, d.offsetIn)),
      outward: frame.dirToWorld(line.outward),
      widthIn: d.widthIn,
      heightIn,
      wallThicknessIn: b.wallThicknessIn,
      spec: d,
    }
  })
}

/** Where each floor of a building starts, above its ground floor. */
export function floorBases(b: Pick<BuildingSpec, 'floors' | 'wallHeightIn'>): number[] {
  const out: number[] = []
  let y = 0
  for (const h of floorHeights(b)) {
    out.push(y)
    y += h
  }
  return out
}

/** The windows of a building (table coordinates). */
export function buildingWindows(b: BuildingSpec): WindowGeometry[] {
  const frame = buildingFrame(b)
  const lines = new Map(wallLines(b).map((l) => [l.side, l]))
  const bases = floorBases(b)
  return b.windows.map((w: WindowSpec) => {
    const line = lines.get(w.wall)!
    const base = bases[w.floor] ?? 0
    return {
      buildingId: b.id,
      side: w.wall,
      centre: frame.toWorld(alongLine(line, w.offsetIn)),
      outward: frame.dirToWorld(line.outward),
      widthIn: w.widthIn,
      sillIn: base + w.sillIn,
      topIn: base + w.sillIn + w.heightIn,
      floor: w.floor,
    }
  })
}

const SIDE_DIR: Record<WallSide, Vec2> = {
  north: { x: 0, z: -1 },
  south: { x: 0, z: 1 },
  east: { x: 1, z: 0 },
  west: { x: -1, z: 0 },
}

/** The stairs of a building (table coordinates). */
export function buildingStairs(b: BuildingSpec): StairGeometry[] {
  const frame = buildingFrame(b)
  return b.stairs.map((s: StairSpec) => {
    const up = SIDE_DIR[s.direction]
    const across = { x: -up.z, z: up.x }
    const foot = { x: s.x, z: s.z }
    const top = { x: s.x + up.x * s.lengthIn, z: s.z + up.z * s.lengthIn }
    const hw = s.widthIn / 2
    const corners = [
      { x: foot.x - across.x * hw, z: foot.z - across.z * hw },
      { x: foot.x + across.x * hw, z: foot.z + across.z * hw },
      { x: top.x + across.x * hw, z: top.z + across.z * hw },
      { x: top.x - across.x * hw, z: top.z - across.z * hw },
    ].map(frame.toWorld)
    return {
      buildingId: b.id,
      floor: s.floor,
      foot: frame.toWorld(foot),
      top: frame.toWorld(top),
      up: frame.dirToWorld(up),
      widthIn: s.widthIn,
      lengthIn: s.lengthIn,
      corners,
    }
  })
}

/** The outer corners of a building's footprint (table coordinates), clockwise from the north-west. */
export function buildingFootprint(
  b: Pick<BuildingSpec, 'x' | 'z' | 'widthIn' | 'depthIn' | 'rotationDeg'>,
  insetIn = 0,
): Vec2[] {
  const f = buildingFrame(b)
  return [
    { x: insetIn, z: insetIn },
    { x: b.widthIn - insetIn, z: insetIn },
    { x: b.widthIn - insetIn, z: b.depthIn - insetIn },
    { x: insetIn, z: b.depthIn - insetIn },
  ].map(f.toWorld)
}
