import type { ScenarioProblem } from '../scenario/problems'
import type { BuildingSpec, TableScenario } from '../scenario/schema'
import type { Vec2 } from '../util/geometry'
import { alongLine, buildingFootprint, buildingFrame, wallLines } from './building-geometry'
import { convexGapIn } from './footprint'
import { boundsOf, rectsOverlap } from './geometry/polygon'
import { compilePosition } from './model/features'

/**
 * SMLE-SHOOT-26: a prepared position whose arc's centre line leaves the
 * table within this many inches faces out of the table (its occupants could
 * fire at almost nothing).
 */
export const ARC_CLEAR_IN = 6

/** Buildings are shrunk by this much before they are compared, so terraced houses sharing a wall do not overlap. */
const SHARED_WALL_IN = 0.05

/** How a building is named in a message: its name, or its id when it has only the default name. */
export function buildingLabel(b: Pick<BuildingSpec, 'id' | 'name'>): string {
  return b.name && b.name !== 'Building' ? `the ${b.name}` : `building "${b.id}"`
}

/** True when a point lies on the table (edges included). */
export function onTable(p: Vec2, table: { readonly widthIn: number; readonly depthIn: number }): boolean {
  return p.x >= -1e-9 && p.z >= -1e-9 && p.x <= table.widthIn + 1e-9 && p.z <= table.depthIn + 1e-9
}

const fmt = (n: number): string => String(Math.round(n * 100) / 100)

/**
 * What is wrong with a table, whatever the ruleset: buildings off the table
 * or inside one another, doors and windows not on their walls, objectives,
 * terrain and prepared positions off the table, positions facing out of it, and
 * deployment zones off the table or overlapping the enemy's.
 */
export function tableProblems(scenario: TableScenario): ScenarioProblem[] {
  return [
    ...buildingProblems(scenario),
    ...objectiveProblems(scenario),
    ...terrainProblems(scenario),
    ...positionProblems(scenario),
    ...zoneProblems(scenario),
  ]
}

function buildingProblems(scenario: TableScenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  const { table } = scenario
  const centreOf = (b: BuildingSpec): Vec2 => buildingFrame(b).toWorld({ x: b.widthIn / 2, z: b.depthIn / 2 })
  const shrunk = scenario.buildings.map((b) => buildingFootprint(b, SHARED_WALL_IN))
  const bounds = shrunk.map((f) => boundsOf(f))
  scenario.buildings.forEach((b, i) => {
    const label = buildingLabel(b)
    if (!buildingFootprint(b).every((p) => onTable(p, table)))
      out.push({
        code: 'building-off-table',
        severity: 'error',
        message: `${cap(label)} reaches off the ${fmt(table.widthIn)}" × ${fmt(table.depthIn)}" table.`,
        at: centreOf(b),
        objectId: b.id,
      })
    for (let j = 0; j < i; j++) {
      const other = scenario.buildings[j]!
      if (rectsOverlap(bounds[i]!, bounds[j]!) && convexGapIn(shrunk[i]!, shrunk[j]!) === 0)
        out.push({
          code: 'buildings-overlap',
          severity: 'error',
          message: `${cap(label)} stands inside ${buildingLabel(other)}: their walls cross.`,
          at: centreOf(b),
          objectId: b.id,
        })
    }
    out.push(...openingProblems(b))
  })
  return out
}

