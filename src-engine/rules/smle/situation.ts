import type { FigureState, MatchState, TeamState } from './state/state'
import type { Quality } from './scenario/schema'
import { betterCover, type CoverGrade, COVER_ORDER } from '../../world/types'
import type { World } from './world'
import type { ActivationSituation, FireCategories } from './activation-modifiers'
import { encumbranceIn } from './loadout'
import { bodyKey, doorsKey, memo } from './memo'
import { adjustedFullMoveIn } from './movement'
import {
  commandGroup,
  groupLeader,
  isPresent,
  levelOf,
  knownEnemyFigures,
  nearestFigure,
  presentFigures,
  separatedFigureIds,
  setsWithinIn,
  setsInSight,
} from './organisation'
import { teamRating } from './quality'
import { preparedPositionState } from './cover'
import { vehicleHulls, hullsKey } from './vehicle-sight'

/** A figure's full move after adjustments (SMLE-MOVE-01..07). */
export function figureFullMoveIn(state: MatchState, figure: FigureState): number {
  const team = state.teams[figure.teamId]
  return adjustedFullMoveIn(figure, team?.motivation ?? 'none', state.settings, encumbranceIn(figure))
}

/** The full move of a set of figures: the slowest one's (used for "within one full move", SMLE-ORG-06, SMLE-ACT-10). */
export function setFullMoveIn(state: MatchState, figures: readonly FigureState[]): number {
  return figures.reduce((m, f) => Math.min(m, figureFullMoveIn(state, f)), Infinity)
}

/**
 * The cover a figure has for activation (SMLE-ACT-11): its prepared position,
 * the area it stands in, or cover from the nearest known enemy figure as
 * SMLE-SHOOT-24 judges it (cover within 2" of the figure; prone counts as
 * soft, SMLE-MOVE-06). [decision] A figure that enemy cannot see is not in
 * cover for that alone: only what stands within 2" of it counts, so a figure
 * right behind a wall is in hard cover and one in the open far behind a wood
 * or a house is in none.
 */
export function figureCover(
  state: MatchState,
  world: World,
  figure: FigureState,
  enemies: readonly FigureState[],
): CoverGrade {
  const team = state.teams[figure.teamId]
  const nearestEnemy = nearestFigure(state, world, figure, enemies)?.figure
  // A team's position counts once it has had its first round there (SMLE-SHOOT-26): the answer depends on that too.
  const prepared = team?.preparedPositionId
    ? `${team.preparedPositionId}:${preparedPositionState({ enteredRound: team.preparedSince, round: state.round }).benefits ? 1 : 0}`
    : ''
  // The same figure, enemy, doors and vehicles' hulls objects (states share what did not change): the answer is kept
  // by identity. A vehicle's hull is cover too (SMLE-SHOOT-23, SMLE-VEH-15): a vehicle that moved changes the key.
  const hulls = vehicleHulls(state)
  const byObjects = coverByObjects(world, figure, nearestEnemy ?? NO_ENEMY, state.doors, hulls)
  const known = byObjects.get(prepared)
  if (known !== undefined) return known
  const key = `cover|${bodyKey(figure)}|${prepared}|${nearestEnemy ? bodyKey(nearestEnemy) : '-'}|${doorsKey(state.doors)}|${hullsKey(hulls)}`
  const cover = memo(world, key, () => computeFigureCover(state, world, figure, nearestEnemy))
  byObjects.set(prepared, cover)
  return cover
}

/**
 * Cover answers by world, figure, nearest enemy, door states and vehicles'
 * hulls (objects never changed in place), then by the team's prepared
 * position: a second key for `memo`'s, found without building a string.
 */
const coverCache = new WeakMap<
  World,
  WeakMap<object, WeakMap<object, WeakMap<object, WeakMap<object, Map<string, CoverGrade>>>>>
>()
const NO_ENEMY = {}

function coverByObjects(
  world: World,
  figure: object,
  enemy: object,
  doors: object,
  hulls: object,
): Map<string, CoverGrade> {
  let byFigure = coverCache.get(world)
  if (!byFigure) coverCache.set(world, (byFigure = new WeakMap()))
  let byEnemy = byFigure.get(figure)
  if (!byEnemy) byFigure.set(figure, (byEnemy = new WeakMap()))
  let byDoors = byEnemy.get(enemy)
  if (!byDoors) byEnemy.set(enemy, (byDoors = new WeakMap()))
  let byHulls = byDoors.get(doors)
  if (!byHulls) byDoors.set(doors, (byHulls = new WeakMap()))
  let byPosition = byHulls.get(hulls)
  if (!byPosition) byHulls.set(hulls, (byPosition = new Map()))
  return byPosition
}

