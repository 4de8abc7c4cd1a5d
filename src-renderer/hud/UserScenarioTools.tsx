import { useRef, useState } from 'react'
import type { ScenarioSummary } from '../../src-main/ipc/contract'
import { useApp } from '../state/context'

/** Props of the New game dialog's scenario file buttons. */
export interface UserScenarioToolsProps {
  /** The scenario chosen in the list, if any. */
  readonly chosen: ScenarioSummary | undefined
  /** Called after the player's scenarios changed (imported, deleted), to list them again. */
  readonly onChanged: () => void
}

/** The largest file offered for import (the host refuses larger ones too). */
const MAX_FILE_BYTES = 512 * 1024

/**
 * Import a scenario file into the player's scenarios, export the chosen one
 * as a file, delete the chosen one of the player's. The host checks and
 * refuses; this only carries the text.
 */
export function UserScenarioTools({ chosen, onChanged }: UserScenarioToolsProps) {
  const app = useApp()
  const input = useRef<HTMLInputElement>(null)
  /** What the last action came to, said here in the dialog (a refused import says why). */
  const [note, setNote] = useState<{ kind: 'info' | 'problem'; text: string } | null>(null)
  const say = (text: string): void => setNote({ kind: 'info', text })
  const tryTo = async <T,>(run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run()
    } catch (err) {
      setNote({ kind: 'problem', text: err instanceof Error ? err.message : String(err) })
      return null
    }
  }

  const importFile = async (file: File): Promise<void> => {
    if (file.size > MAX_FILE_BYTES) {
      setNote({ kind: 'problem', text: `${file.name} is larger than a scenario can be (512 KB).` })
      return
    }
    const text = await file.text()
    const added = await tryTo(() => app.bridge.scenarioImport({ text }))
    if (!added) return
    say(`Imported "${added.name}" into your scenarios.`)
    onChanged()
  }
  const exportChosen = async (): Promise<void> => {
    if (!chosen) return
    const file = await tryTo(() => app.bridge.scenarioExport({ id: chosen.id }))
    if (!file) return
    const url = URL.createObjectURL(new Blob([file.text], { type: 'application/json' }))
    const a = document.createElement('a')
    a.href = url
    a.download = file.fileName
    a.click()
    URL.revokeObjectURL(url)
  }
  const deleteChosen = async (): Promise<void> => {
    if (chosen?.source !== 'user') return
    if (!window.confirm(`Delete your scenario "${chosen.name}"?`)) return
    const done = await tryTo(() => app.bridge.scenarioDelete({ id: chosen.id }))
    if (!done) return
    say(`Deleted "${chosen.name}".`)
    onChanged()
  }
  return (
    <>
      <div className="row scenario-files">
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          aria-label="Scenario file to import"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void importFile(file)
          }}
        />
        <button type="button" onClick={() => input.current?.click()}>
          Import scenario…
        </button>
        <button type="button" disabled={!chosen || chosen.problem !== undefined} onClick={() => void exportChosen()}>
          Export
        </button>
        <button type="button" disabled={chosen?.source !== 'user'} onClick={() => void deleteChosen()}>
          Delete
        </button>
      </div>
      {note ? (
        <div className={note.kind === 'problem' ? 'problem' : 'hint'} role="status" aria-label="Scenario files">
          {note.text}
        </div>
      ) : null}
    </>
  )
}
