import { createContext, type ReactNode, useContext } from 'react'
import { type StoreApi, useStore } from 'zustand'
import type { HostApi } from '../bridge/host-api'
import type { MatchStoreState, UiStoreState } from './stores'

export interface AppContextValue {
  readonly bridge: HostApi
  readonly matchStore: StoreApi<MatchStoreState>
  readonly uiStore: StoreApi<UiStoreState>
}

const AppContext = createContext<AppContextValue | null>(null)

export function AppProvider({ value, children }: { value: AppContextValue; children: ReactNode }) {
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>
}

export function useApp(): AppContextValue {
  const v = useContext(AppContext)
  if (!v) throw new Error('useApp outside <AppProvider>')
  return v
}

/** Selects narrowly from the match mirror. */
export function useMatch<T>(selector: (s: MatchStoreState) => T): T {
  return useStore(useApp().matchStore, selector)
}

/** Selects narrowly from the UI store. */
export function useUi<T>(selector: (s: UiStoreState) => T): T {
  return useStore(useApp().uiStore, selector)
}
