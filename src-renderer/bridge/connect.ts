import type { HostApi } from './host-api'
import { createWsBridge } from './ws-bridge'

/** The desktop app's IPC bridge when present, else the browser-mode WebSocket to the page's own host. */
export function connectBridge(): HostApi {
  if (window.game) return window.game
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
  return createWsBridge(`${scheme}://${window.location.host}/ws`)
}
