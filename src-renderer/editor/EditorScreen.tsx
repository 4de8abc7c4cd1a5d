import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { useStore } from 'zustand'
import {
  type AreaKind,
  type LinearKind,
  type PositionKind,
  type Scenario,
  ScenarioSchema,
} from '../../src-engine/index'
import { useApp } from '../state/context'
import { BUILDING_LIBRARY } from './building-library'
import { BuildingEditor } from './BuildingEditor'
import { isBlankRequest } from './blank-scenario'
import { HillPaintTools } from './HillPaintTools'
import { copyRequested } from './copy-to-edit'
import { resizeTable } from './table-edits'
import { BuildScenarioForm } from './BuildScenarioForm'
import type { StoreApi } from 'zustand/vanilla'
import {
  AREA_NAMES,
  clipboardFor,
  type Collection,
  createEditorStore,
  type Draft,
  draftItems,
  draftSides,
  type EditorState,
  type EditorTool,
  LINE_NAMES,
  POSITION_NAMES,
  TRENCH_TOOL,
} from './editor-store'
import { EditorScene } from './EditorScene'
import { ChoiceSelect } from './ChoiceSelect'
import { Field } from './Field'
import { liveTallies, talliesOf } from './force-points'
import { ForcesSection } from './ForcesSection'
import { isStrip, setStripWidth, STRIP_KINDS, STRIP_NAMES, type StripKind } from './area-edits'
import { ObjectiveKind } from './ObjectiveKind'
import { setPositionConcealed, setPositionWidth } from './position-edits'
import { RulesSection } from './RulesSection'
import { SidesSection } from './SidesSection'
import { VictorySection } from './VictorySection'
import { isSmrDraft, SMR_AREA_TOOLS, SMR_LINE_TOOLS, smrSceneScenario } from './smr-editor'
import { SmrForcesScene } from './SmrForcesScene'
import { SmrForcesSection } from './SmrForcesSection'

/** The kinds of area the editor draws, in the order of its buttons. */
const AREA_TOOLS: readonly AreaKind[] = ['woods', 'field', 'rough', 'rubble', 'overgrowth', 'water']
/** The walls, hedges and fences it draws. */
const LINE_TOOLS: readonly LinearKind[] = ['stoneWall', 'hedge', 'fence', 'sandbags']
/** The prepared positions it places at a click, and the trench it draws point by point along a line. */
const POSITION_TOOLS: readonly PositionKind[] = ['foxhole', 'weaponPit', 'pillbox', 'bunker', 'trench']

/** How long the editor waits after an edit before asking the engine to check the draft, ms. */
const CHECK_AFTER_MS = 150

export interface EditorScreenProps {
  /** The draft to edit (a copy: nothing is saved until Save or Play-test). */
  readonly draft: Draft
}

/**
 * The scenario editor: the table being built, in 3D, and a panel with its
 * name, size and round limit, tools to draw areas, the areas drawn, the
 * engine's problems in words (each pinned on the table where it is), the
 * forces with each side's points (the force builder), undo and redo, Save,
 * Play-test and Close.
 */
export default function EditorScreen({ draft }: EditorScreenProps) {
  // New game → Build a scenario opens the editor with no scenario yet: its table and sides are asked first.
  const [built, setBuilt] = useState<Draft | null>(null)
  // …and Edit a copy sends the scenario chosen, copied here.
  const copied = useMemo(() => copyRequested(draft), [draft])
  if (isBlankRequest(draft) && built === null) return <BuildScenarioForm onBuild={setBuilt} />
  return <ScenarioEditor draft={built ?? copied ?? draft} />
}

