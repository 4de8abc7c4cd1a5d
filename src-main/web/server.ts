import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type RawData, WebSocketServer, type WebSocket } from 'ws'
import type { MatchChanged, RouterReply, WsClientMessage, WsServerMessage } from '../ipc/contract'
import { createRouter, type RouterServices } from '../ipc/router'
import { parseSeat, type Seat } from '../services/seats'
import { createStaticHandler } from './static-files'

export interface WebServerOptions {
  readonly services: RouterServices
  /** The built renderer (out/renderer). */
  readonly staticDir: string
  readonly host?: string
  /** 0 picks a free port. */
  readonly port: number
  /** How far a connection may fall behind (defaults: `CONNECTION_LIMITS`). */
  readonly limits?: Partial<ConnectionLimits>
}

/** What the host holds for one connection, now. */
export interface ConnectionStats {
  readonly seat: string
  /** Bytes given to the socket and not yet handed to the network. */
  readonly bufferedAmount: number
  /** Requests received whose reply has not yet been handed to the network. */
  readonly unanswered: number
  /** The host has stopped reading this connection's requests until its replies drain. */
  readonly paused: boolean
  /** A `match:changed` waits for the send buffer to drain (the newest one only). */
  readonly pushWaiting: boolean
  /** Replies and pushes sent, and pushes folded into a later one. */
  readonly sent: number
  readonly coalesced: number
  /** Closed by the host for falling behind. */
  readonly closing: boolean
}

export interface WebServer {
  readonly url: string
  readonly port: number
  /** Every open connection's buffers and counts (for tests and diagnostics). */
  connections(): ConnectionStats[]
  close(): Promise<void>
}

/** How far one connection may fall behind before the host stops feeding it. */
export interface ConnectionLimits {
  /** Past this many buffered bytes the connection is closed (`OVERLOADED_CLOSE_CODE`). */
  readonly maxBufferedBytes: number
  /** Past this many buffered bytes, `match:changed` pushes wait and fold into the newest. */
  readonly pushHighWater: number
  /** At this many requests waiting for their reply to leave, the host stops reading the connection. */
  readonly maxUnanswered: number
  /** How long a connection closed for falling behind may take to read its close frame before it is cut. */
  readonly closeGraceMs: number
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  maxBufferedBytes: 8 << 20,
  pushHighWater: 256 << 10,
  maxUnanswered: 32,
  closeGraceMs: 5000,
}

/** The close code for a connection refused because of its seat (policy violation). */
export const SEAT_REFUSED_CLOSE_CODE = 1008

/** The close code for a connection that fell too far behind in reading (try again later: the view reconnects). */
export const OVERLOADED_CLOSE_CODE = 1013

/** Largest WebSocket message accepted from a view (a larger one closes the connection with 1009). */
export const MAX_MESSAGE_BYTES = 1 << 20

/** Frames a connection may have read and not yet handled; one socket read of tiny frames stays well under it. */
const MAX_BACKLOG = 16_384

/** Events one folded `match:changed` carries at most (a view shows the recent ones only). */
const MAX_FOLDED_EVENTS = 200

/**
 * Two `match:changed` for one connection folded into one (latest state wins):
 * the newer one's state, plus what the view must not miss of the older one:
 * a new game's scenario, and the events appended in between.
 */
export function foldChanges(older: MatchChanged, newer: MatchChanged): MatchChanged {
  if (newer.gameId !== older.gameId || newer.scenario) return newer
  // The same game from here on: the same ruleset, so its scenario and events go together.
  if (older.scenario) return { ...newer, reason: older.reason, events: [], scenario: older.scenario } as MatchChanged
  if (older.reason === 'dispatch' && newer.reason === 'dispatch')
    return {
      ...newer,
      events: [...older.events, ...newer.events].slice(-MAX_FOLDED_EVENTS),
    } as MatchChanged
  // An undo among them: the view trims its log to the newer seq; the events in between are not told.
  return { ...newer, reason: 'undo', events: [] }
}

