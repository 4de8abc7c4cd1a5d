import { createContext, type ReactNode, useContext, useState } from 'react'
import { createStore, type StoreApi, useStore } from 'zustand'

/** How buildings are shown: whole; without roofs; without roofs and upper floors (to see every floor's figures). */
export type RoofMode = 'shown' | 'hidden' | 'cutaway'

/** The table view's own settings. */
export interface TableViewState {
  readonly roofs: RoofMode
  setRoofs(mode: RoofMode): void
  /** shown → hidden → cutaway → shown. */
  cycleRoofs(): void
}

const NEXT: Record<RoofMode, RoofMode> = { shown: 'hidden', hidden: 'cutaway', cutaway: 'shown' }

/** A fresh view store (one per table scene). */
export function createTableViewStore(): StoreApi<TableViewState> {
  return createStore<TableViewState>((set, get) => ({
    roofs: 'shown',
    setRoofs: (roofs) => set({ roofs }),
    cycleRoofs: () => set({ roofs: NEXT[get().roofs] }),
  }))
}

const TableViewContext = createContext<StoreApi<TableViewState> | null>(null)

/** Provides a table view store to the scene and its controls. */
export function TableViewProvider({ store, children }: { store?: StoreApi<TableViewState>; children: ReactNode }) {
  const [own] = useState(createTableViewStore)
  return <TableViewContext.Provider value={store ?? own}>{children}</TableViewContext.Provider>
}

/** The view store (a default one when no provider is around, e.g. in tests of one component). */
export function useTableViewStore(): StoreApi<TableViewState> {
  const [fallback] = useState(createTableViewStore)
  return useContext(TableViewContext) ?? fallback
}

/** Selects from the table view. */
export function useTableView<T>(selector: (s: TableViewState) => T): T {
  return useStore(useTableViewStore(), selector)
}
