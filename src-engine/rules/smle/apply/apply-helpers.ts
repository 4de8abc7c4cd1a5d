import type { FigureState, MatchState, TeamState, VehicleState } from '../state/state'

/** Replaces one figure (throws on an unknown id: an event can only name what exists). */
export function updateFigure(state: MatchState, id: string, patch: Partial<FigureState>): MatchState {
  const figure = state.figures[id]
  if (!figure) throw new Error(`applyEvent: unknown figure ${id}`)
  return { ...state, figures: { ...state.figures, [id]: { ...figure, ...patch } } }
}

/** Applies a change to several figures at once. */
export function updateFigures(
  state: MatchState,
  ids: readonly string[],
  patch: (f: FigureState) => Partial<FigureState>,
): MatchState {
  if (ids.length === 0) return state
  const figures = { ...state.figures }
  for (const id of ids) {
    const f = figures[id]
    if (!f) throw new Error(`applyEvent: unknown figure ${id}`)
    figures[id] = { ...f, ...patch(f) }
  }
  return { ...state, figures }
}

/** Replaces one team. */
export function updateTeam(
  state: MatchState,
  id: string,
  patch: Partial<TeamState> | ((t: TeamState) => Partial<TeamState>),
): MatchState {
  const team = state.teams[id]
  if (!team) throw new Error(`applyEvent: unknown team ${id}`)
  return {
    ...state,
    teams: { ...state.teams, [id]: { ...team, ...(typeof patch === 'function' ? patch(team) : patch) } },
  }
}

/** Replaces one vehicle. */
export function updateVehicle(state: MatchState, id: string, patch: Partial<VehicleState>): MatchState {
  const vehicle = state.vehicles[id]
  if (!vehicle) throw new Error(`applyEvent: unknown vehicle ${id}`)
  return { ...state, vehicles: { ...state.vehicles, [id]: { ...vehicle, ...patch } } }
}

/** Replaces one door's state. */
export function updateDoor(state: MatchState, id: string, doorState: MatchState['doors'][string]['state']): MatchState {
  const door = state.doors[id]
  if (!door) throw new Error(`applyEvent: unknown door ${id}`)
  return { ...state, doors: { ...state.doors, [id]: { ...door, state: doorState } } }
}

/** Adds a value to a list unless it is there. */
export function withItem<T>(list: readonly T[], item: T): readonly T[] {
  return list.includes(item) ? list : [...list, item]
}
