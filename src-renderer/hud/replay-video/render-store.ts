import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { type AppContextValue, useApp } from '../../state/context'

/** A replay being rendered to video, for the replay bar and for whatever follows the render (a camera). */
export interface ReplayRenderState {
  /** `rendering`: the replay steps on while the table is recorded; `saving`: the host writes the file. */
  readonly phase: 'idle' | 'rendering' | 'saving'
  /** The replay rendered (null when idle). */
  readonly replayId: string | null
  /** The step the render started at, the step shown now, and the last one (the replay's length). */
  readonly from: number
  readonly index: number
  readonly total: number
  /** How many times faster than Play the replay steps on (1: Play's pace). */
  readonly rate: number
}

export const IDLE_RENDER: ReplayRenderState = { phase: 'idle', replayId: null, from: 0, index: 0, total: 0, rate: 1 }

const stores = new WeakMap<AppContextValue['matchStore'], StoreApi<ReplayRenderState>>()

/** The render state of the app whose replay is in `app.matchStore` (one per app). */
export function replayRenderStore(app: Pick<AppContextValue, 'matchStore'>): StoreApi<ReplayRenderState> {
  let s = stores.get(app.matchStore)
  if (!s) {
    s = createStore<ReplayRenderState>(() => IDLE_RENDER)
    stores.set(app.matchStore, s)
  }
  return s
}

/** A replay is being rendered to video (or its file is being saved). */
export function isRenderingReplay(app: Pick<AppContextValue, 'matchStore'>): boolean {
  return replayRenderStore(app).getState().phase !== 'idle'
}

/** Selects narrowly from this app's render state. */
export function useReplayRender<T>(selector: (s: ReplayRenderState) => T): T {
  return useStore(replayRenderStore(useApp()), selector)
}
