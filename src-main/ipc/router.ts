import { runDiceReport } from '../services/dice-report'
import { type GameHost, HostError, type Seat } from '../services/game-host'
import { createReplayService, ReplayError, type ReplaySource } from '../services/replay-service'
import { seatKey } from '../services/seats'
import type { SaveStore } from '../services/save-store'
import { RecordingRefused, type RecordingStore } from '../services/recording-store'
import { editorCheck } from '../../src-engine/index'
import { type ScenarioLibrary, ScenarioRefused } from '../services/scenario-library'
import { type RequestChannel, requests, type RouterReply } from './contract'

export interface RouterServices {
  readonly host: GameHost
  readonly saves: SaveStore
  readonly scenarios: ScenarioLibrary
  /** Where recordings of the table go (absent: recording is refused). */
  readonly recordings?: RecordingStore
}

type Handlers = { [C in RequestChannel]: (input: never) => Promise<unknown> }

/** A fresh seed for a report nobody seeded; the report names it, so it can be thrown again with the CLI. */
const reportSeed = (): number => Math.floor(Math.random() * 0x100000000)

/** Longest error message a reply carries (a malformed request's text is quoted, never echoed whole). */
const MAX_ERROR_CHARS = 300

/** `text` cut to `max` characters, with an ellipsis when cut. */
const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, max - 1)}…`)

/**
 * `match:legal` per game position (the host's `Match`, a new object after
 * every change) and seat: the rules search paths for it (up to half a second
 * on the reference town), so asking again, from any connection, costs nothing.
 */
const legalAnswers = new WeakMap<object, Map<string, unknown>>()

/** A spectator watches: it keeps no scenarios (CORE-SEAT-01). */
function mayEditScenarios(seat: Seat): void {
  if (seat.kind === 'spectator') throw new HostError('A spectator cannot change the scenarios (CORE-SEAT-01).')
}

/** What answers one view's requests. */
export interface Router {
  handle(channel: unknown, payload: unknown): Promise<RouterReply>
}

/**
 * Checks every message from a view against the contract before any service
 * sees it. A malformed message gets an error reply and changes nothing.
 * One router serves one connection: every request acts with its `seat`
 * (the desktop app's windows sit in the hot seat), and every answer is
 * that seat's view.
 */
export function createRouter(services: RouterServices, seat: Seat): Router {
  const { host, saves, scenarios } = services
  // This connection's replays: read-only, closed with it.
  const replays = createReplayService({ saves, match: () => host.match() })
  const recordings = (): RecordingStore => {
    if (!services.recordings) throw new HostError('This host keeps no recordings.')
    return services.recordings
  }
  const handlers: Handlers = {
    'match:snapshot': async () => host.snapshot(seat),
    'match:new': async (input: {
      scenarioId: string
      seed?: number
      players?: Record<string, string>
      campaign?: boolean
    }) => host.newMatch(input, seat),
    'match:dispatch': async (command: unknown) => host.dispatch(command, seat),
    'match:legal': async () => {
      const position = host.match()
      const bySeat = legalAnswers.get(position) ?? new Map<string, unknown>()
      legalAnswers.set(position, bySeat)
      const key = seatKey(seat)
      if (!bySeat.has(key)) bySeat.set(key, host.legal(seat))
      return bySeat.get(key)
    },
    'match:previewFire': async (command: unknown) => host.previewFire(command, seat),
    'match:undo': async () => host.undo(seat),
    'save:list': async () => saves.list(),
    'save:create': async (input: { name: string }) => host.save(input.name, seat),
    'save:load': async (input: { id: string }) => host.load(input.id, seat),
    'save:delete': async (input: { id: string }) => {
      if (seat.kind === 'spectator') throw new HostError('A spectator cannot delete saves (CORE-SEAT-01).')
      await saves.remove(input.id)
      return { deleted: input.id }
    },
    'scenario:list': async () => scenarios.list(),
    'scenario:get': async (input: { id: string }) => scenarios.get(input.id),
    'scenario:check': async (input: { scenario: unknown }) => editorCheck(input.scenario),
    'scenario:save': async (input: { scenario: unknown }) => {
      mayEditScenarios(seat)
      return scenarios.save(input.scenario)
    },
    'scenario:import': async (input: { text: string }) => {
      mayEditScenarios(seat)
      return scenarios.import(input.text)
    },
    'scenario:export': async (input: { id: string }) => scenarios.export(input.id),
    'scenario:delete': async (input: { id: string }) => {
      mayEditScenarios(seat)
      await scenarios.remove(input.id)
      return { deleted: input.id }
    },
    'replay:open': async (input: ReplaySource & { at?: 'start' | 'end' }) =>
      replays.open(input, input.at ?? 'start', seat),
    'replay:seek': async (input: { replayId: string; index: number }) => replays.seek(input.replayId, input.index),
    'replay:close': async (input: { replayId: string }) => replays.close(input.replayId),
    'dice:report': async (input?: { dice?: number; seed?: number }) =>
      runDiceReport({ dice: input?.dice, seed: input?.seed ?? reportSeed() }),
    'recording:begin': async () => recordings().begin(),
    'recording:append': async (input: { uploadId: string; index: number; data: string }) =>
      recordings().append(input.uploadId, input.index, Buffer.from(input.data, 'base64')),
    'recording:finish': async (input: { uploadId: string; name?: string }) =>
      recordings().finish(input.uploadId, input.name),
    'recording:cancel': async (input: { uploadId: string }) => {
      await recordings().cancel(input.uploadId)
      return { cancelled: input.uploadId }
    },
  }

  return {
    async handle(channel, payload) {
      if (typeof channel !== 'string' || !Object.hasOwn(requests, channel)) {
        const named = typeof channel === 'string' ? channel : typeof channel
        return { ok: false, error: { code: 'bad-channel', message: `Unknown request "${clip(named, 64)}".` } }
      }
      const c = channel as RequestChannel
      let parsed: ReturnType<(typeof requests)[typeof c]['input']['safeParse']>
      try {
        parsed = requests[c].input.safeParse(payload)
      } catch (err) {
        // A payload no check can read (a cycle, a BigInt, nesting deeper than the stack): refused, never thrown.
        const why = err instanceof Error ? err.message : String(err)
        return {
          ok: false,
          error: { code: 'bad-request', message: clip(`Malformed ${c} request: ${why}.`, MAX_ERROR_CHARS) },
        }
      }
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        return {
          ok: false,
          error: {
            code: 'bad-request',
            message: clip(
              `Malformed ${c} request${issue ? ` at "${issue.path.join('.') || 'payload'}": ${issue.message}` : ''}.`,
              MAX_ERROR_CHARS,
            ),
          },
        }
      }
      try {
        const value = await (handlers[c] as (input: unknown) => Promise<unknown>)(parsed.data)
        return { ok: true, value }
      } catch (err) {
        if (
          err instanceof HostError ||
          err instanceof ScenarioRefused ||
          err instanceof ReplayError ||
          err instanceof RecordingRefused
        )
          return { ok: false, error: { code: 'refused', message: err.message } }
        const message = err instanceof Error ? err.message : String(err)
        return { ok: false, error: { code: 'failed', message: clip(message, 4 * MAX_ERROR_CHARS) } }
      }
    },
  }
}
