import type { z } from 'zod'
import type { GameLevel, GroupSpec, SideSpec, TeamSpec, VehicleSpec } from './forces-schema'
import type { ObjectiveSpec, VictorySpec } from './mission-schema'
import type {
  BaseLine,
  BuildingSpec,
  LinearFeature,
  PreparedPosition,
  TableObstacle,
  TerrainSchema,
} from '../../../scenario/table-schema'
import { VEHICLE_TABLE } from '../vehicles-data'
import { meleeWeapon, weaponProfile } from '../weapons'

/** The parts of a scenario whose cross-references are checked. */
interface ScenarioParts {
  readonly sides: readonly SideSpec[]
  readonly level: GameLevel
  readonly groups: readonly GroupSpec[]
  readonly teams: readonly TeamSpec[]
  readonly vehicles: readonly VehicleSpec[]
  readonly positions: readonly PreparedPosition[]
  readonly linearFeatures: readonly LinearFeature[]
  readonly obstacles: readonly TableObstacle[]
  readonly baseLines: readonly BaseLine[]
  readonly objectives: readonly ObjectiveSpec[]
  readonly victory: VictorySpec
  readonly buildings: readonly BuildingSpec[]
  readonly terrain: z.infer<typeof TerrainSchema>
  readonly firstSideId: string
  readonly table: { readonly widthIn: number; readonly depthIn: number }
}

/**
 * Checks that every id is unique and every reference names something of the
 * right side, so a loaded scenario can never leave the engine guessing.
 */
export function checkScenarioReferences(s: ScenarioParts, ctx: z.RefinementCtx): void {
  const issue = (message: string): void => ctx.addIssue({ code: 'custom', message })
  const ids = new Set<string>()
  const unique = (id: string, what: string): void => {
    if (ids.has(id)) issue(`duplicate id "${id}" (${what})`)
    ids.add(id)
  }
  const sideIds = new Set(s.sides.map((side) => side.id))
  const knownSide = (sideId: string, what: string): void => {
    if (!sideIds.has(sideId)) issue(`${what} names unknown side "${sideId}"`)
  }
  s.sides.forEach((side) => unique(side.id, 'side'))
  s.buildings.forEach((b) => {
    unique(b.id, 'building')
    b.doors.forEach((d) => unique(d.id, 'door'))
  })
  checkTable(s, unique, knownSide, issue)
  const groups = new Map(s.groups.map((g) => [g.id, g]))
  const figureTeam = new Map<string, TeamSpec>()
  for (const g of s.groups) {
    unique(g.id, 'group')
    knownSide(g.sideId, `group "${g.id}"`)
    if (g.parentId !== undefined && groups.get(g.parentId)?.sideId !== g.sideId)
      issue(`group "${g.id}" names unknown parent group "${g.parentId}"`)
  }
  for (const team of s.teams) {
    unique(team.id, 'team')
    knownSide(team.sideId, `team "${team.id}"`)
    if (team.groupId !== undefined && groups.get(team.groupId)?.sideId !== team.sideId)
      issue(`team "${team.id}" names unknown group "${team.groupId}" of its side`)
    team.figures.forEach((f) => {
      unique(f.id, 'figure')
      // A figure starts with its whole base on the table (reinforcements too: they stand where placed); crews aboard ride.
      if (team.vehicleId === undefined) {
        const { x, z } = f.position
        const r = f.baseRadiusIn
        const { widthIn, depthIn } = s.table
        if (x - r < -1e-9 || z - r < -1e-9 || x + r > widthIn + 1e-9 || z + r > depthIn + 1e-9)
          issue(
            `figure "${f.id}" stands off the table: its base (${r}" radius at x ${x}, z ${z}) must lie within the ${widthIn}" × ${depthIn}" table`,
          )
      }
      figureTeam.set(f.id, team)
      for (const w of [f.weapon, ...f.otherWeapons])
        if (!weaponProfile(w) && !meleeWeapon(w)) issue(`figure "${f.id}" carries unknown weapon "${w}" (Table 6)`)
    })
    for (const w of Object.keys(team.ammo))
      if (!weaponProfile(w)) issue(`team "${team.id}" counts ammunition for unknown weapon "${w}" (Table 6)`)
    // SMLE-ORG-10: at company level each team (base) is one figure for combat.
    if (s.level === 'company' && team.figures.length !== 1)
      issue(`team "${team.id}": at company level each team is a single base (SMLE-ORG-10)`)
  }
  for (const g of s.groups) {
    const leaderTeam = g.leaderFigureId === undefined ? undefined : figureTeam.get(g.leaderFigureId)
    if (g.leaderFigureId !== undefined && leaderTeam?.sideId !== g.sideId)
      issue(`group "${g.id}" names unknown leader "${g.leaderFigureId}"`)
  }
  checkVehicles(s, unique, knownSide, issue)
  const positions = new Set(s.positions.map((p) => p.id))
  for (const team of s.teams) {
    if (team.preparedPositionId !== undefined && !positions.has(team.preparedPositionId))
      issue(`team "${team.id}" names unknown prepared position "${team.preparedPositionId}"`)
  }
  s.objectives.forEach((o) => unique(o.id, 'objective'))
  checkVictory(s, sideIds, issue)
  if (!sideIds.has(s.firstSideId)) issue(`firstSideId "${s.firstSideId}" is not a side`)
}