function computeFigureCover(
  state: MatchState,
  world: World,
  figure: FigureState,
  nearestEnemy: FigureState | undefined,
): CoverGrade {
  const team = state.teams[figure.teamId]
  const cover: CoverGrade = world.terrainAt(figure.position).cover
  const found = !nearestEnemy
    ? figure.prone
      ? betterCover(cover, 'soft')
      : cover
    : // SMLE-ACT-11 / SMLE-SHOOT-24: cover is what lies within 2" of the figure (or the area it stands in).
      // Being out of the enemy's sight is not cover: a team in the open 18" behind a wood or a house has none.
      betterCover(cover, world.coverOf(figure, nearestEnemy, state.doors, vehicleHulls(state)))
  if (found !== 'prepared') return found
  // SMLE-SHOOT-26, SMLE-PTS-05: a position is its one team's, and gives its benefits once the team has had its first
  // round in it; to anyone else, or before then, it is hard cover (as it is against fire, `coverFrom`).
  const own = team?.preparedPositionId != null && world.positionAt(figure.position)?.id === team.preparedPositionId
  return own && preparedPositionState({ enteredRound: team.preparedSince, round: state.round }).benefits
    ? 'prepared'
    : 'hard'
}

/** SMLE-ACT-11: the best cover that applies to a majority of the figures (ties → better). */
export function majorityCover(covers: readonly CoverGrade[]): CoverGrade {
  if (covers.length === 0) return 'none'
  for (let i = COVER_ORDER.length - 1; i > 0; i--) {
    const grade = COVER_ORDER[i] as CoverGrade
    const at = covers.filter((c) => COVER_ORDER.indexOf(c) >= i).length
    if (at * 2 >= covers.length) return grade
  }
  return 'none'
}

/** Fire categories this round or last (SMLE-ACT-13). */
export function fireCategories(team: TeamState): FireCategories {
  const a = team.fire.thisRound
  const b = team.fire.lastRound
  return {
    direct: a.direct || b.direct,
    auto: a.auto || b.auto,
    explosive: a.explosive || b.explosive,
    flank: a.flank || b.flank,
    rear: a.rear || b.rear,
  }
}

/**
 * What a unit's situation is worked out from, as objects (states share what
 * did not change, and never change an object in place): the settings, sides,
 * groups, doors and every vehicle; the unit's teams and their figures; its
 * leader, his team and their figures; and each of its figures on foot's
 * nearest known enemy (all that the enemy's figures bear on, through cover).
 */
function situationInputs(state: MatchState, world: World, teamIds: readonly string[], leadTeamId: string): unknown[] {
  const inputs: unknown[] = [...sharedInputs(state)]
  const lead = state.teams[leadTeamId]
  pushTeam(inputs, lead)
  if (!lead) return inputs
  const enemies = knownEnemyFigures(state, lead.sideId)
  for (const id of teamIds) pushFigures(inputs, state, state.teams[id], world, enemies)
  const leader = groupLeader(state, commandGroup(state, lead))
  inputs.push(leader)
  if (leader) pushFigures(inputs, state, state.teams[leader.teamId], null, null)
  return inputs
}

/**
 * What a situation reads of a team and its figures (see `pushTeam`), with
 * each figure on foot's nearest of `enemies` when they are given.
 */
function pushFigures(
  inputs: unknown[],
  state: MatchState,
  team: TeamState | undefined,
  world: World | null,
  enemies: readonly FigureState[] | null,
): void {
  pushTeam(inputs, team)
  if (!team) return
  for (const id of team.figureIds) {
    const f = state.figures[id]
    inputs.push(f)
    if (world && enemies && f && f.vehicleId === null && isPresent(f) && f.status !== 'playingDead')
      inputs.push(nearestFigure(state, world, f, enemies)?.figure ?? null)
  }
}

/**
 * What a situation reads of a team: its place in the organisation, its
 * figures, motivation, fire received, freshness, breaks and prepared
 * position. Not the team object: its activation, turn and options change
 * after most commands and bear on none of Table 1a's inputs.
 */
function pushTeam(inputs: unknown[], team: TeamState | undefined): void {
  if (!team) {
    inputs.push(undefined)
    return
  }
  inputs.push(
    team.id,
    team.sideId,
    team.kind,
    team.groupId,
    team.motivation,
    team.figureIds,
    team.fire,
    team.fresh,
    team.breaks,
    team.preparedPositionId,
    team.preparedSince,
  )
}

/** The inputs every unit shares, once per state. */
const sharedInputsByState = new WeakMap<MatchState, readonly unknown[]>()

