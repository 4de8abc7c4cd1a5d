import type { FigureState, GroupState, MatchState, TeamState, VehicleState } from './state/state'
import type { Vec3 } from '../../util/geometry'
import type { Body } from '../../world/types'
import { rectFootprint } from '../../world/footprint'
import type { World } from './world'
import { NearestIndex } from './nearest'
import { vehicleHulls } from './vehicle-sight'

/** §1 organisation: who is on the table, in which team and group, and who leads. */

/** Alive and on the table (a figure playing dead is alive, SMLE-FODDER-03). */
export function isPresent(f: FigureState): boolean {
  return f.offTable === null && f.status !== 'dead'
}

/** Able to act at all: present, not playing dead, not lying in wait as a monster. */
export function canAct(f: FigureState): boolean {
  return isPresent(f) && f.status !== 'playingDead' && f.lurking === null
}

/** A team's figures. */
export function teamFigures(state: MatchState, team: TeamState): FigureState[] {
  const out: FigureState[] = []
  for (const id of team.figureIds) {
    const f = state.figures[id]
    if (f) out.push(f)
  }
  return out
}

/** A team's figures that are alive and on the table. */
export function presentFigures(state: MatchState, team: TeamState): FigureState[] {
  return teamFigures(state, team).filter(isPresent)
}

/** A team is still in the game: not gone, with a figure alive on the table, or reinforcements still to come. */
export function isTeamInPlay(state: MatchState, team: TeamState): boolean {
  if (team.gone) return false
  // A loop rather than teamFigures: asked of every team after every command.
  for (const id of team.figureIds) {
    const f = state.figures[id]
    // SMLE-MONSTER-03: a monster that vanished is due back; its side still has it.
    if (f && f.status !== 'dead' && (f.offTable === null || f.offTable === 'reserve' || f.offTable === 'vanished'))
      return true
  }
  return false
}

/** A team on the table now, able to roll for activation. */
export function isTeamOnTable(state: MatchState, team: TeamState): boolean {
  if (team.gone) return false
  for (const id of team.figureIds) {
    const f = state.figures[id]
    if (f && isPresent(f)) return true
  }
  return false
}

/** The sides other than this one. */
export function enemySideIds(state: MatchState, sideId: string): string[] {
  return state.sides.filter((s) => s.id !== sideId).map((s) => s.id)
}

/**
 * Enemy figures this side knows of: present, not playing dead, in a team
 * that is not hidden (SMLE-SCEN-05), and not shut inside a closed vehicle.
 */
export function knownEnemyFigures(state: MatchState, sideId: string): readonly FigureState[] {
  // The list is made from the figures and the teams alone: states that share both records share it.
  let byTeams = knownEnemies.get(state.figures)
  if (!byTeams) knownEnemies.set(state.figures, (byTeams = new WeakMap()))
  let bySide = byTeams.get(state.teams)
  if (!bySide) {
    bySide = new Map()
    byTeams.set(state.teams, bySide)
  }
  let known = bySide.get(sideId)
  if (!known) {
    const fresh = Object.values(state.figures).filter((f) => {
      if (f.sideId === sideId || !canAct(f)) return false
      const team = state.teams[f.teamId]
      return team !== undefined && !team.hidden
    })
    // The same figures as the last list asked for (nothing of theirs changed): that list, and the index built on it.
    const last = lastKnown.get(sideId)
    known = last && sameMembers(last, fresh) ? last : Object.freeze(fresh)
    if (last && known !== last) {
      followsFrom.set(known, last)
      // One step back only: each list held the one before it, so every list (and its index) ever made stayed alive.
      followsFrom.delete(last)
    }
    lastKnown.set(sideId, known)
    bySide.set(sideId, known)
  }
  return known
}

/**
 * Known enemies by side, kept per figures and teams records (never changed
 * in place); the lists are frozen, so they can be indexed.
 */
const knownEnemies = new WeakMap<
  MatchState['figures'],
  WeakMap<MatchState['teams'], Map<string, readonly FigureState[]>>
>()
/** The list of known enemies a list replaced (a few figures changed, moved, came or went). */
const followsFrom = new WeakMap<readonly FigureState[], readonly FigureState[]>()
/** The list of known enemies `list` replaced, while it is kept (one step back only); null when none is. */
export function replacedEnemyList(list: readonly FigureState[]): readonly FigureState[] | null {
  return followsFrom.get(list) ?? null
}

/** The last list of known enemies made for each side id. */
const lastKnown = new Map<string, readonly FigureState[]>()

