import { viewerHoldsSide, type Viewer } from '../../core/viewer'
import { HIDDEN_RNG } from '../../dice/dice-event'
import type { Scenario } from './scenario/schema'
import type { AfterWindow, OpportunityWindow, Pending } from './state/pending'
import type { ActiveUnit, FigureState, GroupState, MatchState, TeamState, TurnStart, VehicleState } from './state/state'

/**
 * What one viewer may not know of a game: the teams still set up hidden
 * (SMLE-SCEN-05) whose side it does not hold, their figures, and the words
 * (ids and names) that would give them away.
 */
export interface Secrets {
  readonly teamIds: ReadonlySet<string>
  readonly figureIds: ReadonlySet<string>
  /** Vehicles crewed by a hidden team. */
  readonly vehicleIds: ReadonlySet<string>
  /** Names of the hidden teams and figures (they appear in roll purposes and labels). */
  readonly names: readonly string[]
}

/**
 * SMLE-SCEN-05 / SMLE-SHOOT-26: the teams set up hidden and not yet revealed
 * whose side the viewer does not hold, with everything that belongs to them.
 * The referee holds every side, so it has no secrets kept from it.
 */
export function secretsFor(state: MatchState, viewer: Viewer): Secrets {
  const teams = Object.values(state.teams).filter((t) => t.hidden && !viewerHoldsSide(viewer, t.sideId))
  const teamIds = new Set(teams.map((t) => t.id))
  const figureIds = new Set<string>()
  for (const t of teams) for (const id of t.figureIds) figureIds.add(id)
  for (const f of Object.values(state.figures)) if (teamIds.has(f.teamId)) figureIds.add(f.id)
  const vehicleIds = new Set(
    Object.values(state.vehicles)
      .filter((v) => teamIds.has(v.crewTeamId))
      .map((v) => v.id),
  )
  const names = [
    ...teams.map((t) => t.name),
    ...[...figureIds].map((id) => state.figures[id]?.name ?? ''),
    ...[...vehicleIds].map((id) => state.vehicles[id]?.name ?? ''),
  ]
  return { teamIds, figureIds, vehicleIds, names: names.filter((n) => n.trim() !== '') }
}

/** True when nothing is kept from this viewer (the usual case once every hidden team is revealed). */
export function hasSecrets(secrets: Secrets): boolean {
  return secrets.teamIds.size > 0
}

/**
 * The game as `viewer` may know it (SMLE-SCEN-05, SMLE-SHOOT-26, SMLE-SCEN-04).
 * A hidden team the viewer does not play disappears with its figures and
 * vehicles, and no structure keeps its id: activation blocks, the active
 * unit, interrupt and fire windows, fire received from it, roll-offs, fire
 * missions, door attempts, group leaders, passengers, how its turn began.
 * The raider's secret objective (SMLE-SCEN-04) is kept from the other side
 * until it is held; when `scenario` is not given nobody but the referee sees
 * it. Pure: the state passed in is not changed; the referee gets it back as
 * it is.
 */
export function viewState(state: MatchState, viewer: Viewer, scenario?: Scenario): MatchState {
  if (viewer.kind === 'referee') return state
  // The generator's state would tell every die to come: no seat is sent it.
  return viewRollCount({ ...viewSecrets(state, viewer, scenario), rng: HIDDEN_RNG }, viewer)
}

/**
 * SMLE-SCEN-05: how many rolls of the game, up to `state`, were made by
 * teams still hidden from `viewer` (those of the sides it does not hold;
 * `hiddenRolls`, kept by the `RollsHidden` events).
 */
export function unseenRolls(state: MatchState, viewer: Viewer): number {
  if (viewer.kind === 'referee' || state.hiddenRolls === undefined) return 0
  let n = 0
  for (const [side, count] of Object.entries(state.hiddenRolls)) if (!viewerHoldsSide(viewer, side)) n += count
  return n
}

/**
 * SMLE-SCEN-05: the roll count as the viewer may know it, without the rolls
 * of teams still hidden from it when they were made (`hiddenRolls`, of which
 * it is told nothing when it does not hold every side that made them).
 */
function viewRollCount(state: MatchState, viewer: Viewer): MatchState {
  const unseen = unseenRolls(state, viewer)
  if (unseen === 0) return state
  const { hiddenRolls: _, ...rest } = state
  return { ...rest, rollCount: state.rollCount - unseen }
}

