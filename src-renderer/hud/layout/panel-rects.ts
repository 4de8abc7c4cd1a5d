/** A panel of the HUD as drawn: its id, its rectangle in CSS pixels, and whether only its title shows. */
export interface PanelRect {
  readonly id: string
  readonly rect: { readonly x: number; readonly y: number; readonly width: number; readonly height: number }
  readonly collapsed: boolean
  /** Its dock, or null for a fixed bar (tools, turn, message). */
  readonly dock: string | null
}

/** Every panel and bar drawn over the table now (dialogs are not panels: they wait for an answer). */
export function panelRects(root: ParentNode = document): PanelRect[] {
  return [...root.querySelectorAll<HTMLElement>('[data-panel]')].map((el) => {
    const r = el.getBoundingClientRect()
    return {
      id: el.dataset.panel ?? '',
      rect: { x: r.x, y: r.y, width: r.width, height: r.height },
      collapsed: el.dataset.collapsed === 'true',
      dock: el.dataset.dock ?? null,
    }
  })
}
