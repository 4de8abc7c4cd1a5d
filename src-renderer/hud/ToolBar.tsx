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

/** Tools and views: tape measure, the camera (free, figure's eye, director, locked), roofs, recording, new game, help. */
export function ToolBar() {
  const app = useApp()
  const tool = useUi((s) => s.tool)
  const roofs = useUi((s) => s.roofs)
  const replaying = useMatch((s) => s.replay !== null)
  const playTestOf = useUi((s) => s.playTestOf)
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
        {playTestOf ? (
          <button
            type="button"
            onClick={() => ui().setEditing(playTestOf)}
            title="Open the scenario being play-tested in the editor again"
          >
            Back to editor
          </button>
        ) : null}
        <button type="button" onClick={() => ui().setHelpOpen(true)} title="Help (?)">
          Help
        </button>
      </div>
    </InSlot>
  )
}

const CAMERA_OPTION: Record<CameraPreset, string> = {
  auto: 'Director',
  overhead: 'Overhead',
  low: 'Low angle',
  orbit: 'Orbit',
  eye: 'Actor\u2019s eye',
}

/**
 * Who has the camera: the player (free, or through the selected figure's
 * eyes), or the director with one of its presets; or nobody (locked where
 * it is). One short menu, so that the tool bar keeps to one row.
 */
function CameraChoice() {
  const app = useApp()
  const director = useUi((s) => s.director)
  const locked = useUi((s) => s.cameraLocked)
  const eyeView = useUi((s) => s.cameraMode === 'eye')
  return (
    <select
      data-testid="camera-choice"
      data-camera={locked ? 'locked' : director !== null ? 'director' : 'player'}
      aria-label="Camera"
      title="The camera: yours (free), the director's following the action (C), or locked where it is (L)"
      value={locked ? 'locked' : eyeView ? 'eyeview' : (director ?? 'free')}
      onChange={(e) => {
        const v = e.target.value
        const ui = app.uiStore.getState()
        if (v === 'locked') {
          if (!ui.cameraLocked) ui.toggleCameraLock()
          return
        }
        if (ui.cameraLocked) ui.toggleCameraLock()
        if (v === 'eyeview') return ui.setCameraMode('eye')
        ui.setCameraMode('orbit')
        ui.setDirector(v === 'free' ? null : (v as CameraPreset))
      }}
    >
      <option value="free">Free camera</option>
      <option value="eyeview" title="Through the selected figure's or unit's eyes; drag to look around (V)">
        Figure&apos;s eye
      </option>
      {CAMERA_PRESETS.map((p) => (
        <option key={p.id} value={p.id} title={p.label}>
          {CAMERA_OPTION[p.id]}
        </option>
      ))}
      <option value="locked">Locked</option>
    </select>
  )
}
