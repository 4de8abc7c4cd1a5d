import * as fsp from 'node:fs/promises'
import type { SmleSnapshot } from '../../src-main/ipc/types'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { hashValue } from '../../src-engine/util/canonical-json'
import {
  type MatchSnapshot,
  requestChannels,
  type RouterReply,
  type WsServerMessage,
} from '../../src-main/ipc/contract'
import { createAppServices } from '../../src-main/services/app-services'
import { HOT_SEAT } from '../../src-main/services/game-host'
import { MAX_MESSAGE_BYTES, startWebServer, type WebServer } from '../../src-main/web/server'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** Fixed, so a failure is the same failure on every machine. */
const SEED = 20_261_202
const MESSAGES = 10_000
const PROTOCOL_BREAKERS = 24
const CONNECTIONS = 4

let root: string
let services: Awaited<ReturnType<typeof createAppServices>>
let server: WebServer

beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'smle-ws-fuzz-'))
  services = await createAppServices({ dataDir: join(root, 'data'), assetsDir: join(repoRoot, 'assets') })
  await services.host.start()
  // A game under way: both sides have rolled.
  for (const side of (services.host.snapshot(HOT_SEAT) as SmleSnapshot).state.sides) {
    await services.host.dispatch({ type: 'rollActivation', sideId: side.id }, HOT_SEAT)
  }
  await services.host.flush()
  server = await startWebServer({ services, staticDir: join(root, 'static'), port: 0 })
})

afterAll(async () => {
  await server.close()
  await services.host.flush()
  await fsp.rm(root, { recursive: true, force: true, maxRetries: 5 })
})

const COMMAND_TYPES = [
  'board',
  'callFire',
  'chooseObjective',
  'closeAssault',
  'closeDoor',
  'debus',
  'declineInterrupt',
  'demolish',
  'directFire',
  'endActivation',
  'endSetup',
  'exitTable',
  'fallBack',
  'goProne',
  'holdFire',
  'interrupt',
  'kickDoor',
  'moveFigure',
  'moveVehicle',
  'openDoor',
  'opportunityFire',
  'panicFire',
  'pickUp',
  'placeFigure',
  'reactToFire',
  'recoverCasualties',
  'reload',
  'returnFire',
  'rollActivation',
  'rushDoor',
  'standUp',
  'transferLeader',
]

/** Channels that take no payload: any JSON value (never undefined) is malformed. */
const NO_INPUT = ['match:snapshot', 'match:legal', 'match:undo', 'save:list', 'scenario:list']

/** One malformed frame, described as data; built only when sent (huge and deep ones are big). */
type Frame =
  | { kind: 'text'; text: string }
  | { kind: 'binary'; bytes: Uint8Array }
  | { kind: 'huge'; chars: number; where: 'channel' | 'type' | 'payload' | 'bare' }
  | { kind: 'deep'; depth: number; as: 'array' | 'object'; where: 'payload' | 'field' | 'bare' }

const id = fc.oneof(fc.integer(), fc.jsonValue())
const json = fc.jsonValue({ maxDepth: 4 })
const request = (channel: fc.Arbitrary<unknown>, payload: fc.Arbitrary<unknown>): fc.Arbitrary<Frame> =>
  fc.record({ id, channel, payload }).map((m): Frame => ({ kind: 'text', text: JSON.stringify(m) }))

/** A command the rules cannot take: a known or random type, random fields (no real id of the game). */
const badCommand = fc.oneof(
  json,
  fc
    .record({
      type: fc.oneof(fc.constantFrom(...COMMAND_TYPES), fc.string()),
      fields: fc.dictionary(fc.string({ maxLength: 12 }), json, { maxKeys: 6 }),
    })
    .map(({ type, fields }) => ({ ...fields, type })),
)

