import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { type LayoutSlot, useLayout } from './layout-context'

/** Draws a bar that is not docked by the player (tools, turn, messages) in its fixed place of the HUD's grid. */
export function InSlot({ slot, children }: { slot: LayoutSlot; children: ReactNode }) {
  const layout = useLayout()
  if (!layout) return <>{children}</>
  const target = layout.slots[slot]
  return target ? createPortal(children, target) : null
}
