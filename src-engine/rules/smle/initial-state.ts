import type { FigureState, GroupState, MatchState, TeamState, VehicleState } from './state/state'
import { FRESH_ROUND } from './apply/fresh-round'
import { NO_FIRE } from './apply/no-fire'
import { VEHICLE_TABLE } from './vehicles-data'
import { seedRng } from '../../rng/sfc32'
import type { Edge, FigureSpec, Quality, Scenario, TeamSpec, VehicleSpec } from './scenario/schema'
import { quantize } from '../../util/geometry'
import { groundHeightOf } from '../../world/model/ground'

/** Facing toward the table's far edge for the side deploying on the near edge, and back. */
function initialFacingDeg(scenario: Scenario, sideId: string): number {
  const side = scenario.sides.find((s) => s.id === sideId)
  if (!side) return 0
  const zoneCentreZ = (side.deploymentZone.minZ + side.deploymentZone.maxZ) / 2
  return zoneCentreZ > scenario.table.depthIn / 2 ? 0 : 180
}

/** The leader of each group: named, or the figure flagged `isLeader` in one of its teams. */
function groupLeaders(scenario: Scenario): Map<string, string> {
  const leaders = new Map<string, string>()
  for (const g of scenario.groups) if (g.leaderFigureId !== undefined) leaders.set(g.id, g.leaderFigureId)
  for (const team of scenario.teams) {
    if (team.groupId === undefined || leaders.has(team.groupId)) continue
    const flagged = team.figures.find((f) => f.isLeader)
    if (flagged) leaders.set(team.groupId, flagged.id)
  }
  return leaders
}

function figureState(
  scenario: Scenario,
  team: TeamSpec,
  f: FigureSpec,
  isLeader: boolean,
  vehicle: VehicleSpec | undefined,
): FigureState {
  const at = vehicle ? vehicle.position : f.position
  const x = quantize(at.x)
  const z = quantize(at.z)
  // SMLE-QUAL-04: at platoon and company level a team's figures share its rating; leaders, heroes and other significant individuals keep their own.
  const level = scenario.sides.find((s) => s.id === team.sideId)?.level ?? scenario.level
  const own = level === 'section' || isLeader || f.hero !== undefined || f.significant
  const spec = (own ? f.quality : undefined) ?? team.quality
  const quality: Quality = spec === 'random' ? 'trained' : spec
  return {
    id: f.id,
    name: f.name,
    sideId: team.sideId,
    teamId: team.id,
    position: { x, y: groundHeightOf(scenario, x, z), z },
    facingDeg: vehicle ? vehicle.facingDeg : initialFacingDeg(scenario, team.sideId),
    baseRadiusIn: f.baseRadiusIn,
    armour: f.armour,
    quality,
    qualityPending: spec === 'random',
    weapons: [f.weapon, ...f.otherWeapons],
    kit: f.kit,
    isLeader,
    hero: scenario.settings.optional.heroes ? (f.hero ?? null) : null,
    significant: f.significant || isLeader || f.hero !== undefined,
    cameraFodder: scenario.settings.optional.cameraFodder && f.cameraFodder,
    unreliable: scenario.settings.optional.unreliableWeapons && f.unreliable,
    status: 'ok',
    treated: false,
    prone: false,
    braced: false,
    ...FRESH_ROUND,
    helping: null,
    vehicleId: vehicle?.id ?? null,
    offTable: team.entersRound !== undefined ? 'reserve' : null,
    weaponState: {},
    revivals: 0,
    lurking: null,
    returnsRound: null,
  }
}

function teamState(team: TeamSpec): TeamState {
  return {
    id: team.id,
    name: team.name,
    sideId: team.sideId,
    kind: team.kind,
    groupId: team.groupId ?? null,
    motivation: team.motivation,
    figureIds: team.figures.map((f) => f.id),
    activation: null,
    turn: 'waiting',
    secondTurn: 'none',
    moveOption: null,
    attack: null,
    opportunityFired: false,
    other: null,
    fire: { thisRound: NO_FIRE, lastRound: NO_FIRE },
    fresh: true,
    breaks: 0,
    gone: null,
    preparedPositionId: team.preparedPositionId ?? null,
    preparedSince: 0,
    runningRounds: 0,
    haltRounds: 0,
    ranThisRound: false,
    ammo: team.ammo,
    facingDeg: null,
    hidden: team.hidden,
    entersRound: team.entersRound ?? null,
    attackedThisTurn: false,
    doubleMovedLastRound: false,
    rushing: null,
    sprawled: false,
    observing: null,
  }
}

/** A vehicle's figures from its spec, with what it leaves out taken from its §13.3 profile. */
export function resolvedVehicle(
  v: VehicleSpec,
): Pick<
  VehicleState,
  'combatSpeedIn' | 'roadSpeedIn' | 'armour' | 'openTopped' | 'passengerCapacity' | 'size' | 'weapons'
> {
  const p = v.profile === undefined ? undefined : VEHICLE_TABLE.find((row) => row.id === v.profile)
  const armour = v.armour ?? p?.armour
  const combat = v.combatSpeedIn ?? p?.combatSpeedIn
  const road = v.roadSpeedIn ?? p?.roadSpeedIn
  if (!armour || combat === undefined || road === undefined)
    throw new Error(`vehicle "${v.id}" needs a profile or its speeds and armour`)
  return {
    combatSpeedIn: combat,
    roadSpeedIn: road,
    armour,
    openTopped: v.openTopped ?? p?.openTopped ?? false,
    passengerCapacity: v.passengerCapacity ?? p?.passengers ?? 0,
    size: v.size ?? p?.size ?? 'medium',
    weapons: v.weapons ?? p?.weapons ?? [],
  }
}

