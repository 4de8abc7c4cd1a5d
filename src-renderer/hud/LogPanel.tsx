import { useEffect, useMemo, useRef } from 'react'
import { describeEvent, type GameEvent, type MatchState, type Vec3 } from '../../src-engine/index'
import { useApp, useMatch } from '../state/context'
import { DockPanel } from './layout/DockPanel'
import { usePanelCollapsed } from './layout/layout-context'

/** Where on the table an event happened, for "click to look at it". */
export function eventLocation(event: GameEvent, state: MatchState): Vec3 | null {
  if ('to' in event) return event.to
  if ('at' in event) return event.at
  const figureId = 'figureId' in event ? event.figureId : undefined
  return figureId ? (state.figures[figureId]?.position ?? null) : null
}

/** Every event of this session in words; click one to turn the camera to it. */
export function LogPanel() {
  const recent = useMatch((s) => s.recent)
  const app = useApp()
  const list = useRef<HTMLOListElement>(null)
  const lines = useMemo(
    () =>
      recent
        .map((r, i) => ({
          key: `${r.seq}-${i}`,
          text: describeEvent(r.event, r.before),
          at: eventLocation(r.event, r.before),
        }))
        // Bookkeeping events have no words.
        .filter((l) => l.text !== ''),
    [recent],
  )
  const collapsed = usePanelCollapsed('log')
  // The newest line in view, also when the panel opens again.
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' })
  }, [lines, collapsed])
  if (lines.length === 0) return null
  return (
    <DockPanel id="log" label="Game log" title="Log" className="log">
      <ol ref={list}>
        {lines.map((l) => (
          <li key={l.key}>
            {l.at ? (
              <button
                type="button"
                className="link"
                onClick={() => l.at && app.uiStore.getState().focusOn(l.at)}
                title="Look at this on the table"
              >
                {l.text}
              </button>
            ) : (
              l.text
            )}
          </li>
        ))}
      </ol>
    </DockPanel>
  )
}
