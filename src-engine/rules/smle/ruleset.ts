import type { Ruleset } from '../../core/ruleset'
import { applyEvent } from './apply/apply'
import { decideCommand, parseCommand } from './commands/decide'
import { type Command, CommandSchema } from './commands/index'
import { type GameEvent, GameEventSchema, revealsRandomness } from './events/events'
import { initialState } from './initial-state'
import { describeEvent } from './queries/describe-event'
import { legalCommands, sideToAct } from './queries/legal-commands'
import { pathMovers } from './queries/path-movers'
import { type Scenario, ScenarioSchema } from './scenario/schema'
import type { MatchState } from './state/state'
import { secretsFor, viewScenario, viewState } from './view'
import { viewEvents, viewRefusal } from './view-events'

/** Bumped whenever a rule change would make old SMLE logs play differently. */
export const SMLE_RULES_VERSION = 7

/** SMLE as the kernel sees it: one ruleset among others, registered in `rules/index.ts`. */
export const smle: Ruleset<MatchState, Command, GameEvent, Scenario> = {
  id: 'smle',
  name: 'SMLE (Slammer)',
  version: SMLE_RULES_VERSION,
  scenarioSchema: ScenarioSchema,
  commandSchema: CommandSchema,
  eventSchema: GameEventSchema,
  initialState,
  parseCommand,
  decide: decideCommand,
  apply: applyEvent,
  revealsRandomness,
  sideToAct,
  legalCommands,
  pathMovers,
  round: (state) => state.round,
  outcome: (state) => (state.result ? { winnerSideId: state.result.winnerSideId, reason: state.result.reason } : null),
  describe: describeEvent,
  activationMark(events, state) {
    // A unit's turn (SMLE-TURN-06): the team taking it, unless it is hidden from the viewer (not in its view).
    const turn = events.findLast((e) => e.type === 'TurnStarted')
    if (turn?.type !== 'TurnStarted') return null
    const id = turn.teamIds[turn.index]
    return (id !== undefined && state.teams[id]?.name) || null
  },
  view: viewState,
  viewScenario,
  viewEvents,
  secretIds(state, viewer) {
    const s = secretsFor(state, viewer)
    return new Set([...s.teamIds, ...s.figureIds, ...s.vehicleIds])
  },
  viewRefusal,
}