function sharedInputs(state: MatchState): readonly unknown[] {
  let shared = sharedInputsByState.get(state)
  if (!shared) {
    // Each vehicle rather than the record: the record is made anew by many events that change none of them. The
    // round: a team's prepared position gives its cover once the team has had its first round there (SMLE-SHOOT-26).
    shared = [
      state.settings,
      state.sides,
      state.level,
      state.groups,
      state.doors,
      state.round,
      ...Object.values(state.vehicles),
    ]
    sharedInputsByState.set(state, shared)
  }
  return shared
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !sameValues(a[i], b[i])) return false
  return true
}

/** Two records with the very same values (a figure made anew with nothing changed, in another state or a view). */
function sameValues(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) return false
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  let n = 0
  for (const k in x) {
    if (!(k in y) || !Object.is(x[k], y[k])) return false
    n++
  }
  for (const _ in y) n--
  return n === 0
}

/**
 * The last situation worked out for each unit, by world (a game's, a seat's
 * or the bot's) and the unit's teams, with what it was worked out from:
 * after most commands only a few units' inputs changed, and the rest are not
 * measured again.
 */
const keptSituations = new WeakMap<World, Map<string, KeptSituation[]>>()

interface KeptSituation {
  /** The unit's teams (its lead team is the map's key). */
  readonly teamIds: readonly string[]
  /** What the inputs were read from, less each figure's nearest enemy (see `quickInputs`). */
  quick: unknown[]
  inputs: unknown[]
  situation: ActivationSituation
}

/**
 * The inputs of `situationInputs` with the side's list of known enemies in
 * place of each figure's nearest enemy: the nearest is found from the figure
 * and that list alone (and the vehicles, in the shared inputs), so the very
 * same list and figures give the same nearest enemies, without a search.
 */
function quickInputs(state: MatchState, teamIds: readonly string[], leadTeamId: string): unknown[] {
  const inputs: unknown[] = [...sharedInputs(state)]
  const lead = state.teams[leadTeamId]
  pushTeam(inputs, lead)
  if (!lead) return inputs
  inputs.push(knownEnemyFigures(state, lead.sideId))
  for (const id of teamIds) pushFigures(inputs, state, state.teams[id], null, null)
  const leader = groupLeader(state, commandGroup(state, lead))
  inputs.push(leader)
  if (leader) pushFigures(inputs, state, state.teams[leader.teamId], null, null)
  return inputs
}

/**
 * Measures Table 1a for a unit: `teamIds` are the teams whose figures count
 * (one team at section level; a whole section at platoon level, SMLE-ORG-09;
 * crew and passengers of a vehicle, SMLE-VEH-01); `leadTeamId` gives the
 * motivation and the group.
 */
