import { z } from 'zod'
import type { DiceReport } from '../../src-engine/dice/fairness'
import type { EditorCheck } from '../../src-engine/rules/validate-scenario'
import { commandBoundsProblem, REQUEST_LIMITS, waypointProblem } from './bounds'
import type {
  DispatchReply,
  FirePreviewReply,
  LegalOptions,
  MatchChanged,
  MatchSnapshot,
  ReplayOpened,
  ReplayStepReply,
  SaveSummary,
  ScenarioSummary,
} from './types'

export type { EditorCheck, ScenarioProblem, SidePointsSummary } from '../../src-engine/index'
export type {
  DispatchReply,
  FirePreviewReply,
  LegalOptions,
  MatchChanged,
  MatchSnapshot,
  ReplayInfo,
  ReplayOpened,
  ReplayStepReply,
  SaveSummary,
  ScenarioSummary,
  SeatInfo,
  SmleChanged,
  SmleLegalOptions,
  SmleSnapshot,
  SmrChanged,
  SmrLegalOptions,
  SmrSnapshot,
} from './types'

/** The largest scenario a request carries, in characters of JSON (the library's file limit). */
export const MAX_SCENARIO_CHARS = 512 * 1024

/** Requests from a view that carry nothing. */
const NoInput = z.undefined()

export { REQUEST_LIMITS } from './bounds'

/**
 * A command is checked by the engine itself (it answers malformed ones with
 * CORE-CMD-02); here it must be an object within every size bound of
 * `REQUEST_LIMITS` (ids, lists, waypoints, fields, nesting, 16 KB in all),
 * checked before the engine sees it.
 */
const CommandInput = z
  .object({ type: z.string() })
  .passthrough()
  .superRefine((value, ctx) => {
    const problem = commandBoundsProblem(value) ?? waypointProblem(value)
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, continue: false })
  })

/** An id a request names (a scenario, …). */
const Id = z.string().min(1).max(REQUEST_LIMITS.idChars)

const SaveId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a save id is lower-case letters, digits and hyphens')

/** A scenario file's text, within the size a scenario may have. */
const ScenarioText = z.string().max(MAX_SCENARIO_CHARS, `a scenario file is at most ${MAX_SCENARIO_CHARS / 1024} KB`)

/** A scenario being edited: an object (its fields are checked by the engine, in words) within the size a scenario may have. */
const ScenarioInput = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  if (JSON.stringify(value).length > MAX_SCENARIO_CHARS)
    ctx.addIssue({ code: 'custom', message: `a scenario is at most ${MAX_SCENARIO_CHARS / 1024} KB` })
})
/** A replay's id, as `replay:open` gave it. */
const ReplayId = z.string().regex(/^replay-[0-9]{1,9}$/, 'a replay id is "replay-" and a number')

/** Where a replay opens: its first step (default) or its last. */
const ReplayAt = z.enum(['start', 'end']).optional()

/** An upload of a recording, as `recording:begin` named it. */
const UploadId = z.string().regex(/^[0-9a-f]{16}$/, 'an upload id is 16 hexadecimal digits')

/** One piece of a recording as base64 (a WebSocket message carries at most 1 MB). */
const RecordingPiece = z
  .string()
  .max(
    Math.ceil(REQUEST_LIMITS.recordingPieceBytes / 3) * 4,
    `a piece of a recording is at most ${REQUEST_LIMITS.recordingPieceBytes / 1024} KB`,
  )
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'a piece of a recording is base64 text')

/** Values produced by our own main process: typed, not re-validated. */
const out = <T>() => z.custom<T>(() => true)

