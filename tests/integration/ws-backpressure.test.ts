import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import type {
  SmleChanged as MatchChanged,
  SmleLegalOptions as LegalOptions,
  SmleSnapshot as MatchSnapshot,
  WsServerMessage,
} from '../../src-main/ipc/contract'
import { createAppServices } from '../../src-main/services/app-services'
import { HOT_SEAT } from '../../src-main/services/game-host'
import {
  CONNECTION_LIMITS,
  type ConnectionLimits,
  type ConnectionStats,
  foldChanges,
  OVERLOADED_CLOSE_CODE,
  startWebServer,
  type WebServer,
} from '../../src-main/web/server'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

let root: string
let services: Awaited<ReturnType<typeof createAppServices>>
/** Bytes of one `match:snapshot` reply on the reference town (the biggest built-in table). */
let snapshotBytes: number

beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'smle-ws-backpressure-'))
  services = await createAppServices({ dataDir: join(root, 'data'), assetsDir: join(repoRoot, 'assets') })
  await services.host.newMatch({ scenarioId: 'reference-town', seed: 3 }, HOT_SEAT)
  snapshotBytes = JSON.stringify(services.host.snapshot(HOT_SEAT)).length
})

afterAll(async () => {
  await services.host.flush()
  await fsp.rm(root, { recursive: true, force: true, maxRetries: 5 })
})

async function withServer(
  limits: Partial<ConnectionLimits>,
  body: (server: WebServer) => Promise<void>,
): Promise<void> {
  const server = await startWebServer({ services, staticDir: join(root, 'static'), port: 0, limits })
  try {
    await body(server)
  } finally {
    await server.close()
  }
}

