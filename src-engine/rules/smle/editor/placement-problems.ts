import type { ScenarioProblem } from '../../../scenario/problems'
import type { Vec2 } from '../../../util/geometry'
import { pointInPolygon } from '../../../world/geometry/polygon'
import { compilePosition } from '../../../world/model/features'
import { baseSolid, indexSolids, outlineSolid, type TableSolid, type TableSolids } from '../../../world/placement'
import { onTable } from '../../../world/table-problems'
import type { FigureSpec, Scenario, TeamSpec, VehicleSpec } from '../scenario/schema'
import { hypot } from '../../../util/geometry'

const fmt = (n: number): string => String(Math.round(n * 100) / 100)

/** A figure standing on the table at the start (not aboard a vehicle), with its team. */
interface Placed {
  readonly figure: FigureSpec
  readonly team: TeamSpec
}

/** The figures that start on the table: every figure of a team not aboard a vehicle. */
export function placedFigures(scenario: Scenario): Placed[] {
  return scenario.teams
    .filter((t) => t.vehicleId === undefined)
    .flatMap((team) => team.figures.map((figure) => ({ figure, team })))
}

/** A vehicle's hull outline on the table: `lengthIn` along its facing, `widthIn` across, about its position. */
export function vehicleOutline(
  v: Pick<VehicleSpec, 'position' | 'facingDeg' | 'lengthIn' | 'widthIn'>,
  insetIn = 0,
): Vec2[] {
  const a = (v.facingDeg * Math.PI) / 180
  const front = { x: Math.sin(a), z: -Math.cos(a) }
  const right = { x: -front.z, z: front.x }
  const hl = v.lengthIn / 2 - insetIn
  const hw = v.widthIn / 2 - insetIn
  const at = (f: number, r: number): Vec2 => ({
    x: v.position.x + front.x * f + right.x * r,
    z: v.position.z + front.z * f + right.z * r,
  })
  return [at(hl, -hw), at(hl, hw), at(-hl, hw), at(-hl, -hw)]
}

/** Slack for bases that only touch. */
const TOUCH_IN = 1e-6

/**
 * Where the forces stand: every figure on the table, clear of walls, shut
 * doors, obstacles, linear features and ground it cannot enter, and of every
 * other figure (CORE-TABLE-01..03, as set-up judges a placed figure); every
 * vehicle likewise; teams that start in a prepared position inside it.
 */
export function placementProblems(scenario: Scenario, solids: TableSolids): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  const placed = placedFigures(scenario)
  const { widthIn, depthIn } = scenario.table
  for (const { figure: f, team } of placed) {
    const r = f.baseRadiusIn
    const at = f.position
    if (at.x - r < -1e-9 || at.z - r < -1e-9 || at.x + r > widthIn + 1e-9 || at.z + r > depthIn + 1e-9) {
      out.push({
        code: 'figure-off-table',
        severity: 'error',
        message: `${f.name} (${team.name}) stands off the table: a ${fmt(r)}" base at x ${fmt(at.x)}, z ${fmt(at.z)} must lie within the ${fmt(widthIn)}" × ${fmt(depthIn)}" table.`,
        at,
        objectId: f.id,
        clause: 'CORE-TABLE-01',
      })
      continue
    }
    const solid = baseSolid(solids, at, r, f.armour)
    if (solid)
      out.push({
        code: 'figure-in-solid',
        severity: 'error',
        message: solid.going
          ? `${f.name} (${team.name}) stands in ${solid.label}, which ${f.armour === 'none' || f.armour === 'light' ? 'a figure' : `a figure in ${f.armour} armour`} cannot enter.`
          : `${f.name} (${team.name}) stands inside ${solid.label}.`,
        at,
        objectId: f.id,
        clause: 'CORE-TABLE-02',
      })
  }
  out.push(...overlapProblems(placed))
  out.push(...vehicleProblems(scenario, solids, placed))
  out.push(...occupancyProblems(scenario))
  return out
}

/** Figures whose bases overlap (CORE-TABLE-03), found through a grid so a town of figures stays cheap. */
function overlapProblems(placed: readonly Placed[]): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  const cell = 2
  const grid = new Map<string, Placed[]>()
  const key = (x: number, z: number): string => `${Math.floor(x / cell)},${Math.floor(z / cell)}`
  for (const p of placed) {
    const { x, z } = p.figure.position
    const cx = Math.floor(x / cell)
    const cz = Math.floor(z / cell)
    let clash: Placed | undefined
    for (let i = -1; i <= 1 && !clash; i++)
      for (let j = -1; j <= 1 && !clash; j++)
        clash = grid.get(`${cx + i},${cz + j}`)?.find((q) => {
          const reach = p.figure.baseRadiusIn + q.figure.baseRadiusIn
          return hypot(q.figure.position.x - x, q.figure.position.z - z) < reach - TOUCH_IN
        })
    if (clash)
      out.push({
        code: 'figures-overlap',
        severity: 'error',
        message: `${p.figure.name} (${p.team.name}) stands on ${clash.figure.name} (${clash.team.name}): their bases overlap.`,
        at: p.figure.position,
        objectId: p.figure.id,
        clause: 'CORE-TABLE-03',
      })
    const k = key(x, z)
    grid.set(k, [...(grid.get(k) ?? []), p])
  }
  return out
}