/** The editor on a scenario (see `EditorScreen`). */
function ScenarioEditor({ draft: opened }: EditorScreenProps) {
  const app = useApp()
  const store = useMemo(() => createEditorStore(opened), [opened])
  const draft = useStore(store, (s) => s.draft)
  const tool = useStore(store, (s) => s.tool)
  const corners = useStore(store, (s) => s.corners)
  const check = useStore(store, (s) => s.check)
  const canUndo = useStore(store, (s) => s.past.length > 0 || s.corners.length > 0)
  const canRedo = useStore(store, (s) => s.future.length > 0)
  const selected = useStore(store, (s) => s.selected)
  const canCopy = useStore(store, (s) => s.selected !== null && clipboardFor(s.draft, s.selected) !== null)
  const canPaste = useStore(store, (s) => s.clipboard !== null)
  const snap = useStore(store, (s) => s.snap)
  const [note, setNote] = useState<{ kind: 'info' | 'problem'; text: string } | null>(null)
  const [saved, setSaved] = useState<Draft | null>(null)

  // The draft as the rules read it; the last sound one is drawn while a field is wrong.
  const lastSound = useRef<Scenario | null>(null)
  // An SMR draft is read by its own schema (its units are drawn by SmrForcesScene).
  const smr = isSmrDraft(draft)
  const parsed = useMemo(() => (smr ? { success: false as const } : ScenarioSchema.safeParse(draft)), [draft, smr])
  const smrParsed = useMemo(() => (smr ? smrSceneScenario(draft) : null), [draft, smr])
  const lastSmr = useRef<ReturnType<typeof smrSceneScenario>>(null)
  if (smrParsed) lastSmr.current = smrParsed
  if (parsed.success) lastSound.current = parsed.data
  const scenario = smr ? (lastSmr.current?.scene ?? null) : lastSound.current
  const smrScenario = smr ? (lastSmr.current?.smr ?? null) : null
  // Each side's points added up at once (the host's check gives them while the draft cannot be read here).
  const live = useMemo(() => liveTallies(parsed.success ? parsed.data : null), [parsed])

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

  // Keys: Ctrl+Z / Ctrl+Y (or Ctrl+Shift+Z) undo and redo; Ctrl+C / Ctrl+V copy and paste the item picked, Delete
  // removes it; Enter finishes an area, Esc drops it, then the tool, then the pick.
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
      } else if ((e.ctrlKey || e.metaKey) && key === 'c') s.copySelected()
      else if ((e.ctrlKey || e.metaKey) && key === 'v') {
        e.preventDefault()
        s.paste()
      } else if (e.key === 'Delete' && s.selected) s.removeItem(s.selected.collection, s.selected.id)
      else if (e.key === 'Enter') s.finishShape()
      else if (e.key === 'Escape') {
        if (s.corners.length > 0) s.cancelShape()
        else if (s.tool !== 'look') s.setTool('look')
        else s.select(null)
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
      <div className="canvas-wrap">
        {scenario ? (
          <EditorScene
            store={store}
            scenario={scenario}
            forces={
              smrScenario
                ? (heightAt) => <SmrForcesScene store={store} scenario={smrScenario} heightAt={heightAt} />
                : undefined
            }
          />
        ) : null}
      </div>
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
          <button
            type="button"
            disabled={!canCopy}
            onClick={() => store.getState().copySelected()}
            title={
              selected && !canCopy
                ? 'This is not copied alone (a crew comes with its vehicle: copy the vehicle)'
                : 'Copy the item picked in a list (Ctrl+C)'
            }
          >
            Copy
          </button>
          <button
            type="button"
            disabled={!canPaste}
            onClick={() => store.getState().paste()}
            title="Paste a copy two inches on (Ctrl+V)"
          >
            Paste
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
        <Field
          label="Description"
          ariaLabel="Scenario description"
          value={String(draft.description ?? '')}
          onCommit={(v) => store.getState().edit((d) => ({ ...d, description: v }))}
        />
        <div className="editor-row">
          <Field
            label="Width (in)"
            value={String(table.widthIn ?? '')}
            numeric
            onCommit={setNumber((d, v) => resizeTable(d, { widthIn: v }))}
          />
          <Field
            label="Depth (in)"
            value={String(table.depthIn ?? '')}
            numeric
            onCommit={setNumber((d, v) => resizeTable(d, { depthIn: v }))}
          />
        </div>

        {smr ? (
          <SmrForcesSection store={store} draft={draft} points={check?.points ?? null} problems={problems} />
        ) : (
          <>
            <SidesSection store={store} draft={draft} problems={problems} />
            <VictorySection store={store} draft={draft} problems={problems} />
            <RulesSection store={store} draft={draft} />

            <ForcesSection
              store={store}
              draft={draft}
              tallies={live ?? talliesOf(check?.points ?? null)}
              problems={problems}
            />
          </>
        )}

        <label className="editor-snap">
          <input type="checkbox" checked={snap} onChange={() => store.getState().toggleSnap()} /> Snap clicks to whole
          inches
        </label>
        <div className="hint">
          Pick an item in a list to move it by its arrows on the table, copy it (Ctrl+C) and paste copies (Ctrl+V).
        </div>
        <ToolSection title="Ground" label="Place a hill" tools={[['hill', 'Hill']]} tool={tool} store={store} />
        <HillPaintTools store={store} scenario={scenario} />
        <ItemList
          label="Hills"
          items={draftItems(draft, 'hills')}
          describe={(h) => `Hill at ${Number(h.x).toFixed(0)}, ${Number(h.z).toFixed(0)}`}
          fields={[
            ['heightIn', 'Height', 'Height (inches)'],
            ['radiusIn', 'Radius', 'Radius (inches)'],
          ]}
          collection="hills"
          store={store}
        />
        <ToolSection
          title="Buildings"
          label="Place a building"
          tools={BUILDING_LIBRARY.map((b) => [`building:${b.key}`, `${b.name} ${b.widthIn}×${b.depthIn}`])}
          tool={tool}
          store={store}
        />
        <ItemList
          label="Buildings"
          items={draftItems(draft, 'buildings')}
          describe={(b) => String(b.name ?? b.id)}
          named
          fields={[
            ['rotationDeg', 'Turn °', 'Turned (degrees clockwise)'],
            ['widthIn', 'W', 'Width west to east (inches)'],
            ['depthIn', 'D', 'Depth north to south (inches)'],
          ]}
          extra={(b) => <BuildingEditor building={b} store={store} />}
          collection="buildings"
          store={store}
        />
        <ToolSection
          title="Areas"
          label="Draw an area"
          tools={[
            ...(smr ? SMR_AREA_TOOLS : AREA_TOOLS).map((k): readonly [EditorTool, string] => [
              `area:${k}`,
              AREA_NAMES[k],
            ]),
            // Roads and streams, strips along a line (SMLE-VEH-02's road speed; water); SMR has no road rules.
            ...(smr ? [] : STRIP_KINDS).map((k): readonly [EditorTool, string] => [`strip:${k}`, STRIP_NAMES[k]]),
          ]}
          tool={tool}
          store={store}
        />
        <ItemList
          label="Areas of the table"
          items={draftItems(draft, 'areas')}
          describe={(a) => `${String(a.name ?? a.id)}`}
          kindName={(a) => AREA_NAMES[a.kind as AreaKind] ?? String(a.kind)}
          extra={(a) => (isStrip(a) ? <StripWidth store={store} area={a} /> : null)}
          collection="areas"
          store={store}
        />
        <ToolSection
          title="Walls and hedges"
          label="Draw a wall, hedge or fence"
          tools={(smr ? SMR_LINE_TOOLS : LINE_TOOLS).map((k) => [`line:${k}`, LINE_NAMES[k]])}
          tool={tool}
          store={store}
        />
        <ItemList
          label="Walls and hedges"
          items={draftItems(draft, 'linearFeatures')}
          describe={(l) => LINE_NAMES[l.kind as LinearKind] ?? String(l.kind)}
          kindName={(l) => `${Array.isArray(l.points) ? l.points.length : 0} points`}
          collection="linearFeatures"
          store={store}
        />
        {/* SMR has no prepared positions and no objectives (its battles are won by rout or the village, SMR-SETUP-08). */}
        {smr ? null : (
          <>
            <ToolSection
              title="Prepared positions"
              label="Place a prepared position"
              tools={POSITION_TOOLS.map((k) => [`position:${k}`, POSITION_NAMES[k]])}
              tool={tool}
              store={store}
            />
            <ItemList
              label="Prepared positions"
              items={draftItems(draft, 'positions')}
              describe={positionName}
              fields={[['arcDeg', 'Arc °', 'Arc facing (degrees clockwise from north)']]}
              extra={(p) => <PositionFields store={store} draft={draft} position={p} name={positionName(p)} />}
              collection="positions"
              store={store}
            />
          </>
        )}
        <ToolSection
          title="Deployment zones"
          label="Draw a side's deployment zone"
          tools={draftSides(draft).map((side) => [`zone:${String(side.id)}`, `${String(side.name ?? side.id)} zone`])}
          tool={tool}
          store={store}
        />
        {smr ? null : (
          <>
            <ToolSection
              title="Objectives"
              label="Place an objective"
              tools={[['objective', 'Objective']]}
              tool={tool}
              store={store}
            />
            <ItemList
              label="Objectives"
              items={draftItems(draft, 'objectives')}
              describe={(o) => String(o.name ?? o.id)}
              named
              fields={[['radiusIn', 'Radius', 'Radius (inches)']]}
              extra={(o) => <ObjectiveKind store={store} objective={o} />}
              collection="objectives"
              store={store}
            />
          </>
        )}
        {tool !== 'look' ? <ToolHint tool={tool} corners={corners.length} store={store} /> : null}

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
      </aside>
    </div>
  )
}

