import {
  type AnyMatch,
  hashValue,
  openReplay,
  REFEREE,
  type Replay,
  type TableScenario,
  type Viewer,
  viewReplayStep,
} from '../../src-engine/index'
import type { ReplayInfo, ReplayOpened, ReplayStepReply } from '../ipc/types'
import type { SaveStore } from './save-store'
import { type Seat, type SeatTable, seatViewer } from './seats'

/** Where a replay comes from: the game open in the host, or a save. */
export type ReplaySource = { readonly source: 'game' } | { readonly source: 'save'; readonly saveId: string }

/** A refusal by the replay service: no such save, no such replay, a step off the timeline. */
export class ReplayError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ReplayError'
  }
}

/**
 * One connection's replays. A replay is read-only: it reads the log of a
 * save (the file is only read, never written) or of the game now open (a
 * copy of its log as it stood: the game goes on untouched) and answers each
 * step with the state at that index as the replay's viewer may see it.
 *
 * Who sees what: a finished game is shown in full, secrets and all (nothing
 * is left to keep); a game still going on is shown only as the connection's
 * seat sees it (the hot seat: every side a person plays; a side's seat: that
 * side; a spectator: what every side has revealed), whatever its source.
 */
export interface ReplayService {
  open(source: ReplaySource, at: 'start' | 'end', seat: Seat): Promise<ReplayOpened>
  seek(replayId: string, index: number): ReplayStepReply
  close(replayId: string): { closed: string }
}

export interface ReplayServiceDeps {
  readonly saves: SaveStore
  /** The game open in the host (everything in it), or a throw when none is. */
  readonly match: () => AnyMatch
}

/** Replays one connection keeps open at once: opening another closes the oldest. */
export const MAX_OPEN_REPLAYS = 4

/** An open replay: the model, whom it shows, and the scenario its connection was last sent. */
interface Session {
  readonly replay: Replay<unknown, unknown, unknown, TableScenario>
  readonly viewer: Viewer
  readonly info: ReplayInfo
  sentScenario: { readonly ref: unknown; readonly hash: string } | null
}

/** The sides of a game and those the computer plays, for its seats. */
function tableOf(m: AnyMatch): SeatTable {
  const { sides } = m.header.scenario as TableScenario & SeatTable
  return { sides, computerSideIds: Object.keys(m.header.players ?? {}) }
}

export function createReplayService(deps: ReplayServiceDeps): ReplayService {
  const sessions = new Map<string, Session>()
  let opened = 0

  const sessionOf = (replayId: string): Session => {
    const s = sessions.get(replayId)
    if (!s)
      throw new ReplayError(
        `There is no open replay "${replayId.slice(0, 40)}" (it was closed, or another replaced it).`,
      )
    return s
  }

  const matchOf = async (source: ReplaySource): Promise<{ match: AnyMatch; title: string }> => {
    if (source.source === 'game') {
      let match: AnyMatch
      try {
        match = deps.match()
      } catch {
        throw new ReplayError('No game is open to replay.')
      }
      return { match, title: `${match.header.scenario.name} (this game)` }
    }
    const loaded = await deps.saves.load(source.saveId, { purpose: 'replay' })
    if (!loaded.ok) throw new ReplayError(loaded.message)
    return { match: loaded.match, title: loaded.summary.name }
  }

  const step = (replayId: string, s: Session, index: number): ReplayStepReply => {
    if (!Number.isInteger(index) || index < 0 || index > s.replay.length)
      throw new ReplayError(`This replay runs from 0 to ${s.replay.length}; there is no step ${index}.`)
    const view = viewReplayStep(s.replay, index, s.viewer)
    // The table is sent again only when the viewer's scenario changed (a hidden force revealed, or the first step).
    let scenarioChanged = s.sentScenario === null
    if (s.sentScenario && s.sentScenario.ref !== view.scenario) {
      const hash = hashValue(view.scenario)
      scenarioChanged = hash !== s.sentScenario.hash
      s.sentScenario = { ref: view.scenario, hash }
    } else if (!s.sentScenario) s.sentScenario = { ref: view.scenario, hash: hashValue(view.scenario) }
    return {
      ruleset: s.info.ruleset,
      replayId,
      index,
      length: s.replay.length,
      round: view.round,
      state: view.state,
      events: view.events,
      lines: view.lines,
      ...(scenarioChanged ? { scenario: view.scenario } : {}),
    } as ReplayStepReply
  }

  return {
    async open(source, at, seat) {
      const { match, title } = await matchOf(source)
      const finished = match.ruleset.outcome(match.state) !== null
      const viewer = finished ? REFEREE : seatViewer(seat, tableOf(match))
      const replay = openReplay(match.ruleset, match.header, match.entries, { viewer })
      const replayId = `replay-${++opened}`
      const info: ReplayInfo = {
        replayId,
        ruleset: match.ruleset.id as ReplayInfo['ruleset'],
        title,
        source: source.source,
        length: replay.length,
        shows: finished ? 'everything' : 'seat',
        marks: replay.marks,
        keyframeEvery: replay.keyframeEvery,
      }
      sessions.set(replayId, { replay, viewer, info, sentScenario: null })
      for (const id of [...sessions.keys()].slice(0, Math.max(0, sessions.size - MAX_OPEN_REPLAYS))) sessions.delete(id)
      return { info, step: step(replayId, sessionOf(replayId), at === 'end' ? replay.length : 0) }
    },
    seek(replayId, index) {
      return step(replayId, sessionOf(replayId), index)
    },
    close(replayId) {
      sessions.delete(replayId)
      return { closed: replayId }
    },
  }
}