/** Doors and windows must lie along their wall, clear of the corners, and not on top of one another. */
function openingProblems(b: BuildingSpec): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  const frame = buildingFrame(b)
  const label = buildingLabel(b)
  const t = b.wallThicknessIn
  for (const line of wallLines(b)) {
    const at = (offsetIn: number): Vec2 => frame.toWorld(alongLine(line, offsetIn))
    const doors = b.doors.filter((d) => d.wall === line.side)
    for (const d of doors) {
      const from = d.offsetIn - d.widthIn / 2
      const to = d.offsetIn + d.widthIn / 2
      if (from < t - 1e-9 || to > line.lengthIn - t + 1e-9)
        out.push({
          code: 'door-off-wall',
          severity: 'error',
          message: `Door "${d.id}" of ${label} is not on its ${line.side} wall: a doorway ${fmt(d.widthIn)}" wide centred ${fmt(d.offsetIn)}" along a ${fmt(line.lengthIn)}" wall reaches ${from < t ? 'past its start' : 'past its end'} (the corners are solid).`,
          at: at(Math.min(Math.max(d.offsetIn, 0), line.lengthIn)),
          objectId: d.id,
        })
    }
    for (let i = 0; i < doors.length; i++)
      for (let j = 0; j < i; j++) {
        const a = doors[i]!
        const c = doors[j]!
        if (Math.abs(a.offsetIn - c.offsetIn) < (a.widthIn + c.widthIn) / 2 - 1e-9)
          out.push({
            code: 'doors-overlap',
            severity: 'error',
            message: `Doors "${c.id}" and "${a.id}" of ${label} overlap in its ${line.side} wall.`,
            at: at(a.offsetIn),
            objectId: a.id,
          })
      }
    for (const w of b.windows.filter((x) => x.wall === line.side)) {
      const from = w.offsetIn - w.widthIn / 2
      const to = w.offsetIn + w.widthIn / 2
      if (from < t - 1e-9 || to > line.lengthIn - t + 1e-9)
        out.push({
          code: 'window-off-wall',
          severity: 'error',
          message: `A window of ${label} is not on its ${line.side} wall: ${fmt(w.widthIn)}" wide centred ${fmt(w.offsetIn)}" along a ${fmt(line.lengthIn)}" wall.`,
          at: at(Math.min(Math.max(w.offsetIn, 0), line.lengthIn)),
          objectId: b.id,
        })
      const door =
        w.floor === 0 ? doors.find((d) => Math.abs(d.offsetIn - w.offsetIn) < (d.widthIn + w.widthIn) / 2) : undefined
      if (door)
        out.push({
          code: 'window-on-door',
          severity: 'error',
          message: `A ground-floor window of ${label} overlaps door "${door.id}" in its ${line.side} wall.`,
          at: at(w.offsetIn),
          objectId: door.id,
        })
    }
  }
  return out
}

function objectiveProblems(scenario: TableScenario): ScenarioProblem[] {
  return scenario.objectives
    .filter((o) => !onTable(o, scenario.table))
    .map((o) => ({
      code: 'objective-off-table',
      severity: 'error' as const,
      message: `Objective "${o.name}" is off the table (at x ${fmt(o.x)}, z ${fmt(o.z)} on a ${fmt(scenario.table.widthIn)}" × ${fmt(scenario.table.depthIn)}" table).`,
      at: { x: o.x, z: o.z },
      objectId: o.id,
    }))
}

/** Linear features in words. */
const LINE_WORDS: Readonly<Record<string, string>> = {
  stoneWall: 'stone wall',
  sandbags: 'sandbag wall',
  hedge: 'hedge',
  fence: 'fence',
}

/**
 * Terrain left off the table (a table made smaller, a corner dragged off):
 * a hill whose top is off it, an area or a wall, hedge or road with no part
 * on it. The engine takes them as they are (only the part on the table
 * counts), so each is a warning, at the nearest place of the table.
 */
function terrainProblems(scenario: TableScenario): ScenarioProblem[] {
  const { table } = scenario
  const out: ScenarioProblem[] = []
  const size = `${fmt(table.widthIn)}" × ${fmt(table.depthIn)}"`
  const nearest = (p: Vec2): Vec2 => ({
    x: Math.min(Math.max(p.x, 0), table.widthIn),
    z: Math.min(Math.max(p.z, 0), table.depthIn),
  })
  const apart = (points: readonly Vec2[], reachIn: number): boolean => {
    const b = boundsOf(points)
    return (
      b.maxX + reachIn < 0 ||
      b.maxZ + reachIn < 0 ||
      b.minX - reachIn > table.widthIn ||
      b.minZ - reachIn > table.depthIn
    )
  }
  for (const h of scenario.terrain.hills)
    if (!onTable(h, table))
      out.push({
        code: 'hill-off-table',
        severity: 'warning',
        message: `Hill "${h.id}" has its top off the ${size} table (at x ${fmt(h.x)}, z ${fmt(h.z)}): only its foot can reach it.`,
        at: nearest(h),
        objectId: h.id,
      })
  for (const a of scenario.terrain.areas) {
    const points = a.polygon ?? a.line ?? []
    if (points.length > 0 && apart(points, (a.widthIn ?? 0) / 2))
      out.push({
        code: 'area-off-table',
        severity: 'warning',
        message: `${a.name ?? `Area "${a.id}"`} lies wholly off the ${size} table.`,
        at: nearest(points[0]!),
        objectId: a.id,
      })
  }
  for (const l of scenario.linearFeatures)
    if (l.points.length > 0 && apart(l.points, 0))
      out.push({
        code: 'line-off-table',
        severity: 'warning',
        message: `The ${LINE_WORDS[l.kind] ?? l.kind} "${l.id}" lies wholly off the ${size} table.`,
        at: nearest(l.points[0]!),
        objectId: l.id,
      })
  return out
}

