import type { BuildingSpec, DoorSpec, WallSide } from '../scenario/schema'
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

/** A door leaf is this thick when it blocks a doorway. */
export const DOOR_LEAF_THICKNESS_IN = 0.15

interface WallLine {
  side: WallSide
  start: Vec2
  dir: Vec2
  lengthIn: number
  outward: Vec2
}

/** The centre lines of the four walls, each running west→east or north→south. */
function wallLines(b: BuildingSpec): WallLine[] {
  const h = b.wallThicknessIn / 2
  return [
    { side: 'north', start: { x: b.x, z: b.z + h }, dir: { x: 1, z: 0 }, lengthIn: b.widthIn, outward: { x: 0, z: -1 } },
    { side: 'south', start: { x: b.x, z: b.z + b.depthIn - h }, dir: { x: 1, z: 0 }, lengthIn: b.widthIn, outward: { x: 0, z: 1 } },
    { side: 'west', start: { x: b.x + h, z: b.z }, dir: { x: 0, z: 1 }, lengthIn: b.depthIn, outward: { x: -1, z: 0 } },
    { side: 'east', start: { x: b.x + b.widthIn - h, z: b.z }, dir: { x: 0, z: 1 }, lengthIn: b.depthIn, outward: { x: 1, z: 0 } },
  ]
}

const at = (line: WallLine, t: number): Vec2 => ({ x: line.start.x + line.dir.x * t, z: line.start.z + line.dir.z * t })

/** The wall pieces of a building, with gaps left for its doorways. */
export function buildingWallPieces(b: BuildingSpec): WallPiece[] {
  const pieces: WallPiece[] = []
  for (const line of wallLines(b)) {
    const gaps = b.doors
      .filter((d) => d.wall === line.side)
      .map((d) => [d.offsetIn - d.widthIn / 2, d.offsetIn + d.widthIn / 2] as const)
      .sort((p, q) => p[0] - q[0])
    let t = 0
    for (const [g0, g1] of gaps) {
      if (g0 > t) pieces.push(piece(b, line, t, g0))
      t = Math.max(t, g1)
    }
    if (t < line.lengthIn) pieces.push(piece(b, line, t, line.lengthIn))
  }
  return pieces
}

function piece(b: BuildingSpec, line: WallLine, t0: number, t1: number): WallPiece {
  return { buildingId: b.id, side: line.side, a: at(line, t0), b: at(line, t1), thicknessIn: b.wallThicknessIn, heightIn: b.wallHeightIn }
}

/** The doorways of a building with their door geometry. */
export function buildingDoors(b: BuildingSpec): DoorGeometry[] {
  const lines = new Map(wallLines(b).map((l) => [l.side, l]))
  return b.doors.map((d) => {
    const line = lines.get(d.wall)
    if (!line) throw new Error(`unknown wall ${d.wall}`)
    return {
      id: d.id,
      buildingId: b.id,
      side: d.wall,
      hinge: at(line, d.offsetIn - d.widthIn / 2),
      latch: at(line, d.offsetIn + d.widthIn / 2),
      centre: at(line, d.offsetIn),
      outward: line.outward,
      widthIn: d.widthIn,
      heightIn: Math.min(b.wallHeightIn * 0.85, 2.2),
      wallThicknessIn: b.wallThicknessIn,
      spec: d,
    }
  })
}
