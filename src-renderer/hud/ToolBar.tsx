import { useApp, useMatch, useUi } from '../state/context'
import { leaveReplay, openReplay } from '../state/replay-control'
import { InSlot } from './layout/InSlot'
import { RecordButton } from './recording/RecordButton'
import type { RoofMode } from '../state/stores'
import { CAMERA_PRESETS, type CameraPreset } from '../scene/camera/camera-presets'

const ROOF_LABEL: Record<RoofMode, string> = {
  shown: 'Roofs: on',
  hidden: 'Roofs: off',
  cutaway: 'Roofs and upper floors: off',
}

/** Tools and views: tape measure, figure's-eye view, roofs, recording, new game, help. */
export function ToolBar() {
  const app = useApp()
  const tool = useUi((s) => s.tool)
  const mode = useUi((s) => s.cameraMode)
  const roofs = useUi((s) => s.roofs)
  const replaying = useMatch((s) => s.replay !== null)
  const ui = () => app.uiStore.getState()
  return (
    <InSlot slot="top">
      <div className="panel toolbar" data-panel="toolbar" aria-label="Tools">
        <button
          type="button"
          aria-pressed={tool === 'measure'}
          onClick={() => ui().setTool(tool === 'measure' ? 'select' : 'measure')}
          title="Tape measure (M)"
        >
          Measure
        </button>
        <button
          type="button"
          aria-pressed={mode === 'eye'}
          onClick={() => ui().setCameraMode(mode === 'eye' ? 'orbit' : 'eye')}
          title="Figure's-eye view (V)"
        >
          Eye view
        </button>
        <CameraChoice />
        <button
          type="button"
          data-testid="roof-toggle"
          onClick={() => ui().cycleRoofs()}
          title="Show or hide roofs and upper floors (R)"
        >
          {ROOF_LABEL[roofs]}
        </button>
        <button
          type="button"
          aria-pressed={replaying}
          data-testid="replay-toggle"
          onClick={() => void (replaying ? leaveReplay(app) : openReplay(app, { source: 'game' }))}
          title="Replay this game, command by command (read only)"
        >
          Replay
        </button>
        <RecordButton />
        <button type="button" onClick={() => ui().setNewGameOpen(true)} title="New game (N)">
          New game
        </button>
        <button type="button" onClick={() => ui().setHelpOpen(true)} title="Help (?)">
          Help
        </button>
      </div>
    </InSlot>
  )
}

const CAMERA_OPTION: Record<CameraPreset, string> = {
  auto: 'Camera: director',
  overhead: 'Camera: overhead',
  low: 'Camera: low angle',
  orbit: 'Camera: orbit',
  eye: 'Camera: figure\u2019s eye',
}

/** Who has the camera: the player (free), or the director with one of its presets; and the lock. */
function CameraChoice() {
  const app = useApp()
  const director = useUi((s) => s.director)
  const locked = useUi((s) => s.cameraLocked)
  return (
    <>
      <select
        data-testid="camera-choice"
        aria-label="Camera"
        title="Who moves the camera: you, or the director following the action (C)"
        value={director ?? 'free'}
        onChange={(e) => {
          const v = e.target.value
          app.uiStore.getState().setDirector(v === 'free' ? null : (v as CameraPreset))
        }}
      >
        <option value="free">Camera: free</option>
        {CAMERA_PRESETS.map((p) => (
          <option key={p.id} value={p.id} title={p.label}>
            {CAMERA_OPTION[p.id]}
          </option>
        ))}
      </select>
      <button
        type="button"
        data-testid="camera-lock"
        aria-pressed={locked}
        onClick={() => app.uiStore.getState().toggleCameraLock()}
        title="Lock the camera where it is: neither the director nor a drag moves it (L)"
      >
        {locked ? 'Locked' : 'Lock'}
      </button>
    </>
  )
}