/** A road's or stream's width, inches, below its row in the Areas list. */
function StripWidth({ store, area }: { store: StoreApi<EditorState>; area: Record<string, unknown> }) {
  const id = String(area.id)
  return (
    <Field
      label="Width"
      ariaLabel={`Width (inches) of ${String(area.name ?? id)}`}
      value={String(area.widthIn ?? '')}
      numeric
      onCommit={(text) => {
        const v = Number(text)
        if (text.trim() !== '') store.getState().edit((d) => setStripWidth(d, id, v))
      }}
    />
  )
}

/** A prepared position as its list names it: its kind and place. */
export const positionName = (p: Record<string, unknown>): string =>
  `${POSITION_NAMES[p.kind as PositionKind] ?? String(p.kind)} at ${Number(p.x).toFixed(1)}, ${Number(p.z).toFixed(1)}`

/** A prepared position's fields below its row: its width, whether it is concealed, and the side it belongs to. */
export function PositionFields({
  store,
  draft,
  position: p,
  name,
}: {
  store: StoreApi<EditorState>
  draft: Draft
  position: Record<string, unknown>
  name: string
}) {
  const edit = (change: (d: Draft) => Draft): void => store.getState().edit(change)
  const id = String(p.id)
  return (
    <>
      <div className="editor-row">
        <Field
          label="Width"
          ariaLabel={`Width across the arc (inches; blank: its kind’s) of ${name}`}
          value={typeof p.widthIn === 'number' ? String(p.widthIn) : ''}
          numeric
          onCommit={(text) => {
            if (text.trim() === '') return edit((d) => setPositionWidth(d, id, null))
            const v = Number(text)
            if (Number.isFinite(v) && v > 0) edit((d) => setPositionWidth(d, id, v))
          }}
        />
        <label className="editor-check">
          <input
            type="checkbox"
            aria-label={`Concealed: ${name}`}
            title="Unseen by the other side until a team it can see holds it (SMLE-SHOOT-26)"
            checked={p.concealed === true}
            onChange={(e) => edit((d) => setPositionConcealed(d, id, e.target.checked))}
          />
          Concealed
        </label>
      </div>
      <div className="editor-row position-side">
        <ChoiceSelect
          label="Belongs to"
          ariaLabel={`Side of ${id}`}
          value={typeof p.sideId === 'string' ? p.sideId : 'none'}
          choices={[
            { value: 'none', label: 'No side' },
            ...draftSides(draft).map((side) => ({
              value: String(side.id),
              label: `${String(side.name)} (12 pts)`,
            })),
          ]}
          onPick={(v) => store.getState().updateItem('positions', id, { sideId: v === 'none' ? undefined : v })}
        />
      </div>
    </>
  )
}

