import type { FigureState, MatchState, TeamState, VehicleState } from '../state/state'

/**
 * True when `patch` would change nothing of `record` (every key already there
 * with the very same value). Updates then keep the record, and the state, as
 * they are: a record that did not change keeps its identity, which is what
 * the rules' caches go by.
 */
function changesNothing<T extends object>(record: T, patch: Partial<T>): boolean {
  for (const k in patch) if (!(k in record) || !Object.is(record[k], patch[k])) return false
  return true
}

/**
 * The ids of the figures the event being applied has replaced through the
 * helpers below, so far (`applyEvent` empties it before each event, and
 * `keepStarts` looks at those figures only, not at every figure of the game).
 */
export const touchedFigureIds: string[] = []

/** Replaces one figure (throws on an unknown id: an event can only name what exists). */
export function updateFigure(state: MatchState, id: string, patch: Partial<FigureState>): MatchState {
  const figure = state.figures[id]
  if (!figure) throw new Error(`applyEvent: unknown figure ${id}`)
  if (changesNothing(figure, patch)) return state
  touchedFigureIds.push(id)
  return { ...state, figures: { ...state.figures, [id]: { ...figure, ...patch } } }
}

/** Applies a change to several figures at once. */
export function updateFigures(
  state: MatchState,
  ids: readonly string[],
  patch: (f: FigureState) => Partial<FigureState>,
): MatchState {
  if (ids.length === 0) return state
  let figures: Record<string, FigureState> | null = null
  for (const id of ids) {
    const f = (figures ?? state.figures)[id]
    if (!f) throw new Error(`applyEvent: unknown figure ${id}`)
    const change = patch(f)
    if (changesNothing(f, change)) continue
    touchedFigureIds.push(id)
    figures ??= { ...state.figures }
    figures[id] = { ...f, ...change }
  }
  return figures ? { ...state, figures } : state
}

/** Replaces one team. */
export function updateTeam(
  state: MatchState,
  id: string,
  patch: Partial<TeamState> | ((t: TeamState) => Partial<TeamState>),
): MatchState {
  const team = state.teams[id]
  if (!team) throw new Error(`applyEvent: unknown team ${id}`)
  const change = typeof patch === 'function' ? patch(team) : patch
  if (changesNothing(team, change)) return state
  return { ...state, teams: { ...state.teams, [id]: { ...team, ...change } } }
}

/** Replaces one vehicle. */
export function updateVehicle(state: MatchState, id: string, patch: Partial<VehicleState>): MatchState {
  const vehicle = state.vehicles[id]
  if (!vehicle) throw new Error(`applyEvent: unknown vehicle ${id}`)
  if (changesNothing(vehicle, patch)) return state
  return { ...state, vehicles: { ...state.vehicles, [id]: { ...vehicle, ...patch } } }
}

/** Replaces one door's state. */
export function updateDoor(state: MatchState, id: string, doorState: MatchState['doors'][string]['state']): MatchState {
  const door = state.doors[id]
  if (!door) throw new Error(`applyEvent: unknown door ${id}`)
  if (door.state === doorState) return state
  return { ...state, doors: { ...state.doors, [id]: { ...door, state: doorState } } }
}

/** Adds a value to a list unless it is there. */
export function withItem<T>(list: readonly T[], item: T): readonly T[] {
  return list.includes(item) ? list : [...list, item]
}
