import { type ReactNode, useId, useState } from 'react'
import { createPortal } from 'react-dom'
import { DockMenu } from './DockMenu'
import { useLayout, usePlacement } from './layout-context'
import type { PanelId } from './panel-layout'

export interface DockPanelProps {
  readonly id: PanelId
  /** The panel's name: the region's accessible name, and the words of its buttons' labels. */
  readonly label: string
  /** What the title bar shows (the label when absent). */
  readonly title?: ReactNode
  /** The panel's own classes (its content's styles). */
  readonly className?: string
  /** Buttons kept in the title bar, shown collapsed or not. */
  readonly tools?: ReactNode
  readonly attributes?: Readonly<Record<`data-${string}`, string | undefined>>
  readonly children?: ReactNode
}

/**
 * A panel's shell: a title bar that collapses the panel to itself when
 * clicked and docks it at another edge when dragged there (or from its
 * menu), and the body. Inside the HUD
 * the panel is drawn into its dock, where the layout store puts it; on its own
 * (a component test) it is drawn in place and only collapses.
 */
export function DockPanel({ id, label, title = label, className = '', tools, attributes, children }: DockPanelProps) {
  const layout = useLayout()
  const placement = usePlacement(id)
  const [collapsedHere, setCollapsedHere] = useState(false)
  const bodyId = useId()
  const collapsed = placement ? placement.collapsed : collapsedHere
  const toggle = () => (layout ? layout.store.getState().toggleCollapsed(id) : setCollapsedHere((c) => !c))
  const section = (
    <section
      className={`panel dock-panel ${className}${collapsed ? ' collapsed' : ''}`}
      aria-label={label}
      data-panel={id}
      data-dock={placement?.dock}
      data-collapsed={collapsed}
      style={placement ? { order: placement.order } : undefined}
      {...attributes}
    >
      <header
        className="panel-head"
        draggable={layout !== null}
        onDragStart={(e) => {
          if (!layout) return
          e.dataTransfer.setData('text/plain', id)
          e.dataTransfer.effectAllowed = 'move'
          layout.store.getState().setDragging(id)
        }}
        onDragEnd={() => layout?.store.getState().setDragging(null)}
      >
        <h2>
          <button
            type="button"
            className="panel-toggle"
            aria-expanded={!collapsed}
            aria-controls={collapsed ? undefined : bodyId}
            title={
              collapsed ? `Show the ${label.toLowerCase()} panel` : `Fold the ${label.toLowerCase()} panel to its title`
            }
            onClick={toggle}
          >
            <span className="chevron" aria-hidden="true">
              {collapsed ? '▸' : '▾'}
            </span>
            <span className="panel-title">{title}</span>
          </button>
        </h2>
        {tools}
        {layout && placement ? <DockMenu id={id} label={label} dock={placement.dock} /> : null}
      </header>
      {collapsed ? null : (
        <div className="panel-body" id={bodyId}>
          {children}
        </div>
      )}
    </section>
  )
  if (!layout || !placement) return section
  const target = layout.slots[placement.dock]
  return target ? createPortal(section, target) : null
}
