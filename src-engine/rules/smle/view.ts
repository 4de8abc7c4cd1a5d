import type { Viewer } from '../../core/viewer'
import type { GameEvent } from './events/events'
import type { Scenario } from './scenario/schema'
import type { MatchState } from './state/state'

/** The state as `viewer` may know it. */
export function viewState(state: MatchState, _viewer: Viewer): MatchState {
  return state
}

/** The scenario as `viewer` may know it in this state. */
export function viewScenario(scenario: Scenario, _state: MatchState, _viewer: Viewer): Scenario {
  return scenario
}

/** The events `viewer` may see. */
export function viewEvents(events: readonly GameEvent[], _state: MatchState, _viewer: Viewer): GameEvent[] {
  return [...events]
}
