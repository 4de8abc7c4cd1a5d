import type { AppContextValue } from '../../state/context'
import type { UiMessage } from '../../state/stores'
import { isRenderingReplay } from '../replay-video/render-store'
import { recorderFor } from './table-recorder'

/** The table's canvas: the 3D scene with the dice tray drawn into it. */
export function tableCanvas(): HTMLCanvasElement | null {
  return document.querySelector<HTMLCanvasElement>('[data-table-canvas] canvas') ?? document.querySelector('canvas')
}

/** Starts recording the table, or stops and says where the file went (to the message bar, or to `say`). */
export async function toggleRecording(
  app: AppContextValue,
  say: (message: UiMessage) => void = app.uiStore.getState().say,
): Promise<void> {
  const recorder = recorderFor(app.bridge)
  const phase = recorder.store.getState().phase
  if (phase === 'saving' || phase === 'discarding') return
  // A replay's render owns the recording: it ends with the replay or its Cancel.
  if (isRenderingReplay(app))
    return say({ kind: 'info', text: 'A replay is being rendered to video: cancel it in the replay bar first.' })
  if (phase === 'recording') {
    const r = await recorder.stop()
    say(r.ok ? { kind: 'info', text: `Recording saved to ${r.path}` } : { kind: 'error', text: r.message })
    return
  }
  const canvas = tableCanvas()
  if (!canvas) return say({ kind: 'error', text: 'There is no table to record yet.' })
  const refused = await recorder.start(canvas)
  if (refused !== null) say({ kind: 'error', text: refused })
}
