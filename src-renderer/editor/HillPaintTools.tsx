import { useStore } from 'zustand'
import type { StoreApi } from 'zustand/vanilla'
import type { Scenario } from '../../src-engine/index'
import { worldOf } from '../scene/world-cache'
import type { EditorState, EditorTool } from './editor-store'
import { Field } from './Field'

export interface HillPaintToolsProps {
  readonly store: StoreApi<EditorState>
  /** The draft as the rules read it: the height readout asks its ground. */
  readonly scenario: Scenario | null
}

const BRUSHES: readonly (readonly [EditorTool, string])[] = [
  ['paint:raise', 'Raise'],
  ['paint:lower', 'Lower'],
]

/**
 * The ground brushes in the panel: Raise and Lower (dragged over the table,
 * the camera holding still meanwhile), the brush's radius and strength, and
 * the height of the ground under the pointer as the rules have it.
 */
export function HillPaintTools({ store, scenario }: HillPaintToolsProps) {
  const tool = useStore(store, (s) => s.tool)
  const brush = useStore(store, (s) => s.brush)
  const pointer = useStore(store, (s) => s.pointer)
  const heightIn = scenario && pointer ? worldOf(scenario).groundHeightAt(pointer.x, pointer.z) : null
  const positive = (apply: (v: number) => void) => (text: string) => {
    const v = Number(text)
    if (Number.isFinite(v) && v > 0) apply(v)
  }
  return (
    <>
      <div className="editor-tools" role="group" aria-label="Paint the ground">
        {BRUSHES.map(([t, name]) => (
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
      <div className="editor-row">
        <Field
          label="Brush radius (in)"
          value={String(brush.radiusIn)}
          numeric
          onCommit={positive((radiusIn) => store.getState().setBrush({ radiusIn: Math.min(24, radiusIn) }))}
        />
        <Field
          label="Brush strength (in)"
          value={String(brush.strengthIn)}
          numeric
          onCommit={positive((strengthIn) => store.getState().setBrush({ strengthIn: Math.min(6, strengthIn) }))}
        />
      </div>
      <div className="hint" data-testid="ground-height">
        {heightIn === null || !pointer
          ? 'Height: point at the table'
          : `Height ${heightIn.toFixed(1)}" at ${pointer.x.toFixed(1)}, ${pointer.z.toFixed(1)}`}
      </div>
    </>
  )
}