function vehicleProblems(scenario: Scenario, solids: TableSolids, placed: readonly Placed[]): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  const outlines = scenario.vehicles.map((v) => vehicleOutline(v))
  const inner = scenario.vehicles.map((v) => vehicleOutline(v, 0.01))
  scenario.vehicles.forEach((v, i) => {
    const at = v.position
    if (!outlines[i]!.every((p) => onTable(p, scenario.table))) {
      out.push({
        code: 'vehicle-off-table',
        severity: 'error',
        message: `${v.name} stands off the table: its hull must lie wholly on it.`,
        at,
        objectId: v.id,
        clause: 'CORE-TABLE-01',
      })
      return
    }
    const solid = outlineSolid(solids, inner[i]!, 'tracked')
    if (solid)
      out.push({
        code: 'vehicle-in-solid',
        severity: 'error',
        message: solid.going
          ? `${v.name} stands in ${solid.label}, which no vehicle can enter.`
          : `${v.name} stands across ${solid.label}.`,
        at,
        objectId: v.id,
        clause: 'CORE-TABLE-02',
      })
    for (let j = 0; j < i; j++)
      if (outlineSolid(indexSolids([hull(inner[j]!, scenario.vehicles[j]!.id)]), inner[i]!, 'tracked'))
        out.push({
          code: 'vehicles-overlap',
          severity: 'error',
          message: `${v.name} and ${scenario.vehicles[j]!.name} stand on each other: their hulls overlap.`,
          at,
          objectId: v.id,
          clause: 'CORE-TABLE-03',
        })
    const shape = indexSolids([hull(outlines[i]!, v.id)])
    const under = placed.find((p) => baseSolid(shape, p.figure.position, p.figure.baseRadiusIn, 'light'))
    if (under)
      out.push({
        code: 'figure-under-vehicle',
        severity: 'error',
        message: `${under.figure.name} (${under.team.name}) stands under ${v.name}: put the figure beside it, or its team aboard.`,
        at: under.figure.position,
        objectId: under.figure.id,
        clause: 'CORE-TABLE-03',
      })
  })
  return out
}

const hull = (points: readonly Vec2[], id: string): TableSolid => {
  const xs = points.map((p) => p.x)
  const zs = points.map((p) => p.z)
  return {
    shape: { kind: 'polygon', points, convex: true },
    bounds: { minX: Math.min(...xs), minZ: Math.min(...zs), maxX: Math.max(...xs), maxZ: Math.max(...zs) },
    id,
    label: 'a vehicle',
  }
}

/**
 * SMLE-SHOOT-26: a team that starts in a prepared position stands inside it,
 * the position is its own side's, and one team holds it (SMLE-PTS-05).
 */
function occupancyProblems(scenario: Scenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  const holders = new Map<string, TeamSpec>()
  for (const team of scenario.teams) {
    const id = team.preparedPositionId
    const p = id === undefined ? undefined : scenario.positions.find((q) => q.id === id)
    if (!p) continue
    const at = { x: p.x, z: p.z }
    if (p.sideId !== undefined && p.sideId !== team.sideId)
      out.push({
        code: 'position-of-enemy',
        severity: 'error',
        message: `${team.name} starts in prepared position "${p.id}", which belongs to the other side.`,
        at,
        objectId: team.id,
        clause: 'SMLE-SHOOT-26',
      })
    const first = holders.get(p.id)
    if (first)
      out.push({
        code: 'position-shared',
        severity: 'error',
        message: `${team.name} and ${first.name} both start in prepared position "${p.id}"; a position holds one team (SMLE-PTS-05).`,
        at,
        objectId: team.id,
        clause: 'SMLE-PTS-05',
      })
    else holders.set(p.id, team)
    const inside = compilePosition(p).model.occupancy
    const outside =
      team.vehicleId === undefined ? team.figures.find((f) => !pointInPolygon(f.position, inside)) : undefined
    if (outside)
      out.push({
        code: 'position-not-occupied',
        severity: 'error',
        message: `${outside.name} (${team.name}) starts in prepared position "${p.id}" but stands outside it.`,
        at: outside.position,
        objectId: outside.id,
        clause: 'SMLE-SHOOT-26',
      })
  }
  return out
}
