import type { GameBridge } from '../../src-main/ipc/contract'

/**
 * The one interface the renderer talks to the host through: IPC in the
 * desktop app, a WebSocket in browser mode. `onReconnected` (browser mode
 * only) tells when a lost connection is back: pushes sent meanwhile were
 * missed, so the page asks for a fresh snapshot.
 */
export type HostApi = GameBridge & {
  readonly onReconnected?: (listener: () => void) => () => void
}

declare global {
  interface Window {
    /** Set by the desktop app's preload; absent in browser mode. */
    readonly game?: GameBridge
  }
}
