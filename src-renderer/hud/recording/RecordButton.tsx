import { useApp } from '../../state/context'
import { useReplayRender } from '../replay-video/render-store'
import { formatElapsed, type RecorderState } from './table-recorder'
import { toggleRecording } from './toggle-recording'
import { useRecorder } from './useRecorder'

const LABEL: Record<Exclude<RecorderState['phase'], 'recording'>, string> = {
  idle: 'Record',
  saving: 'Saving…',
  discarding: 'Discarding…',
}

/** The toolbar's Record / Stop button (a replay's render records on its own; its Cancel is in the replay bar). */
export function RecordButton() {
  const app = useApp()
  const { phase, elapsedMs } = useRecorder()
  const rendering = useReplayRender((s) => s.phase !== 'idle')
  return (
    <button
      type="button"
      data-testid="record-toggle"
      aria-pressed={phase === 'recording'}
      disabled={rendering || phase === 'saving' || phase === 'discarding'}
      onClick={() => void toggleRecording(app)}
      title={
        rendering
          ? 'A replay is being rendered to video (cancel it in the replay bar)'
          : "Record the table to a WebM video in the save folder's recordings (Shift+R)"
      }
    >
      {phase === 'recording' ? `Stop ${formatElapsed(elapsedMs)}` : LABEL[phase]}
    </button>
  )
}
