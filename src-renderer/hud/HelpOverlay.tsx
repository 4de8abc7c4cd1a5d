import { useApp, useUi } from '../state/context'
import { SHORTCUTS } from './shortcuts'

/** The keyboard shortcuts and mouse controls. */
export function HelpOverlay() {
  const open = useUi((s) => s.helpOpen)
  const app = useApp()
  if (!open) return null
  return (
    <div className="dialog-backdrop" onClick={() => app.uiStore.getState().setHelpOpen(false)}>
      <section className="panel dialog" role="dialog" aria-label="Help" onClick={(e) => e.stopPropagation()}>
        <h2>Controls</h2>
        <table className="shortcuts">
          <tbody>
            <tr>
              <td>Drag / right-drag / wheel</td>
              <td>Orbit / pan / zoom the camera</td>
            </tr>
            <tr>
              <td>Click a figure, then the ground</td>
              <td>Select it, then move it there</td>
            </tr>
            <tr>
              <td>Click a vehicle, then the ground</td>
              <td>
                Drive it there at 1&quot; per mph (half speed from a halt); its speeds show in the selection panel
              </td>
            </tr>
            <tr>
              <td>Click an enemy figure</td>
              <td>Preview fire at its team: sight lines, to-hit breakdown; then Fire in the Actions panel</td>
            </tr>
            <tr>
              <td>Click / Shift-click a door</td>
              <td>Open or close it / kick it in</td>
            </tr>
            {SHORTCUTS.map((s) => (
              <tr key={s.keys}>
                <td>
                  <kbd>{s.keys}</kbd>
                </td>
                <td>{s.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" onClick={() => app.uiStore.getState().setHelpOpen(false)}>
          Close
        </button>
      </section>
    </div>
  )
}
