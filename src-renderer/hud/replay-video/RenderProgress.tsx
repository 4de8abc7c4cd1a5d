import { useApp } from '../../state/context'
import { renderProgress } from './pacing'
import { cancelReplayRender } from './render-replay'
import { useReplayRender } from './render-store'

/** While a replay is rendered to video: how far it has come, and its Cancel. */
export function RenderProgress() {
  const app = useApp()
  const phase = useReplayRender((s) => s.phase)
  const from = useReplayRender((s) => s.from)
  const index = useReplayRender((s) => s.index)
  const total = useReplayRender((s) => s.total)
  if (phase === 'idle') return null
  const p = renderProgress(from, index, total)
  return (
    <div className="replay-render" role="status" data-phase={phase}>
      <progress
        data-testid="replay-render-progress"
        value={p.done}
        max={p.total}
        data-index={index}
        aria-label="Video rendered so far"
      />
      <span className="replay-render-text" data-testid="replay-render-text">
        {phase === 'saving' ? 'Saving the video…' : p.text}
      </span>
      <button
        type="button"
        data-testid="replay-render-cancel"
        disabled={phase !== 'rendering'}
        onClick={() => cancelReplayRender(app)}
        title="Stop rendering; no video is saved"
      >
        Cancel
      </button>
    </div>
  )
}
