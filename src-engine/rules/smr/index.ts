// SMR, the simple medieval ruleset: its public surface.
export { smr, SMR_RULES_VERSION } from './ruleset'
export { type SmrCommand, type SmrCommandInput, SmrCommandSchema, SMR_COMMANDS } from './commands/index'
export { type SmrEvent, SmrEventSchema } from './events'
export type { SmrState, SmrUnit, SmrResult, TurnStep } from './state'
export { type SmrScenario, type SmrScenarioInput, SmrScenarioSchema } from './scenario'
export { type SmrSettings, SmrSettingsSchema } from './settings'
export { legalCommands as smrLegalCommands, sideToAct as smrSideToAct } from './legal'
export {
  playOutSmr,
  playOutSmrWith,
  SmrPlayoutError,
  type SmrPlayoutResult,
  SmrRandomPlayer,
  type SmrMatch,
} from './random-player'
export { unitPoints, profileLabel, moveAllowanceIn, type UnitProfile } from './profile'
export { smrSidePoints, smrContingentPoints } from './points'
export { smrInvariants } from './invariants'
