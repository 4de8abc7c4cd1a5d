import type { ChannelOfMethod, PushChannel, RouterReply, WsServerMessage } from '../../src-main/ipc/contract'
import type { HostApi } from './host-api'

/** Channel of each method; `satisfies` keeps it exactly in step with the contract. */
const REQUESTS = {
  matchSnapshot: 'match:snapshot',
  matchNew: 'match:new',
  matchDispatch: 'match:dispatch',
  matchLegal: 'match:legal',
  matchPreviewFire: 'match:previewFire',
  matchUndo: 'match:undo',
  saveList: 'save:list',
  saveCreate: 'save:create',
  saveLoad: 'save:load',
  saveDelete: 'save:delete',
  scenarioList: 'scenario:list',
  scenarioGet: 'scenario:get',
  scenarioCheck: 'scenario:check',
  scenarioSave: 'scenario:save',
  scenarioImport: 'scenario:import',
  scenarioExport: 'scenario:export',
  scenarioDelete: 'scenario:delete',
  diceReport: 'dice:report',
  replayOpen: 'replay:open',
  replaySeek: 'replay:seek',
  replayClose: 'replay:close',
  recordingBegin: 'recording:begin',
  recordingAppend: 'recording:append',
  recordingFinish: 'recording:finish',
  recordingCancel: 'recording:cancel',
} as const satisfies ChannelOfMethod

/** The close code the host uses when it refuses the connection's seat (policy violation). */
const SEAT_REFUSED = 1008

/** The wait before the first try to reconnect; each failed try doubles it, up to `RETRY_MAX_MS`. */
export const RETRY_FIRST_MS = 1000
export const RETRY_MAX_MS = 8000

/** The wait before reconnection try `attempt` (0 for the first after a loss). */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(attempt, 16))
}

/**
 * Browser mode: the host's services over a WebSocket. Requests wait for the
 * socket to open; a lost connection (a host restart, or a connection the host
 * closed for reading too slowly, 1013) rejects what is pending, reconnects
 * (after 1 s, then waiting twice as long after each failed try, up to 8 s)
 * and then tells `onReconnected` listeners, since pushes were missed. A page
 * opened while the host was down is told the same once it first connects.
 * A seat the host refuses (close code 1008) is final: every request fails
 * with the host's reason and no reconnection is tried.
 */
export function createWsBridge(url: string): HostApi {
  let socket: WebSocket | null = null
  let opened: Promise<WebSocket> | null = null
  let nextId = 1
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  const listeners = new Map<PushChannel, Set<(payload: unknown) => void>>()
  let refused: string | null = null
  /** A connection was lost or never made since the last open: the next open is a reconnection. */
  let lost = false
  let attempt = 0
  const reconnected = new Set<() => void>()

  const connect = (): Promise<WebSocket> => {
    if (refused !== null) return Promise.reject(new Error(refused))
    if (opened) return opened
    opened = new Promise((resolve, reject) => {
      const ws = new WebSocket(url)
      ws.addEventListener('open', () => {
        socket = ws
        attempt = 0
        resolve(ws)
        if (lost) for (const l of reconnected) l()
        lost = false
      })
      ws.addEventListener('message', (ev) => {
        const msg = JSON.parse(String(ev.data)) as WsServerMessage
        if ('push' in msg) {
          for (const l of listeners.get(msg.push) ?? []) l(msg.payload)
          return
        }
        const waiter = pending.get(msg.id)
        if (!waiter) return
        pending.delete(msg.id)
        const reply: RouterReply = msg.reply
        if (reply.ok) waiter.resolve(reply.value)
        else waiter.reject(new Error(reply.error.message))
      })
      ws.addEventListener('close', (ev) => {
        socket = null
        opened = null
        if (ev.code === SEAT_REFUSED) refused = `The game host refused this seat: ${ev.reason || 'unknown seat'}`
        const gone = new Error(refused ?? 'The connection to the game host was lost.')
        for (const w of pending.values()) w.reject(gone)
        pending.clear()
        reject(new Error(refused ?? 'Cannot reach the game host.'))
        if (refused !== null) return
        lost = true
        // Keep pushes flowing after a restart of the host, trying less often while it stays away.
        if (listeners.size > 0) setTimeout(() => void connect().catch(() => undefined), retryDelayMs(attempt++))
      })
    })
    return opened
  }

  const request = async (channel: string, payload?: unknown): Promise<unknown> => {
    const ws = socket ?? (await connect())
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      ws.send(JSON.stringify({ id, channel, payload }))
    })
  }

  const api: Record<string, unknown> = {}
  for (const [method, channel] of Object.entries(REQUESTS)) api[method] = (input?: unknown) => request(channel, input)
  api.onMatchChanged = (listener: (payload: unknown) => void) => {
    const set = listeners.get('match:changed') ?? new Set()
    listeners.set('match:changed', set)
    set.add(listener)
    void connect().catch(() => undefined)
    return () => set.delete(listener)
  }
  api.onReconnected = (listener: () => void) => {
    reconnected.add(listener)
    return () => reconnected.delete(listener)
  }
  return api as HostApi
}
