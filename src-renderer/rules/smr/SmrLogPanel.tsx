import { useEffect, useMemo, useRef } from 'react'
import { smrAccount, type SmrEvent, type SmrState, type Vec3 } from '../../../src-engine/index'
import { DockPanel } from '../../hud/layout/DockPanel'
import { usePanelCollapsed } from '../../hud/layout/layout-context'
import { useApp, useMatch } from '../../state/context'
import { withSideNames } from './smr-game'

/** Where an SMR event happened on the table (the unit it names, where it went), for "click to look at it". */
function whereOf(e: SmrEvent, before: SmrState): Vec3 | null {
  if (e.type === 'UnitMoved') return e.to
  const id =
    'unitId' in e ? e.unitId : 'targetId' in e ? e.targetId : e.type === 'DiceRolled' ? (e.figureId ?? null) : null
  return typeof id === 'string' ? (before.units[id]?.position ?? null) : null
}

/** This session's SMR game told one line per thing that happened (`smrAccount`); click a line to turn the camera to it. */
export function SmrLogPanel() {
  const recent = useMatch((s) => s.smrRecent)
  const scenario = useMatch((s) => s.smr?.scenario)
  const app = useApp()
  const list = useRef<HTMLOListElement>(null)
  const lines = useMemo(
    () =>
      scenario
        ? smrAccount(recent).map((line) => {
            const r = recent[line.index]!
            return {
              key: `${r.seq}-${line.index}`,
              kind: r.event.type,
              text: withSideNames(line.text, scenario),
              at: whereOf(r.event, r.before),
            }
          })
        : [],
    [recent, scenario],
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
          <li key={l.key} data-event={l.kind}>
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
