import { useEffect } from 'react'
import { type RoofMode, useTableView, useTableViewStore } from './view'

const LABEL: Record<RoofMode, string> = { shown: 'Roofs: on', hidden: 'Roofs: off', cutaway: 'Roofs and upper floors: off' }

/** View controls over the table: the roof toggle (also the R key). */
export function TableControls() {
  const store = useTableViewStore()
  const roofs = useTableView((s) => s.roofs)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return
      if (!e.ctrlKey && !e.metaKey && !e.altKey && e.key.toLowerCase() === 'r') store.getState().cycleRoofs()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [store])
  return (
    <div className="panel" style={{ position: 'absolute', bottom: 12, left: '50%', transform: 'translateX(-50%)', padding: '6px 8px' }}>
      <button type="button" data-testid="roof-toggle" aria-label="Show or hide roofs" title="Show or hide roofs (R)" onClick={() => store.getState().cycleRoofs()}>
        {LABEL[roofs]}
      </button>
    </div>
  )
}
