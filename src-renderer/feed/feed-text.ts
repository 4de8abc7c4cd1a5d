import {
  describeEvent,
  describeSmrEvent,
  type GameEvent,
  type MatchState,
  type SmrEvent,
  type SmrScenario,
  type SmrState,
  smrTurnCaption,
} from '../../src-engine/index'
import { turnCaption } from '../state/next-step'

/** The round and who is to act, as the feed's turn overlay says it. */
export interface FeedTurn {
  /** "Round 2", "Set-up", "Turn 3", "Game over". */
  readonly round: string
  /** The side whose move it is, with its colour, and what it is to do; null when no side is to act. */
  readonly acting: { readonly side: string; readonly colour: string | null; readonly text: string } | null
}

/** SMLE: the round, and the side to act (or to answer a pending choice) with what it does. */
export function smleFeedTurn(state: MatchState): FeedTurn {
  const round = state.phase === 'setup' ? 'Set-up' : state.phase === 'ended' ? 'Game over' : `Round ${state.round}`
  // At the end the caption names the winner; no side is to act.
  const sideId =
    state.phase === 'ended' ? (state.result?.winnerSideId ?? null) : (state.pending?.sideId ?? state.activeSideId)
  const side = sideId ? state.sides.find((s) => s.id === sideId) : undefined
  return {
    round,
    acting: { side: side?.name ?? '', colour: side?.colour ?? null, text: turnCaption(state) },
  }
}

/** SMR: the turn and its event, and the side to act with its step. */
export function smrFeedTurn(state: SmrState, scenario: SmrScenario): FeedTurn {
  const caption = smrTurnCaption(state)
  const round = caption.event ? `${caption.turn} · ${caption.event}` : caption.turn
  const sideId = state.phase === 'ended' ? null : state.actingSide
  const side = sideId ? scenario.sides.find((s) => s.id === sideId) : undefined
  if (!side) return { round, acting: null }
  return { round, acting: { side: side.name, colour: side.colour, text: `${side.name}: ${caption.step}` } }
}

/** One line of the casualty ticker. */
export interface FeedCasualty {
  readonly key: string
  readonly text: string
  /** The colour of the side that took the loss. */
  readonly colour: string | null
}

type SmleRecent = readonly { readonly seq: number; readonly event: GameEvent; readonly before: MatchState }[]
type SmrRecentList = readonly { readonly seq: number; readonly event: SmrEvent; readonly before: SmrState }[]

/** How many lines the ticker keeps (the newest). */
export const TICKER_LINES = 4

/**
 * SMLE's losses among the events this view has seen, newest last, in the
 * game log's words: figures wounded, killed or lying still (never a figure
 * getting up again), and teams that fled, were captured or wiped out.
 */
export function smleCasualties(recent: SmleRecent, limit = TICKER_LINES): FeedCasualty[] {
  const lines: FeedCasualty[] = []
  recent.forEach((r, i) => {
    const e = r.event
    let sideId: string | undefined
    if (e.type === 'FigureStatusChanged' && e.status !== 'ok') sideId = r.before.figures[e.figureId]?.sideId
    else if (e.type === 'TeamGone') sideId = r.before.teams[e.teamId]?.sideId
    else return
    const text = describeEvent(e, r.before)
    if (!text) return
    const colour = r.before.sides.find((s) => s.id === sideId)?.colour ?? null
    lines.push({ key: `${r.seq}-${i}`, text, colour })
  })
  return lines.slice(-limit)
}

/** SMR's losses among the events this view has seen, newest last: units killed, routed or eliminated. */
export function smrCasualties(recent: SmrRecentList, scenario: SmrScenario, limit = TICKER_LINES): FeedCasualty[] {
  const lines: FeedCasualty[] = []
  recent.forEach((r, i) => {
    const e = r.event
    if (e.type !== 'UnitKilled' && e.type !== 'UnitRouted' && e.type !== 'UnitEliminated') return
    const text = describeSmrEvent(e, r.before)
    if (!text) return
    const sideId = r.before.units[e.unitId]?.sideId
    const colour = scenario.sides.find((s) => s.id === sideId)?.colour ?? null
    lines.push({ key: `${r.seq}-${i}`, text, colour })
  })
  return lines.slice(-limit)
}

/** How many of a replay step's log lines the feed shows (the last ones: what the step came to). */
export const REPLAY_LOG_LINES = 2

/**
 * A replay step's log lines as the feed's log overlay shows them: the last
 * few, since a step's last lines say how it ended; none at the start or for
 * a step of bookkeeping only.
 */
export function replayLogLines(lines: readonly string[], limit = REPLAY_LOG_LINES): string[] {
  return lines.filter((l) => l.trim() !== '').slice(-limit)
}
