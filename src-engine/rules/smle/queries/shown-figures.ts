import type { FigureState, MatchState } from '../state/state'

/**
 * Whether the table shows a figure to the side at the controls (`null`: no
 * side, e.g. the game is over): it is on the table (not in reserve, fled,
 * captured…), not inside a vehicle (the vehicle carries who is aboard), not
 * vanished in the explosions (SMLE-MONSTER-02), and its team is not set up hidden
 * (SMLE-SCEN-05) unless it is that side's own team. A hidden team is
 * revealed by the rules (it fires, or an enemy in sight comes within 8"),
 * after which everyone sees it.
 *
 * This serves a screen all sides share (hot seat): the side to act is at the
 * controls, so the opponent does not see a hidden team on its own turns.
 * A seat that holds one side receives a view without the hidden teams.
 */
export function isFigureShown(state: MatchState, figureId: string, controllingSideId: string | null): boolean {
  const f = state.figures[figureId]
  return f !== undefined && isShown(state, f, controllingSideId)
}

/** The ids of the figures the table shows to the side at the controls (see `isFigureShown`). */
export function shownFigureIds(state: MatchState, controllingSideId: string | null): Set<string> {
  const out = new Set<string>()
  for (const f of Object.values(state.figures)) if (isShown(state, f, controllingSideId)) out.add(f.id)
  return out
}

/**
 * Whether the side at the controls may see a team at all (its name, its
 * activation, its figures): not while it is set up hidden (SMLE-SCEN-05)
 * and belongs to another side. A team that does not exist is not shown.
 */
export function isTeamShown(state: MatchState, teamId: string, controllingSideId: string | null): boolean {
  const team = state.teams[teamId]
  return team !== undefined && (!team.hidden || team.sideId === controllingSideId)
}

function isShown(state: MatchState, f: FigureState, controllingSideId: string | null): boolean {
  if (f.offTable !== null || f.vehicleId !== null || f.lurking === 'vanished') return false
  return isTeamShown(state, f.teamId, controllingSideId) || f.sideId === controllingSideId
}
