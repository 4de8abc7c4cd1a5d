import { updateFigure, updateFigures, updateTeam, updateVehicle, withItem } from './apply-helpers'
import type { GameEventOf } from '../events/events'
import type { MatchState } from '../state/state'
import { hypot } from '../../../util/geometry'

function figureMoved(s: MatchState, e: GameEventOf<'FigureMoved'>): MatchState {
  const f = s.figures[e.figureId]
  if (!f) throw new Error(`applyEvent: unknown figure ${e.figureId}`)
  const moved = hypot(e.to.x - e.from.x, e.to.z - e.from.z) > 1e-9
  let next = updateFigure(s, f.id, {
    position: e.to,
    facingDeg: e.facingDeg,
    movedIn: e.forced ? f.movedIn : f.movedIn + e.distanceIn,
    crawledIn: e.crawl ? f.crawledIn + e.distanceIn : f.crawledIn,
    moveEnded: f.moveEnded || e.endsMove,
    movedThisRound: f.movedThisRound || moved,
    // SMLE-SHOOT-25: a braced figure keeps its bonus until it moves.
    braced: moved ? false : f.braced,
  })
  // SMLE-ACT-19: a team faces the direction of its last move.
  if (moved && !e.forced) next = updateTeam(next, f.teamId, { facingDeg: e.facingDeg })
  return next
}

function vehicleMoved(s: MatchState, e: GameEventOf<'VehicleMoved'>): MatchState {
  const v = s.vehicles[e.vehicleId]
  if (!v) throw new Error(`applyEvent: unknown vehicle ${e.vehicleId}`)
  const next = updateVehicle(s, v.id, {
    position: e.to,
    facingDeg: e.facingDeg,
    movedIn: v.movedIn + e.distanceIn,
    turnMovedIn: v.turnMovedIn + e.distanceIn,
    roadSpeed: v.roadSpeed || e.road,
  })
  const aboard = Object.values(next.figures)
    .filter((f) => f.vehicleId === v.id)
    .map((f) => f.id)
  // SMLE-SHOOT-25: everyone aboard moves with the vehicle (turning included), losing any bracing.
  const moved = hypot(e.to.x - e.from.x, e.to.z - e.from.z) > 1e-9 || e.facingDeg !== v.facingDeg
  return updateFigures(next, aboard, () => ({
    position: e.to,
    facingDeg: e.facingDeg,
    ...(moved ? { braced: false, movedThisRound: true } : {}),
  }))
}

function boarded(s: MatchState, e: GameEventOf<'TeamBoarded'>): MatchState {
  const v = s.vehicles[e.vehicleId]
  const team = s.teams[e.teamId]
  if (!v || !team) throw new Error('applyEvent: TeamBoarded names an unknown team or vehicle')
  const next = updateVehicle(
    s,
    v.id,
    e.asCrew
      ? { crewBoardedRound: s.round, boardedRound: s.round }
      : { passengerTeamIds: withItem(v.passengerTeamIds, team.id), boardedRound: s.round },
  )
  return updateFigures(next, team.figureIds, (f) =>
    f.status === 'dead' || f.offTable
      ? {}
      : // SMLE-SHOOT-25: walking to the vehicle and climbing in is moving this round.
        { vehicleId: v.id, position: v.position, prone: false, braced: false, movedThisRound: true },
  )
}

function debussed(s: MatchState, e: GameEventOf<'TeamDebussed'>): MatchState {
  const v = s.vehicles[e.vehicleId]
  if (!v) throw new Error(`applyEvent: unknown vehicle ${e.vehicleId}`)
  const next = updateVehicle(s, v.id, {
    passengerTeamIds: v.passengerTeamIds.filter((id) => id !== e.teamId),
    debussedThisRound: e.bailOut ? v.debussedThisRound : v.debussedThisRound + 1,
  })
  return updateFigures(next, Object.keys(e.positions), (f) => {
    const at = e.positions[f.id]
    return at ? { vehicleId: null, position: at, prone: e.prone, moveEnded: true, movedThisRound: true } : {}
  })
}

function transferred(s: MatchState, e: GameEventOf<'LeaderTransferred'>): MatchState {
  let next = updateFigure(s, e.figureId, { teamId: e.toTeamId })
  next = updateTeam(next, e.fromTeamId, (t) => ({ figureIds: t.figureIds.filter((id) => id !== e.figureId) }))
  return updateTeam(next, e.toTeamId, (t) => ({ figureIds: withItem(t.figureIds, e.figureId) }))
}

/** Reducers for movement, vehicles and positions (§6, §13). */
export const moveReducers = {
  FigureMoved: figureMoved,
  FigureStoodUp: (s: MatchState, e: GameEventOf<'FigureStoodUp'>): MatchState => {
    const f = s.figures[e.figureId]
    if (!f) throw new Error(`applyEvent: unknown figure ${e.figureId}`)
    return updateFigure(s, f.id, { prone: false, movedIn: f.movedIn + e.costIn, braced: false, movedThisRound: true })
  },
  FigureWentProne: (s: MatchState, e: GameEventOf<'FigureWentProne'>): MatchState => {
    const f = s.figures[e.figureId]
    if (!f) throw new Error(`applyEvent: unknown figure ${e.figureId}`)
    return updateFigure(s, f.id, {
      prone: true,
      facingDeg: e.facingDeg,
      moveEnded: f.moveEnded || e.endsMove,
      braced: false,
    })
  },
  MoveOptionChosen: (s: MatchState, e: GameEventOf<'MoveOptionChosen'>): MatchState =>
    updateTeam(s, e.teamId, (t) => ({
      moveOption: { kind: e.option },
      ranThisRound: t.ranThisRound || e.option === 'run',
    })),
  FigureLeftTable: (s: MatchState, e: GameEventOf<'FigureLeftTable'>): MatchState =>
    updateFigure(s, e.figureId, {
      offTable: e.reason,
      vehicleId: null,
      helping: null,
      ...(e.edge ? { exitEdge: e.edge } : {}),
    }),
  VehicleMoved: vehicleMoved,
  HelicopterLanded: (s: MatchState, e: GameEventOf<'HelicopterLanded'>): MatchState =>
    updateVehicle(s, e.vehicleId, { landedRound: e.round }),
  VehicleLeftTable: (s: MatchState, e: GameEventOf<'VehicleLeftTable'>): MatchState => {
    const next = updateVehicle(s, e.vehicleId, { offTable: true, passengerTeamIds: [] })
    const aboard = Object.values(next.figures)
      .filter((f) => f.vehicleId === e.vehicleId && f.offTable === null)
      .map((f) => f.id)
    // Everyone aboard leaves by the vehicle's edge, if it drove off by one.
    return updateFigures(next, aboard, (f) => ({
      offTable: f.status === 'dead' ? f.offTable : e.reason === 'fled' ? 'fled' : 'exited',
      vehicleId: null,
      ...(e.edge && f.status !== 'dead' ? { exitEdge: e.edge } : {}),
    }))
  },
  TeamBoarded: boarded,
  TeamDebussed: debussed,
  DoorRushDeclared: (s: MatchState, e: GameEventOf<'DoorRushDeclared'>): MatchState =>
    updateTeam(s, e.teamId, { rushing: e.doorId }),
  LeaderTransferred: transferred,
  PreparedPositionChanged: (s: MatchState, e: GameEventOf<'PreparedPositionChanged'>): MatchState =>
    updateTeam(s, e.teamId, { preparedPositionId: e.positionId, preparedSince: e.round }),
}
