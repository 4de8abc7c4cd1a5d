import { useEffect, useMemo, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { type AreaKind, type Scenario, ScenarioSchema } from '../../src-engine/index'
import { useApp } from '../state/context'
import { AREA_NAMES, createEditorStore, type Draft, draftAreas } from './editor-store'
import { EditorScene } from './EditorScene'

/** The kinds of area the editor draws, in the order of its buttons. */
const AREA_TOOLS: readonly AreaKind[] = ['woods', 'field', 'rough', 'rubble', 'overgrowth', 'water']

/** How long the editor waits after an edit before asking the engine to check the draft, ms. */
const CHECK_AFTER_MS = 150

export interface EditorScreenProps {
  /** The draft to edit (a copy: nothing is saved until Save or Play-test). */
  readonly draft: Draft
}

/**
 * The scenario editor: the table being built, in 3D, and a panel with its
 * name, size and round limit, tools to draw areas, the areas drawn, the
 * engine's problems in words (each pinned on the table where it is), each
 * side's points, undo and redo, Save, Play-test and Close.
 */
export default function EditorScreen({ draft: opened }: EditorScreenProps) {
  const app = useApp()
  const store = useMemo(() => createEditorStore(opened), [opened])
  const draft = useStore(store, (s) => s.draft)
  const tool = useStore(store, (s) => s.tool)
  const corners = useStore(store, (s) => s.corners)
  const check = useStore(store, (s) => s.check)
  const canUndo = useStore(store, (s) => s.past.length > 0 || s.corners.length > 0)
  const canRedo = useStore(store, (s) => s.future.length > 0)
  const [note, setNote] = useState<{ kind: 'info' | 'problem'; text: string } | null>(null)
  const [saved, setSaved] = useState<Draft | null>(null)

  // The draft as the rules read it; the last sound one is drawn while a field is wrong.
  const lastSound = useRef<Scenario | null>(null)
  const parsed = useMemo(() => ScenarioSchema.safeParse(draft), [draft])
  if (parsed.success) lastSound.current = parsed.data
  const scenario = lastSound.current

  // The engine checks every edit (after a short pause while edits come quickly).
  useEffect(() => {
    let current = true
    const timer = setTimeout(() => {
      app.bridge
        .scenarioCheck({ scenario: draft })
        .then((c) => {
          if (current) store.getState().setCheck(c)
        })
        .catch((err: unknown) => {
          if (current) setNote({ kind: 'problem', text: err instanceof Error ? err.message : String(err) })
        })
    }, CHECK_AFTER_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [app, draft, store])

  const close = (): void => {
    if (
      saved !== draft &&
      store.getState().past.length > 0 &&
      !window.confirm('Leave the editor? Your changes since the last save are lost.')
    )
      return
    app.uiStore.getState().setEditing(null)
  }
  const save = async (): Promise<boolean> => {
    try {
      const summary = await app.bridge.scenarioSave({ scenario: draft })
      setSaved(draft)
      setNote({ kind: 'info', text: `Saved "${summary.name}" to your scenarios.` })
      return true
    } catch (err) {
      setNote({ kind: 'problem', text: err instanceof Error ? err.message : String(err) })
      return false
    }
  }
  const playTest = async (): Promise<void> => {
    if (!(await save())) return
    try {
      const snap = await app.bridge.matchNew({ scenarioId: String(draft.id) })
      const ui = app.uiStore.getState()
      ui.setPlayTestOf(draft)
      ui.setEditing(null)
      ui.select(null)
      ui.say({
        kind: 'info',
        text: `Play-testing ${snap.scenario.name}: "Back to editor" in the tool bar opens it in the editor again.`,
      })
    } catch (err) {
      setNote({ kind: 'problem', text: err instanceof Error ? err.message : String(err) })
    }
  }

  // Keys: Ctrl+Z / Ctrl+Y (or Ctrl+Shift+Z) undo and redo; Enter finishes an area, Esc drops it, then the tool.
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const target = e.target as HTMLElement | null
      if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return
      const s = store.getState()
      const key = e.key.toLowerCase()
      if ((e.ctrlKey || e.metaKey) && key === 'z') {
        e.preventDefault()
        if (e.shiftKey) s.redo()
        else s.undo()
      } else if ((e.ctrlKey || e.metaKey) && key === 'y') {
        e.preventDefault()
        s.redo()
      } else if (e.key === 'Enter') s.finishArea()
      else if (e.key === 'Escape') {
        if (s.corners.length > 0) s.cancelArea()
        else s.setTool('look')
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store])

  const table = (draft.table ?? {}) as { widthIn?: number; depthIn?: number }
  const problems = check?.problems ?? []
  const errors = problems.filter((p) => p.severity === 'error').length
  const setNumber = (change: (d: Draft, v: number) => Draft) => (text: string) => {
    const v = Number(text)
    if (text.trim() !== '' && Number.isFinite(v)) store.getState().edit((d) => change(d, v))
  }

  return (
    <div className="editor" data-testid="editor">
      <div className="canvas-wrap">{scenario ? <EditorScene store={store} scenario={scenario} /> : null}</div>
      <aside className="panel editor-panel" aria-label="Scenario editor">
        <h2>Scenario editor</h2>
        {note ? (
          <div className={note.kind === 'problem' ? 'problem' : 'hint'} role="status" data-testid="editor-note">
            {note.text}
          </div>
        ) : null}
        <div className="row editor-actions">
          <button type="button" disabled={!canUndo} onClick={() => store.getState().undo()} title="Undo (Ctrl+Z)">
            Undo
          </button>
          <button type="button" disabled={!canRedo} onClick={() => store.getState().redo()} title="Redo (Ctrl+Y)">
            Redo
          </button>
          <button type="button" disabled={errors > 0} onClick={() => void save()}>
            Save
          </button>
          <button type="button" disabled={errors > 0} onClick={() => void playTest()}>
            Play-test
          </button>
          <button type="button" onClick={close}>
            Close
          </button>
        </div>
        <Field
          label="Name"
          value={String(draft.name ?? '')}
          onCommit={(v) => store.getState().edit((d) => ({ ...d, name: v }))}
        />
        <div className="editor-row">
          <Field
            label="Width (in)"
            value={String(table.widthIn ?? '')}
            numeric
            onCommit={setNumber((d, v) => ({ ...d, table: { ...(d.table as object), widthIn: v } }))}
          />
          <Field
            label="Depth (in)"
            value={String(table.depthIn ?? '')}
            numeric
            onCommit={setNumber((d, v) => ({ ...d, table: { ...(d.table as object), depthIn: v } }))}
          />
          <Field
            label="Rounds"
            value={String(draft.roundLimit ?? '')}
            numeric
            onCommit={setNumber((d, v) => ({ ...d, roundLimit: v }))}
          />
        </div>

        <h3>Areas</h3>
        <div className="editor-tools" role="group" aria-label="Draw an area">
          {AREA_TOOLS.map((kind) => (
            <button
              key={kind}
              type="button"
              aria-pressed={tool === kind}
              onClick={() => store.getState().setTool(tool === kind ? 'look' : kind)}
            >
              {AREA_NAMES[kind]}
            </button>
          ))}
        </div>
        {tool !== 'look' ? (
          <div className="hint" data-testid="editor-drawing">
            {corners.length === 0
              ? `Click the table to place the first corner of the ${AREA_NAMES[tool].toLowerCase()}.`
              : `${corners.length} corner${corners.length === 1 ? '' : 's'}: click on for more; Enter or a click on the first corner finishes it, Esc drops it.`}
            <div className="row">
              <button type="button" disabled={corners.length < 3} onClick={() => store.getState().finishArea()}>
                Finish area
              </button>
              <button type="button" disabled={corners.length === 0} onClick={() => store.getState().cancelArea()}>
                Drop corners
              </button>
            </div>
          </div>
        ) : null}
        <ul className="editor-areas" aria-label="Areas of the table">
          {draftAreas(draft).map((a) => (
            <li key={String(a.id)}>
              <span>{String(a.name ?? a.id)}</span>
              <span className="hint">{AREA_NAMES[a.kind as AreaKind] ?? String(a.kind)}</span>
              <button
                type="button"
                aria-label={`Remove ${String(a.name ?? a.id)}`}
                onClick={() => store.getState().removeArea(String(a.id))}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>

        <h3>
          Problems{' '}
          <span className="hint" data-testid="editor-problem-count">
            {check === null
              ? 'checking…'
              : problems.length === 0
                ? 'none'
                : `${errors} error${errors === 1 ? '' : 's'}, ${problems.length - errors} warning${problems.length - errors === 1 ? '' : 's'}`}
          </span>
        </h3>
        <ul className="editor-problems" data-testid="editor-problems">
          {problems.map((p, i) => (
            <li key={i} className={p.severity}>
              {p.message}
              {p.clause ? <span className="hint"> ({p.clause})</span> : null}
            </li>
          ))}
        </ul>
        {check?.points ? (
          <>
            <h3>Points</h3>
            <ul className="editor-points">
              {check.points.map((s) => (
                <li key={s.sideId} className={s.budget !== null && s.total > s.budget ? 'error' : undefined}>
                  {s.name}: {s.total}
                  {s.budget !== null ? ` of ${s.budget}` : ''}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </aside>
    </div>
  )
}

/** A text field that edits the draft when the player leaves it or presses Enter (one step to undo, not one per key). */
function Field({
  label,
  value,
  numeric = false,
  onCommit,
}: {
  label: string
  value: string
  numeric?: boolean
  onCommit: (value: string) => void
}) {
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  const commit = (): void => {
    if (text !== value) onCommit(text)
  }
  return (
    <label className="editor-field">
      {label}
      <input
        aria-label={label}
        value={text}
        inputMode={numeric ? 'decimal' : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit()
        }}
      />
    </label>
  )
}
