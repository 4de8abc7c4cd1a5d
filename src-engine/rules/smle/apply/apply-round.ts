import { FRESH_ROUND } from './fresh-round'
import { NO_FIRE } from './no-fire'
import { updateFigures, updateTeam, withItem } from './apply-helpers'
import type { GameEventOf } from '../events/events'
import type { FigureState, MatchState, TeamState, VehicleState } from '../state/state'

/** SMLE-TURN-11: what the end of a round clears and carries over. */
function endRound(s: MatchState, e: GameEventOf<'RoundEnded'>): MatchState {
  const braced = new Set(e.braced)
  const recovered = new Set(e.recovered)
  const teams: Record<string, TeamState> = {}
  for (const [id, t] of Object.entries(s.teams)) {
    const breath = e.breath[id]
    teams[id] = {
      ...t,
      fire: { thisRound: NO_FIRE, lastRound: t.fire.thisRound },
      activation: null,
      turn: 'waiting',
      secondTurn: 'none',
      doubleMovedLastRound: t.secondTurn !== 'none',
      moveOption: null,
      attack: null,
      opportunityFired: false,
      other: null,
      rushing: null,
      sprawled: false,
      attackedThisTurn: false,
      ranThisRound: false,
      runningRounds: breath?.runningRounds ?? 0,
      haltRounds: breath?.haltRounds ?? 0,
    }
  }
  const figures: Record<string, FigureState> = {}
  for (const [id, f] of Object.entries(s.figures)) {
    // Table 11.2: where it began this round is of no more use.
    const { roundStartAt: _, ...rest } = f
    figures[id] = {
      ...rest,
      ...FRESH_ROUND,
      braced: f.braced || braced.has(id),
      ...(recovered.has(id) ? { status: 'ok' as const } : {}),
    }
  }
  const vehicles: Record<string, VehicleState> = {}
  for (const [id, v] of Object.entries(s.vehicles))
    vehicles[id] = {
      ...v,
      speedLastRoundIn: v.movedIn,
      movedIn: 0,
      turnMovedIn: 0,
      roadSpeed: false,
      debussedThisRound: 0,
    }
  return {
    ...withoutTurnStart(s),
    teams,
    figures,
    vehicles,
    round: e.round + 1,
    phase: 'activation',
    activeSideId: e.nextSideId,
    sidesReady: [],
    activeUnit: null,
    pending: null,
    interrupted: [],
    rolloff: {},
    doorAttempts: [],
  }
}

/** The state without its record of how the last turn began (SMLE-CA-08: a new turn is a new move). */
function withoutTurnStart(s: MatchState): MatchState {
  if (s.turnStart === undefined) return s
  const { turnStart: _, ...rest } = s
  return rest
}

/** Starts a team's turn: its move allowance and per-turn options are fresh (SMLE-TURN-10). */
function startTurn(s: MatchState, e: GameEventOf<'TurnStarted'>): MatchState {
  const teamId = e.teamIds[e.index]
  if (teamId === undefined) throw new Error('applyEvent: TurnStarted index out of range')
  let next: MatchState = {
    ...withoutTurnStart(s),
    activeSideId: e.sideId,
    activeUnit: { teamIds: e.teamIds, index: e.index, turn: e.turn },
    interrupted: e.interrupt ? withItem(s.interrupted, teamId) : s.interrupted,
  }
  next = updateTeam(next, teamId, (t) => ({
    ...(e.turn === 'first'
      ? { turn: 'active' as const, secondTurn: e.doubleMove ? ('waiting' as const) : t.secondTurn }
      : { secondTurn: 'active' as const }),
    moveOption: null,
    other: null,
    rushing: null,
    sprawled: false,
    attackedThisTurn: false,
  }))
  const team = next.teams[teamId]
  const vehicles = Object.fromEntries(
    Object.entries(next.vehicles).map(([id, v]) => [id, v.crewTeamId === teamId ? { ...v, turnMovedIn: 0 } : v]),
  )
  return updateFigures({ ...next, vehicles }, team?.figureIds ?? [], () => ({
    movedIn: 0,
    crawledIn: 0,
    moveEnded: false,
    moveCapIn: null,
  }))
}

