/** The engine's public surface: what the host, the renderer and tools import. */
// The kernel: neutral, generic over a ruleset.
export * from './core/clauses'
export { accept, type Checked, type Refusal, reject, type RejectReason, rejectCore } from './core/decision'
export {
  canUndo,
  dispatch,
  type LogEntry as KernelLogEntry,
  type Match as KernelMatch,
  type MatchHeader as KernelMatchHeader,
  newMatchHeader,
  replayLog,
  restoreMatchOf,
  startMatchOf,
  undo,
} from './core/match'
export { dispatchAs, maskSecretIds, unmask } from './core/seat-dispatch'
export {
  KEYFRAME_EVERY,
  openReplay,
  type Replay,
  type ReplayMark,
  type ReplayOptions,
  type ReplayStep,
  viewReplayStep,
} from './core/replay'
export { BOT_LEVELS, type BotLevel, parseBotSpec } from './ai/bot'
export type { AnyRuleset, Outcome, Ruleset } from './core/ruleset'
export * from './core/viewer'
export type { DiceMode } from './dice/roll'
export * from './rng/sfc32'
export {
  type AnyMatch,
  parseSave as parseSaveWith,
  type ParsedSave,
  SAVE_FORMAT_VERSION,
  SAVE_MAGIC,
  type SaveFile,
  SaveFileSchema,
  type SaveHeading,
  type SaveMeta,
  type SaveSummaryFields,
  serializeSave,
  stateHash,
  stripBom,
  summaryOf as saveSummaryOf,
  toSaveFile,
} from './save/format'
export { type ParsedScenario, parseScenario as parseScenarioWith } from './scenario/load'
export { type ScenarioHeader, ScenarioHeaderSchema, type TableScenario, type TableSide } from './scenario/schema'
// The registry: ruleset id → ruleset.
export { rulesetFor, rulesets } from './rules/index'
export { parseSave, parseScenario, readSaveHeading } from './rules/loading'
// SMLE, the ruleset the host and the renderer play today.
export { smle, SMLE_RULES_VERSION } from './rules/smle/ruleset'
export {
  type LogEntry,
  type Match,
  type MatchHeader,
  newHeader,
  replay,
  restoreMatch,
  startMatch,
} from './rules/smle/match'
export type { Decision } from './rules/smle/decision'
export * from './rules/smle/commands/index'
export * from './rules/smle/events/events'
export * from './rules/smle/state/state'
export { applyEvent, applyEvents } from './rules/smle/apply/apply'
export { decide } from './rules/smle/commands/decide'
export { initialState } from './rules/smle/initial-state'
export * from './rules/smle/scenario/schema'
export * from './util/canonical-json'
export * from './util/geometry'
export * from './world/building-geometry'
export * from './world/world'
// Both the scenario and the world's vehicle moves have a VehicleSpec: the scenario's keeps the name.
export type { VehicleSpec } from './rules/smle/scenario/schema'
export type { VehicleSpec as VehicleMoveSpec } from './world/world'
export { featureHeightAt, terrainHeightAt } from './world/terrain'
export { groundHeightOf } from './world/model/ground'
export { fullMoveIn, halfMoveIn } from './rules/smle/movement'
export * from './rules/smle/index'
export { moveLeftIn } from './rules/smle/commands/move-rules'
export { figureFullMoveIn } from './rules/smle/situation'
export { DOOR_REACH_IN, reachesDoor } from './rules/smle/commands/doors'
export { describeEvent } from './rules/smle/queries/describe-event'
export { bodySamplePoints, eyePoint, FIGURE_HEIGHT_IN } from './world/sample-points'
export { legalCommands, randomPlayer, type RandomPlayer, sideToAct } from './rules/smle/queries/legal-commands'
export { playOut, PlayoutError, type PlayoutResult } from './rules/smle/queries/playout'
export { forceWarnings, sidePoints } from './rules/smle/queries/force-check'
export { labelledOptions, optionLabel, type LabelledOption, type OptionGroup } from './rules/smle/queries/options'
export { previewFire, type FirePreview, type FirerPreview, type PreviewCover } from './rules/smle/queries/fire-preview'
export {
  activationOrder,
  bandAllows,
  bandOtherOption,
  type ActivationEntry,
  type ActivationStatus,
} from './rules/smle/queries/activation-order'
export { vehicleSpeeds, type VehicleSpeeds } from './rules/smle/queries/vehicle-speeds'
// SMLE-SHOOT-02, SMLE-SHOOT-23: the height of the hull that blocks sight and gives cover, the hull the table draws.
export { HULL_HEIGHT_IN, vehicleHulls } from './rules/smle/vehicle-sight'
export { previewVehicleMove, type VehicleMovePreview } from './rules/smle/queries/vehicle-move-preview'
export {
  type CallFirePreview,
  type DeviatedLanding,
  type FigureUnderFire,
  previewCallFire,
} from './rules/smle/queries/call-fire-preview'
export type { CallFire } from './rules/smle/commands/call-fire'
export { isFigureShown, isTeamShown, shownFigureIds } from './rules/smle/queries/shown-figures'
// The physics dice: the renderer replays the recorded throws (dice/), and draws the tray and the fairness report.
export { DICE_PHYSICS_VERSION } from './dice/physics-dice'
export { simulateThrow } from './dice/simulate'
export { FRAME_HZ, FRAME_STRIDE, poseAt, type DiePose, type Trajectory } from './dice/trajectory'
export { TRAY } from './dice/tray'
export { DIE_SIZE_IN, FACE_NORMALS, PIP_RADIUS_IN, pipCentres } from './dice/die'
export type { DiceReport } from './dice/fairness'
export { diceReportSvg, formatP } from './dice/report-svg'
export { DiceRoller, type RollRequest } from './dice/roll'
export { moveReach, type MoveReach } from './rules/smle/queries/move-reach'
export { secretsFor, viewScenario, viewState, type Secrets } from './rules/smle/view'
export { mentionsSecret, viewEvents, viewRefusal } from './rules/smle/view-events'
// SMR, the medieval ruleset: the host plays it and the renderer draws it, through these.
export {
  moveAllowanceIn as smrMoveAllowanceIn,
  profileLabel as smrProfileLabel,
  smr,
  SMR_RULES_VERSION,
  type SmrCommand,
  type SmrCommandInput,
  type SmrEvent,
  type SmrResult,
  type SmrScenario,
  SmrScenarioSchema,
  type SmrState,
  type SmrUnit,
  smrLegalCommands,
  smrSideToAct,
  type TurnStep as SmrTurnStep,
  type UnitProfile as SmrUnitProfile,
} from './rules/smr/index'
export type { SmrEventOf } from './rules/smr/events'
export { describeSmrEvent } from './rules/smr/describe'
export { type SmrAccountLine, smrAccount, type SmrLogItem } from './rules/smr/account'
export { viewSmrEvents, viewSmrRefusal, viewSmrScenario, viewSmrState } from './rules/smr/view'
export { compassOf, type SmrLabelledOption, smrLabelledOptions, type SmrOptionGroup } from './rules/smr/queries/options'
export {
  smrBaseSizeIn,
  type SmrContact,
  smrContacts,
  type SmrFirer,
  smrFootprint,
  type SmrMissileTarget,
  smrMissilePlan,
  type SmrMovePreview,
  smrPreviewMove,
  smrTurnCaption,
  smrUnitBody,
  type SmrUnitStatus,
  smrUnitStatus,
} from './rules/smr/queries/board'
export { type SmrLeavePreview, smrLeaveSpot } from './rules/smr/queries/leave'
export { type SmrPlacementPreview, smrPreviewPlacement } from './rules/smr/queries/placement'
export type { Body, DoorStates, VehicleHull } from './world/types'
export { promotedProfile, smrCampaignVeterans, type SmrVeteran, smrNextBattle } from './rules/smr/campaign'
// The scenario editor: checks in words at their place, and the force builder's points.
export { type ProblemSeverity, type ScenarioProblem, sortProblems } from './scenario/problems'
export {
  type EditorCheck,
  editorCheck,
  hasErrors,
  problemsInWords,
  type SidePointsSummary,
  validateScenario,
} from './rules/validate-scenario'
export { type PointsBreakdown } from './rules/smle/points'
// The force builder places new figures and vehicles clear of what a base may not stand on.
export { baseSolid, outlineSolid, tableSolids, type TableSolids } from './world/placement'
// …and seats a team starting in a prepared position inside it.
export { positionSeats } from './rules/smle/editor/position-seats'
