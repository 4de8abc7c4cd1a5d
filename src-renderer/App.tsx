import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import type { HostApi } from './bridge/host-api'
import type { FeedOptions } from './feed/feed-options'
import { FeedOverlays } from './feed/FeedOverlays'
import { FeedReplay } from './feed/FeedReplay'
import { Hud } from './hud/Hud'
import { TableScene } from './scene/TableScene'
import { AppProvider, type AppContextValue, useUi } from './state/context'
import { createMatchStore, createUiStore } from './state/stores'

export interface AppProps {
  readonly bridge: HostApi
  /** A clean feed for a stream (`?clean=1`): the table and the viewers' overlays, no panels; null for a player's page. */
  readonly feed?: FeedOptions | null
}

/**
 * The whole view: the 3D table and the HUD over it, fed by the host through
 * the bridge; on a clean feed, the table and the viewers' overlays only.
 */
export function App({ bridge, feed = null }: AppProps) {
  const value = useMemo<AppContextValue>(
    () => {
      const uiStore = createUiStore()
      // A feed's camera is the director's (following the action) unless its address says otherwise.
      if (feed) uiStore.setState({ director: feed.camera, cameraLocked: feed.locked })
      return { bridge, matchStore: createMatchStore(), uiStore }
    },
    // The feed's options are the page's, fixed at load.
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
          setFailure(null)
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
          // A stream shows no error: the feed stays empty until the host is back.
          feed ? null : (
            <div className="panel message refusal" role="alert">
              Cannot reach the game host: {failure}
            </div>
          )
        ) : (
          <TableOrEditor feed={feed} />
        )}
      </div>
    </AppProvider>
  )
}

/** The scenario editor's code is loaded when it is first opened, not with the page. */
const EditorScreen = lazy(() => import('./editor/EditorScreen'))

/** The table and its panels (or a feed's overlays), or the scenario editor while a scenario is open in it. */
function TableOrEditor({ feed }: { feed: FeedOptions | null }) {
  const editing = useUi((s) => s.editing)
  if (editing && !feed)
    return (
      <Suspense fallback={<div className="panel message">Opening the scenario editor…</div>}>
        <EditorScreen draft={editing} />
      </Suspense>
    )
  return (
    <>
      <div className="canvas-wrap">
        <TableScene transparent={feed?.transparent ?? false} />
      </div>
      {feed ? <FeedOverlays options={feed} /> : <Hud />}
      {feed?.replay ? <FeedReplay from={feed.replay} speed={feed.replaySpeed} /> : null}
    </>
  )
}