/** A heading and its tools' buttons; a pressed button is the tool in use (a second press puts it down). */
function ToolSection({
  title,
  label,
  tools,
  tool,
  store,
}: {
  title: string
  label: string
  tools: readonly (readonly [EditorTool, string])[]
  tool: EditorTool
  store: StoreApi<EditorState>
}) {
  return (
    <>
      <h3>{title}</h3>
      <div className="editor-tools" role="group" aria-label={label}>
        {tools.map(([t, name]) => (
          <button
            key={t}
            type="button"
            aria-pressed={tool === t}
            onClick={() => store.getState().setTool(tool === t ? 'look' : t)}
          >
            {name}
          </button>
        ))}
      </div>
    </>
  )
}

/** What the tool in use does with a click, and for a shape its corners so far, Finish and Drop. */
function ToolHint({ tool, corners, store }: { tool: EditorTool; corners: number; store: StoreApi<EditorState> }) {
  const area = tool.startsWith('area:')
  const strip = tool.startsWith('strip:')
  const shape = area || strip || tool.startsWith('line:') || tool === TRENCH_TOOL
  const what = area
    ? AREA_NAMES[tool.slice(5) as AreaKind].toLowerCase()
    : strip
      ? STRIP_NAMES[tool.slice(6) as StripKind].toLowerCase()
      : tool.startsWith('line:')
        ? LINE_NAMES[tool.slice(5) as LinearKind].toLowerCase()
        : tool.startsWith('position:')
          ? POSITION_NAMES[tool.slice(9) as PositionKind].toLowerCase()
          : tool
  const min = area ? 3 : 2
  if (tool.startsWith('paint:'))
    return (
      <div className="hint editor-hint" data-testid="editor-drawing">
        {`Drag over the table to ${tool === 'paint:raise' ? 'raise' : 'lower'} the ground under the brush (the camera holds still; Esc puts the brush down). Each stroke is one step to undo.`}
      </div>
    )
  if (tool.startsWith('zone:'))
    return (
      <div className="hint editor-hint" data-testid="editor-drawing">
        {corners === 0
          ? 'Click one corner of the deployment zone on the table, then the opposite corner.'
          : 'Now click the opposite corner of the zone (Esc drops the first).'}
      </div>
    )
  return (
    <div className="hint editor-hint" data-testid="editor-drawing">
      {!shape
        ? `Click the table to place a ${what} there; each click places another.`
        : corners === 0
          ? `Click the table to place the first ${area ? 'corner' : 'point'} of the ${what}.`
          : `${corners} ${area ? 'corner' : 'point'}${corners === 1 ? '' : 's'}: click on for more; Enter${area ? ' or a click on the first corner' : ''} finishes it, Esc drops it.`}
      {shape ? (
        <div className="row">
          <button type="button" disabled={corners < min} onClick={() => store.getState().finishShape()}>
            Finish
          </button>
          <button type="button" disabled={corners === 0} onClick={() => store.getState().cancelShape()}>
            Drop {area ? 'corners' : 'points'}
          </button>
        </div>
      ) : null}
    </div>
  )
}

