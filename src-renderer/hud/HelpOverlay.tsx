import { useApp, useMatch, useUi } from '../state/context'
import { helpRowsFor } from './help-rows'
import { shortcutsFor } from './shortcuts'

/** The keyboard shortcuts and mouse controls of the open game's ruleset. */
export function HelpOverlay() {
  const open = useUi((s) => s.helpOpen)
  const ruleset = useMatch((s) => s.ruleset)
  const app = useApp()
  if (!open) return null
  return (
    <div className="dialog-backdrop" onClick={() => app.uiStore.getState().setHelpOpen(false)}>
      <section
        className="panel dialog"
        role="dialog"
        aria-label="Help"
        data-ruleset={ruleset ?? ''}
        onClick={(e) => e.stopPropagation()}
      >
        <h2>Controls{ruleset === 'smr' ? ' (SMR)' : ''}</h2>
        <table className="shortcuts">
          <tbody>
            {helpRowsFor(ruleset).map((r) => (
              <tr key={r.keys}>
                <td>{r.keys}</td>
                <td>{r.label}</td>
              </tr>
            ))}
            {shortcutsFor(ruleset).map((s) => (
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
