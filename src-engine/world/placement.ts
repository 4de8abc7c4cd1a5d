import type { Going, MoverClass, TableScenario } from '../scenario/schema'
import { MAX_TABLE_IN } from '../scenario/table-schema'
import type { Vec2 } from '../util/geometry'
import { buildingDoors, buildingStairs, buildingWallPieces } from './building-geometry'
import { boundsOf, type Rect2, rectsOverlap } from './geometry/polygon'
import { compileArea, compileLinear, compileObstacle, compilePosition } from './model/features'
import { doorBlocks } from './model/table-model'
import { structureSpecs } from './model/ground'
import { polygonShapeGap } from './nav/base-clearance'
import { baseOverlaps, type NavShape, shapeBounds } from './nav/shapes'

/**
 * Something on the table a base may not stand on, flat on the table plane:
 * a wall, a shut door, stairs, an obstacle, a linear feature (a base may
 * cross a low wall but not stand astride it, as set-up and moves judge it),
 * or an area impassable to some movers.
 */
export interface TableSolid {
  readonly shape: NavShape
  readonly bounds: Rect2
  /** The building, door, obstacle, feature, position or area it belongs to. */
  readonly id: string
  /** How a message names it ("the wall of the Farmhouse", "a stone wall"). */
  readonly label: string
  /** Areas only: how hard the ground is for a mover (only impassable ground blocks). */
  readonly going?: (mover: MoverClass) => Going
}

const named = (kind: string | undefined, name: string): string =>
  kind === 'pillbox' || kind === 'bunker'
    ? `the ${name.toLowerCase()}`
    : name === 'Building'
      ? 'a building'
      : `the ${name}`

/** Side of the cells solids are filed in: a base looks only at the solids of the cells it touches. */
const CELL_IN = 4

/** The table's solids, filed by the cells of a grid they reach. */
export interface TableSolids {
  readonly all: readonly TableSolid[]
  readonly cells: ReadonlyMap<number, readonly number[]>
}

const cellKey = (i: number, j: number): number => i * 4096 + j

/**
 * The grid spans the largest table and a margin round it: a solid reaching beyond is filed in the cells of the
 * border, and a box beyond looks there (a scenario's building 1e300" wide, or a point far off the table, costs no
 * more than one at the edge: filing every cell of its box ran out of memory and took the process down).
 */
const GRID_MARGIN_IN = 48
const CELL_LO = Math.floor(-GRID_MARGIN_IN / CELL_IN)
const CELL_HI = Math.floor((MAX_TABLE_IN + GRID_MARGIN_IN) / CELL_IN)
const cellOf = (v: number): number => Math.min(CELL_HI, Math.max(CELL_LO, Math.floor(v / CELL_IN)))

/** Calls `fn` with the index of every solid whose cell the box reaches, each once, in order. */
function candidates(solids: TableSolids, box: Rect2): number[] {
  const found = new Set<number>()
  for (let i = cellOf(box.minX); i <= cellOf(box.maxX); i++)
    for (let j = cellOf(box.minZ); j <= cellOf(box.maxZ); j++)
      for (const k of solids.cells.get(cellKey(i, j)) ?? []) found.add(k)
  return [...found].sort((a, b) => a - b)
}

/** Files solids by grid cell. */
export function indexSolids(all: readonly TableSolid[]): TableSolids {
  const cells = new Map<number, number[]>()
  all.forEach((s, k) => {
    for (let i = cellOf(s.bounds.minX); i <= cellOf(s.bounds.maxX); i++)
      for (let j = cellOf(s.bounds.minZ); j <= cellOf(s.bounds.maxZ); j++) {
        const key = cellKey(i, j)
        const list = cells.get(key)
        if (list) list.push(k)
        else cells.set(key, [k])
      }
  })
  return { all, cells }
}

/**
 * Everything a base may not stand on, worked out from the scenario alone
 * (no height field and no sight structure: cheap enough to run on every
 * edit). The same pieces the world's set-up check uses: ground-floor wall
 * pieces with their doorways, shut door leaves, ground-floor stairs,
 * obstacles, linear features and parapets, areas.
 */
export function tableSolids(scenario: TableScenario): TableSolids {
  const out: TableSolid[] = []
  const add = (shape: NavShape, id: string, label: string, going?: TableSolid['going']): void => {
    out.push({ shape, bounds: shapeBounds(shape, 0), id, label, ...(going ? { going } : {}) })
  }
  for (const s of structureSpecs(scenario)) {
    const what = named(s.kind, s.name)
    for (const w of buildingWallPieces(s, [...s.doors, ...(s.openings ?? [])]))
      add({ kind: 'capsule', a: w.a, b: w.b, radius: w.thicknessIn / 2 }, s.id, `the ${w.side} wall of ${what}`)
    for (const d of buildingDoors(s))
      if (doorBlocks(d.spec.state))
        add({ kind: 'capsule', a: d.hinge, b: d.latch, radius: 0.075 }, d.id, `the ${d.spec.state} door of ${what}`)
    for (const st of buildingStairs(s).filter((x) => x.floor === 0))
      add({ kind: 'polygon', points: st.corners, convex: true }, s.id, `the stairs of ${what}`)
  }
  for (const o of scenario.obstacles.map(compileObstacle))
    add({ kind: 'polygon', points: o.corners, convex: true }, o.id, o.label)
  const linear = [
    ...scenario.linearFeatures.map((f) => compileLinear(f)),
    ...scenario.positions.flatMap((p) => compilePosition(p).parapets),
  ]
  for (const f of linear)
    for (let i = 0; i + 1 < f.points.length; i++)
      add(
        { kind: 'capsule', a: f.points[i]!, b: f.points[i + 1]!, radius: f.thicknessIn / 2 },
        f.positionId ?? f.id,
        f.label,
      )
  for (const a of scenario.terrain.areas.map(compileArea))
    add({ kind: 'polygon', points: a.polygon, convex: false }, a.id, a.label, a.goingFor)
  return indexSolids(out)
}

const blocks = (s: TableSolid, mover: MoverClass): boolean => !s.going || s.going(mover) === 'impassable'

/** What a round base of radius `r` at `p` would stand on that it may not (for a mover of this class), or null. */
export function baseSolid(solids: TableSolids, p: Vec2, r: number, mover: MoverClass): TableSolid | null {
  const box = { minX: p.x - r, minZ: p.z - r, maxX: p.x + r, maxZ: p.z + r }
  for (const k of candidates(solids, box)) {
    const s = solids.all[k]!
    if (rectsOverlap(box, s.bounds) && blocks(s, mover) && baseOverlaps(p, r, s.shape)) return s
  }
  return null
}

/** What a convex outline (a vehicle's hull) overlaps that it may not, or null; touching is allowed. */
export function outlineSolid(solids: TableSolids, outline: readonly Vec2[], mover: MoverClass): TableSolid | null {
  const box = boundsOf(outline)
  for (const k of candidates(solids, box)) {
    const s = solids.all[k]!
    if (!rectsOverlap(box, s.bounds) || !blocks(s, mover)) continue
    const gap = polygonShapeGap(outline, s.shape)
    if (s.shape.kind === 'capsule' ? gap < -1e-6 : gap <= 0) return s
  }
  return null
}