/** The table's own pieces: unique ids, known sides, windows and stairs on floors the building has. */
function checkTable(
  s: ScenarioParts,
  unique: (id: string, what: string) => void,
  knownSide: (sideId: string, what: string) => void,
  issue: (m: string) => void,
): void {
  s.terrain.hills.forEach((h) => unique(h.id, 'hill'))
  s.terrain.ridges.forEach((r) => unique(r.id, 'ridge'))
  s.terrain.slopes.forEach((r) => unique(r.id, 'slope'))
  s.terrain.areas.forEach((a) => unique(a.id, 'area'))
  s.linearFeatures.forEach((f) => unique(f.id, 'linear feature'))
  for (const p of s.positions) {
    unique(p.id, 'prepared position')
    if (p.sideId !== undefined) knownSide(p.sideId, `prepared position "${p.id}"`)
  }
  s.obstacles.forEach((o) => unique(o.id, 'obstacle'))
  for (const line of s.baseLines) knownSide(line.sideId, 'base line')
  for (const b of s.buildings) {
    const storeys = b.floors?.length ?? 1
    for (const w of b.windows)
      if (w.floor >= storeys) issue(`building "${b.id}" has a window on floor ${w.floor} but only ${storeys} floor(s)`)
    for (const st of b.stairs)
      if (st.floor + 1 >= storeys) issue(`building "${b.id}" has a stair from floor ${st.floor} with no floor above`)
  }
}

function checkVehicles(
  s: ScenarioParts,
  unique: (id: string, what: string) => void,
  knownSide: (sideId: string, what: string) => void,
  issue: (m: string) => void,
): void {
  const teams = new Map(s.teams.map((t) => [t.id, t]))
  const vehicles = new Map(s.vehicles.map((v) => [v.id, v]))
  for (const v of s.vehicles) {
    unique(v.id, 'vehicle')
    knownSide(v.sideId, `vehicle "${v.id}"`)
    if (teams.get(v.crewTeamId)?.sideId !== v.sideId)
      issue(`vehicle "${v.id}" names unknown crew team "${v.crewTeamId}"`)
    const profile = v.profile === undefined ? undefined : VEHICLE_TABLE.find((p) => p.id === v.profile)
    if (v.profile !== undefined && !profile) issue(`vehicle "${v.id}" names unknown profile "${v.profile}" (§13.3)`)
    if (!profile && (v.combatSpeedIn === undefined || v.roadSpeedIn === undefined || v.armour === undefined))
      issue(`vehicle "${v.id}" needs a profile or its speeds and armour`)
    for (const w of v.weapons ?? [])
      if (!weaponProfile(w)) issue(`vehicle "${v.id}" carries unknown weapon "${w}" (Table 6)`)
  }
  for (const team of s.teams) {
    if (team.vehicleId !== undefined && vehicles.get(team.vehicleId)?.sideId !== team.sideId)
      issue(`team "${team.id}" names unknown vehicle "${team.vehicleId}" of its side`)
  }
}

function checkVictory(s: ScenarioParts, sideIds: ReadonlySet<string>, issue: (m: string) => void): void {
  const objectives = new Set(s.objectives.map((o) => o.id))
  const figures = new Set(s.teams.flatMap((t) => t.figures.map((f) => f.id)))
  const side = (id: string): void => {
    if (!sideIds.has(id)) issue(`victory condition names unknown side "${id}"`)
  }
  const objective = (id: string): void => {
    if (!objectives.has(id)) issue(`victory condition names unknown objective "${id}"`)
  }
  for (const c of s.victory.conditions) {
    switch (c.kind) {
      case 'control':
        objective(c.objectiveId)
        c.sideIds.forEach(side)
        break
      case 'occupy':
        objective(c.objectiveId)
        side(c.sideId)
        break
      case 'eliminate':
        side(c.sideId)
        side(c.targetSideId)
        break
      case 'killFigures':
        side(c.sideId)
        c.figureIds.forEach((f) => {
          if (!figures.has(f)) issue(`victory condition names unknown figure "${f}"`)
        })
        break
      case 'exit':
        side(c.sideId)
        break
      case 'raid':
        side(c.sideId)
        c.objectiveIds.forEach(objective)
        break
    }
  }
  if (s.victory.atTimeLimit !== 'draw') side(s.victory.atTimeLimit)
}
