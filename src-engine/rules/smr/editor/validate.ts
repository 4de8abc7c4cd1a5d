import { type ScenarioProblem, sortProblems } from '../../../scenario/problems'
import { schemaProblems } from '../../../scenario/schema-words'
import { buildingFrame } from '../../../world/building-geometry'
import { baseSolid, tableSolids } from '../../../world/placement'
import { tableProblems } from '../../../world/table-problems'
import { smrSidePoints } from '../points'
import { footprintOfProfile, isMounted, profileLabel, unitPoints } from '../profile'
import { type SmrScenario, SmrScenarioSchema, type SmrUnitSpec } from '../scenario'
import { VILLAGE_DEPLOY_IN, withinVillageDeployment } from '../village'
import { baseCorners } from '../../../world/footprint'

type Item = Record<string, unknown>
const list = (v: unknown): Item[] => (Array.isArray(v) ? (v as Item[]) : [])
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)

/**
 * Checks an SMR scenario as it is being edited, in words at the place: the
 * schema's fields, each side's leader (SMR-SETUP-02), the sides' edges
 * (SMR-SETUP-04), the points against the battle type and each side's total
 * (SMR-SETUP-05, SMR-PTS-01), each unit inside its side's deployment area
 * (SMR-SETUP-06), on the table and on ground it may stand on (SMR-MOVE-10),
 * and the table's own checks. Errors first.
 */
export function validateSmrScenario(raw: unknown): ScenarioProblem[] {
  const leaders = leaderProblems(raw)
  const parsed = SmrScenarioSchema.safeParse(withStandInLeaders(raw))
  if (!parsed.success) {
    // The leader's own words say what the schema's "the leader must be a unit of the side" would.
    const issues = parsed.error.issues.filter((i) => !(i.path[0] === 'sides' && i.path[2] === 'leaderId'))
    return sortProblems([...leaders, ...schemaProblems(raw, issues)])
  }
  const scenario = parsed.data
  return sortProblems([
    ...leaders,
    ...edgeProblems(scenario),
    ...pointsProblems(scenario),
    ...placementProblems(scenario),
    ...tableProblems(scenario),
  ])
}

/**
 * SMR-SETUP-02: each side names one of its own figures as its leader. A
 * side naming none (or a unit no longer on the table) has no leader; one
 * naming a unit of the other side has the wrong one.
 */
export function leaderProblems(raw: unknown): ScenarioProblem[] {
  const r = (raw ?? {}) as Item
  const units = list(r.units)
  const sides = list(r.sides)
  const out: ScenarioProblem[] = []
  for (const side of sides) {
    const name = str(side.name) ?? String(side.id)
    const leaderId = str(side.leaderId)
    const leader = leaderId === undefined ? undefined : units.find((u) => u.id === leaderId)
    if (!leader) {
      out.push({
        code: 'smr-no-leader',
        severity: 'error',
        message: `${name} has no leader: each side names one of its own figures as its leader.`,
        objectId: String(side.id),
        clause: 'SMR-SETUP-02',
      })
      continue
    }
    if (leader.sideId !== side.id) {
      const other = sides.find((s) => s.id === leader.sideId)
      out.push({
        code: 'smr-leader-wrong-side',
        severity: 'error',
        message: `The leader of ${name}, ${str(leader.name) ?? String(leader.id)}, is a unit of ${
          str(other?.name) ?? 'another side'
        }: a side's leader is one of its own figures.`,
        objectId: String(leader.id),
        ...atOf(leader),
        clause: 'SMR-SETUP-02',
      })
    }
  }
  return out
}

/** The scenario with a stand-in leader for each side whose own is missing or wrong, so that the rest can be checked. */
function withStandInLeaders(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object') return raw
  const r = raw as Item
  const units = list(r.units)
  if (!Array.isArray(r.sides)) return raw
  return {
    ...r,
    sides: list(r.sides).map((side) => {
      const leader = units.find((u) => u.id === side.leaderId)
      if (leader && leader.sideId === side.id) return side
      const own = units.find((u) => u.sideId === side.id && typeof u.id === 'string' && u.id !== '')
      return own ? { ...side, leaderId: own.id } : side
    }),
  }
}