const frames: fc.Arbitrary<Frame> = fc.oneof(
  // Random JSON values as the whole message.
  { weight: 10, arbitrary: json.map((v): Frame => ({ kind: 'text', text: JSON.stringify(v) })) },
  // Wrong channel names.
  {
    weight: 10,
    arbitrary: request(
      fc.oneof(
        fc.string(),
        json,
        fc.constantFrom(...requestChannels).map((c) => c.toUpperCase()),
        fc.constantFrom('match:changed', 'match', ':', 'constructor', '__proto__', 'toString', 'hasOwnProperty'),
      ),
      json,
    ),
  },
  // Right channels, wrong payloads.
  { weight: 10, arbitrary: request(fc.constantFrom(...NO_INPUT), json) },
  { weight: 15, arbitrary: request(fc.constantFrom('match:dispatch', 'match:previewFire'), badCommand) },
  {
    weight: 5,
    arbitrary: request(
      fc.constant('match:new'),
      fc.oneof(json, fc.record({ scenarioId: fc.string(), seed: fc.oneof(fc.integer(), fc.double(), json) })),
    ),
  },
  {
    weight: 5,
    arbitrary: request(
      fc.constantFrom('save:create', 'save:load', 'save:delete'),
      json.filter((v) => !(typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 1)),
    ),
  },
  {
    weight: 3,
    arbitrary: request(
      fc.constant('dice:report'),
      json.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
    ),
  },
  // Non-JSON text.
  {
    weight: 8,
    arbitrary: fc
      .string({ unit: 'grapheme', maxLength: 200 })
      .filter((s) => {
        try {
          JSON.parse(s)
          return false
        } catch {
          return true
        }
      })
      .map((text): Frame => ({ kind: 'text', text })),
  },
  // Binary frames.
  { weight: 5, arbitrary: fc.uint8Array({ maxLength: 256 }).map((bytes): Frame => ({ kind: 'binary', bytes })) },
  // Deep nesting.
  {
    weight: 3,
    arbitrary: fc
      .record({
        depth: fc.integer({ min: 9, max: 100_000 }),
        as: fc.constantFrom('array' as const, 'object' as const),
        where: fc.constantFrom('payload' as const, 'field' as const, 'bare' as const),
      })
      .map((d): Frame => ({ kind: 'deep', ...d })),
  },
  // Huge strings within the 1 MB frame limit.
  {
    weight: 1,
    arbitrary: fc
      .record({
        chars: fc.integer({ min: 100_000, max: MAX_MESSAGE_BYTES - 200 }),
        where: fc.constantFrom('channel' as const, 'type' as const, 'payload' as const, 'bare' as const),
      })
      .map((h): Frame => ({ kind: 'huge', ...h })),
  },
)

function build(frame: Frame, n: number): string | Uint8Array {
  switch (frame.kind) {
    case 'text':
      return frame.text
    case 'binary':
      return frame.bytes
    case 'huge': {
      const s = 'x'.repeat(frame.chars)
      if (frame.where === 'bare') return s
      if (frame.where === 'channel') return JSON.stringify({ id: n, channel: s })
      if (frame.where === 'type') return JSON.stringify({ id: n, channel: 'match:dispatch', payload: { type: s } })
      return JSON.stringify({ id: n, channel: 'match:previewFire', payload: s })
    }
    case 'deep': {
      const [open, close] = frame.as === 'array' ? ['[', ']'] : ['{"a":', '}']
      const deep = `${open.repeat(frame.depth)}1${close.repeat(frame.depth)}`
      if (frame.where === 'bare') return deep
      if (frame.where === 'field')
        return `{"id":${n},"channel":"match:dispatch","payload":{"type":"moveFigure","via":${deep}}}`
      return `{"id":${n},"channel":"match:dispatch","payload":${deep}}`
    }
  }
}

/** An error reply, or the rules refusing (a dispatch, preview or undo answered `{ ok: false }`). */
const isRefusal = (r: RouterReply): boolean =>
  !r.ok || (typeof r.value === 'object' && r.value !== null && (r.value as { ok?: unknown }).ok === false)

