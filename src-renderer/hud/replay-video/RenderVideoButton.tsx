import { useState } from 'react'
import { useStore } from 'zustand'
import { useApp, useMatch } from '../../state/context'
import { recorderFor } from '../recording/table-recorder'
import { RENDER_RATES } from './pacing'
import { renderReplay } from './render-replay'
import { useReplayRender } from './render-store'

/** The replay bar's "Render video" and its speed: the replay from the step shown to the end, to a WebM file. */
export function RenderVideoButton() {
  const app = useApp()
  const [rate, setRate] = useState<number>(1)
  const atEnd = useMatch((s) => (s.replay ? s.replay.index >= s.replay.info.length : false))
  const rendering = useReplayRender((s) => s.phase !== 'idle')
  const recording = useStore(recorderFor(app.bridge).store, (s) => s.phase !== 'idle')
  return (
    <span className="replay-render-start">
      <button
        type="button"
        data-testid="replay-render"
        disabled={rendering || recording}
        onClick={() => void renderReplay(app, rate)}
        title={
          recording && !rendering
            ? 'The table is being recorded: stop that recording first'
            : `Render the replay to a WebM video in the save folder's recordings, from ${atEnd ? 'the start' : 'this step'} to the end`
        }
      >
        Render video
      </button>
      <select
        aria-label="Video speed"
        data-testid="replay-render-rate"
        value={rate}
        disabled={rendering}
        onChange={(e) => setRate(Number(e.target.value))}
        title="How fast the video plays the replay (1×: as Play does)"
      >
        {RENDER_RATES.map((r) => (
          <option key={r} value={r}>
            {r}×
          </option>
        ))}
      </select>
    </span>
  )
}