/** Reducers for the round sequence (§3, §4) and set-up. */
export const roundReducers = {
  SetupEnded: (s: MatchState, e: GameEventOf<'SetupEnded'>): MatchState =>
    e.started
      ? { ...s, phase: 'activation', round: 1, sidesReady: [], activeSideId: e.nextSideId }
      : { ...s, sidesReady: withItem(s.sidesReady, e.sideId), activeSideId: e.nextSideId },
  ObjectiveChosen: (s: MatchState, e: GameEventOf<'ObjectiveChosen'>): MatchState => ({
    ...s,
    raid: { ...s.raid, objectiveId: e.objectiveId },
  }),
  QualityRolled: (s: MatchState, e: GameEventOf<'QualityRolled'>): MatchState =>
    updateFigures(s, e.figureIds, () => ({ quality: e.quality, qualityPending: false })),
  LeaderGraded: (s: MatchState, e: GameEventOf<'LeaderGraded'>): MatchState => {
    const g = s.groups[e.groupId]
    if (!g) throw new Error(`applyEvent: unknown group ${e.groupId}`)
    return { ...s, groups: { ...s.groups, [g.id]: { ...g, leaderGrade: e.grade } } }
  },
  ReinforcementsArrived: (s: MatchState, e: GameEventOf<'ReinforcementsArrived'>): MatchState => {
    // Their vehicles come with them; a helicopter has just landed (SMLE-VEH-05).
    const vehicles = Object.fromEntries(
      Object.entries(s.vehicles).map(([id, v]) => [
        id,
        e.teamIds.includes(v.crewTeamId) && v.offTable
          ? { ...v, offTable: false, landedRound: v.helicopter ? s.round : null }
          : v,
      ]),
    )
    return updateFigures(
      { ...s, vehicles },
      e.teamIds.flatMap((id) => s.teams[id]?.figureIds ?? []),
      (f) => (f.offTable === 'reserve' ? { offTable: null } : {}),
    )
  },
  ActivationSet: (s: MatchState, e: GameEventOf<'ActivationSet'>): MatchState =>
    updateTeam(s, e.teamId, { activation: e.activation }),
  ActivationRolled: (s: MatchState, e: GameEventOf<'ActivationRolled'>): MatchState =>
    e.started
      ? { ...s, phase: 'play', sidesReady: [], activeSideId: e.nextSideId }
      : { ...s, sidesReady: withItem(s.sidesReady, e.sideId), activeSideId: e.nextSideId },
  RolloffSet: (s: MatchState, e: GameEventOf<'RolloffSet'>): MatchState => ({
    ...s,
    rolloff: { ...s.rolloff, ...e.ranks },
  }),
  TurnStarted: startTurn,
  TurnEnded: (s: MatchState, e: GameEventOf<'TurnEnded'>): MatchState =>
    updateTeam(
      { ...withoutTurnStart(s), activeUnit: null },
      e.teamId,
      e.turn === 'first' ? { turn: 'done' } : { secondTurn: 'done' },
    ),
  RoundEnded: endRound,
  PendingSet: (s: MatchState, e: GameEventOf<'PendingSet'>): MatchState => ({ ...s, pending: e.pending }),
  PendingCleared: (s: MatchState): MatchState => ({ ...s, pending: null }),
  TeamRevealed: (s: MatchState, e: GameEventOf<'TeamRevealed'>): MatchState =>
    updateTeam(s, e.teamId, { hidden: false }),
  RollsHidden: (s: MatchState, e: GameEventOf<'RollsHidden'>): MatchState => {
    const hiddenRolls: Record<string, number> = { ...s.hiddenRolls }
    for (const [side, n] of Object.entries(e.bySide)) hiddenRolls[side] = (hiddenRolls[side] ?? 0) + n
    return { ...s, hiddenRolls }
  },
  PositionFound: (s: MatchState, e: GameEventOf<'PositionFound'>): MatchState => ({
    ...s,
    foundPositionIds: [...(s.foundPositionIds ?? []), e.positionId],
  }),
  GameEnded: (s: MatchState, e: GameEventOf<'GameEnded'>): MatchState => ({
    ...s,
    phase: 'ended',
    pending: null,
    activeUnit: null,
    result: { winnerSideId: e.winnerSideId, reason: e.reason, round: e.round },
  }),
  RaidHold: (s: MatchState, e: GameEventOf<'RaidHold'>): MatchState => ({
    ...s,
    raid: { ...s.raid, heldSince: e.heldSince, held: e.held, exitedBefore: e.exitedBefore ?? s.raid.exitedBefore },
  }),
}