function viewSecrets(state: MatchState, viewer: Viewer, scenario?: Scenario): MatchState {
  const raid = redactRaid(state, viewer, scenario)
  const secrets = secretsFor(state, viewer)
  if (!hasSecrets(secrets)) return raid === state.raid ? state : { ...state, raid }
  const shown = (id: string): boolean => !secrets.teamIds.has(id)
  const shownFigure = (id: string): boolean => !secrets.figureIds.has(id)
  const { turnStart, ...rest } = state
  return {
    ...rest,
    raid,
    groups: viewGroups(state, secrets),
    teams: mapRecord(state.teams, (t) => (shown(t.id) ? viewTeam(t, secrets) : null)),
    figures: mapRecord(state.figures, (f) => (shownFigure(f.id) ? viewFigure(f, secrets) : null)),
    vehicles: mapRecord(state.vehicles, (v) => (secrets.vehicleIds.has(v.id) ? null : viewVehicle(v, secrets))),
    activeUnit: viewActiveUnit(state.activeUnit, secrets),
    pending: state.pending ? viewPending(state.pending, secrets) : null,
    interrupted: state.interrupted.filter(shown),
    rolloff: filterKeys(state.rolloff, shown),
    missions: state.missions.filter(
      (m) =>
        shown(m.observerTeamId) &&
        shown(m.firingTeamId) &&
        shownFigure(m.observerFigureId) &&
        shownFigure(m.firingFigureId),
    ),
    doorAttempts: state.doorAttempts.filter((a) => shown(a.split(':')[0] ?? '')),
    ...viewTurnStart(turnStart, secrets),
  }
}

/** How the acting team's turn began (SMLE-CA-08): nothing of a hidden team's turn, nor a hidden figure's pose. */
function viewTurnStart(start: TurnStart | undefined, secrets: Secrets): Pick<MatchState, 'turnStart'> {
  if (!start || secrets.teamIds.has(start.teamId)) return {}
  if (!Object.keys(start.figures).some((id) => secrets.figureIds.has(id))) return { turnStart: start }
  return { turnStart: { ...start, figures: filterKeys(start.figures, (id) => !secrets.figureIds.has(id)) } }
}

/**
 * SMLE-SCEN-04: the raider records its objective in secret; the other side learns it when the raider holds it. Until
 * then it learns nothing of the hold being made either (when it began would tell the real objective from a feint).
 */
function redactRaid(state: MatchState, viewer: Viewer, scenario: Scenario | undefined): MatchState['raid'] {
  if (state.raid.objectiveId === null || state.raid.held) return state.raid
  const raider = scenario?.victory.conditions.find((c) => c.kind === 'raid')
  if (raider && viewerHoldsSide(viewer, raider.sideId)) return state.raid
  return { ...state.raid, objectiveId: null, heldSince: null }
}

function viewTeam(team: TeamState, secrets: Secrets): TeamState {
  const known = (ids: readonly string[]): readonly string[] =>
    ids.some((id) => secrets.teamIds.has(id)) ? ids.filter((id) => !secrets.teamIds.has(id)) : ids
  const { thisRound, lastRound } = team.fire
  const activation =
    team.activation && secrets.teamIds.has(team.activation.blockId)
      ? { ...team.activation, blockId: team.id }
      : team.activation
  const thisKnown = known(thisRound.byTeams)
  const lastKnown = known(lastRound.byTeams)
  // Nothing of it kept from the viewer: the team itself (its identity is what caches go by).
  if (activation === team.activation && thisKnown === thisRound.byTeams && lastKnown === lastRound.byTeams) return team
  return {
    ...team,
    activation,
    fire: {
      thisRound: { ...thisRound, byTeams: thisKnown },
      lastRound: { ...lastRound, byTeams: lastKnown },
    },
  }
}

function viewFigure(figure: FigureState, secrets: Secrets): FigureState {
  const helping = figure.helping !== null && secrets.figureIds.has(figure.helping) ? null : figure.helping
  const vehicleId = figure.vehicleId !== null && secrets.vehicleIds.has(figure.vehicleId) ? null : figure.vehicleId
  return helping === figure.helping && vehicleId === figure.vehicleId ? figure : { ...figure, helping, vehicleId }
}

function viewVehicle(vehicle: VehicleState, secrets: Secrets): VehicleState {
  if (!vehicle.passengerTeamIds.some((id) => secrets.teamIds.has(id))) return vehicle
  return { ...vehicle, passengerTeamIds: vehicle.passengerTeamIds.filter((id) => !secrets.teamIds.has(id)) }
}

/**
 * Groups: a group whose teams are all hidden (and that leads no group still
 * shown) goes; a shown group led by a hidden figure loses its leader's id.
 */