async function open(path = '/ws'): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`)
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return ws
}

async function snapshot(): Promise<MatchSnapshot> {
  const ws = await open()
  const reply = await new Promise<WsServerMessage>((resolve) => {
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as WsServerMessage
      if (!('push' in msg)) resolve(msg)
    })
    ws.send(JSON.stringify({ id: 1, channel: 'match:snapshot' }))
  })
  ws.terminate()
  if ('push' in reply || !reply.reply.ok) throw new Error('snapshot failed')
  return reply.reply.value as MatchSnapshot
}

describe('WebSocket fuzz', () => {
  it(`${MESSAGES.toLocaleString('en')} malformed messages over ${CONNECTIONS} connections: each answered with an error, no crash, the game unchanged`, async () => {
    const before = await snapshot()
    const sample = fc.sample(frames, { seed: SEED, numRuns: MESSAGES })
    const kinds = new Map<string, number>()
    for (const f of sample) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1)

    const lanes = await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, lane) => {
        const ws = await open()
        const replies: RouterReply[] = []
        const pushes: unknown[] = []
        let closed: number | null = null
        ws.on('message', (data) => {
          const msg = JSON.parse(String(data)) as WsServerMessage
          if ('push' in msg) pushes.push(msg)
          else replies.push(msg.reply)
        })
        ws.on('close', (code) => (closed = code))
        const mine = sample.filter((_, i) => i % CONNECTIONS === lane)
        // In batches, each awaited, so the client holds little and the host sees a steady stream.
        for (let start = 0; start < mine.length; start += 200) {
          const batch = mine.slice(start, start + 200)
          const expected = replies.length + batch.length
          for (const [k, f] of batch.entries()) ws.send(build(f, start + k), { binary: f.kind === 'binary' })
          await new Promise<void>((resolve, reject) => {
            const check = (): void => {
              if (replies.length >= expected) resolve()
              else if (closed !== null) reject(new Error(`connection ${lane} closed (${closed})`))
              else setImmediate(check)
            }
            check()
          })
        }
        ws.terminate()
        return { sent: mine.length, replies, pushes }
      }),
    )

    const replies = lanes.flatMap((l) => l.replies)
    const answers = new Map<string, number>()
    for (const r of replies) {
      const code = r.ok ? 'refused by the rules' : r.error.code
      answers.set(code, (answers.get(code) ?? 0) + 1)
    }
    process.stderr.write(
      `ws fuzz (seed ${SEED}): frames ${JSON.stringify(Object.fromEntries(kinds))}, answers ${JSON.stringify(Object.fromEntries(answers))}\n`,
    )
    expect(replies).toHaveLength(MESSAGES)
    const notRefused = replies.filter((r) => !isRefusal(r))
    expect(notRefused).toEqual([])
    expect(lanes.flatMap((l) => l.pushes)).toEqual([])
    for (const r of replies) if (!r.ok) expect(r.error.message.length).toBeLessThanOrEqual(1200)
    // Every kind was tried.
    expect([...kinds.keys()].sort()).toEqual(['binary', 'deep', 'huge', 'text'])

    const after = await snapshot()
    expect(after.gameId).toBe(before.gameId)
    expect(after.seq).toBe(before.seq)
    expect(hashValue(after.state)).toBe(hashValue(before.state))
  }, 120_000)

  it(`${PROTOCOL_BREAKERS} protocol-level breakers (over 1 MB, invalid UTF-8): each connection is closed with its code, the host keeps serving`, async () => {
    const before = await snapshot()
    const cases = fc.sample(
      fc.oneof(
        fc
          .integer({ min: MAX_MESSAGE_BYTES + 1, max: MAX_MESSAGE_BYTES + 4096 })
          .map((n) => ({ bytes: n, utf8: true })),
        fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => ({ bytes: b.length, utf8: false })),
      ),
      { seed: SEED, numRuns: PROTOCOL_BREAKERS },
    )
    const codes: number[] = []
    for (const c of cases) {
      const ws = await open()
      const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })))
      ws.on('error', () => undefined)
      // Too big (1009, Message Too Big), or a text frame that is not UTF-8 (1007, Invalid frame payload data).
      const frame = c.utf8
        ? 'y'.repeat(c.bytes)
        : Buffer.concat([Buffer.from([0xff, 0xfe, 0xc3]), Buffer.alloc(c.bytes)])
      ws.send(frame, { binary: false })
      codes.push((await closed).code)
    }
    expect(codes.every((code, i) => code === (cases[i]!.utf8 ? 1009 : 1007))).toBe(true)
    const after = await snapshot()
    expect(after.seq).toBe(before.seq)
    expect(hashValue(after.state)).toBe(hashValue(before.state))
  }, 60_000)
})
