import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import type { WsClientMessage, WsServerMessage } from '../ipc/contract'
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
}

export interface WebServer {
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

/** The close code for a connection refused because of its seat (policy violation). */
export const SEAT_REFUSED_CLOSE_CODE = 1008

/** Largest WebSocket message accepted from a view. */
const MAX_MESSAGE_BYTES = 1 << 20

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
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  const sockets = new Set<WebSocket>()

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
    const sides = host.match().state.sides
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
    const unsubscribe = host.subscribe(seated.seat, (change) => send(ws, { push: 'match:changed', payload: change }))
    sockets.add(ws)
    ws.on('close', () => {
      sockets.delete(ws)
      unsubscribe()
    })
    ws.on('message', (data) => {
      let msg: Partial<WsClientMessage>
      try {
        msg = JSON.parse(String(data)) as Partial<WsClientMessage>
      } catch {
        send(ws, { id: -1, reply: { ok: false, error: { code: 'bad-request', message: 'The message is not JSON.' } } })
        return
      }
      if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
        send(ws, {
          id: -1,
          reply: { ok: false, error: { code: 'bad-request', message: 'The message is not a request object.' } },
        })
        return
      }
      const id = typeof msg.id === 'number' ? msg.id : -1
      void router.handle(msg.channel, msg.payload).then((reply) => send(ws, { id, reply }))
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
    async close() {
      for (const ws of sockets) ws.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
