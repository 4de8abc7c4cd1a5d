import { TEAM_SIZE } from '../../src-engine/index'
import {
  copyName,
  type Draft,
  draftGroups,
  draftTeams,
  draftVehicles,
  dropLeaders,
  freshIds,
  freshName,
  type Item,
  list,
  pruneGroups,
  teamFigures,
  teamMiddle,
  teamOfFigure,
  withTeams,
} from './force-draft'
import { copySpots, figureSpot, type Spot, spotOf, teamSpots } from './force-placement'
import { removeVehicle } from './vehicle-edits'

/**
 * The force builder's edits of teams, sections, leaders and sides (SMLE §1,
 * §15; a figure's own in figure-edits.ts, vehicles in vehicle-edits.ts): each
 * takes the draft (the scenario's JSON as its file holds it) and gives the
 * changed one, or the same draft when there is nothing to change (so that it
 * is no step to undo). What they write is what the scenario schema reads:
 * teams with their figures, sections (groups) with their leaders, and each
 * side's total of points.
 */

/** A new team's figures: `SMLE-PTS-01` sizes, the usual Trained team at its smallest (three). */
export const NEW_TEAM_FIGURES = TEAM_SIZE.trained[0]
/** The weapon a new figure carries: the bolt-action rifle, the basic weapon of Table 6 (SMLE-PTS-01). */
export const NEW_FIGURE_WEAPON = 'rifle'

/**
 * A new Trained fire team of three riflemen for a side, not in a section,
 * standing in the side's deployment zone clear of walls and other figures.
 */
export function addTeam(draft: Draft, sideId: string, figures = NEW_TEAM_FIGURES): { draft: Draft; teamId: string } {
  const teamId = freshIds(draft, `${sideId}-team`)[0]!
  const name = freshName(
    draftTeams(draft).map((t) => t.name),
    'Team',
  )
  const ids = freshIds(draft, teamId, figures)
  const spots = teamSpots(draft, sideId, figures)
  const team: Item = {
    id: teamId,
    name,
    sideId,
    kind: 'fire',
    quality: 'trained',
    figures: ids.map((id, i) => ({
      id,
      name: `${name}, ${i + 1}`,
      position: spots[i],
      weapon: NEW_FIGURE_WEAPON,
    })),
  }
  return { draft: withTeams(draft, [...draftTeams(draft), team]), teamId }
}

/** Removes a team; a vehicle it crews goes with it, and a section it leaves empty. */
export function removeTeam(draft: Draft, teamId: string): Draft {
  const team = draftTeams(draft).find((t) => t.id === teamId)
  if (!team) return draft
  const crewed = draftVehicles(draft).filter((v) => v.crewTeamId === teamId)
  let next = draft
  for (const v of crewed) next = removeVehicle(next, String(v.id))
  if (draftTeams(next).some((t) => t.id === teamId)) {
    next = withTeams(
      next,
      draftTeams(next).filter((t) => t.id !== teamId),
    )
    next = dropLeaders(next, new Set(teamFigures(team).map((f) => f.id)))
  }
  return pruneGroups(next)
}

/** What of a team the builder changes directly: its name, kind, quality and motivation. */
export type TeamPatch = Partial<Record<'name' | 'kind' | 'quality' | 'motivation', string>>

/** Changes fields of a team. */
export function updateTeam(draft: Draft, teamId: string, patch: TeamPatch): Draft {
  const teams = draftTeams(draft)
  const team = teams.find((t) => t.id === teamId)
  if (!team || Object.entries(patch).every(([k, v]) => team[k] === v)) return draft
  return withTeams(
    draft,
    teams.map((t) => (t.id === teamId ? { ...t, ...patch } : t)),
  )
}

/** The section a team is put in: one of its side's groups, none, or a new section. */
export type GroupChoice = { readonly groupId: string } | 'none' | 'new'

/**
 * Puts a team in a section of its side (or a new one, or none). A figure of
 * the team that led its old section leads it no more, nor does one that led
 * the team alone (the section names its leader, SMLE-ORG-08); a section left
 * with no team is removed.
 */