function atOf(u: Item): { at?: { x: number; z: number } } {
  return typeof u.x === 'number' && typeof u.z === 'number' ? { at: { x: u.x, z: u.z } } : {}
}

/** SMR-SETUP-04: the two sides deploy at opposite table edges (a warning: a scenario may say otherwise). */
function edgeProblems(s: SmrScenario): ScenarioProblem[] {
  const [a, b] = s.sides
  if (!a || !b || a.edge !== b.edge) return []
  return [
    {
      code: 'smr-same-edge',
      severity: 'warning',
      message: `${a.name} and ${b.name} both have the ${a.edge} edge as their own: the sides deploy at opposite edges unless the scenario says otherwise.`,
      clause: 'SMR-SETUP-04',
    },
  ]
}

/**
 * SMR-SETUP-05: a Type 2 battle is fought for an agreed number of points,
 * each side's units priced by SMR-PTS-01 and not above its total; a Type 1
 * battle has no points (each side musters all it can).
 */
function pointsProblems(s: SmrScenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  for (const side of s.sides) {
    const cost = smrSidePoints(s, side.id)
    if (s.battleType === 1) {
      if (side.points !== undefined)
        out.push({
          code: 'smr-points-type1',
          severity: 'warning',
          message: `${side.name} has a total of ${side.points} points, but a Type 1 battle has none: each side musters every unit it can.`,
          objectId: side.id,
          clause: 'SMR-SETUP-05',
        })
      continue
    }
    if (side.points === undefined) {
      out.push({
        code: 'smr-points-no-total',
        severity: 'warning',
        message: `${side.name} has no points total: a Type 2 battle is fought for an agreed number of points (its units cost ${cost}).`,
        objectId: side.id,
        clause: 'SMR-SETUP-05',
      })
      continue
    }
    if (cost > side.points)
      out.push({
        code: 'smr-points-over',
        severity: 'error',
        message: `The units of ${side.name} cost ${cost} points, ${cost - side.points} over the side's total of ${side.points}.`,
        objectId: side.id,
        clause: 'SMR-PTS-01',
      })
  }
  return out
}

/** How far a unit's base reaches from its centre, inches (half its longer side: a rider's base turns with him). */
function reachIn(u: SmrUnitSpec): number {
  const f = footprintOfProfile(u)
  return f.kind === 'rect' ? Math.max(f.widthIn, f.depthIn) / 2 : f.radiusIn
}

/**
 * Where the units stand: on the table (CORE-TABLE-01), inside their side's
 * deployment area (SMR-SETUP-06: within 6" of its own edge unless the
 * scenario marks a zone), and not inside a wall, a building or impassable
 * ground, nor a rider in a wood (SMR-MOVE-10). Units hidden in a village
 * building are placed there, not on the table.
 */
