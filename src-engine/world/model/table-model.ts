import type { DoorState, TableScenario, WallSide } from '../../scenario/schema'
import type { Vec2 } from '../../util/geometry'
import type { DoorGeometry } from '../building-geometry'
import { boxSolid, type ConvexSolid, segmentBox } from '../geometry/convex'
import type { HeightField } from '../geometry/height-field'
import type { Rect2 } from '../geometry/polygon'
import type { Blocker } from '../types'
import {
  type AreaModel,
  compileArea,
  compileLinear,
  compileObstacle,
  compilePosition,
  type LinearModel,
  type ObstacleModel,
  type PositionModel,
} from './features'
import { buildGround, padHeightOf, structureSpecs } from './ground'
import { compileStructure, type StructureModel } from './structures'
import { hypot } from '../../util/geometry'

/** A solid that blocks sight: a convex piece of a wall, door leaf, floor, roof, stone wall, vehicle… */
export interface HardSolid {
  readonly shape: ConvexSolid
  readonly blocker: Blocker
  /** Door leaves: the door's slot in `TableModel.doors` (the leaf is there only while the door is shut); −1 otherwise. */
  readonly doorSlot: number
  /** Pieces of linear features (walls, sandbags, parapets): the feature's id. */
  readonly featureId?: string
}

/**
 * Something that hides but does not block sight (SMLE-SHOOT-02): a hedge or
 * fence (a box), or woods and undergrowth (an upright prism over a polygon).
 * Woods block sight through more than `blocksSightBeyondIn`.
 */
export interface SoftVolume {
  readonly id: string
  readonly blocker: Blocker
  readonly bounds: Rect2
  readonly convex?: ConvexSolid
  readonly polygon?: readonly Vec2[]
  /** Prisms: top of the canopy. */
  readonly topY: number
  readonly blocksSightBeyondIn: number | null
}

/** A base line: the segment a side falls back and runs toward. */
export interface BaseLineModel {
  readonly sideId: string
  readonly a: Vec2
  readonly b: Vec2
}

/**
 * Everything the rules need to know about the table, worked out once from the
 * scenario: the ground, the hull pieces, what hides, what slows. The fast
 * world and the brute-force oracle both answer from this model; they differ
 * only in how they search it.
 */
export interface TableModel {
  readonly scenario: TableScenario
  readonly widthIn: number
  readonly depthIn: number
  readonly ground: HeightField
  readonly structures: readonly StructureModel[]
  readonly hard: readonly HardSolid[]
  readonly soft: readonly SoftVolume[]
  readonly areas: readonly AreaModel[]
  readonly linear: readonly LinearModel[]
  readonly positions: readonly PositionModel[]
  readonly obstacles: readonly ObstacleModel[]
  readonly doors: readonly DoorGeometry[]
  readonly doorSlots: ReadonlyMap<string, number>
  readonly baseLines: readonly BaseLineModel[]
}

/** Linear features are cut into pieces this long where the ground under them is not flat. */
const PIECE_IN = 2

/** Works out the table model of a scenario. */
export function compileTable(scenario: TableScenario): TableModel {
  const { widthIn, depthIn } = scenario.table
  const { ground, lowest } = buildGround(scenario)
  const positionParts = scenario.positions.map(compilePosition)
  const structures = structureSpecs(scenario).map((spec, i) =>
    compileStructure(spec, padHeightOf(scenario, spec), lowest[i]!),
  )

  const doors = structures.flatMap((s) => s.doors)
  const doorSlots = new Map(doors.map((d, i) => [d.id, i]))
  const hard: HardSolid[] = []
  for (const s of structures) {
    const what = s.kind === 'building' ? `the ${s.name}` : `the ${s.name.toLowerCase()}`
    for (const p of s.parts) {
      const blocker: Blocker =
        p.part === 'door'
          ? { kind: 'door', id: p.doorId ?? '', label: `the closed door of ${what}` }
          : {
              kind: s.kind === 'building' ? (p.part === 'wall' ? 'wall' : p.part) : 'position',
              id: s.id,
              label: `the ${p.part} of ${what}`,
            }
      hard.push({ shape: p.shape, blocker, doorSlot: p.doorId ? (doorSlots.get(p.doorId) ?? -1) : -1 })
    }
  }

  const linear = [...scenario.linearFeatures.map((f) => compileLinear(f)), ...positionParts.flatMap((p) => p.parapets)]
  const soft: SoftVolume[] = []
  for (const f of linear) {
    for (const piece of featurePieces(f, ground)) {
      const blocker: Blocker = { kind: f.positionId ? 'position' : 'feature', id: f.positionId ?? f.id, label: f.label }
      if (f.cover === 'hard') hard.push({ shape: piece, blocker, doorSlot: -1, featureId: f.id })
      else
        soft.push({
          id: f.id,
          blocker,
          bounds: { minX: piece.min.x, minZ: piece.min.z, maxX: piece.max.x, maxZ: piece.max.z },
          convex: piece,
          topY: piece.max.y,
          blocksSightBeyondIn: null,
        })
    }
  }

  const obstacles = scenario.obstacles.map(compileObstacle)
  for (const o of obstacles) {
    const y = ground.heightAt(o.centre.x, o.centre.z)
    const low = ground.rangeNear(o.corners, 0).min
    hard.push({
      shape: boxSolid(o.centre, o.front, o.halfLength, o.halfWidth, low - 0.2, y + o.heightIn),
      blocker: { kind: 'obstacle', id: o.id, label: o.label },
      doorSlot: -1,
    })
  }

  const areas = scenario.terrain.areas.map(compileArea)
  for (const a of areas) {
    if (a.heightIn <= 0 || a.cover !== 'soft') continue
    const top = ground.rangeNear(a.polygon, 0).max + a.heightIn
    soft.push({
      id: a.id,
      blocker: { kind: a.kind === 'woods' ? 'woods' : 'area', id: a.id, label: a.label },
      bounds: a.bounds,
      polygon: a.polygon,
      topY: top,
      blocksSightBeyondIn: a.blocksSightBeyondIn,
    })
  }

  return {
    scenario,
    widthIn,
    depthIn,
    ground,
    structures,
    hard,
    soft,
    areas,
    linear,
    positions: positionParts.map((p) => p.model),
    obstacles,
    doors,
    doorSlots,
    baseLines: scenario.sides.map((side) => baseLineOf(scenario, side.id)),
  }
}

