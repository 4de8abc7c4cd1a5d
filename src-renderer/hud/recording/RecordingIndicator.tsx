import { formatElapsed } from './table-recorder'
import { useRecorder } from './useRecorder'

/** "● REC 0:05" over the table while it is being recorded; "Saving…" while the file is written. */
export function RecordingIndicator() {
  const { phase, elapsedMs } = useRecorder()
  if (phase === 'idle') return null
  return (
    <div className="recording-indicator" data-testid="recording-indicator" role="status" data-phase={phase}>
      {phase === 'recording' ? (
        <>
          <span className="recording-dot" aria-hidden="true">
            ●
          </span>{' '}
          REC {formatElapsed(elapsedMs)}
        </>
      ) : phase === 'saving' ? (
        'Saving the recording…'
      ) : (
        'Discarding the recording…'
      )}
    </div>
  )
}