function viewGroups(state: MatchState, secrets: Secrets): MatchState['groups'] {
  const keep = new Set<string>()
  const withTeams = new Set<string>()
  for (const t of Object.values(state.teams)) {
    if (t.groupId === null) continue
    withTeams.add(t.groupId)
    if (!secrets.teamIds.has(t.id)) keep.add(t.groupId)
  }
  for (const g of Object.values(state.groups))
    if (!withTeams.has(g.id) && !secrets.figureIds.has(g.leaderFigureId ?? '')) keep.add(g.id)
  // A parent of a shown group is shown too.
  for (let changed = true; changed;) {
    changed = false
    for (const g of Object.values(state.groups)) {
      if (keep.has(g.id) && g.parentId !== null && !keep.has(g.parentId)) {
        keep.add(g.parentId)
        changed = true
      }
    }
  }
  return mapRecord(state.groups, (g): GroupState | null => {
    if (!keep.has(g.id)) return null
    return g.leaderFigureId !== null && secrets.figureIds.has(g.leaderFigureId) ? { ...g, leaderFigureId: null } : g
  })
}

/** The unit acting now, without its hidden teams; none at all when the whole unit is hidden. */
function viewActiveUnit(unit: ActiveUnit | null, secrets: Secrets): ActiveUnit | null {
  if (!unit || !unit.teamIds.some((id) => secrets.teamIds.has(id))) return unit
  const teamIds = unit.teamIds.filter((id) => !secrets.teamIds.has(id))
  if (teamIds.length === 0) return null
  const before = unit.teamIds.slice(0, unit.index).filter((id) => !secrets.teamIds.has(id)).length
  return { ...unit, teamIds, index: Math.min(before, teamIds.length - 1) }
}

/**
 * A decision some side must take, as the viewer may know it: hidden teams and
 * figures leave its lists; a decision about a hidden team itself (its fire,
 * its move, an assault by or on it) is not shown at all.
 */
/** The firer of an opportunity fire declared by a team still hidden from the viewer (SMLE-SCEN-05). */
export const UNSEEN_FIRER = 'unseen-firer'

export function viewPending(pending: Pending, secrets: Secrets): Pending | null {
  const teamShown = (id: string): boolean => !secrets.teamIds.has(id)
  const figureShown = (id: string): boolean => !secrets.figureIds.has(id)
  switch (pending.kind) {
    case 'interrupt': {
      // An offer only hidden teams may take is the hidden side's own decision: the viewer is not shown it at all.
      const eligibleTeamIds = pending.eligibleTeamIds.filter(teamShown)
      if (eligibleTeamIds.length === 0) return null
      return { ...pending, nextTeamIds: pending.nextTeamIds.filter(teamShown), eligibleTeamIds }
    }
    case 'opportunity': {
      // SMLE-SCEN-05: a window in which only hidden teams may fire is not shown (its opening would tell the viewer
      // that a hidden team sees the mover); the viewer waits while the hidden side decides, as at any moment.
      const window = viewWindow(pending, secrets)
      return window && window.eligibleTeamIds.length > 0 ? window : null
    }
    case 'fireReaction': {
      if (!teamShown(pending.targetTeamId)) return null
      const window = viewWindow(pending.window, secrets)
      if (!window) return null
      // SMLE-COMBAT-05: the target's side must still decide whether to drop prone; it is told a fire is coming, not from whom.
      if (!teamShown(pending.firerTeamId))
        return { ...pending, firerTeamId: UNSEEN_FIRER, firerIds: null, weapons: {}, aimAt: null, window }
      return {
        ...pending,
        firerIds: pending.firerIds ? pending.firerIds.filter(figureShown) : null,
        weapons: filterKeys(pending.weapons, figureShown),
        aimAt: pending.aimAt !== null && figureShown(pending.aimAt) ? pending.aimAt : null,
        window,
      }
    }
  }
}

function viewWindow(window: OpportunityWindow, secrets: Secrets): OpportunityWindow | null {
  if (secrets.teamIds.has(window.targetTeamId)) return null
  if (window.mover && secrets.figureIds.has(window.mover.figureId)) return null
  const then = viewAfter(window.then, secrets)
  if (!then) return null
  return { ...window, eligibleTeamIds: window.eligibleTeamIds.filter((id) => !secrets.teamIds.has(id)), then }
}