/** The boxes of a linear feature, following the ground. */
function featurePieces(f: LinearModel, ground: HeightField): ConvexSolid[] {
  const out: ConvexSolid[] = []
  for (let i = 0; i + 1 < f.points.length; i++) {
    const a = f.points[i]!
    const b = f.points[i + 1]!
    const len = hypot(b.x - a.x, b.z - a.z)
    const range = ground.rangeNear([a, b], 0)
    const n = range.max - range.min > 0.05 ? Math.max(1, Math.ceil(len / PIECE_IN)) : 1
    for (let k = 0; k < n; k++) {
      const p = { x: a.x + ((b.x - a.x) * k) / n, z: a.z + ((b.z - a.z) * k) / n }
      const q = { x: a.x + ((b.x - a.x) * (k + 1)) / n, z: a.z + ((b.z - a.z) * (k + 1)) / n }
      const r = ground.rangeNear([p, q], 0)
      const mid = ground.heightAt((p.x + q.x) / 2, (p.z + q.z) / 2)
      // Joints overlap by half the thickness so a bend leaves no gap.
      out.push(segmentBox(p, q, f.thicknessIn, r.min - 0.3, mid + f.heightIn, f.thicknessIn / 2))
    }
  }
  return out
}

const EDGE_SEGMENTS = (w: number, d: number): Record<WallSide, [Vec2, Vec2]> => ({
  north: [
    { x: 0, z: 0 },
    { x: w, z: 0 },
  ],
  south: [
    { x: 0, z: d },
    { x: w, z: d },
  ],
  west: [
    { x: 0, z: 0 },
    { x: 0, z: d },
  ],
  east: [
    { x: w, z: 0 },
    { x: w, z: d },
  ],
})

/** A side's base line: as the scenario gives it, else the table edge nearest its deployment zone. */
export function baseLineOf(scenario: TableScenario, sideId: string): BaseLineModel {
  const { widthIn: w, depthIn: d } = scenario.table
  const edges = EDGE_SEGMENTS(w, d)
  const given = scenario.baseLines.find((b) => b.sideId === sideId)
  if (given?.edge) return { sideId, a: edges[given.edge][0], b: edges[given.edge][1] }
  if (given?.from && given.to) return { sideId, a: given.from, b: given.to }
  const zone = scenario.sides.find((s) => s.id === sideId)?.deploymentZone ?? { minX: 0, minZ: 0, maxX: w, maxZ: d }
  const c = { x: (zone.minX + zone.maxX) / 2, z: (zone.minZ + zone.maxZ) / 2 }
  const gaps: [WallSide, number][] = [
    ['north', c.z],
    ['south', d - c.z],
    ['west', c.x],
    ['east', w - c.x],
  ]
  gaps.sort((p, q) => p[1] - q[1])
  const edge = edges[gaps[0]![0]]
  return { sideId, a: edge[0], b: edge[1] }
}

/** A door leaf blocks unless the door is open or broken. */
export function doorBlocks(state: DoorState): boolean {
  return state === 'closed' || state === 'locked'
}
