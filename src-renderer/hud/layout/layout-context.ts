import { createContext, useContext } from 'react'
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { LayoutState, PanelId, PanelPlacement } from './panel-layout'

/** Where panels and bars are put: the three docks, the top bar and the middle of the table (for messages). */
export type LayoutSlot = 'top' | 'center' | 'left' | 'right' | 'bottom'

export interface LayoutContextValue {
  readonly store: StoreApi<LayoutState>
  /** The slots' elements once drawn (null before the first commit). */
  readonly slots: Readonly<Record<LayoutSlot, HTMLElement | null>>
}

export const LayoutContext = createContext<LayoutContextValue | null>(null)

/** The layout in force, or null outside the HUD (a panel drawn on its own, as in a component test). */
export function useLayout(): LayoutContextValue | null {
  return useContext(LayoutContext)
}

/** Hooks must call the same hooks outside the HUD too: there they read this empty store. */
const NO_LAYOUT = createStore<LayoutState | null>(() => null)

/** Where the panel is now; null outside the HUD. */
export function usePlacement(id: PanelId): PanelPlacement | null {
  const layout = useLayout()
  const store: StoreApi<LayoutState | null> = layout?.store ?? NO_LAYOUT
  return useStore(store, (s) => (s ? (s.chosen[id] ?? s.defaults[id]) : null))
}

/** Whether only the panel's title bar shows. */
export function usePanelCollapsed(id: PanelId): boolean {
  return usePlacement(id)?.collapsed ?? false
}
