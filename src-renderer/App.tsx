import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import type { HostApi } from './bridge/host-api'
import type { FeedOptions } from './feed/feed-options'
import { FeedOverlays } from './feed/FeedOverlays'
import { FeedReplay } from './feed/FeedReplay'
import { tableDrawn, whenTableDrawn } from './first-frame'
import { TableScene } from './scene/TableScene'
import { AppProvider, type AppContextValue, useMatch, useUi } from './state/context'
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

/** The panels' code: fetched with the page (from here), beside the table's; shown once the table is drawn. */
const hudCode = import('./hud/Hud')
const Hud = lazy(() => hudCode.then((m) => ({ default: m.Hud })))

/** The scenario editor's code is loaded when it is first opened, not with the page. */
const EditorScreen = lazy(() => import('./editor/EditorScreen'))

/** The table and its panels (or a feed's overlays), or the scenario editor while a scenario is open in it. */
function TableOrEditor({ feed }: { feed: FeedOptions | null }) {
  const editing = useUi((s) => s.editing)
  const hud = useHudShown()
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
      {feed ? (
        <FeedOverlays options={feed} />
      ) : hud ? (
        <Suspense fallback={null}>
          <Hud />
        </Suspense>
      ) : null}
      {feed?.replay ? <FeedReplay from={feed.replay} speed={feed.replaySpeed} /> : null}
    </>
  )
}

/** The longest the panels wait for the table's first frame before they come anyway (a slow or failing renderer). */
const HUD_WAIT_MS = 4000

/**
 * Whether the panels are shown: once the table's first frame is drawn, or at
 * once when there is no table to draw (no game open). Drawn first, the table
 * does not share the page's first frames with the panels: where a processor
 * draws the page (no graphics card), each full repaint of the panels takes
 * about a tenth of a second that the table's graphics context and shader
 * programs would otherwise wait behind.
 */
function useHudShown(): boolean {
  const [drawn, setDrawn] = useState(tableDrawn)
  const noTable = useMatch((s) => s.ruleset !== null && s.scenario === null && s.smr === null)
  useEffect(() => (drawn ? undefined : whenTableDrawn(() => setDrawn(true), HUD_WAIT_MS)), [drawn])
  return drawn || noTable
}