function viewAfter(after: AfterWindow, secrets: Secrets): AfterWindow | null {
  const assaultShown = (a: { attackerTeamId: string; defenderTeamId: string }): boolean =>
    !secrets.teamIds.has(a.attackerTeamId) && !secrets.teamIds.has(a.defenderTeamId)
  switch (after.kind) {
    case 'turn':
      return after
    case 'assault':
      return assaultShown(after.assault) ? after : null
    case 'move': {
      if (after.assault && !assaultShown(after.assault)) return null
      const legs = after.legs.filter(
        (l) =>
          !(l.figureId !== null && secrets.figureIds.has(l.figureId)) &&
          !(l.vehicleId !== null && secrets.vehicleIds.has(l.vehicleId)),
      )
      return legs.length === after.legs.length ? after : { ...after, legs }
    }
  }
}

/**
 * SMLE-SHOOT-26: the concealed prepared positions `viewer` does not know of:
 * of a side it does not hold, held by no team it may see, and not found
 * (`foundPositionIds`).
 */
export function unknownPositionIds(
  scenario: Scenario,
  state: MatchState,
  viewer: Viewer,
  known?: Secrets,
): ReadonlySet<string> {
  const unknown = new Set<string>()
  if (viewer.kind === 'referee') return unknown
  for (const p of scenario.positions)
    if (p.concealed && !(p.sideId !== undefined && viewerHoldsSide(viewer, p.sideId))) unknown.add(p.id)
  if (unknown.size === 0) return unknown
  const secrets = known ?? secretsFor(state, viewer)
  for (const t of Object.values(state.teams))
    if (t.preparedPositionId !== null && !secrets.teamIds.has(t.id)) unknown.delete(t.preparedPositionId)
  for (const id of state.foundPositionIds ?? []) unknown.delete(id)
  return unknown
}

/**
 * The scenario as `viewer` may know it: the hidden teams it does not play
 * (SMLE-SCEN-05), with their figures' set-up positions, vehicles and group
 * leaders, are left out; concealed prepared positions (SMLE-SHOOT-26) of a
 * side it does not hold are left out until a team it may see occupies one.
 */
export function viewScenario(scenario: Scenario, state: MatchState, viewer: Viewer): Scenario {
  if (viewer.kind === 'referee' || state.sides.every((s) => viewerHoldsSide(viewer, s.id))) return scenario
  const secrets = secretsFor(state, viewer)
  const unknown = unknownPositionIds(scenario, state, viewer, secrets)
  const positionShown = (p: Scenario['positions'][number]): boolean => !unknown.has(p.id)
  const positions = scenario.positions.every(positionShown)
    ? scenario.positions
    : scenario.positions.filter(positionShown)
  if (!hasSecrets(secrets)) return positions === scenario.positions ? scenario : { ...scenario, positions }
  const groups = viewGroups(state, secrets)
  const teamShown = (id: string): boolean => !secrets.teamIds.has(id)
  return {
    ...scenario,
    positions,
    teams: scenario.teams.filter((t) => teamShown(t.id)),
    vehicles: scenario.vehicles.filter((v) => teamShown(v.crewTeamId) && !secrets.vehicleIds.has(v.id)),
    groups: scenario.groups
      .filter((g) => groups[g.id] !== undefined || state.groups[g.id] === undefined)
      .map((g) => (g.leaderFigureId !== undefined && secrets.figureIds.has(g.leaderFigureId) ? withoutLeader(g) : g)),
    victory: {
      ...scenario.victory,
      conditions: scenario.victory.conditions.flatMap((c): Scenario['victory']['conditions'] => {
        if (c.kind !== 'killFigures') return [c]
        const figureIds = c.figureIds.filter((id) => !secrets.figureIds.has(id))
        return figureIds.length === 0 ? [] : [{ ...c, figureIds }]
      }),
    },
  }
}

function withoutLeader<G extends { leaderFigureId?: string | undefined }>(group: G): G {
  const { leaderFigureId: _, ...rest } = group
  return rest as G
}

/** A copy of `record` with each value mapped, or dropped where `f` gives null. */
function mapRecord<T, U>(record: Readonly<Record<string, T>>, f: (value: T) => U | null): Record<string, U> {
  const out: Record<string, U> = {}
  // The record itself when every value is kept as it is: what did not change keeps its identity (caches go by it).
  let same = true
  for (const [k, v] of Object.entries(record)) {
    const u = f(v)
    if (u !== null) out[k] = u
    if (u !== (v as unknown)) same = false
  }
  return same ? (record as unknown as Record<string, U>) : out
}

/** A copy of `record` with only the keys `keep` accepts. */
export function filterKeys<T>(record: Readonly<Record<string, T>>, keep: (key: string) => boolean): Record<string, T> {
  const out: Record<string, T> = {}
  for (const [k, v] of Object.entries(record)) if (keep(k)) out[k] = v
  return out
}