function sameMembers(a: readonly FigureState[], b: readonly FigureState[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/**
 * A vehicle's hull as a body on the table (SMLE-GEN-05): a rectangle
 * `widthIn` across and `lengthIn` from front to back about its centre (or
 * `at`, where a figure aboard stands), facing the vehicle's facing.
 * Distances to it run to the nearest point of its hull, not its centre.
 */
export function vehicleHull(v: VehicleState, at: Vec3 = v.position, id: string = v.id): Body {
  return {
    id,
    position: at,
    baseRadiusIn: Math.min(v.lengthIn, v.widthIn) / 2,
    prone: false,
    facingDeg: v.facingDeg,
    footprint: rectFootprint(v.widthIn, v.lengthIn),
  }
}

/**
 * SMLE-GEN-05: what a figure's distances are measured from: its base, or,
 * aboard a vehicle (where it stands at the vehicle's centre), the vehicle's
 * hull, so a range to or from the people in a vehicle runs to the nearest
 * edge of their hull. For distances only; sight keeps the figure's own points.
 */
export function measuredBody(state: MatchState, f: FigureState): Body {
  const v = f.vehicleId === null ? undefined : state.vehicles[f.vehicleId]
  return v ? vehicleHull(v, f.position, f.id) : f
}

/** SMLE-GEN-05: the distance between two figures, nearest edge to nearest edge, a figure aboard a vehicle measured by its hull. */
export function figureGapIn(state: MatchState, world: World, a: FigureState, b: FigureState): number {
  return world.distanceIn(measuredBody(state, a), measuredBody(state, b))
}

/** The nearest of `candidates` to a figure (SMLE-GEN-05 distance, hulls for figures aboard), or null. */
export function nearestFigure(
  state: MatchState,
  world: World,
  from: FigureState,
  candidates: readonly FigureState[],
): { figure: FigureState; distanceIn: number } | null {
  // A list with the very members of the side's known enemies (made by another caller) is answered by their index.
  const index = nearestIndexOf(state, asKnownEnemies(state, from, candidates))
  if (index) {
    const found = index.nearestKept(world, measuredBody(state, from), (a, b) => world.distanceIn(a, b))
    return found && { figure: found.member, distanceIn: found.distanceIn }
  }
  let best: { figure: FigureState; distanceIn: number } | null = null
  for (const c of candidates) {
    const d = figureGapIn(state, world, from, c)
    if (!best || d < best.distanceIn || (d === best.distanceIn && c.id < best.figure.id))
      best = { figure: c, distanceIn: d }
  }
  return best
}

/** `candidates`, or the frozen list of `from`'s side's known enemies when it holds the very same figures in the same order. */
function asKnownEnemies(
  state: MatchState,
  from: FigureState,
  candidates: readonly FigureState[],
): readonly FigureState[] {
  if (Object.isFrozen(candidates)) return candidates
  const known = knownEnemyFigures(state, from.sideId)
  return sameMembers(known, candidates) ? known : candidates
}

/**
 * Lists shorter than this are scanned. Every frozen list is indexed: its
 * index keeps its answers, and the next list's index brings them up to date.
 */
const INDEX_FROM = 1

/**
 * Indexes of frozen candidate lists (they cannot change). An index measured
 * the hulls of candidates aboard vehicles in the vehicles of one state; it
 * serves any state with those same vehicles (or when no candidate is aboard).
 */
const nearestIndexes = new WeakMap<
  readonly FigureState[],
  { vehicles: MatchState['vehicles'] | null; index: NearestIndex<FigureState> }
>()

/** A nearest-figure index over a frozen list of candidates (such as `knownEnemyFigures`), or null to scan. */
function nearestIndexOf(state: MatchState, candidates: readonly FigureState[]): NearestIndex<FigureState> | null {
  if (candidates.length < INDEX_FROM || !Object.isFrozen(candidates)) return null
  const held = nearestIndexes.get(candidates)
  if (held && (held.vehicles === null || held.vehicles === state.vehicles)) return held.index
  const aboard = candidates.some((f) => f.vehicleId !== null)
  const bodyOf = (f: FigureState): Body => measuredBody(state, f)
  const index = followingIndex(candidates, aboard, bodyOf) ?? new NearestIndex(candidates, bodyOf)
  nearestIndexes.set(candidates, { vehicles: aboard ? state.vehicles : null, index })
  return index
}

/** At most this many figures changed between two lists for the later one's index to follow the earlier's answers. */
const FOLLOW_AT_MOST = 16

/**
 * An index that brings the answers of the index of the list `candidates`
 * replaced up to date, or null. Only where no figure is aboard a vehicle
 * (in either list): then every figure is measured by its own base, the same
 * in any state.
 */
function followingIndex(
  candidates: readonly FigureState[],
  aboard: boolean,
  bodyOf: (f: FigureState) => Body,
): NearestIndex<FigureState> | null {
  const earlierList = followsFrom.get(candidates)
  const earlier = earlierList && nearestIndexes.get(earlierList)
  if (aboard || !earlierList || !earlier || earlier.vehicles !== null) return null
  const { added, removed } = changedMembers(earlierList, candidates)
  if (added.length + removed.size > FOLLOW_AT_MOST) return null
  const replaced = new Map<FigureState, FigureState>()
  for (const old of removed) {
    const next = added.find((f) => f.id === old.id)
    if (next && sameMeasure(old, next)) replaced.set(old, next)
  }
  return NearestIndex.following(earlier.index, candidates, bodyOf, added, removed, replaced)
}

/**
 * The members of `now` not in `before` (in `now`'s order) and those of
 * `before` not in `now` (in `before`'s order). Two lists of the same length
 * are compared place by place (lists made from one record keep its order):
 * that gives the very same members unless one moved to another place, which
 * shows as a member both added and removed, and then the lists are compared
 * as sets.
 */
export function changedMembers<T>(
  before: readonly T[],
  now: readonly T[],
): { added: readonly T[]; removed: ReadonlySet<T> } {
  if (before.length === now.length) {
    const added: T[] = []
    const removed = new Set<T>()
    for (let i = 0; i < now.length; i++)
      if (now[i] !== before[i]) {
        added.push(now[i]!)
        removed.add(before[i]!)
      }
    if (!added.some((f) => removed.has(f))) return { added, removed }
  }
  const inNow = new Set(now)
  const inBefore = new Set(before)
  return { added: now.filter((f) => !inBefore.has(f)), removed: new Set(before.filter((f) => !inNow.has(f))) }
}

/**
 * Two versions of a figure on foot that `World.distanceIn` measures alike:
 * it reads a body's position, base (radius, footprint) and facing only.
 */
function sameMeasure(a: FigureState, b: FigureState): boolean {
  const p = a.position
  const q = b.position
  return (
    a.vehicleId === null &&
    b.vehicleId === null &&
    (p === q || (Object.is(p.x, q.x) && Object.is(p.y, q.y) && Object.is(p.z, q.z))) &&
    Object.is(a.baseRadiusIn, b.baseRadiusIn) &&
    Object.is(a.facingDeg, b.facingDeg) &&
    (a as Body).footprint === (b as Body).footprint
  )
}

/** Shortest distance between two sets of figures (nearest figures, SMLE-ORG-05; hulls for figures aboard, SMLE-GEN-05). */
export function setDistanceIn(
  state: MatchState,
  world: World,
  a: readonly FigureState[],
  b: readonly FigureState[],
): number {
  let best = Infinity
  for (const x of a) for (const y of b) best = Math.min(best, figureGapIn(state, world, x, y))
  return best
}

/** True when some figure of `a` is within `limitIn` of some figure of `b` (`setDistanceIn(a, b) <= limitIn`, stopping at the first such pair). */
export function setsWithinIn(
  state: MatchState,
  world: World,
  a: readonly FigureState[],
  b: readonly FigureState[],
  limitIn: number,
): boolean {
  for (const x of a) for (const y of b) if (figureGapIn(state, world, x, y) <= limitIn) return true
  return false
}

/** At least one figure of each set has line of sight to a figure of the other (SMLE-ACT-10). */
export function setsInSight(
  state: MatchState,
  world: World,
  a: readonly FigureState[],
  b: readonly FigureState[],
): boolean {
  const hulls = vehicleHulls(state)
  for (const x of a) for (const y of b) if (world.sees(x, y, state.doors, hulls)) return true
  return false
}

/** The living leader figure of a group, on the table, or null. */
export function groupLeader(state: MatchState, group: GroupState | undefined): FigureState | null {
  if (!group?.leaderFigureId) return null
  const f = state.figures[group.leaderFigureId]
  return f && isPresent(f) && f.status !== 'playingDead' ? f : null
}

/** The level of game a side plays at (SMLE-ORG-09, -10; SMLE-SCEN-01 may mix them). */
export function levelOf(state: MatchState, sideId: string): MatchState['level'] {
  return state.sides.find((s) => s.id === sideId)?.level ?? state.level
}

/**
 * The group a team's activation answers to: its section; at platoon and company level the section's parent
 * (SMLE-ORG-09), and for a team of the platoon (or company) itself, its command team with the leader in it, that
 * group: the leader's own team gets his +1 (SMLE-ACT-10).
 */
export function commandGroup(state: MatchState, team: TeamState): GroupState | undefined {
  const own = team.groupId === null ? undefined : state.groups[team.groupId]
  if (levelOf(state, team.sideId) === 'section') return own
  if (own && own.level !== 'section') return own
  return own?.parentId ? state.groups[own.parentId] : undefined
}

/** Teams of a group (directly in it). */
export function groupTeams(state: MatchState, groupId: string): TeamState[] {
  return Object.values(state.teams).filter((t) => t.groupId === groupId)
}

/**
 * SMLE-ORG-05: a figure is separated when it is more than half its full move
 * from every other present figure of its team. Teams of one, and figures
 * aboard vehicles, are never separated.
 */
export function separatedFigureIds(
  world: World,
  figures: readonly FigureState[],
  halfMoveOf: (f: FigureState) => number,
): string[] {
  const onFoot = figures.filter((f) => f.vehicleId === null)
  if (onFoot.length < 2) return []
  return onFoot
    .filter((f) => onFoot.every((o) => o.id === f.id || world.distanceIn(f, o) > halfMoveOf(f) + 1e-9))
    .map((f) => f.id)
}
