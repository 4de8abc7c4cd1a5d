import type { GameBridge } from '../../src-main/ipc/contract'

/** The one interface the renderer talks to the host through: IPC in the desktop app, a WebSocket in browser mode. */
export type HostApi = GameBridge

declare global {
  interface Window {
    /** Set by the desktop app's preload; absent in browser mode. */
    readonly game?: GameBridge
  }
}
