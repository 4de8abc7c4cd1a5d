import type { FirePreview, GameEvent, LabelledOption, MatchHeader, MatchState, Scenario } from '../../src-engine/index'

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

/** Everything a view needs to draw the current game from scratch (as its seat may see it). */
export interface MatchSnapshot {
  readonly gameId: string
  readonly seat: SeatInfo
  readonly scenario: Scenario
  readonly seed: number
  readonly dice: MatchHeader['dice']
  readonly state: MatchState
  readonly seq: number
  readonly canUndo: boolean
  /** A message about the start-up (e.g. an unreadable autosave that was set aside). */
  readonly notice: string | null
}

/** Pushed to every view after each change, as that view's seat may see it. */
export interface MatchChanged {
  readonly reason: 'new' | 'load' | 'dispatch' | 'undo'
  readonly gameId: string
  readonly seat: SeatInfo
  readonly seq: number
  readonly state: MatchState
  readonly canUndo: boolean
  /** Events appended (dispatch) or taken back (undo). */
  readonly events: readonly GameEvent[]
  /** Present when the game itself changed (new or load). */
  readonly scenario?: Scenario
}

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
}

/** What the side to act may do now (`match:legal`); `seq` is the game's log length it was computed for. */
export interface LegalOptions {
  readonly gameId: string
  readonly seq: number
  /** The side that must give the next command, or null once the game is over. */
  readonly sideId: string | null
  readonly options: readonly LabelledOption[]
}

/** An attack by fire before its roll (`match:previewFire`), or why it would be refused. */
export type FirePreviewReply =
  | { readonly ok: true; readonly preview: FirePreview }
  | { readonly ok: false; readonly clause: string; readonly message: string }
