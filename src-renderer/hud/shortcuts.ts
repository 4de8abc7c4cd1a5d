import { activeTeamCentre, nextStep } from '../state/next-step'
import { sendCommand, undoLast } from '../state/actions'
import type { MatchState, Vec3 } from '../../src-engine/index'
import type { AppContextValue } from '../state/context'
import type { UiStoreState } from '../state/stores'
import { toggleRecording } from './recording/toggle-recording'
import { CAMERA_PRESETS, type CameraPreset } from '../scene/camera/camera-presets'

/** One keyboard shortcut: the keys shown in the help, the test on a key event, and what it does. */
export interface Shortcut {
  readonly keys: string
  readonly label: string
  readonly matches: (e: KeyboardEvent) => boolean
  readonly run: (app: AppContextValue) => void
  /** The rulesets whose games the key serves (absent: every game). */
  readonly rulesets?: readonly string[]
}

const plain = (key: string) => (e: KeyboardEvent) =>
  !e.ctrlKey && !e.metaKey && !e.altKey && e.key.toLowerCase() === key

/** Shift+R: record the table (a player's window and the clean feed alike). */
export const isRecordKey = (e: KeyboardEvent): boolean =>
  !e.ctrlKey && !e.metaKey && !e.altKey && e.shiftKey && e.key.toLowerCase() === 'r'

/** A shortcut's action that turns the camera to a point of the game (none: the camera stays). */
function focusOn(
  where: (state: MatchState, ui: UiStoreState) => Vec3 | null | undefined,
): (app: AppContextValue) => void {
  return (app) => {
    const state = app.matchStore.getState().state
    const at = state ? where(state, app.uiStore.getState()) : null
    if (at) app.uiStore.getState().focusOn(at)
  }
}

/** The camera after `now` in the C key's round: free, then each of the director's presets. */
export function nextCamera(now: CameraPreset | null): CameraPreset | null {
  const order: (CameraPreset | null)[] = [null, ...CAMERA_PRESETS.map((p) => p.id)]
  return order[(order.indexOf(now) + 1) % order.length] ?? null
}

/** Every shortcut of the table view; the help overlay lists exactly those of the open game's ruleset. */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    keys: 'M',
    label: 'Tape measure on/off (click two points; a third click starts again)',
    matches: plain('m'),
    run: (app) => {
      const ui = app.uiStore.getState()
      ui.setTool(ui.tool === 'measure' ? 'select' : 'measure')
    },
  },
  {
    keys: 'F',
    label: 'Focus the camera on the selected figure, vehicle or unit',
    matches: plain('f'),
    run: (app) => {
      const ui = app.uiStore.getState()
      const smr = app.matchStore.getState().smr
      const unit = smr && ui.selectedFigureId ? smr.state.units[ui.selectedFigureId] : undefined
      if (smr) {
        if (unit && unit.status === 'ok' && unit.hiddenIn === null) ui.focusOn(unit.position)
        return
      }
      focusOn((state, u) =>
        u.selectedFigureId
          ? state.figures[u.selectedFigureId]?.position
          : u.selectedVehicleId
            ? state.vehicles[u.selectedVehicleId]?.position
            : null,
      )(app)
    },
  },
  {
    keys: 'A',
    label: 'Focus the camera on the acting team',
    matches: plain('a'),
    run: focusOn((state) => activeTeamCentre(state)),
    rulesets: ['smle'],
  },
  {
    keys: 'V',
    label: 'Figure\u2019s-eye view from the selected figure or unit (drag to look around)',
    matches: plain('v'),
    run: (app) => {
      const ui = app.uiStore.getState()
      ui.setCameraMode(ui.cameraMode === 'eye' ? 'orbit' : 'eye')
    },
  },
  {
    keys: 'C',
    label: 'Camera: free, then the director (following the action), overhead, low angle, orbit, figure\u2019s eye',
    matches: plain('c'),
    run: (app) => {
      const ui = app.uiStore.getState()
      ui.setDirector(nextCamera(ui.director))
    },
  },
  {
    keys: 'L',
    label: 'Lock the camera where it is (again to unlock)',
    matches: plain('l'),
    run: (app) => app.uiStore.getState().toggleCameraLock(),
  },
  {
    keys: 'E',
    label: 'Move the game on: roll activation, hold fire, end the acting team\u2019s activation',
    matches: plain('e'),
    run: (app) => {
      const state = app.matchStore.getState().state
      const step = state ? nextStep(state) : null
      if (step) void sendCommand(app, step.command)
    },
    rulesets: ['smle'],
  },
  {
    keys: 'Shift+R',
    label: 'Record the table to a video (WebM, in the save folder\u2019s recordings); again to stop and save',
    matches: isRecordKey,
    run: (app) => void toggleRecording(app),
  },
  {
    keys: 'R',
    label: 'Roofs: on, off, off with upper floors (to see inside buildings)',
    matches: plain('r'),
    run: (app) => app.uiStore.getState().cycleRoofs(),
  },
  {
    keys: 'Ctrl+Z',
    label: 'Undo the last action (never a dice roll)',
    matches: (e) => (e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z',
    run: (app) => void undoLast(app),
  },
  {
    keys: 'P',
    label: 'Hide every panel (the table alone); P again shows them',
    matches: plain('p'),
    run: (app) => app.uiStore.getState().togglePanels(),
  },
  {
    keys: 'N',
    label: 'New game (choose a scenario)',
    matches: plain('n'),
    run: (app) => app.uiStore.getState().setNewGameOpen(true),
  },
  {
    keys: '?',
    label: 'This help',
    matches: (e) => e.key === '?' || (plain('h')(e) && !e.shiftKey),
    run: (app) => app.uiStore.getState().setHelpOpen(!app.uiStore.getState().helpOpen),
  },
  {
    keys: 'Esc',
    label: 'Close a dialog, leave the eye view or the tape, then clear the selection',
    matches: (e) => e.key === 'Escape',
    run: (app) => app.uiStore.getState().escape(),
  },
]

/** The shortcuts that serve a game of `ruleset` (all of them before a game is open). */
export function shortcutsFor(ruleset: string | null): readonly Shortcut[] {
  return SHORTCUTS.filter((s) => !s.rulesets || ruleset === null || s.rulesets.includes(ruleset))
}

/** True when the key goes to a text field rather than to the table. */
export function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  return (
    !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  )
}
