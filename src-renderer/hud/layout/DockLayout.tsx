import { type DragEvent, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { LayoutContext, type LayoutContextValue, type LayoutSlot } from './layout-context'
import { createLayoutStore, type DockEdge, type LayoutStorage } from './panel-layout'

const NO_SLOTS: Readonly<Record<LayoutSlot, HTMLElement | null>> = {
  top: null,
  center: null,
  left: null,
  right: null,
  bottom: null,
}

/** The browser's storage, when the page may use it. */
function pageStorage(): LayoutStorage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

const windowSize = () => ({ width: window.innerWidth, height: window.innerHeight })

/**
 * The HUD's grid: a bar along the top (tools, turn), a dock column on each
 * side, a dock along the bottom between them, and the table in the middle
 * (where messages show). Panels put themselves in their dock, so none is
 * drawn over another and the middle stays the table's.
 */
export function DockLayout({ children }: { children: ReactNode }) {
  const store = useMemo(() => createLayoutStore(pageStorage(), windowSize()), [])
  const top = useRef<HTMLDivElement>(null)
  const center = useRef<HTMLDivElement>(null)
  const left = useRef<HTMLDivElement>(null)
  const right = useRef<HTMLDivElement>(null)
  const bottom = useRef<HTMLDivElement>(null)
  const [slots, setSlots] = useState(NO_SLOTS)
  useLayoutEffect(() => {
    setSlots({
      top: top.current,
      center: center.current,
      left: left.current,
      right: right.current,
      bottom: bottom.current,
    })
  }, [])
  // Panels the player has not placed follow the window's size class.
  useEffect(() => {
    const resized = () => store.getState().setViewport(windowSize())
    window.addEventListener('resize', resized)
    return () => window.removeEventListener('resize', resized)
  }, [store])
  const value = useMemo<LayoutContextValue>(() => ({ store, slots }), [store, slots])
  // While a panel is dragged by its title bar, every dock (an empty one too) takes it.
  const dragging = useStore(store, (s) => s.dragging)
  const dropOn = (dock: DockEdge) => ({
    onDragOver: (e: DragEvent) => {
      if (!store.getState().dragging) return
      e.preventDefault()
      e.dataTransfer.dropEffect = 'move'
    },
    onDrop: (e: DragEvent) => {
      const id = store.getState().dragging
      if (!id) return
      e.preventDefault()
      store.getState().moveTo(id, dock)
      store.getState().setDragging(null)
    },
  })
  return (
    <LayoutContext.Provider value={value}>
      <div className={`dock-grid${dragging ? ' dragging' : ''}`}>
        <div className="dock-slot dock-top" ref={top} />
        <div className="dock-slot dock-center" ref={center} />
        <div className="dock-slot dock dock-left" ref={left} data-dock="left" {...dropOn('left')} />
        <div className="dock-slot dock dock-right" ref={right} data-dock="right" {...dropOn('right')} />
        <div className="dock-slot dock dock-bottom" ref={bottom} data-dock="bottom" {...dropOn('bottom')} />
      </div>
      {children}
    </LayoutContext.Provider>
  )
}
