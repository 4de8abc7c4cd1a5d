import * as fsp from 'node:fs/promises'
import { request } from 'node:http'
import { connect as netConnect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import type { RouterReply, WsServerMessage } from '../../src-main/ipc/contract'
import type { SmleChanged as MatchChanged, SmleSnapshot as MatchSnapshot } from '../../src-main/ipc/types'
import { createAppServices } from '../../src-main/services/app-services'
import { startWebServer, type WebServer } from '../../src-main/web/server'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const INDEX_HTML = '<!doctype html><title>SMLE Table test page</title>'
const SECRET = 'this file is outside the static folder'

let root: string
let staticDir: string
let server: WebServer
let services: Awaited<ReturnType<typeof createAppServices>>
let closed = false
const clients: WebSocket[] = []

beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'smle-web-server-'))
  staticDir = join(root, 'static')
  await fsp.mkdir(join(staticDir, 'assets'), { recursive: true })
  await fsp.writeFile(join(staticDir, 'index.html'), INDEX_HTML)
  await fsp.writeFile(join(staticDir, 'assets', 'app.js'), 'console.log("app")')
  // Bait beside the static folder: a sibling whose name starts like it, and a file in the parent.
  await fsp.mkdir(join(root, 'static-secret'))
  await fsp.writeFile(join(root, 'static-secret', 'secret.txt'), SECRET)
  await fsp.writeFile(join(root, 'secret.txt'), SECRET)
  services = await createAppServices({ dataDir: join(root, 'data'), assetsDir: join(repoRoot, 'assets') })
  server = await startWebServer({ services, staticDir, port: 0 })
})

afterEach(() => {
  for (const ws of clients.splice(0)) ws.terminate()
})

afterAll(async () => {
  if (!closed) await server.close()
  await services.host.flush()
  await fsp.rm(root, { recursive: true, force: true })
})

/** A connected client that collects every frame it receives. */
async function connect(headers: Record<string, string> = {}): Promise<{
  ws: WebSocket
  frames: WsServerMessage[]
  next: (pred: (m: WsServerMessage) => boolean) => Promise<WsServerMessage>
}> {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers })
  clients.push(ws)
  const frames: WsServerMessage[] = []
  const waiters: { pred: (m: WsServerMessage) => boolean; resolve: (m: WsServerMessage) => void }[] = []
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as WsServerMessage
    frames.push(msg)
    for (const w of [...waiters]) {
      if (w.pred(msg)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(msg)
      }
    }
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const next = (pred: (m: WsServerMessage) => boolean): Promise<WsServerMessage> => {
    const seen = frames.find(pred)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve) => waiters.push({ pred, resolve }))
  }
  return { ws, frames, next }
}

let nextId = 1
async function call(
  client: Awaited<ReturnType<typeof connect>>,
  channel: string,
  payload?: unknown,
): Promise<RouterReply> {
  const id = nextId++
  client.ws.send(JSON.stringify({ id, channel, payload }))
  const msg = await client.next((m) => 'id' in m && m.id === id)
  if (!('reply' in msg)) throw new Error('expected a reply')
  return msg.reply
}

function valueOf<T>(reply: RouterReply): T {
  if (!reply.ok) throw new Error(`${reply.error.code}: ${reply.error.message}`)
  return reply.value as T
}

/** A raw HTTP GET: the path is sent exactly as given (no client-side normalising). */
function get(path: string, method = 'GET'): Promise<{ status: number; body: string; type: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          type: res.headers['content-type'],
        }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

