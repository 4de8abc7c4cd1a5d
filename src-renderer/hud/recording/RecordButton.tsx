import { useApp } from '../../state/context'
import { formatElapsed } from './table-recorder'
import { toggleRecording } from './toggle-recording'
import { useRecorder } from './useRecorder'

/** The toolbar's Record / Stop button. */
export function RecordButton() {
  const app = useApp()
  const { phase, elapsedMs } = useRecorder()
  return (
    <button
      type="button"
      data-testid="record-toggle"
      aria-pressed={phase === 'recording'}
      disabled={phase === 'saving'}
      onClick={() => void toggleRecording(app)}
      title="Record the table to a WebM video in the save folder's recordings (Shift+R)"
    >
      {phase === 'recording' ? `Stop ${formatElapsed(elapsedMs)}` : phase === 'saving' ? 'Saving…' : 'Record'}
    </button>
  )
}