function placementProblems(s: SmrScenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  const solids = tableSolids(s)
  const { widthIn: w, depthIn: d } = s.table
  for (const u of s.units) {
    if (u.hiddenIn !== undefined) continue
    const side = s.sides.find((x) => x.id === u.sideId)
    if (!side) continue
    const at = { x: u.x, z: u.z }
    const place = { objectId: u.id, at }
    if (u.x < 0 || u.z < 0 || u.x > w || u.z > d) {
      out.push({
        code: 'smr-unit-off-table',
        severity: 'error',
        message: `${u.name} stands off the table.`,
        ...place,
        clause: 'CORE-TABLE-01',
      })
      continue
    }
    const zone = side.deploymentZone!
    const inside =
      u.x >= zone.minX - 1e-6 && u.x <= zone.maxX + 1e-6 && u.z >= zone.minZ - 1e-6 && u.z <= zone.maxZ + 1e-6
    if (!inside) {
      out.push({
        code: 'smr-unit-outside-zone',
        severity: 'error',
        message: `${u.name} stands outside the deployment area of ${side.name} (${
          isDefaultZone(s, side.id) ? `within ${s.settings.deployDepth}" of the ${side.edge} edge` : 'its marked zone'
        }).`,
        ...place,
        clause: 'SMR-SETUP-06',
      })
    }
    const corners = baseCorners({ position: at, facingDeg: u.facingDeg, footprint: footprintOfProfile(u) })
    if (!withinVillageDeployment(s.village, u.sideId, corners)) {
      out.push({
        code: 'smr-unit-beyond-village',
        severity: 'error',
        message: `${u.name} stands more than ${VILLAGE_DEPLOY_IN}" from the village: its side sets up in the village or within ${VILLAGE_DEPLOY_IN}" of it.`,
        ...place,
        clause: 'SMR-SCEN-02',
      })
    }
    const mounted = isMounted(u) || u.creature !== undefined
    const solid = baseSolid(solids, at, reachIn(u) * 0.7, 'light')
    if (solid) {
      out.push({
        code: 'smr-unit-in-solid',
        severity: 'error',
        message: `${u.name} stands inside ${solid.label}: a ${profileLabel(u)} cannot stand there.`,
        ...place,
        clause: 'SMR-MOVE-10',
      })
      continue
    }
    const inBuilding = s.buildings.find((b) => {
      const q = buildingFrame(b).toLocal(at)
      return q.x > 0 && q.z > 0 && q.x < b.widthIn && q.z < b.depthIn
    })
    const inWood = s.terrain.areas.some(
      (a) => a.kind === 'woods' && a.polygon !== undefined && pointInside(at, a.polygon),
    )
    if (mounted && (inWood || inBuilding))
      out.push({
        code: 'smr-rider-in-wood',
        severity: 'error',
        message: `${u.name} stands in ${inBuilding ? (inBuilding.name ?? 'a building') : 'a wood'}: woods and buildings are impassable to cavalry and giant creatures.`,
        ...place,
        clause: 'SMR-MOVE-10',
      })
  }
  return out
}

/** Whether a side's zone is the default strip along its edge (the file marks none). */
function isDefaultZone(s: SmrScenario, sideId: string): boolean {
  const side = s.sides.find((x) => x.id === sideId)!
  const z = side.deploymentZone!
  const { widthIn: w, depthIn: d } = s.table
  const k = s.settings.deployDepth
  const strip =
    side.edge === 'north'
      ? [0, 0, w, k]
      : side.edge === 'south'
        ? [0, d - k, w, d]
        : side.edge === 'west'
          ? [0, 0, k, d]
          : [w - k, 0, w, d]
  return [z.minX, z.minZ, z.maxX, z.maxZ].every((v, i) => Math.abs(v - strip[i]!) < 1e-6)
}

function pointInside(p: { x: number; z: number }, poly: readonly { x: number; z: number }[]): boolean {
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!
    const b = poly[j]!
    if (a.z > p.z !== b.z > p.z && p.x < ((b.x - a.x) * (p.z - a.z)) / (b.z - a.z) + a.x) inside = !inside
  }
  return inside
}

/** One line of a side's points: how many units of one kind, and what they cost together (SMR-PTS-01). */
export interface SmrPointsLine {
  readonly label: string
  readonly points: number
  readonly clause: string
}

/** A side's points as the force builder shows them: its units grouped by kind, each kind's cost (SMR-PTS-01, -06). */
export function smrPointsLines(s: SmrScenario, sideId: string): SmrPointsLine[] {
  const byKind = new Map<string, { n: number; each: number }>()
  for (const u of s.units.filter((x) => x.sideId === sideId)) {
    const label = profileLabel(u)
    const each = unitPoints(u, s.settings)
    const key = `${label}|${each}`
    const now = byKind.get(key) ?? { n: 0, each }
    byKind.set(key, { n: now.n + 1, each })
  }
  return [...byKind.entries()].map(([key, { n, each }]) => ({
    label: `${n} × ${key.split('|')[0]!} (${each} each)`,
    points: n * each,
    clause: 'SMR-PTS-01',
  }))
}

/** Parses an SMR draft for pricing: the scenario, or null while its fields or references do not hold. */
export function parseSmrForPoints(raw: unknown): SmrScenario | null {
  const parsed = SmrScenarioSchema.safeParse(withStandInLeaders(raw))
  return parsed.success ? parsed.data : null
}