/** Every request a view can make: channel → input schema (checked at the door) and output type. */
export const requests = {
  'match:snapshot': { input: NoInput, output: out<MatchSnapshot>() },
  'match:new': {
    input: z
      .object({
        scenarioId: Id,
        seed: z.number().int().min(0).max(0xffffffff).optional(),
        /** Side id → `bot`, `bot:easy`, `bot:normal`, `bot:hard` or `person`: who plays it. */
        players: z.record(Id, z.string().max(20)).optional(),
        /** SMR-OPT-05: the next battle of a campaign, with the finished game's surviving heroes. */
        campaign: z.boolean().optional(),
      })
      .strict(),
    output: out<MatchSnapshot>(),
  },
  'match:dispatch': { input: CommandInput, output: out<DispatchReply>() },
  /** What the side to act may do now, in words and grouped (the action panel offers only these). */
  'match:legal': { input: NoInput, output: out<LegalOptions>() },
  /** An attack by fire before its roll: per firer the sight line, cover, to-hit number and modifiers; or the refusal. Changes nothing. */
  'match:previewFire': { input: CommandInput, output: out<FirePreviewReply>() },
  'match:undo': {
    input: NoInput,
    output: out<{ ok: true; snapshot: MatchSnapshot } | { ok: false; clause: string; message: string }>(),
  },
  'save:list': { input: NoInput, output: out<SaveSummary[]>() },
  'save:create': {
    input: z.object({ name: z.string().trim().min(1).max(REQUEST_LIMITS.nameChars) }).strict(),
    output: out<SaveSummary>(),
  },
  'save:load': { input: z.object({ id: SaveId }).strict(), output: out<MatchSnapshot>() },
  'save:delete': { input: z.object({ id: SaveId }).strict(), output: out<{ deleted: string }>() },
  'scenario:list': { input: NoInput, output: out<ScenarioSummary[]>() },
  /** A scenario (built-in or the player's) with every default filled in: what the editor starts a copy from. */
  'scenario:get': { input: z.object({ id: Id }).strict(), output: out<unknown>() },
  /** The editor's live check: problems in words at their place, and each side's points against its total. Changes nothing. */
  'scenario:check': { input: z.object({ scenario: ScenarioInput }).strict(), output: out<EditorCheck>() },
  /** Saves one of the player's scenarios (`<save folder>/scenarios/<id>.json`, atomically); refused while it has errors. */
  'scenario:save': { input: z.object({ scenario: ScenarioInput }).strict(), output: out<ScenarioSummary>() },
  /** Adds a scenario file's text to the player's scenarios; a foreign file, a newer format or an invalid scenario is refused. */
  'scenario:import': { input: z.object({ text: ScenarioText }).strict(), output: out<ScenarioSummary>() },
  /** A scenario as the text of a file to keep or share. */
  'scenario:export': { input: z.object({ id: Id }).strict(), output: out<{ fileName: string; text: string }>() },
  'scenario:delete': { input: z.object({ id: Id }).strict(), output: out<{ deleted: string }>() },
  /**
   * Opens a save, or the game now open, as a read-only replay (the save is
   * only read; the game goes on untouched), at its start or its end. A
   * finished game is shown in full; one still going on as this seat sees it.
   */
  'replay:open': {
    input: z.discriminatedUnion('source', [
      z.object({ source: z.literal('game'), at: ReplayAt }).strict(),
      z.object({ source: z.literal('save'), saveId: SaveId, at: ReplayAt }).strict(),
    ]),
    output: out<ReplayOpened>(),
  },
  /** The replay after `index` commands: the table as its viewer sees it, that command's events (with its dice) and words. */
  'replay:seek': {
    input: z.object({ replayId: ReplayId, index: z.number().int().min(0).max(REQUEST_LIMITS.replaySteps) }).strict(),
    output: out<ReplayStepReply>(),
  },
  'replay:close': { input: z.object({ replayId: ReplayId }).strict(), output: out<{ closed: string }>() },
  /** A dice fairness report thrown through the physics on the host (its own generator, never the game's). */
  'dice:report': {
    input: z
      .object({
        dice: z.number().int().min(60).max(20_000).optional(),
        seed: z.number().int().min(0).max(0xffffffff).optional(),
      })
      .strict()
      .optional(),
    output: out<DiceReport>(),
  },
  /** Opens the upload of a recording of the table (WebM from the view's MediaRecorder). */
  'recording:begin': { input: NoInput, output: out<{ uploadId: string }>() },
  /** Piece `index` (0, 1, 2, … in order) of a recording; the first must start with the EBML header. */
  'recording:append': {
    input: z
      .object({ uploadId: UploadId, index: z.number().int().min(0).max(1_000_000), data: RecordingPiece })
      .strict(),
    output: out<{ bytes: number }>(),
  },
  /** Writes the recording to `<save folder>/recordings/<name>.webm` (atomically, never over another file). */
  'recording:finish': {
    input: z.object({ uploadId: UploadId, name: z.string().max(80).optional() }).strict(),
    output: out<{ path: string; fileName: string; bytes: number }>(),
  },
  'recording:cancel': { input: z.object({ uploadId: UploadId }).strict(), output: out<{ cancelled: string }>() },
} as const

/** Messages the host pushes to every view. */
export const pushes = {
  'match:changed': out<MatchChanged>(),
} as const

export type Requests = typeof requests
export type Pushes = typeof pushes
export type RequestChannel = keyof Requests
export type PushChannel = keyof Pushes

/** `match:dispatch` → `matchDispatch`. */
export type MethodName<C extends string> = C extends `${infer A}:${infer B}` ? `${A}${Capitalize<B>}` : never
/** `match:changed` → `onMatchChanged`. */
export type PushMethodName<C extends string> = `on${Capitalize<MethodName<C>>}`

type InputOf<C extends RequestChannel> = z.input<Requests[C]['input']>
type OutputOf<C extends RequestChannel> = z.output<Requests[C]['output']>
type Args<In> = undefined extends In ? [input?: In] : [input: In]

/** Method name → channel, for carriers that build the bridge by hand (checked by type). */
export type ChannelOfMethod = { [C in RequestChannel as MethodName<C>]: C }

/** The bridge a view talks to: one method per request, one subscription per push. */
export type GameBridge = {
  [C in RequestChannel as MethodName<C>]: (...args: Args<InputOf<C>>) => Promise<OutputOf<C>>
} & {
  [P in PushChannel as PushMethodName<P>]: (listener: (payload: z.output<Pushes[P]>) => void) => () => void
}

/** The method name for a channel, at run time. */
export function methodName(channel: string): string {
  const [area = '', verb = ''] = channel.split(':')
  return `${area}${verb.charAt(0).toUpperCase()}${verb.slice(1)}`
}

/** The subscription name for a push channel, at run time. */
export function pushMethodName(channel: string): string {
  const m = methodName(channel)
  return `on${m.charAt(0).toUpperCase()}${m.slice(1)}`
}

export const requestChannels = Object.keys(requests) as RequestChannel[]
export const pushChannels = Object.keys(pushes) as PushChannel[]

/** What the router answers: a value, or an error a person can read. */
export type RouterReply =
  | { ok: true; value: unknown }
  | { ok: false; error: { code: 'bad-channel' | 'bad-request' | 'refused' | 'failed'; message: string } }

/** The WebSocket frames of browser mode. */
export type WsClientMessage = { id: number; channel: string; payload?: unknown }
export type WsServerMessage = { id: number; reply: RouterReply } | { push: PushChannel; payload: unknown }