export function setTeamGroup(draft: Draft, teamId: string, choice: GroupChoice): Draft {
  const team = draftTeams(draft).find((t) => t.id === teamId)
  if (!team) return draft
  const sideId = String(team.sideId)
  let next = draft
  let groupId: string | undefined
  if (choice === 'new') {
    groupId = freshIds(draft, `${sideId}-section`)[0]!
    const name = freshName(
      draftGroups(draft).map((g) => g.name),
      'Section',
    )
    next = { ...next, groups: [...draftGroups(next), { id: groupId, name, sideId, level: 'section' }] }
  } else if (choice !== 'none') groupId = choice.groupId
  if (team.groupId === groupId) return draft
  const old = draftGroups(next).find((g) => g.id === team.groupId)
  const figures = teamFigures(team)
  const ledOld = old !== undefined && figures.some((f) => f.id === old.leaderFigureId)
  const moved: Item = { ...team }
  if (groupId === undefined) delete moved.groupId
  else moved.groupId = groupId
  // A section names its leader: a figure flagged as leading its team alone, or that led the old section, leads no more.
  const target = draftGroups(next).find((g) => g.id === groupId)
  const stepsDown = (f: Item): boolean =>
    f.isLeader === true &&
    ((ledOld && f.id === old.leaderFigureId) || (groupId !== undefined && target?.leaderFigureId !== f.id))
  if (figures.some(stepsDown)) moved.figures = figures.map((f) => (stepsDown(f) ? { ...f, isLeader: false } : f))
  next = withTeams(
    next,
    draftTeams(next).map((t) => (t.id === teamId ? moved : t)),
  )
  if (ledOld) next = dropLeaders(next, new Set([old.leaderFigureId]))
  return pruneGroups(next)
}

/** The figure a new one copies its weapon and armour from: the team's last. */
function lastFigure(team: Item): Item | undefined {
  const figures = teamFigures(team)
  return figures[figures.length - 1]
}

/**
 * One more figure in a team, armed and armoured as its last figure (not its
 * leader), beside its team on the table (aboard, for a crew or passengers).
 */
export function addFigure(draft: Draft, teamId: string): { draft: Draft; figureId: string } | null {
  const team = draftTeams(draft).find((t) => t.id === teamId)
  if (!team) return null
  const figureId = freshIds(draft, teamId)[0]!
  const like = lastFigure(team)
  const vehicle = draftVehicles(draft).find((v) => v.id === team.vehicleId)
  const middle = teamMiddle(team)
  const position =
    (vehicle ? spotOf(vehicle.position) : null) ??
    (middle
      ? figureSpot(draft, String(team.sideId), middle)
      : (teamSpots(draft, String(team.sideId), 1)[0] ?? { x: 0, z: 0 }))
  const figure: Item = {
    id: figureId,
    name: freshName(
      teamFigures(team).map((f) => f.name),
      `${String(team.name)},`,
    ),
    position,
    weapon: typeof like?.weapon === 'string' ? like.weapon : NEW_FIGURE_WEAPON,
    ...(typeof like?.armour === 'string' ? { armour: like.armour } : {}),
  }
  const next = withTeams(
    draft,
    draftTeams(draft).map((t) => (t.id === teamId ? { ...t, figures: [...teamFigures(t), figure] } : t)),
  )
  return { draft: next, figureId }
}

/** The largest base among figures, inches (the default half inch when none says). */
const baseOf = (figures: readonly Item[]): number =>
  Math.max(0.5, ...figures.map((f) => (typeof f.baseRadiusIn === 'number' ? f.baseRadiusIn : 0.5)))

/**
 * A copy of a team (pasted): its kind, quality, motivation, rounds carried,
 * set-up (hidden, reinforcements) and its figures armed and equipped as
 * theirs, in the same formation on clear ground nearest the copied figures
 * (`near` when given, else where the team stands). It joins the team's
 * section (a command team's copy joins none: a section has one leader's
 * team, SMLE-ORG-08); it leads nothing (the section's leader is one figure,
 * SMLE-ORG-08), holds no prepared position and rides in no vehicle (those
 * are the original's). A crew is not copied: it comes with its vehicle.
 * `team` is the team as it was copied: the original may have changed or gone.
 */
export function copyTeam(draft: Draft, team: Item, near?: Spot): { draft: Draft; teamId: string } | null {
  const sideId = String(team.sideId)
  if (team.kind === 'crew' || !list(draft.sides).some((s) => s.id === sideId)) return null
  const figures = teamFigures(team)
  if (figures.length === 0) return null
  const teamId = freshIds(draft, `${sideId}-team`)[0]!
  const name = copyName(
    draftTeams(draft).map((t) => t.name),
    String(team.name ?? 'Team'),
  )
  const ids = freshIds(draft, teamId, figures.length)
  const from = figures.map((f) => spotOf(f.position))
  const placed = from.every((p) => p !== null)
    ? copySpots(draft, sideId, from as Spot[], near ?? teamMiddle(team) ?? (from[0] as Spot), baseOf(figures))
    : teamSpots(draft, sideId, figures.length, baseOf(figures))
  const group = draftGroups(draft).find((g) => g.id === team.groupId)
  const {
    id: _id,
    name: _name,
    figures: _figures,
    groupId: _group,
    preparedPositionId: _position,
    vehicleId: _vehicle,
    ...rest
  } = team
  const copy: Item = {
    ...rest,
    id: teamId,
    name,
    ...(group && (group.level ?? 'section') === 'section' && team.kind !== 'command' ? { groupId: group.id } : {}),
    figures: figures.map((f, i) => {
      const { isLeader: _leads, ...kept } = f
      return { ...kept, id: ids[i], name: `${name}, ${i + 1}`, position: placed[i] }
    }),
  }
  return { draft: withTeams(draft, [...draftTeams(draft), copy]), teamId }
}

