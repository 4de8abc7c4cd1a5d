import { useCallback, useEffect, useState } from 'react'
import type { SaveSummary } from '../../src-main/ipc/contract'
import { attempt } from '../state/actions'
import { useApp, useMatch } from '../state/context'
import { openReplay } from '../state/replay-control'
import { DockPanel } from './layout/DockPanel'

/** Save the game under a name; load or delete a saved game. */
export function FilesPanel() {
  const app = useApp()
  const scenario = useMatch((s) => s.scenario ?? s.smr?.scenario)
  const [name, setName] = useState('')
  const [saves, setSaves] = useState<SaveSummary[]>([])

  const refresh = useCallback(async () => {
    const list = await attempt(app, () => app.bridge.saveList())
    if (list) setSaves(list)
  }, [app])

  useEffect(() => {
    void refresh()
  }, [refresh])

  const save = async () => {
    const summary = await attempt(app, () => app.bridge.saveCreate({ name: name.trim() || (scenario?.name ?? 'Game') }))
    if (summary) {
      app.uiStore.getState().say({ kind: 'info', text: `Saved as "${summary.name}".` })
      setName('')
      await refresh()
    }
  }
  const load = async (s: SaveSummary) => {
    const snap = await attempt(app, () => app.bridge.saveLoad({ id: s.id }))
    if (snap) app.uiStore.getState().say({ kind: 'info', text: `Loaded "${s.name}".` })
  }
  const remove = async (s: SaveSummary) => {
    if (await attempt(app, () => app.bridge.saveDelete({ id: s.id }))) await refresh()
  }

  return (
    <DockPanel id="saves" label="Saves" className="files">
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <input
          aria-label="Save name"
          placeholder="Name this save"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <button type="submit">Save</button>
      </form>
      <div className="row">
        <button type="button" onClick={() => void refresh()}>
          Refresh list
        </button>
      </div>
      <ul className="save-list">
        {saves.map((s) => (
          <li key={s.id} data-save={s.id}>
            <span className="save-name" title={s.problem ?? `${s.scenarioName}, round ${s.round}`}>
              {s.name}
              {s.problem && <div className="problem">{s.problem}</div>}
            </span>
            <button
              type="button"
              disabled={Boolean(s.problem)}
              onClick={() => void load(s)}
              aria-label={`Load ${s.name}`}
            >
              Load
            </button>
            <button
              type="button"
              disabled={Boolean(s.problem)}
              onClick={() => void openReplay(app, { source: 'save', saveId: s.id })}
              aria-label={`Replay ${s.name}`}
              title="Replay this save, command by command (read only: the save is not changed)"
            >
              Replay
            </button>
            {!s.isAutosave && (
              <button type="button" onClick={() => void remove(s)} aria-label={`Delete ${s.name}`}>
                ✕
              </button>
            )}
          </li>
        ))}
      </ul>
    </DockPanel>
  )
}
