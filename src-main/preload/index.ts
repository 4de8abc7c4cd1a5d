import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import {
  type GameBridge,
  methodName,
  pushChannels,
  pushMethodName,
  requestChannels,
  type RouterReply,
} from '../ipc/contract'

// window.game: one method per contract request, one subscription per push; nothing else.
const bridge: Record<string, unknown> = {}
for (const channel of requestChannels) {
  bridge[methodName(channel)] = async (input?: unknown) => {
    const reply = (await ipcRenderer.invoke(channel, input)) as RouterReply
    if (!reply.ok) throw new Error(reply.error.message)
    return reply.value
  }
}
for (const channel of pushChannels) {
  bridge[pushMethodName(channel)] = (listener: (payload: unknown) => void) => {
    const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload)
    ipcRenderer.on(channel, wrapped)
    return () => ipcRenderer.removeListener(channel, wrapped)
  }
}
contextBridge.exposeInMainWorld('game', bridge as GameBridge)
