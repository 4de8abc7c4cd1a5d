import { useEffect, useMemo, useState } from 'react'
import type { HostApi } from './bridge/host-api'
import { Hud } from './hud/Hud'
import { TableScene } from './scene/TableScene'
import { AppProvider, type AppContextValue } from './state/context'
import { createMatchStore, createUiStore } from './state/stores'

export interface AppProps {
  readonly bridge: HostApi
}

/** The whole view: the 3D table and the HUD over it, fed by the host through the bridge. */
export function App({ bridge }: AppProps) {
  const value = useMemo<AppContextValue>(
    () => ({ bridge, matchStore: createMatchStore(), uiStore: createUiStore() }),
    [bridge],
  )
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    const unsubscribe = bridge.onMatchChanged((change) => value.matchStore.getState().applyChange(change))
    bridge
      .matchSnapshot()
      .then((snapshot) => {
        value.matchStore.getState().setSnapshot(snapshot)
        if (snapshot.notice) value.uiStore.getState().say({ kind: 'info', text: snapshot.notice })
      })
      .catch((err: unknown) => setFailure(err instanceof Error ? err.message : String(err)))
    // Back after a lost connection: what was pushed meanwhile was missed, so the table is fetched afresh.
    const offReconnected = bridge.onReconnected?.(() => {
      bridge
        .matchSnapshot()
        .then((snapshot) => {
          value.matchStore.getState().setSnapshot(snapshot)
          value.uiStore.getState().say({ kind: 'info', text: 'Reconnected to the game host: the table is up to date.' })
        })
        .catch(() => undefined)
    })
    return () => {
      unsubscribe()
      offReconnected?.()
    }
  }, [bridge, value])

  return (
    <AppProvider value={value}>
      <div className="app" data-testid="app">
        {failure ? (
          <div className="panel message refusal" role="alert">
            Cannot reach the game host: {failure}
          </div>
        ) : (
          <>
            <div className="canvas-wrap">
              <TableScene />
            </div>
            <Hud />
          </>
        )}
      </div>
    </AppProvider>
  )
}
