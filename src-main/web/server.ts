import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import type { WsClientMessage, WsServerMessage } from '../ipc/contract'
import { createRouter, type RouterServices } from '../ipc/router'
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

/** Largest WebSocket message accepted from a view. */
const MAX_MESSAGE_BYTES = 1 << 20

/**
 * Browser mode: the same services as the desktop app, over a WebSocket at
 * `/ws`, and the built renderer over HTTP. Listens on loopback only; refuses
 * WebSocket connections from pages of other origins.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const hostName = options.host ?? '127.0.0.1'
  const router = createRouter(options.services)
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
    const allowed = origin === undefined || origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`
    if (url.pathname !== '/ws' || !allowed) {
      socket.write('HTTP/1.1 403 Forbidden\r\n\r\n')
      socket.destroy()
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws))
  })

  const send = (ws: WebSocket, message: WsServerMessage): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
  }

  wss.on('connection', (ws) => {
    sockets.add(ws)
    ws.on('close', () => sockets.delete(ws))
    // ws closes the connection itself on a bad frame (e.g. over maxPayload); without a listener the 'error' event would crash the process.
    ws.on('error', () => undefined)
    ws.on('message', (data) => {
      let msg: Partial<WsClientMessage>
      try {
        msg = JSON.parse(String(data)) as Partial<WsClientMessage>
      } catch {
        send(ws, { id: -1, reply: { ok: false, error: { code: 'bad-request', message: 'The message is not JSON.' } } })
        return
      }
      if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
        send(ws, { id: -1, reply: { ok: false, error: { code: 'bad-request', message: 'The message is not a request object.' } } })
        return
      }
      const id = typeof msg.id === 'number' ? msg.id : -1
      void router.handle(msg.channel, msg.payload).then((reply) => send(ws, { id, reply }))
    })
  })

  const unsubscribe = options.services.host.subscribe((change) => {
    for (const ws of sockets) send(ws, { push: 'match:changed', payload: change })
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
      unsubscribe()
      for (const ws of sockets) ws.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
