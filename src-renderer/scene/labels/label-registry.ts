import { createContext, useCallback, useContext, useLayoutEffect } from 'react'
import type { Vec3 } from '../../../src-engine/index'
import type { LabelState } from './label-layout'

/** A label on the table: where it floats, how much it matters, and its element once mounted. */
export interface LabelEntry {
  readonly anchor: Vec3
  readonly rank: number
  element: HTMLElement | null
  /** The state last written to the element. */
  state: LabelState | null
}

/**
 * The labels of the table, for the layout that decides each frame which are
 * drawn. Components register their labels with `useTableLabel`; `version`
 * grows when a label comes, goes or moves (its anchor is checked again).
 */
export class LabelRegistry {
  readonly entries = new Map<string, LabelEntry>()
  /** Elements mounted before their label was placed. */
  private readonly early = new Map<string, HTMLElement>()
  version = 0

  constructor(private readonly changed: () => void) {}

  place(id: string, anchor: Vec3, rank: number): void {
    const e = this.entries.get(id)
    if (e && e.rank === rank && e.anchor.x === anchor.x && e.anchor.y === anchor.y && e.anchor.z === anchor.z) return
    const element = e?.element ?? this.early.get(id) ?? null
    this.early.delete(id)
    if (element && !e) writeLabelState(element, 'pending')
    this.entries.set(id, { anchor, rank, element, state: e?.state ?? null })
    this.version++
    this.changed()
  }

  attach(id: string, element: HTMLElement | null): void {
    const e = this.entries.get(id)
    if (!e) {
      if (element) this.early.set(id, element)
      else this.early.delete(id)
      return
    }
    if (e.element === element) return
    e.element = element
    e.state = null
    // Unchecked, a new label waits hidden for its first check rather than flashing through a wall.
    if (element) writeLabelState(element, 'pending')
    this.changed()
  }

  remove(id: string): void {
    this.early.delete(id)
    if (!this.entries.delete(id)) return
    this.version++
    this.changed()
  }
}

/** Shows a label's state on its element: drawn, faded, or hidden (it keeps its size, so the layout can still measure it). */
export function writeLabelState(element: HTMLElement, state: LabelState): void {
  element.dataset.labelState = state
  element.style.visibility = state === 'shown' || state === 'faded' ? '' : 'hidden'
  element.style.filter = state === 'faded' ? 'opacity(0.45)' : ''
}

export const LabelRegistryContext = createContext<LabelRegistry | null>(null)

/**
 * Registers a label for the layout (walls, distance, crowding) and returns
 * the ref for its element. Outside a `LabelField` the label is always drawn.
 */
export function useTableLabel(id: string, at: readonly [number, number, number], rank: number) {
  const registry = useContext(LabelRegistryContext)
  const [x, y, z] = at
  useLayoutEffect(() => {
    registry?.place(id, { x, y, z }, rank)
  }, [registry, id, x, y, z, rank])
  useLayoutEffect(() => () => registry?.remove(id), [registry, id])
  return useCallback((el: HTMLElement | null) => registry?.attach(id, el), [registry, id])
}