/**
 * Browser mode: the same services as the desktop app, over a WebSocket at
 * `/ws`, and the built renderer over HTTP. Listens on loopback only; refuses
 * WebSocket connections from pages of other origins.
 *
 * Each connection sits in the seat its URL names (`/ws?seat=all|spectator|<sideId>`,
 * default `all`, the hot seat): every reply and push it gets is that seat's
 * view, and it gives commands only for that seat's sides (CORE-SEAT-01). A
 * seat that is malformed or names no side of the open game is refused: an
 * error frame, then the socket is closed with code 1008 and the reason.
 *
 * A connection that does not read is not fed without bound: once its send
 * buffer passes `pushHighWater`, `match:changed` pushes wait and fold into the
 * newest (latest state wins); once `maxUnanswered` replies wait to leave, its
 * requests are not read until they drain; past `maxBufferedBytes` it is closed
 * with code 1013 and the reason (and cut if it does not read that either).
 * Frames are handled one per turn of the event loop, so one connection's
 * burst does not hold the others. Every frame gets an answer: a malformed or
 * binary one an error reply; one over 1 MB closes the connection (1009), a
 * text frame that is not UTF-8 too (1007).
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const hostName = options.host ?? '127.0.0.1'
  const { host } = options.services
  const serveStatic = createStaticHandler(options.staticDir)
  const server: Server = createServer((req, res) => {
    serveStatic(req, res).catch((err) => {
      res.writeHead(500).end(String(err))
    })
  })
  const limits: ConnectionLimits = { ...CONNECTION_LIMITS, ...options.limits }
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  const sockets = new Set<WebSocket>()
  const stats = new Map<WebSocket, () => ConnectionStats>()

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const origin = req.headers.origin
    const port = (server.address() as AddressInfo).port
    const allowed =
      origin === undefined || origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`
    if (url.pathname !== '/ws' || !allowed) {
      socket.write('HTTP/1.1 403 Forbidden\r\n\r\n')
      socket.destroy()
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, url.searchParams.get('seat')))
  })

  const send = (ws: WebSocket, message: WsServerMessage): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
  }

  /** The seat a `?seat=` value names in the open game, or why it is refused. */
  const seatOf = (text: string | null): { ok: true; seat: Seat } | { ok: false; message: string } => {
    const parsed = parseSeat(text)
    if (!parsed.ok || parsed.seat.kind !== 'sides') return parsed
    const sides = host.match().header.scenario.sides as readonly { id: string }[]
    const unknown = parsed.seat.sideIds.find((id) => !sides.some((s) => s.id === id))
    if (unknown === undefined) return parsed
    return {
      ok: false,
      message: `"${unknown}" is not a side of this game (${sides.map((s) => s.id).join(', ')}): use seat=all, seat=spectator or seat=<side id>.`,
    }
  }

  wss.on('connection', (ws: WebSocket, seatText: string | null) => {
    // ws closes the connection itself on a bad frame (e.g. over maxPayload); without a listener the 'error' event would crash the process.
    ws.on('error', () => undefined)
    const seated = seatOf(seatText)
    if (!seated.ok) {
      send(ws, { id: -1, reply: { ok: false, error: { code: 'refused', message: seated.message } } })
      // A close reason is at most 123 bytes.
      ws.close(
        SEAT_REFUSED_CLOSE_CODE,
        Buffer.from(seated.message)
          .subarray(0, 123)
          .toString()
          .replace(/\uFFFD$/, ''),
      )
      return
    }
    const router = createRouter(options.services, seated.seat)
    let unanswered = 0
    let paused = false
    let closing = false
    let sent = 0
    let coalesced = 0
    let waitingPush: MatchChanged | null = null
    /** Frames read and not yet handled (reading stops while `maxUnanswered` of them and their answers wait). */
    const backlog: { data: RawData; isBinary: boolean }[] = []
    let pumping = false

    const closeOverloaded = (): void => {
      if (closing) return
      closing = true
      waitingPush = null
      backlog.length = 0
      ws.close(
        OVERLOADED_CLOSE_CODE,
        `This connection fell over ${Math.round(limits.maxBufferedBytes / 1024)} KB behind in reading; reconnect for the game.`,
      )
      // Read again, so the client's answering close frame ends the connection; what it sends meanwhile is ignored.
      if (paused) {
        paused = false
        ws.resume()
      }
      // The close frame waits behind everything buffered: a client that never reads is cut off.
      const cut = setTimeout(() => ws.terminate(), limits.closeGraceMs)
      cut.unref()
      ws.once('close', () => clearTimeout(cut))
    }

    /** Sends one frame unless the connection is closing or too far behind; `done` runs once it has left (or never will). */
    const write = (message: WsServerMessage, done: () => void): void => {
      if (closing || ws.readyState !== ws.OPEN) return done()
      if (ws.bufferedAmount > limits.maxBufferedBytes) {
        closeOverloaded()
        return done()
      }
      sent++
      ws.send(JSON.stringify(message), () => {
        done()
        flushPush()
      })
    }

    const flushPush = (): void => {
      if (waitingPush === null || ws.bufferedAmount > limits.pushHighWater) return
      const change = waitingPush
      waitingPush = null
      write({ push: 'match:changed', payload: change }, () => undefined)
    }

    const push = (change: MatchChanged): void => {
      if (closing) return
      if (waitingPush !== null) coalesced++
      waitingPush = waitingPush === null ? change : foldChanges(waitingPush, change)
      // A send callback runs flushPush again once the buffer drains below the mark.
      flushPush()
    }

    /** Answers one request; once the answer has left, the next waiting frame is handled, and reading resumes when none wait. */
    const answer = (id: number, r: RouterReply): void =>
      write({ id, reply: r }, () => {
        unanswered--
        schedule()
      })

    /**
     * Handles the next frame read, one per turn of the event loop, so one
     * connection's burst does not hold the host from the others; at most
     * `maxUnanswered` answers wait to leave, and reading stops while frames wait.
     */
    const pump = (): void => {
      pumping = false
      if (closing || ws.readyState !== ws.OPEN) return
      const next = backlog.shift()
      if (next) handle(next.data, next.isBinary)
      schedule()
    }
    const schedule = (): void => {
      if (closing) return
      if (!pumping && backlog.length > 0 && unanswered < limits.maxUnanswered) {
        pumping = true
        setImmediate(pump)
      }
      if (paused && backlog.length === 0 && unanswered <= limits.maxUnanswered / 2) {
        paused = false
        ws.resume()
      }
    }

    const badRequest = (message: string): RouterReply => ({ ok: false, error: { code: 'bad-request', message } })

    const unsubscribe = host.subscribe(seated.seat, push)
    sockets.add(ws)
    stats.set(ws, () => ({
      seat: seatText ?? 'all',
      bufferedAmount: ws.bufferedAmount,
      unanswered,
      paused,
      pushWaiting: waitingPush !== null,
      sent,
      coalesced,
      closing,
    }))
    ws.on('close', () => {
      sockets.delete(ws)
      stats.delete(ws)
      waitingPush = null
      unsubscribe()
    })
    /** Handles one frame; its answer counts against `maxUnanswered` until it has left. */
    const handle = (data: RawData, isBinary: boolean): void => {
      unanswered++
      if (isBinary) return answer(-1, badRequest('The host reads text frames of JSON only.'))
      let msg: Partial<WsClientMessage>
      try {
        msg = JSON.parse(String(data)) as Partial<WsClientMessage>
      } catch {
        return answer(-1, badRequest('The message is not JSON.'))
      }
      if (typeof msg !== 'object' || msg === null || Array.isArray(msg))
        return answer(-1, badRequest('The message is not a request object.'))
      const id = typeof msg.id === 'number' ? msg.id : -1
      void router.handle(msg.channel, msg.payload).then(
        (r) => answer(id, r),
        (err: unknown) =>
          answer(id, {
            ok: false,
            error: { code: 'failed', message: err instanceof Error ? err.message : String(err) },
          }),
      )
    }

    ws.on('message', (data, isBinary) => {
      if (closing) return
      backlog.push({ data, isBinary })
      if (backlog.length > MAX_BACKLOG) return closeOverloaded()
      // Too many frames and answers waiting: stop reading (what was already read, one socket read at most, waits its turn).
      if (!paused && backlog.length + unanswered >= limits.maxUnanswered) {
        paused = true
        ws.pause()
      }
      schedule()
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, hostName, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://${hostName}:${port}/`,
    port,
    connections: () => [...stats.values()].map((of) => of()),
    async close() {
      for (const ws of sockets) ws.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      // A request still coming in (a browser tab's) would hold the server open until it timed out: end them all.
      server.closeAllConnections()
      await stopped
    },
  }
}