/** How far a ray from `p` heading `bearingDeg` (clockwise from north) runs before it leaves the table. */
export function distanceToTableEdge(p: Vec2, bearingDeg: number, table: { widthIn: number; depthIn: number }): number {
  const a = (bearingDeg * Math.PI) / 180
  const dx = Math.sin(a)
  const dz = -Math.cos(a)
  let t = Infinity
  if (dx > 1e-12) t = Math.min(t, (table.widthIn - p.x) / dx)
  if (dx < -1e-12) t = Math.min(t, -p.x / dx)
  if (dz > 1e-12) t = Math.min(t, (table.depthIn - p.z) / dz)
  if (dz < -1e-12) t = Math.min(t, -p.z / dz)
  return Math.max(0, t)
}

function positionProblems(scenario: TableScenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  for (const p of scenario.positions) {
    const at = { x: p.x, z: p.z }
    const name = `${POSITION_WORDS[p.kind]} "${p.id}"`
    const outline = compilePosition(p).model.occupancy
    if (!onTable(at, scenario.table) || !outline.every((q) => onTable(q, scenario.table))) {
      out.push({
        code: 'position-off-table',
        severity: 'error',
        message: `${cap(name)} is not wholly on the table.`,
        at,
        objectId: p.id,
      })
      continue
    }
    // A trench's arc is judged from its label point, as the rules judge its occupants' fire.
    const clear = distanceToTableEdge(at, p.arcDeg, scenario.table)
    if (clear < ARC_CLEAR_IN)
      out.push({
        code: 'position-faces-off-table',
        severity: 'warning',
        message: `${cap(name)} faces out of the table: the middle of its ${fmt(p.arcWidthDeg)}° arc (${fmt(p.arcDeg)}°) reaches the table edge after ${fmt(clear)}", so its occupants could fire at almost nothing (SMLE-SHOOT-26).`,
        at,
        objectId: p.id,
        clause: 'SMLE-SHOOT-26',
      })
  }
  return out
}

const POSITION_WORDS: Readonly<Record<string, string>> = {
  foxhole: 'foxhole',
  weaponPit: 'weapon pit',
  trench: 'trench',
  pillbox: 'pillbox',
  bunker: 'bunker',
}

function zoneProblems(scenario: TableScenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  const { widthIn, depthIn } = scenario.table
  const named = (s: TableScenario['sides'][number]): string => (s as { name?: string }).name ?? s.id
  const centre = (z: TableScenario['sides'][number]['deploymentZone']): Vec2 => ({
    x: (Math.max(0, z.minX) + Math.min(widthIn, z.maxX)) / 2,
    z: (Math.max(0, z.minZ) + Math.min(depthIn, z.maxZ)) / 2,
  })
  scenario.sides.forEach((side, i) => {
    const z = side.deploymentZone
    // An SMR side may have no zone (its units start where the scenario puts them).
    if (!z) return
    if (z.minX >= z.maxX || z.minZ >= z.maxZ) {
      out.push({
        code: 'zone-empty',
        severity: 'error',
        message: `${named(side)}'s deployment zone is empty: its west edge must lie west of its east edge and its north edge north of its south edge.`,
        at: { x: z.minX, z: z.minZ },
        objectId: side.id,
      })
      return
    }
    if (z.minX < 0 || z.minZ < 0 || z.maxX > widthIn || z.maxZ > depthIn)
      out.push({
        code: 'zone-off-table',
        severity: 'warning',
        message: `${named(side)}'s deployment zone reaches off the table; only the part on it can be used.`,
        at: centre(z),
        objectId: side.id,
      })
    for (let j = 0; j < i; j++) {
      const other = scenario.sides[j]!
      const o = other.deploymentZone
      if (!o) continue
      const minX = Math.max(z.minX, o.minX)
      const maxX = Math.min(z.maxX, o.maxX)
      const minZ = Math.max(z.minZ, o.minZ)
      const maxZ = Math.min(z.maxZ, o.maxZ)
      // Where each side places its own figures the zones must be apart; where the scenario places them, a zone only gives the side its base line.
      const free = (scenario as { deployment?: string }).deployment === 'free'
      if (maxX > minX + 1e-9 && maxZ > minZ + 1e-9)
        out.push({
          code: 'zones-overlap',
          severity: free ? 'error' : 'warning',
          message: `${named(side)}'s deployment zone overlaps ${named(other)}'s (x ${fmt(minX)}–${fmt(maxX)}, z ${fmt(minZ)}–${fmt(maxZ)})${free ? '' : '; the figures start where the scenario puts them, but a side with no base line falls back toward the table edge nearest its zone'}.`,
          at: { x: (minX + maxX) / 2, z: (minZ + maxZ) / 2 },
          objectId: side.id,
        })
    }
  })
  return out
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)
