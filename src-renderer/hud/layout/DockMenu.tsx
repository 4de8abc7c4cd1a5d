import { useEffect, useRef, useState } from 'react'
import { useLayout } from './layout-context'
import { DOCK_EDGES, type DockEdge, type PanelId } from './panel-layout'

const EDGE_WORDS: Readonly<Record<DockEdge, string>> = {
  left: 'Dock left',
  right: 'Dock right',
  bottom: 'Dock at the bottom',
}

export interface DockMenuProps {
  readonly id: PanelId
  readonly label: string
  readonly dock: DockEdge
}

/** The title bar's menu: move the panel to another dock, or put every panel back where it started. */
export function DockMenu({ id, label, dock }: DockMenuProps) {
  const layout = useLayout()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)

  // A click anywhere else closes the menu.
  useEffect(() => {
    if (!open) return
    const away = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', away, true)
    return () => document.removeEventListener('pointerdown', away, true)
  }, [open])

  if (!layout) return null
  const store = layout.store.getState()
  const pick = (run: () => void) => () => {
    setOpen(false)
    run()
  }
  return (
    <div
      className="dock-menu"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation()
          setOpen(false)
        }
      }}
    >
      <button
        type="button"
        className="panel-tool"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`Move the ${label.toLowerCase()} panel`}
        title="Dock this panel elsewhere, or reset the layout"
        onClick={() => setOpen((o) => !o)}
      >
        ⋮
      </button>
      {open ? (
        <div className="dock-menu-list" role="menu" aria-label={`Move the ${label.toLowerCase()} panel`}>
          {DOCK_EDGES.map((edge) => (
            <button
              type="button"
              role="menuitemradio"
              aria-checked={dock === edge}
              key={edge}
              data-dock-to={edge}
              onClick={pick(() => store.moveTo(id, edge))}
            >
              {EDGE_WORDS[edge]}
            </button>
          ))}
          <button type="button" role="menuitem" data-testid="reset-layout" onClick={pick(() => store.reset())}>
            Reset layout
          </button>
        </div>
      ) : null}
    </div>
  )
}