/** One list of the draft: each item described, with fields to change its numbers, and a remove button. */
export function ItemList({
  label,
  items,
  describe,
  kindName,
  fields = [],
  named = false,
  extra,
  collection,
  store,
}: {
  label: string
  items: readonly Record<string, unknown>[]
  describe: (item: Record<string, unknown>) => string
  kindName?: (item: Record<string, unknown>) => string
  /** Number fields: the item's key, a short label, and the label read out (and the field's tooltip). */
  fields?: readonly (readonly [string, string, string])[]
  /** The item's name can be changed (a building's, an objective's: the game and its victory terms say it). */
  named?: boolean
  /** More to show of an item, below its row (a building's doors). */
  extra?: (item: Record<string, unknown>) => ReactNode
  collection: Collection
  store: StoreApi<EditorState>
}) {
  const picked = useStore(store, (s) => s.selected)
  if (items.length === 0) return null
  return (
    <ul className="editor-items" aria-label={label}>
      {items.map((item) => {
        const id = String(item.id)
        const name = describe(item)
        return (
          <li key={id}>
            <button
              type="button"
              className="editor-item-name"
              aria-pressed={picked?.collection === collection && picked.id === id}
              title="Pick it: move it by its arrows on the table, copy it"
              onClick={() =>
                store
                  .getState()
                  .select(picked?.collection === collection && picked.id === id ? null : { collection, id })
              }
            >
              {name}
            </button>
            {kindName ? <span className="hint">{kindName(item)}</span> : null}
            {named ? (
              <Field
                label="Called"
                ariaLabel={`What ${name} is called`}
                value={String(item.name ?? '')}
                onCommit={(text) => {
                  if (text.trim() !== '') store.getState().updateItem(collection, id, { name: text.trim() })
                }}
              />
            ) : null}
            {fields.map(([key, fieldLabel, longLabel]) => (
              <Field
                key={key}
                label={fieldLabel}
                ariaLabel={`${longLabel} of ${name}`}
                value={String(item[key] ?? '')}
                numeric
                onCommit={(text) => {
                  const v = Number(text)
                  if (text.trim() !== '' && Number.isFinite(v))
                    store.getState().updateItem(collection, id, { [key]: v })
                }}
              />
            ))}
            <button
              type="button"
              aria-label={`Remove ${name}`}
              onClick={() => store.getState().removeItem(collection, id)}
            >
              ✕
            </button>
            {extra ? <div className="editor-item-extra">{extra(item)}</div> : null}
          </li>
        )
      })}
    </ul>
  )
}