export function activationSituation(
  state: MatchState,
  world: World,
  teamIds: readonly string[],
  leadTeamId: string,
): ActivationSituation {
  let byLead = keptSituations.get(world)
  if (!byLead) keptSituations.set(world, (byLead = new Map()))
  let units = byLead.get(leadTeamId)
  if (!units) byLead.set(leadTeamId, (units = []))
  let at = units.length - 1
  while (at >= 0 && !sameIds(units[at]!.teamIds, teamIds)) at--
  const kept = at < 0 ? undefined : units[at]
  const quick = quickInputs(state, teamIds, leadTeamId)
  if (kept && sameInputs(kept.quick, quick)) return kept.situation
  const inputs = situationInputs(state, world, teamIds, leadTeamId)
  if (kept && sameInputs(kept.inputs, inputs)) {
    kept.quick = quick
    return kept.situation
  }
  const situation = workOutSituation(state, world, teamIds, leadTeamId)
  const fresh = { teamIds: [...teamIds], quick, inputs, situation }
  if (at < 0) units.push(fresh)
  else units[at] = fresh
  return situation
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** `activationSituation` worked out afresh (nothing kept). */
export function workOutSituation(
  state: MatchState,
  world: World,
  teamIds: readonly string[],
  leadTeamId: string,
): ActivationSituation {
  const lead = state.teams[leadTeamId]
  if (!lead) throw new Error(`unknown team ${leadTeamId}`)
  // Loops rather than flatMap: worked out for a unit after most commands.
  const teams: TeamState[] = []
  for (const id of teamIds) {
    const t = state.teams[id]
    if (t) teams.push(t)
  }
  const all: FigureState[] = []
  for (const t of teams)
    for (const id of t.figureIds) {
      const f = state.figures[id]
      if (f) all.push(f)
    }
  const figures = all.filter(isPresent)
  const enemies = knownEnemyFigures(state, lead.sideId)
  const group = commandGroup(state, lead)
  const leader = groupLeader(state, group)
  const ownSection = lead.groupId === null ? undefined : state.groups[lead.groupId]
  // SMLE-ACT-10: the leader's own team rolls with his quality as base; at platoon level, the section leader's.
  const baseLeader = levelOf(state, lead.sideId) === 'section' ? leader : groupLeader(state, ownSection)
  const acting = figures.filter((f) => f.status !== 'playingDead')
  const baseQuality: Quality =
    baseLeader && acting.some((f) => f.id === baseLeader.id)
      ? baseLeader.quality
      : teamRating(
          acting.map((f) => f.quality),
          lead.motivation,
        )
  const leaderRelation = relationToLeader(state, world, acting, leader)
  const fire = mergeFire(teams)
  const heroes = state.settings.optional.heroes ? acting.map((f) => f.hero?.grade ?? 0) : []
  return {
    baseQuality,
    motivation: lead.motivation,
    alienBase: state.settings.optional.monsters && acting.length > 0 && acting.every((f) => f.armour === 'aliens'),
    leader: leaderRelation === 'with' && group ? group.leaderGrade : null,
    separatedFromLeader: leaderRelation === 'separated',
    // SMLE-ACT-14 (a): a leader or hero who wanders off alone splits his team, which suffers until he returns.
    separated: teams.some(
      (t) =>
        separatedFigureIds(
          world,
          acting.filter((f) => f.teamId === t.id),
          (f) => figureFullMoveIn(state, f) / 2,
        ).length > 0,
    ),
    fresh: teams.every((t) => t.fresh),
    armoured: isArmoured(state, teams),
    cover: majorityCover(acting.filter((f) => f.vehicleId === null).map((f) => figureCover(state, world, f, enemies))),
    wounded:
      all.filter((f) => f.offTable === null && f.status === 'lightWound' && !f.treated).length +
      vehicleWounds(state, teams, 'VLW'),
    casualties:
      all.filter((f) => (f.status === 'dead' || f.status === 'seriousWound') && f.offTable !== 'evacuated').length +
      vehicleWounds(state, teams, 'VSW'),
    fire,
    broken: teams.some((t) => t.breaks > 0),
    heroGrade: Math.max(0, ...heroes),
  }
}

function mergeFire(teams: readonly TeamState[]): FireCategories {
  return mergeFireCategories(teams.map(fireCategories))
}

/** The fire categories any of `records` has (a unit of several teams is under each fire any of them is, SMLE-ACT-17). */
export function mergeFireCategories(records: readonly FireCategories[]): FireCategories {
  const out = { direct: false, auto: false, explosive: false, flank: false, rear: false }
  for (const c of records) {
    out.direct ||= c.direct
    out.auto ||= c.auto
    out.explosive ||= c.explosive
    out.flank ||= c.flank
    out.rear ||= c.rear
  }
  return out
}

/**
 * SMLE-ACT-10 / SMLE-ACT-14 (b): `with` the leader (his own team, or within
 * one full move of his team and in sight of it), `separated` (more than one
 * full move from it), or `neither` (no living leader, or near but unseen).
 */
export function relationToLeader(
  state: MatchState,
  world: World,
  figures: readonly FigureState[],
  leader: FigureState | null,
): 'with' | 'separated' | 'neither' {
  if (!leader || figures.length === 0) return 'neither'
  if (figures.some((f) => f.id === leader.id)) return 'with'
  const leaderTeam = state.teams[leader.teamId]
  const leaderFigures = leaderTeam
    ? presentFigures(state, leaderTeam).filter((f) => f.status !== 'playingDead')
    : [leader]
  const full = setFullMoveIn(state, figures)
  if (!setsWithinIn(state, world, figures, leaderFigures, full + 1e-9)) return 'separated'
  return setsInSight(state, world, figures, leaderFigures) ? 'with' : 'neither'
}

/** SMLE-ACT-08: vehicle crews, or troops inside armoured vehicles. */
function isArmoured(state: MatchState, teams: readonly TeamState[]): boolean {
  return teams.some((t) => {
    if (t.kind === 'crew' && Object.values(state.vehicles).some((v) => v.crewTeamId === t.id && v.status !== 'killed'))
      return true
    return t.figureIds.some((id) => {
      const v = state.figures[id]?.vehicleId
      const vehicle = v ? state.vehicles[v] : undefined
      return vehicle !== undefined && vehicle.armour.side !== 'none'
    })
  })
}

/** SMLE-VEH-15: a VLW counts as "wounded" and a VSW as a casualty for the crew's activation. */
function vehicleWounds(state: MatchState, teams: readonly TeamState[], status: 'VLW' | 'VSW'): number {
  return Object.values(state.vehicles).filter((v) => v.status === status && teams.some((t) => t.id === v.crewTeamId))
    .length
}
