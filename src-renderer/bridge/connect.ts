import { pageSeat } from '../state/seat'
import type { HostApi } from './host-api'
import { createWsBridge } from './ws-bridge'

/**
 * The desktop app's IPC bridge when present (its windows sit in the hot
 * seat), else the browser-mode WebSocket to the page's own host, in the seat
 * the page's address asks for (`?seat=all|spectator|<side id>`, default all).
 */
export function connectBridge(): HostApi {
  if (window.game) return window.game
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
  return createWsBridge(
    `${scheme}://${window.location.host}/ws?seat=${encodeURIComponent(pageSeat(window.location.search))}`,
  )
}
