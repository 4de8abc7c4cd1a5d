import type {
  Decision,
  FirePreview,
  GameEvent,
  LabelledOption,
  MatchHeader,
  MatchState,
  ReplayMark,
  Scenario,
  SmrEvent,
  SmrLabelledOption,
  SmrScenario,
  SmrState,
} from '../../src-engine/index'

/**
 * The seat a view sits in (CORE-SEAT-01): the sides it plays (every side of
 * the game for the hot seat), none for a spectator. Its state, scenario and
 * events are that seat's view: hidden teams it does not play are left out.
 */
export interface SeatInfo {
  readonly kind: 'sides' | 'spectator' | 'referee'
  readonly sideIds: readonly string[]
  /** The hot seat (`?seat=all`): plays every side of whatever game is open. */
  readonly hotSeat: boolean
}

/** What every snapshot says, whatever the ruleset. */
interface SnapshotCommon {
  readonly gameId: string
  readonly seat: SeatInfo
  /**
   * The game's seed, for a seat that sees every side (the referee, a hot seat with no computer side) or once the game
   * is over; null otherwise: the seed gives the generator, and with it every die still to come.
   */
  readonly seed: number | null
  readonly dice: MatchHeader['dice']
  readonly seq: number
  readonly canUndo: boolean
  /** A message about the start-up (e.g. an unreadable autosave that was set aside). */
  readonly notice: string | null
  /** The sides the computer plays (`bot:normal`…); the others are people's. */
  readonly players?: Readonly<Record<string, string>>
}

/** An SMLE game as its seat may see it. */
export interface SmleSnapshot extends SnapshotCommon {
  readonly ruleset: 'smle'
  readonly scenario: Scenario
  readonly state: MatchState
}

/** An SMR game as its seat may see it (hidden peasants of a side it does not hold left out). */
export interface SmrSnapshot extends SnapshotCommon {
  readonly ruleset: 'smr'
  readonly scenario: SmrScenario
  readonly state: SmrState
}

/** Everything a view needs to draw the current game from scratch (as its seat may see it); `ruleset` tells which. */
export type MatchSnapshot = SmleSnapshot | SmrSnapshot

/** What every change says, whatever the ruleset. */
interface ChangeCommon {
  readonly reason: 'new' | 'load' | 'dispatch' | 'undo'
  readonly gameId: string
  readonly seat: SeatInfo
  readonly seq: number
  readonly canUndo: boolean
  /** The sides the computer plays (`bot:normal`…). */
  readonly players?: Readonly<Record<string, string>>
}

/** A change to an SMLE game. */
export interface SmleChanged extends ChangeCommon {
  readonly ruleset: 'smle'
  readonly state: MatchState
  /** Events appended (dispatch) or taken back (undo). */
  readonly events: readonly GameEvent[]
  /** Present when the game itself changed (new or load). */
  readonly scenario?: Scenario
}

/** A change to an SMR game. */
export interface SmrChanged extends ChangeCommon {
  readonly ruleset: 'smr'
  readonly state: SmrState
  readonly events: readonly SmrEvent[]
  readonly scenario?: SmrScenario
}

/** Pushed to every view after each change, as that view's seat may see it. */
export type MatchChanged = SmleChanged | SmrChanged

/** The rules' answer to a command, as the seat may see it: the events of an SMLE or an SMR game, or a refusal with its clause. */
export type DispatchReply = Decision | Exclude<SmrDecision, { ok: false }>

/** An SMR command's accepted events. */
type SmrDecision = { readonly ok: true; readonly events: readonly SmrEvent[] } | { readonly ok: false }

/** What the save list shows for one file. */
export interface SaveSummary {
  readonly id: string
  readonly name: string
  readonly savedAt: string
  readonly scenarioId: string
  readonly scenarioName: string
  readonly round: number
  readonly commands: number
  readonly isAutosave: boolean
  /** Set when the file cannot be loaded: why (it is listed so the player sees it, and left untouched). */
  readonly problem?: string
}

/** What the scenario picker shows. */
export interface ScenarioSummary {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly ruleset: string
  /** Its sides, for choosing who plays each. */
  readonly sides?: readonly { readonly id: string; readonly name: string }[]
  /** Built into the program, or one of the player's own (`<save folder>/scenarios`). */
  readonly source?: 'builtin' | 'user'
  /** A file of the player's that cannot be played, and why. */
  readonly problem?: string
}

/** What the side to act may do now (`match:legal`); `seq` is the game's log length it was computed for. */
interface LegalCommon {
  readonly gameId: string
  readonly seq: number
  /** The side that must give the next command, or null once the game is over. */
  readonly sideId: string | null
}

/** An SMLE side's options. */
export interface SmleLegalOptions extends LegalCommon {
  readonly ruleset: 'smle'
  readonly options: readonly LabelledOption[]
}

/** An SMR side's options. */
export interface SmrLegalOptions extends LegalCommon {
  readonly ruleset: 'smr'
  readonly options: readonly SmrLabelledOption[]
}

/** What the side to act may do now, labelled in the words of the game's ruleset. */
export type LegalOptions = SmleLegalOptions | SmrLegalOptions

/** An attack by fire before its roll (`match:previewFire`), or why it would be refused. */
export type FirePreviewReply =
  | { readonly ok: true; readonly preview: FirePreview }
  | { readonly ok: false; readonly clause: string; readonly message: string }

/** An open replay (`replay:open`): its timeline and whom it shows. */
export interface ReplayInfo {
  readonly replayId: string
  readonly ruleset: 'smle' | 'smr'
  /** The save's name, or "This game: <scenario>". */
  readonly title: string
  readonly source: 'game' | 'save'
  /** Commands in the log: the timeline runs from 0 (the start) to `length`. */
  readonly length: number
  /** `everything`: a finished game, shown in full; `seat`: a game still going on, shown as this seat sees it. */
  readonly shows: 'everything' | 'seat'
  /** Rounds and activations, as this replay's viewer may see them. */
  readonly marks: readonly ReplayMark[]
  /** Commands between two of the host's stored states (a seek replays fewer than this many). */
  readonly keyframeEvery: number
}

/** What every replay step says, whatever the ruleset. */
interface ReplayStepCommon {
  readonly replayId: string
  /** The number of commands played at this step (0: the start). */
  readonly index: number
  readonly length: number
  readonly round: number
  /** The step's events in words, for the log line. */
  readonly lines: readonly string[]
}

/** An SMLE replay's state after `index` commands, and the events of command `index` (its dice among them). */
export interface SmleReplayStep extends ReplayStepCommon {
  readonly ruleset: 'smle'
  readonly state: MatchState
  readonly events: readonly GameEvent[]
  /** Sent with the first step, and again whenever the viewer's scenario changed (a hidden force revealed). */
  readonly scenario?: Scenario
}

/** An SMR replay's step. */
export interface SmrReplayStep extends ReplayStepCommon {
  readonly ruleset: 'smr'
  readonly state: SmrState
  readonly events: readonly SmrEvent[]
  readonly scenario?: SmrScenario
}

/** One step of a replay as the replay's viewer may see it (`replay:seek`). */
export type ReplayStepReply = SmleReplayStep | SmrReplayStep

/** A replay just opened, at its first (or last) step. */
export interface ReplayOpened {
  readonly info: ReplayInfo
  readonly step: ReplayStepReply
}
