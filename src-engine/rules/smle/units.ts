import type { MatchState, TeamState } from './state/state'
import type { World } from './world'
import { groupLeader, groupTeams, isPresent, isTeamOnTable, levelOf, presentFigures } from './organisation'
import { fireCategories } from './situation'

/** A unit that rolls for activation: its teams and the team whose situation sets the AL (SMLE-GEN-08). */
export interface ActivationUnit {
  readonly teamIds: readonly string[]
  readonly leadTeamId: string
}

/** SMLE-CA-03: figures within 1" of an enemy figure are engaged (in close-combat reach). */
export const ENGAGED_RANGE_IN = 1

/**
 * The teams whose figures make up the situation of a unit led by `leadTeamId`
 * (SMLE-ORG-09: a whole section at platoon level; SMLE-VEH-01: crew and
 * passengers aboard together).
 */
export function subjectTeamIds(state: MatchState, leadTeamId: string): string[] {
  const lead = state.teams[leadTeamId]
  if (!lead) return []
  const ids = new Set<string>([leadTeamId])
  if (levelOf(state, lead.sideId) !== 'section' && lead.groupId !== null)
    for (const t of groupTeams(state, lead.groupId)) if (isTeamOnTable(state, t)) ids.add(t.id)
  for (const v of Object.values(state.vehicles)) {
    if (v.crewTeamId === leadTeamId && v.status !== 'killed') for (const p of v.passengerTeamIds) ids.add(p)
  }
  return [...ids]
}

/** True when a team is under fire this round or last, or any of its figures is engaged with the enemy (SMLE-TURN-06). */
export function isShotAtOrEngaged(state: MatchState, world: World, team: TeamState): boolean {
  const f = fireCategories(team)
  if (f.direct || f.auto || f.explosive || f.flank || f.rear) return true
  const enemies = Object.values(state.figures).filter((x) => x.sideId !== team.sideId && isPresent(x))
  return presentFigures(state, team).some(
    (own) =>
      own.vehicleId === null &&
      enemies.some((e) => e.vehicleId === null && world.distanceIn(own, e) <= ENGAGED_RANGE_IN + 1e-9),
  )
}

/** The teams of a group and of its sub-groups. */
function teamsUnder(state: MatchState, groupId: string): TeamState[] {
  const subgroups = Object.values(state.groups).filter((g) => g.parentId === groupId)
  return [...groupTeams(state, groupId), ...subgroups.flatMap((g) => teamsUnder(state, g.id))]
}

/**
 * SMLE-TURN-06: a group may roll once while none of its teams is being shot
 * at or is engaged, and its leader is alive on the table with one of them.
 * Returns the refusal reason, or null when it may.
 */
export function groupRollRefusal(state: MatchState, world: World, groupId: string, sideId: string): string | null {
  const group = state.groups[groupId]
  if (!group || group.sideId !== sideId) return `There is no group "${groupId}" of this side.`
  if (levelOf(state, sideId) !== 'section' && group.level === 'section')
    return 'At platoon and company level a section already rolls as one unit; a group roll is for the platoon.'
  const teams = teamsUnder(state, groupId).filter((t) => isTeamOnTable(state, t))
  if (teams.length < 2) return `${group.name} has fewer than two teams on the table.`
  const leader = groupLeader(state, group)
  if (!leader || !teams.some((t) => t.id === leader.teamId))
    return `${group.name} has no living leader with it to roll for the group.`
  const shot = teams.find((t) => isShotAtOrEngaged(state, world, t))
  if (shot)
    return `${shot.name} is being shot at or is engaged with the enemy, so every team of ${group.name} rolls on its own.`
  return null
}

/**
 * The units of one side for this round's activation rolls: teams on the
 * table (a section at platoon level), vehicle crews with their passengers,
 * and the groups the owner rolls for as one block (SMLE-TURN-06).
 */
export function unitsForRoll(state: MatchState, sideId: string, groupRolls: readonly string[]): ActivationUnit[] {
  const taken = new Set<string>()
  const units: ActivationUnit[] = []
  const onTable = Object.values(state.teams).filter((t) => t.sideId === sideId && isTeamOnTable(state, t))
  const present = new Set(onTable.map((t) => t.id))
  const add = (teamIds: string[], leadTeamId: string): void => {
    const ids = teamIds.filter((id) => present.has(id) && !taken.has(id))
    if (!ids.includes(leadTeamId)) return
    ids.forEach((id) => taken.add(id))
    units.push({ teamIds: ids, leadTeamId })
  }
  for (const v of Object.values(state.vehicles)) {
    if (v.sideId === sideId && v.status !== 'killed' && v.passengerTeamIds.length > 0)
      add([v.crewTeamId, ...v.passengerTeamIds], v.crewTeamId)
  }
  for (const groupId of groupRolls) {
    const leader = groupLeader(state, state.groups[groupId])
    if (!leader) continue
    const teams = teamsUnder(state, groupId)
    const leadTeam = state.teams[leader.teamId]
    if (!leadTeam) continue
    const ordered = [leadTeam, ...teams.filter((t) => t.id !== leadTeam.id)]
    add(
      ordered.map((t) => t.id),
      leadTeam.id,
    )
  }
  for (const team of onTable) {
    if (taken.has(team.id)) continue
    if (levelOf(state, sideId) !== 'section' && team.groupId !== null) {
      const section = groupTeams(state, team.groupId).filter((t) => present.has(t.id))
      const leader = groupLeader(state, state.groups[team.groupId])
      const lead = section.find((t) => t.id === leader?.teamId) ?? team
      add([lead.id, ...section.map((t) => t.id).filter((id) => id !== lead.id)], lead.id)
    } else add([team.id], team.id)
  }
  return units
}