/**
 * A copy of a figure (pasted) in the team it was copied from: armed,
 * armoured and equipped as it was, leading nothing, on clear ground beside
 * it (aboard, for a crew or passengers). Null when its team is gone.
 */
export function copyFigure(draft: Draft, figure: Item, teamId: string): { draft: Draft; figureId: string } | null {
  const team = draftTeams(draft).find((t) => t.id === teamId)
  if (!team) return null
  const figureId = freshIds(draft, teamId)[0]!
  const vehicle = draftVehicles(draft).find((v) => v.id === team.vehicleId)
  const at = spotOf(figure.position) ?? teamMiddle(team)
  const position =
    (vehicle ? spotOf(vehicle.position) : null) ??
    (at
      ? figureSpot(draft, String(team.sideId), at, baseOf([figure]))
      : (teamSpots(draft, String(team.sideId), 1)[0] ?? { x: 0, z: 0 }))
  const { isLeader: _leads, ...kept } = figure
  const copy: Item = {
    ...kept,
    id: figureId,
    name: freshName(
      teamFigures(team).map((f) => f.name),
      `${String(team.name)},`,
    ),
    position,
  }
  const next = withTeams(
    draft,
    draftTeams(draft).map((t) => (t.id === teamId ? { ...t, figures: [...teamFigures(t), copy] } : t)),
  )
  return { draft: next, figureId }
}

/** The group a figure's team belongs to, or undefined. */
function groupOfFigure(draft: Draft, figureId: string): Item | undefined {
  const team = teamOfFigure(draft, figureId)
  return team?.groupId === undefined ? undefined : draftGroups(draft).find((g) => g.id === team.groupId)
}

/** Whether a figure leads: its section names it, or it is flagged (leading its team alone). */
export function isLeading(draft: Draft, figure: Item): boolean {
  const group = groupOfFigure(draft, String(figure.id))
  return group ? group.leaderFigureId === figure.id : figure.isLeader === true
}

/**
 * Makes a figure the leader of its team's section (SMLE-ORG-08: one figure
 * inside a team of the group; a basic section leader costs +6, SMLE-PTS-02),
 * or of its team alone when it has no section; the section's former leader
 * leads no more. Off: the section has no leader.
 */
export function setLeader(draft: Draft, figureId: string, leads: boolean): Draft {
  const team = teamOfFigure(draft, figureId)
  if (!team) return draft
  const group = groupOfFigure(draft, figureId)
  const figure = teamFigures(team).find((f) => f.id === figureId)!
  if (isLeading(draft, figure) === leads && (figure.isLeader === true) === leads) return draft
  const former = group?.leaderFigureId
  let next = draft
  if (group) {
    next = {
      ...next,
      groups: draftGroups(next).map((g) => {
        if (g.id !== group.id) return g
        if (leads) return { ...g, leaderFigureId: figureId }
        const { leaderFigureId: _gone, ...rest } = g
        return rest
      }),
    }
  }
  // One leader: the section's former one, or (a team alone) another flagged in the team, leads no more.
  const stepsDown = (t: Item, f: Item): boolean => leads && (f.id === former || (!group && t.id === team.id))
  return withTeams(
    next,
    draftTeams(next).map((t) =>
      teamFigures(t).some((f) => f.id === figureId || stepsDown(t, f))
        ? {
            ...t,
            figures: teamFigures(t).map((f) =>
              f.id === figureId
                ? { ...f, isLeader: leads }
                : stepsDown(t, f) && f.isLeader
                  ? { ...f, isLeader: false }
                  : f,
            ),
          }
        : t,
    ),
  )
}

/** The points a scenario gives a side (SMLE-PTS-*), or none (null). */
export function setSidePoints(draft: Draft, sideId: string, points: number | null): Draft {
  const sides = list(draft.sides)
  const side = sides.find((s) => s.id === sideId)
  if (!side || (side.points ?? null) === points) return draft
  return {
    ...draft,
    sides: sides.map((s) => {
      if (s.id !== sideId) return s
      if (points !== null) return { ...s, points }
      const { points: _none, ...rest } = s
      return rest
    }),
  }
}
