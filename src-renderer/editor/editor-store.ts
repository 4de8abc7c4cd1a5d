import { createStore, type StoreApi } from 'zustand/vanilla'
import type { AreaKind, EditorCheck } from '../../src-engine/index'

/** A scenario being edited: its JSON as the file holds it (checked by the engine, in words, after each edit). */
export type Draft = Readonly<Record<string, unknown>>

/** A point on the table, inches. */
export interface TablePoint {
  readonly x: number
  readonly z: number
}

/** What a click on the table does: nothing (look around), or add a corner to an area of this kind. */
export type EditorTool = 'look' | AreaKind

/** The most edits that can be undone. */
export const UNDO_DEPTH = 200
/** A click this near the first corner closes the area being drawn, inches. */
export const CLOSE_WITHIN_IN = 1

export interface EditorState {
  readonly draft: Draft
  /** Earlier drafts, the latest last (Undo), and drafts undone (Redo). */
  readonly past: readonly Draft[]
  readonly future: readonly Draft[]
  readonly tool: EditorTool
  /** The corners of the area being drawn, in order. */
  readonly corners: readonly TablePoint[]
  /** The engine's check of the draft now shown (null until the first answer). */
  readonly check: EditorCheck | null
  /** Changes the draft (one step to undo). */
  edit(change: (draft: Draft) => Draft): void
  undo(): void
  redo(): void
  setTool(tool: EditorTool): void
  /** A click on the table with an area tool: a corner, or (near the first corner of three or more) the area closed. */
  addCorner(at: TablePoint): void
  /** Ends the area being drawn (three corners or more), adding it to the table. */
  finishArea(): void
  /** Drops the corners drawn so far. */
  cancelArea(): void
  /** Removes one area of the table. */
  removeArea(areaId: string): void
  setCheck(check: EditorCheck | null): void
}

/** Names of each kind of area, as the editor lists them. */
export const AREA_NAMES: Readonly<Record<AreaKind, string>> = {
  woods: 'Wood',
  overgrowth: 'Overgrowth',
  rough: 'Rough ground',
  rubble: 'Rubble',
  water: 'Water',
  road: 'Road',
  field: 'Field',
}

/** The terrain part of a draft (its areas), whatever the draft holds. */
export function draftAreas(draft: Draft): readonly Record<string, unknown>[] {
  const terrain = draft.terrain as { areas?: unknown } | undefined
  return Array.isArray(terrain?.areas) ? (terrain.areas as Record<string, unknown>[]) : []
}

/** An id not yet used by any area of the draft: `<kind>-<n>`. */
export function freshAreaId(draft: Draft, kind: AreaKind): string {
  const used = new Set(draftAreas(draft).map((a) => a.id))
  for (let n = 1; ; n++) if (!used.has(`${kind}-${n}`)) return `${kind}-${n}`
}

/** The draft with `areas` as its terrain's areas (the rest of its terrain kept). */
function withAreas(draft: Draft, areas: readonly Record<string, unknown>[]): Draft {
  const terrain = (draft.terrain as Record<string, unknown> | undefined) ?? {}
  return { ...draft, terrain: { ...terrain, areas } }
}

const round = (v: number): number => Math.round(v * 100) / 100

/** A store for editing `draft` (a copy: nothing is saved until the player saves). */
export function createEditorStore(draft: Draft): StoreApi<EditorState> {
  return createStore<EditorState>((set, get) => {
    const commit = (next: Draft): void => {
      const { draft: now, past } = get()
      if (next === now) return
      set({ draft: next, past: [...past, now].slice(-UNDO_DEPTH), future: [] })
    }
    const close = (): void => {
      const { tool, corners, draft: now } = get()
      if (tool === 'look' || corners.length < 3) return
      const area = {
        id: freshAreaId(now, tool),
        name: AREA_NAMES[tool],
        kind: tool,
        polygon: corners.map((c) => ({ x: round(c.x), z: round(c.z) })),
      }
      set({ corners: [] })
      commit(withAreas(now, [...draftAreas(now), area]))
    }
    return {
      draft,
      past: [],
      future: [],
      tool: 'look',
      corners: [],
      check: null,
      edit: (change) => commit(change(get().draft)),
      undo: () => {
        const { past, draft: now, future, corners } = get()
        // Undo takes back the last corner of an area being drawn first.
        if (corners.length > 0) return set({ corners: corners.slice(0, -1) })
        const previous = past[past.length - 1]
        if (previous === undefined) return
        set({ draft: previous, past: past.slice(0, -1), future: [now, ...future] })
      },
      redo: () => {
        const { past, draft: now, future } = get()
        const next = future[0]
        if (next === undefined) return
        set({ draft: next, past: [...past, now], future: future.slice(1) })
      },
      setTool: (tool) => set({ tool, corners: [] }),
      addCorner: (at) => {
        const { tool, corners } = get()
        if (tool === 'look') return
        const first = corners[0]
        if (first && corners.length >= 3 && Math.hypot(at.x - first.x, at.z - first.z) <= CLOSE_WITHIN_IN)
          return close()
        set({ corners: [...corners, at] })
      },
      finishArea: close,
      cancelArea: () => set({ corners: [] }),
      removeArea: (areaId) => {
        const now = get().draft
        const areas = draftAreas(now)
        if (!areas.some((a) => a.id === areaId)) return
        commit(
          withAreas(
            now,
            areas.filter((a) => a.id !== areaId),
          ),
        )
      },
      setCheck: (check) => set({ check }),
    }
  })
}

/**
 * A copy of a scenario to edit: its own id and name, so that saving it adds
 * one of the player's scenarios and leaves the original as it was.
 */
export function copyToEdit(scenario: Draft): Draft {
  const id = typeof scenario.id === 'string' ? scenario.id : 'scenario'
  const name = typeof scenario.name === 'string' ? scenario.name : 'Scenario'
  return {
    ...scenario,
    id: id.endsWith('-copy') ? id : `${id}-copy`,
    name: name.endsWith('(copy)') ? name : `${name} (copy)`,
  }
}