function vehicleState(scenario: Scenario, v: VehicleSpec): VehicleState {
  const x = quantize(v.position.x)
  const z = quantize(v.position.z)
  const crew = scenario.teams.find((t) => t.id === v.crewTeamId)
  return {
    id: v.id,
    name: v.name,
    sideId: v.sideId,
    crewTeamId: v.crewTeamId,
    position: { x, y: groundHeightOf(scenario, x, z), z },
    facingDeg: v.facingDeg,
    lengthIn: v.lengthIn,
    widthIn: v.widthIn,
    ...resolvedVehicle(v),
    accessDoors: v.accessDoors,
    helicopter: v.helicopter,
    speedLastRoundIn: v.speedIn,
    movedIn: 0,
    turnMovedIn: 0,
    roadSpeed: false,
    status: 'ok',
    vswCount: 0,
    stoppedRound: null,
    passengerTeamIds: scenario.teams.filter((t) => t.vehicleId === v.id && t.id !== v.crewTeamId).map((t) => t.id),
    crewBoardedRound: null,
    boardedRound: null,
    offTable: crew?.entersRound !== undefined,
    debussedThisRound: 0,
    // SMLE-VEH-05: a helicopter on the table has landed; one arriving later lands when it arrives.
    landedRound: v.helicopter && crew?.entersRound === undefined ? 1 : null,
  }
}

/** The table edge nearest a rectangle's centre: a side's base line when the scenario does not name it. */
export function nearestEdge(
  scenario: Scenario,
  zone: { minX: number; minZ: number; maxX: number; maxZ: number },
): Edge {
  const cx = (zone.minX + zone.maxX) / 2
  const cz = (zone.minZ + zone.maxZ) / 2
  const { widthIn, depthIn } = scenario.table
  const d: [Edge, number][] = [
    ['north', cz],
    ['south', depthIn - cz],
    ['west', cx],
    ['east', widthIn - cx],
  ]
  d.sort((a, b) => a[1] - b[1])
  return d[0]?.[0] ?? 'south'
}

/**
 * A side's base edge (SMLE-OPT-07/08 fall back and break toward it; exits by
 * it): the scenario's base line when it is a table edge; for a base line
 * drawn between two points, the table edge nearest its middle; with none, the
 * edge nearest the side's deployment zone (as the world's base line).
 */
export function baseEdgeOf(scenario: Scenario, side: Scenario['sides'][number]): Edge {
  const line = scenario.baseLines.find((l) => l.sideId === side.id)
  if (line?.edge) return line.edge
  if (line?.from && line.to) {
    const x = (line.from.x + line.to.x) / 2
    const z = (line.from.z + line.to.z) / 2
    return nearestEdge(scenario, { minX: x, maxX: x, minZ: z, maxZ: z })
  }
  return nearestEdge(scenario, side.deploymentZone)
}

/** True when the game needs a set-up phase: free deployment, or a choice to make before play (SMLE-SCEN-04). */
export function needsSetup(scenario: Scenario): boolean {
  return scenario.deployment === 'free' || scenario.victory.conditions.some((c) => c.kind === 'raid')
}

/** The state at the start of a game: the scenario's forces, its settings and a seeded generator. */
export function initialState(scenario: Scenario, seed: number, dice: MatchState['dice'] = 'physics'): MatchState {
  const leaders = groupLeaders(scenario)
  const leaderIds = new Set(leaders.values())
  const vehicles = new Map(scenario.vehicles.map((v) => [v.id, v]))
  const teams: Record<string, TeamState> = {}
  const figures: Record<string, FigureState> = {}
  for (const team of scenario.teams) {
    teams[team.id] = teamState(team)
    const vehicle = team.vehicleId === undefined ? undefined : vehicles.get(team.vehicleId)
    for (const f of team.figures)
      figures[f.id] = figureState(scenario, team, f, leaderIds.has(f.id) || f.isLeader, vehicle)
  }
  const groups: Record<string, GroupState> = Object.fromEntries(
    scenario.groups.map((g) => [
      g.id,
      {
        id: g.id,
        name: g.name,
        sideId: g.sideId,
        level: g.level,
        leaderFigureId: leaders.get(g.id) ?? null,
        parentId: g.parentId ?? null,
        leaderGrade: g.leaderGrade,
      },
    ]),
  )
  const doors: MatchState['doors'] = Object.fromEntries(
    scenario.buildings.flatMap((b) =>
      b.doors.map((d) => [d.id, { id: d.id, buildingId: b.id, kind: d.kind, state: d.state }] as const),
    ),
  )
  const setup = needsSetup(scenario)
  return {
    ruleset: scenario.ruleset,
    scenarioId: scenario.id,
    level: scenario.level,
    settings: scenario.settings,
    roundLimit: scenario.roundLimit,
    phase: setup ? 'setup' : 'activation',
    round: setup ? 0 : 1,
    activeSideId: scenario.firstSideId,
    sidesReady: [],
    firstSideId: scenario.firstSideId,
    sides: scenario.sides.map((s) => ({
      id: s.id,
      name: s.name,
      colour: s.colour,
      baseEdge: baseEdgeOf(scenario, s),
      level: s.level ?? scenario.level,
    })),
    groups,
    teams,
    figures,
    vehicles: Object.fromEntries(scenario.vehicles.map((v) => [v.id, vehicleState(scenario, v)])),
    doors,
    items: [],
    activeUnit: null,
    pending: null,
    interrupted: [],
    rolloff: {},
    raid: { objectiveId: null, heldSince: null, held: false, exitedBefore: 0 },
    missions: [],
    cachesTaken: [],
    result: null,
    dice,
    rng: seedRng(seed),
    rollCount: 0,
    doorAttempts: [],
  }
}