/** A client that counts what it receives. */
async function client(server: WebServer): Promise<{
  ws: WebSocket
  replies: { id: number; ok: boolean }[]
  pushes: MatchChanged[]
  closed: Promise<{ code: number; reason: string }>
}> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`)
  const replies: { id: number; ok: boolean }[] = []
  const pushes: MatchChanged[] = []
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as WsServerMessage
    if ('push' in msg) pushes.push(msg.payload as MatchChanged)
    else replies.push({ id: msg.id, ok: msg.reply.ok })
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  )
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return { ws, replies, pushes, closed }
}

/** Waits (a bounded number of short rounds) until `pred` holds; fails the test if it never does. */
async function until(what: string, pred: () => boolean, rounds = 2000): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    if (pred()) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`never happened: ${what}`)
}

const only = (server: WebServer): ConnectionStats | undefined => server.connections()[0]
const memory = (): number => {
  const m = process.memoryUsage()
  return m.heapUsed + m.external + m.arrayBuffers
}

/** One request/reply on a fresh connection. */
async function ask<T>(server: WebServer, channel: string, payload?: unknown): Promise<T> {
  const c = await client(server)
  c.ws.send(JSON.stringify({ id: 1, channel, payload }))
  const reply = await new Promise<WsServerMessage>((resolve) =>
    c.ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as WsServerMessage
      if (!('push' in msg) && msg.id === 1) resolve(msg)
    }),
  )
  c.ws.terminate()
  if ('push' in reply || !reply.reply.ok) throw new Error(`${channel} failed: ${JSON.stringify(reply)}`)
  return reply.reply.value as T
}

// Real sockets and the biggest table on a busy machine: generous test time, no timing in the assertions.
vi.setConfig({ testTimeout: 60_000 })

describe('back-pressure on a connection that does not read', () => {
  it('3,000 match:snapshot requests from a client that reads nothing: the host stops reading at 32 unanswered, its buffer and memory stay bounded', async () => {
    await withServer({}, async (server) => {
      const before = services.host.snapshot(HOT_SEAT).seq
      const slow = await client(server)
      slow.ws.pause()
      const mem0 = memory()
      for (let i = 0; i < 3000; i++) slow.ws.send(JSON.stringify({ id: i, channel: 'match:snapshot' }))
      await until('the host stops reading the slow connection', () => {
        const s = only(server)
        return s === undefined || s.closing || (s.paused && s.unanswered >= CONNECTION_LIMITS.maxUnanswered)
      })
      const s = only(server)
      const grew = memory() - mem0
      process.stderr.write(
        `snapshot flood: ${3000} requests of ~${Math.round(snapshotBytes / 1024)} KB replies; host sent ${s?.sent ?? '?'}, holds ${s?.unanswered ?? '?'} unanswered, ${Math.round((s?.bufferedAmount ?? 0) / 1024)} KB buffered${s?.closing ? ' (closing)' : ''}; memory grew ${Math.round(grew / 1048576)} MB\n`,
      )
      // Unbounded, 3,000 replies of ~240 KB would be ~700 MB.
      expect(3000 * snapshotBytes).toBeGreaterThan(500 << 20)
      expect(grew).toBeLessThan(96 << 20)
      if (s && !s.closing) {
        expect(s.unanswered).toBeLessThanOrEqual(CONNECTION_LIMITS.maxUnanswered)
        expect(s.bufferedAmount).toBeLessThanOrEqual(CONNECTION_LIMITS.maxBufferedBytes + snapshotBytes)
        // What left went into the kernel's socket buffers: a few MB, nowhere near 3,000 replies.
        expect(s.sent).toBeLessThan(600)
      }
      slow.ws.terminate()
      const snap = await ask<MatchSnapshot>(server, 'match:snapshot')
      expect(snap.seq).toBe(before)
    })
  })

  it('a client past the buffer limit is closed with 1013 and a reason it can read', async () => {
    await withServer({ maxBufferedBytes: 1 << 20 }, async (server) => {
      const slow = await client(server)
      slow.ws.pause()
      for (let i = 0; i < 3000; i++) slow.ws.send(JSON.stringify({ id: i, channel: 'match:snapshot' }))
      await until('the host closes the slow connection', () => {
        const s = only(server)
        return s === undefined || s.closing
      })
      slow.ws.resume()
      const { code, reason } = await slow.closed
      expect(code).toBe(OVERLOADED_CLOSE_CODE)
      expect(reason).toMatch(/fell over 1024 KB behind in reading; reconnect/)
      expect(slow.replies.length).toBeLessThan(600)
      expect(slow.replies.every((r) => r.ok)).toBe(true)
    })
  })

  it('a client that pipelines 200 requests and reads is answered every one, in order', async () => {
    await withServer({}, async (server) => {
      const fast = await client(server)
      for (let i = 0; i < 200; i++) fast.ws.send(JSON.stringify({ id: i, channel: 'match:snapshot' }))
      await until('200 replies', () => fast.replies.length === 200, 4000)
      expect(fast.replies.map((r) => r.id)).toEqual(Array.from({ length: 200 }, (_, i) => i))
      fast.ws.terminate()
    })
  })

  it('pushes to a connection whose buffer is backed up fold into the newest: one match:changed, latest state, every event', async () => {
    await withServer({ maxUnanswered: 8, maxBufferedBytes: 64 << 20 }, async (server) => {
      const slow = await client(server)
      slow.ws.pause()
      // Fill the kernel's buffers and the host's past the push mark with replies the client does not read.
      for (let i = 0; i < 200; i++) slow.ws.send(JSON.stringify({ id: i, channel: 'match:snapshot' }))
      await until(
        'the slow connection backed up past the push mark',
        () => (only(server)?.bufferedAmount ?? 0) > CONNECTION_LIMITS.pushHighWater && only(server)?.unanswered === 8,
      )
      const events: unknown[] = []
      for (let i = 0; i < 4; i++) {
        const legal = await ask<LegalOptions>(server, 'match:legal')
        const option = legal.options[0]
        if (!option) throw new Error('the reference town offers a command')
        const d = await ask<{ ok: boolean; events: unknown[] }>(server, 'match:dispatch', option.command)
        expect(d.ok).toBe(true)
        events.push(...d.events)
      }
      const s = only(server)!
      expect(s.pushWaiting).toBe(true)
      expect(s.coalesced).toBe(3)
      const final = services.host.snapshot(HOT_SEAT)
      slow.ws.resume()
      await until('every reply and the folded push', () => slow.replies.length === 200 && slow.pushes.length > 0, 4000)
      expect(slow.pushes).toHaveLength(1)
      const push = slow.pushes[0]!
      expect(push.seq).toBe(final.seq)
      expect(push.reason).toBe('dispatch')
      expect(push.state).toEqual(final.state)
      expect(push.events).toEqual(events)
      slow.ws.terminate()
    })
  })
})

describe('foldChanges', () => {
  const change = (over: Partial<MatchChanged>): MatchChanged =>
    ({
      reason: 'dispatch',
      gameId: 'g',
      seat: HOT_SEAT,
      seq: 1,
      state: {},
      canUndo: false,
      events: [],
      ...over,
    }) as MatchChanged
  it('keeps a new game’s scenario, appends dispatch events, and tells an undo as an undo', () => {
    const scenario = { id: 's' } as unknown as MatchChanged['scenario']
    expect(foldChanges(change({ reason: 'new', scenario, seq: 0 }), change({ seq: 2 }))).toMatchObject({
      reason: 'new',
      scenario,
      seq: 2,
      events: [],
    })
    const a = { type: 'A' } as unknown as MatchChanged['events'][number]
    const b = { type: 'B' } as unknown as MatchChanged['events'][number]
    expect(foldChanges(change({ events: [a] }), change({ events: [b], seq: 2 })).events).toEqual([a, b])
    expect(foldChanges(change({ events: [a] }), change({ reason: 'undo', seq: 0, events: [a] }))).toMatchObject({
      reason: 'undo',
      seq: 0,
      events: [],
    })
    const other = change({ gameId: 'h', reason: 'load', scenario, seq: 5 })
    expect(foldChanges(change({}), other)).toBe(other)
  })
})