describe('web server: the WebSocket bridge', () => {
  it('answers match:snapshot with the running game (the default scenario) over a request/response round trip', async () => {
    const client = await connect()
    const snap = valueOf<MatchSnapshot>(await call(client, 'match:snapshot'))
    expect(snap.scenario.id).toBe('farmhouse-skirmish')
    expect(snap.state.activeSideId).toBe(snap.scenario.firstSideId)
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`)
  })

  it('match:dispatch returns the Decision, and a second client gets the match:changed push', async () => {
    const a = await connect()
    const b = await connect()
    const before = valueOf<MatchSnapshot>(await call(a, 'match:snapshot'))
    const side = before.state.activeSideId
    const decision = valueOf<{ ok: boolean; events: unknown[] }>(
      await call(a, 'match:dispatch', { type: 'rollActivation', sideId: side }),
    )
    expect(decision.ok).toBe(true)
    const push = await b.next((m) => 'push' in m)
    expect(push).toMatchObject({ push: 'match:changed' })
    const change = (push as { payload: MatchChanged }).payload
    expect(change).toMatchObject({ reason: 'dispatch', seq: before.seq + 1, gameId: before.gameId })
    expect(change.events).toEqual(decision.events)
    expect(change.state.activeSideId).not.toBe(side)
    // The dispatching client is told too.
    await a.next((m) => 'push' in m)
  })

  it('a rules refusal travels as a good reply carrying the clause, with no push', async () => {
    const a = await connect()
    const snap = valueOf<MatchSnapshot>(await call(a, 'match:snapshot'))
    const other = snap.state.sides.find((s) => s.id !== snap.state.activeSideId)?.id
    const reply = await call(a, 'match:dispatch', { type: 'rollActivation', sideId: other })
    expect(reply).toMatchObject({ ok: true, value: { ok: false, reason: { clause: 'CORE-TURN-01' } } })
    // A later request is answered, and nothing was pushed in between.
    await call(a, 'match:snapshot')
    expect(a.frames.filter((m) => 'push' in m)).toEqual([])
  })

  it('malformed requests get error replies with their id, and the connection stays usable', async () => {
    const client = await connect()
    expect(await call(client, 'no:such')).toMatchObject({ ok: false, error: { code: 'bad-channel' } })
    expect(await call(client, 'save:load', { id: '../../etc/passwd' })).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    })
    expect((await call(client, 'match:snapshot')).ok).toBe(true)
  })

  it('a non-JSON message gets an error reply (id -1) and the connection stays open', async () => {
    const client = await connect()
    client.ws.send('this is {not json')
    const msg = await client.next((m) => 'id' in m && m.id === -1)
    expect(msg).toEqual({
      id: -1,
      reply: { ok: false, error: { code: 'bad-request', message: 'The message is not JSON.' } },
    })
    expect((await call(client, 'match:snapshot')).ok).toBe(true)
  })

  for (const text of ['null', '42', '"match:snapshot"', '[1,2]', 'true']) {
    it(`a JSON message that is not an object (${text}) gets an error reply and does not crash the server`, async () => {
      const client = await connect()
      client.ws.send(text)
      const msg = await client.next((m) => 'id' in m && m.id === -1)
      expect(msg).toEqual({
        id: -1,
        reply: { ok: false, error: { code: 'bad-request', message: 'The message is not a request object.' } },
      })
      expect((await call(client, 'match:snapshot')).ok).toBe(true)
    })
  }

  it('a message over the size limit closes only that connection; the server keeps serving', async () => {
    const big = await connect()
    const closedWith = new Promise<number>((resolve) => big.ws.once('close', (code) => resolve(code)))
    big.ws.send('x'.repeat((1 << 20) + 1))
    expect(await closedWith).toBe(1009)
    const other = await connect()
    expect((await call(other, 'match:snapshot')).ok).toBe(true)
  })

  it('refuses a connection whose Origin is a foreign page', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, { headers: { Origin: 'http://evil.example' } })
      clients.push(ws)
      ws.once('open', () => reject(new Error('a foreign page was let in')))
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      ws.once('error', () => resolve(-1))
    })
    expect(status).toBe(403)
  })

  it('accepts the app’s own origin, and refuses the same port on another host name or scheme', async () => {
    const own = await connect({ Origin: `http://127.0.0.1:${server.port}` })
    expect((await call(own, 'match:snapshot')).ok).toBe(true)
    const local = await connect({ Origin: `http://localhost:${server.port}` })
    expect((await call(local, 'match:snapshot')).ok).toBe(true)
    for (const origin of [
      `http://127.0.0.1:${server.port + 1}`,
      `https://127.0.0.1:${server.port}`,
      'null',
      `http://127.0.0.1:${server.port}.evil.example`,
    ]) {
      await expect(connect({ Origin: origin }), origin).rejects.toThrow(/403/)
    }
  })

  it('refuses WebSocket upgrades on any path but /ws', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/other`)
    clients.push(ws)
    await expect(
      new Promise((resolve, reject) => {
        ws.once('open', resolve)
        ws.once('error', reject)
      }),
    ).rejects.toThrow(/403/)
  })
})

describe('web server: static files', () => {
  it('GET / returns index.html', async () => {
    const res = await get('/')
    expect(res.status).toBe(200)
    expect(res.body).toBe(INDEX_HTML)
    expect(res.type).toMatch(/^text\/html/)
  })

  it('serves a file by path with its type, and unknown paths fall back to index.html', async () => {
    expect(await get('/assets/app.js')).toMatchObject({
      status: 200,
      body: 'console.log("app")',
      type: expect.stringMatching(/javascript/),
    })
    expect(await get('/some/route')).toMatchObject({ status: 200, body: INDEX_HTML })
  })

  for (const path of [
    '/..%2f..%2fetc%2fpasswd',
    '/../../etc/passwd',
    '/../package.json',
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/..%2fstatic-secret%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
  ]) {
    it(`GET ${path} never returns a file outside the static folder`, async () => {
      const res = await get(path)
      expect(res.body).not.toContain(SECRET)
      expect(res.body).not.toMatch(/root:.*:0:0:/)
      expect(res.body).not.toContain('"name": "smle-table"')
      // Either refused outright, or answered with the app's own page.
      if (res.status === 200) expect(res.body).toBe(INDEX_HTML)
      else expect(res.status).toBe(403)
    })
  }

  it('a badly encoded path is a 400, and other methods are refused', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400)
    expect((await get('/', 'POST')).status).toBe(405)
    expect(await get('/', 'HEAD')).toMatchObject({ status: 200, body: '' })
  })
})

describe('web server: close', () => {
  it('close() ends open connections and stops listening', async () => {
    const client = await connect()
    const ended = new Promise<void>((resolve) => client.ws.once('close', () => resolve()))
    // A browser's request still coming in (its headers half sent) does not hold the server open (stopping browser mode
    // with a tab open: Node waits for such a request for a minute).
    const half = netConnect(server.port, '127.0.0.1')
    // Ended by the server, it is reset: that is the point.
    half.on('error', () => undefined)
    await new Promise<void>((resolve) => half.once('connect', () => resolve()))
    half.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    const halfEnded = new Promise<void>((resolve) => half.once('close', () => resolve()))
    await server.close()
    closed = true
    await ended
    await halfEnded
    await expect(get('/')).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })
})
