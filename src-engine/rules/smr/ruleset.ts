import type { Ruleset } from '../../core/ruleset'
import { applyEvent } from './apply'
import { decideSmrCommand, parseSmrCommand } from './commands/decide'
import { type SmrCommand, SmrCommandSchema } from './commands/index'
import { describeSmrEvent } from './describe'
import { revealsRandomness, type SmrEvent, SmrEventSchema } from './events'
import { initialState } from './initial-state'
import { legalCommands, sideToAct } from './legal'
import { type SmrScenario, SmrScenarioSchema } from './scenario'
import type { SmrState } from './state'
import { secretSmrUnitIds, viewSmrEvents, viewSmrRefusal, viewSmrScenario, viewSmrState } from './view'
import type { z } from 'zod'

/** Bumped whenever a rule change would make old SMR logs play differently. */
export const SMR_RULES_VERSION = 3

/** SMR, the simple medieval rules, as the kernel sees it (registered in `rules/index.ts`). */
export const smr: Ruleset<SmrState, SmrCommand, SmrEvent, SmrScenario> = {
  id: 'smr',
  name: 'SMR (Simplus Medieval Miniaturis Rules)',
  version: SMR_RULES_VERSION,
  scenarioSchema: SmrScenarioSchema as unknown as z.ZodType<SmrScenario>,
  commandSchema: SmrCommandSchema as unknown as z.ZodType<SmrCommand>,
  eventSchema: SmrEventSchema,
  initialState,
  parseCommand: parseSmrCommand,
  decide: decideSmrCommand,
  apply: applyEvent,
  revealsRandomness,
  sideToAct,
  legalCommands,
  round: (state) => state.turn,
  outcome: (state) => (state.result ? { winnerSideId: state.result.winnerSideId, reason: state.result.reason } : null),
  describe: describeSmrEvent,
  activationMark(events) {
    // A step of the turn waiting for one side's commands (SMR-TURN-01).
    const step = events.findLast((e) => e.type === 'StepBegan')
    return step?.type === 'StepBegan' ? `${step.sideId}: ${step.step}` : null
  },
  view: viewSmrState,
  viewScenario: viewSmrScenario,
  viewEvents: viewSmrEvents,
  secretIds: secretSmrUnitIds,
  viewRefusal: viewSmrRefusal,
}
