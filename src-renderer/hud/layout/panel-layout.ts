import { createStore, type StoreApi } from 'zustand/vanilla'

/** The window edges a panel may be docked to. */
export const DOCK_EDGES = ['left', 'right', 'bottom'] as const
export type DockEdge = (typeof DOCK_EDGES)[number]

/** The panels the player may collapse and move: SMLE's teams, SMR's units, and the shared ones. */
export const PANEL_IDS = ['teams', 'units', 'selection', 'actions', 'log', 'dice', 'saves'] as const
export type PanelId = (typeof PANEL_IDS)[number]

/** Where a panel sits: its dock, whether only its title bar shows, and its place in the dock (low first). */
export interface PanelPlacement {
  readonly dock: DockEdge
  readonly collapsed: boolean
  readonly order: number
}

export interface Viewport {
  readonly width: number
  readonly height: number
}

/**
 * Window sizes get different default layouts: below 1600×900 the table needs
 * the room, so the panels read less often (saves, the log) start as title bars.
 */
export type SizeClass = 'compact' | 'roomy'

export function sizeClassOf(v: Viewport): SizeClass {
  return v.width >= 1600 && v.height >= 900 ? 'roomy' : 'compact'
}

const place = (dock: DockEdge, order: number, collapsed = false): PanelPlacement => ({ dock, collapsed, order })

/** Built once, so a store selector returns the same object while the size class holds. */
const DEFAULTS: Readonly<Record<SizeClass, Readonly<Record<PanelId, PanelPlacement>>>> = {
  roomy: {
    teams: place('left', 10),
    units: place('left', 10),
    selection: place('left', 20),
    saves: place('right', 10),
    dice: place('right', 20),
    actions: place('right', 30),
    log: place('bottom', 10),
  },
  compact: {
    teams: place('left', 10),
    units: place('left', 10),
    selection: place('left', 20),
    saves: place('right', 10, true),
    dice: place('right', 20),
    actions: place('right', 30),
    log: place('bottom', 10, true),
  },
}

/** Where a panel goes when the player has not placed it. */
export function defaultPlacements(v: Viewport): Readonly<Record<PanelId, PanelPlacement>> {
  return DEFAULTS[sizeClassOf(v)]
}

/** The part of `localStorage` the layout uses (a fake one in tests). */
export type LayoutStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const KEY_PREFIX = 'smle.panel.'
export const storageKey = (id: PanelId): string => `${KEY_PREFIX}${id}`

function isPanelPlacement(x: unknown): x is PanelPlacement {
  if (typeof x !== 'object' || x === null) return false
  const p = x as Record<string, unknown>
  return (
    DOCK_EDGES.includes(p.dock as DockEdge) &&
    typeof p.collapsed === 'boolean' &&
    typeof p.order === 'number' &&
    Number.isFinite(p.order)
  )
}

/** The placements the player chose earlier; a missing, unreadable or malformed entry means "the default". */
export function readPlacements(storage: LayoutStorage | null): Partial<Record<PanelId, PanelPlacement>> {
  const out: Partial<Record<PanelId, PanelPlacement>> = {}
  if (!storage) return out
  for (const id of PANEL_IDS) {
    try {
      const raw = storage.getItem(storageKey(id))
      const parsed: unknown = raw === null ? null : JSON.parse(raw)
      if (isPanelPlacement(parsed)) out[id] = { dock: parsed.dock, collapsed: parsed.collapsed, order: parsed.order }
    } catch {
      // Storage refused or held something else: the default stands.
    }
  }
  return out
}

export interface LayoutState {
  readonly viewport: Viewport
  /** The defaults for this window size (the same object while its size class holds). */
  readonly defaults: Readonly<Record<PanelId, PanelPlacement>>
  /** What the player chose, panel by panel (remembered across reloads). */
  readonly chosen: Partial<Record<PanelId, PanelPlacement>>
  /** The panel being dragged by its title bar to another dock, if any. */
  readonly dragging: PanelId | null
  placementOf(id: PanelId): PanelPlacement
  setViewport(v: Viewport): void
  /** Shows only the title bar, or the whole panel again. */
  toggleCollapsed(id: PanelId): void
  setCollapsed(id: PanelId, collapsed: boolean): void
  /** Moves the panel to the end of another dock (or leaves it where it is if it is there). */
  moveTo(id: PanelId, dock: DockEdge): void
  /** Forgets every choice: each panel goes back to its default. */
  reset(): void
  setDragging(id: PanelId | null): void
}

/** The panel layout: defaults by window size, overridden per panel by the player's choices, which are stored. */
export function createLayoutStore(storage: LayoutStorage | null, viewport: Viewport): StoreApi<LayoutState> {
  const remember = (id: PanelId, p: PanelPlacement) => {
    try {
      storage?.setItem(storageKey(id), JSON.stringify(p))
    } catch {
      // A full or disabled storage only costs the memory of the layout.
    }
  }
  return createStore<LayoutState>((set, get) => {
    const choose = (id: PanelId, p: PanelPlacement) => {
      remember(id, p)
      set((s) => ({ chosen: { ...s.chosen, [id]: p } }))
    }
    return {
      viewport,
      defaults: defaultPlacements(viewport),
      chosen: readPlacements(storage),
      dragging: null,
      placementOf: (id) => get().chosen[id] ?? get().defaults[id],
      setViewport: (v) => set({ viewport: v, defaults: defaultPlacements(v) }),
      toggleCollapsed: (id) => {
        const p = get().placementOf(id)
        choose(id, { ...p, collapsed: !p.collapsed })
      },
      setCollapsed: (id, collapsed) => {
        const p = get().placementOf(id)
        if (p.collapsed !== collapsed) choose(id, { ...p, collapsed })
      },
      moveTo: (id, dock) => {
        const p = get().placementOf(id)
        if (p.dock === dock) return
        const last = Math.max(
          0,
          ...PANEL_IDS.filter((other) => other !== id)
            .map((other) => get().placementOf(other))
            .filter((o) => o.dock === dock)
            .map((o) => o.order),
        )
        choose(id, { ...p, dock, order: last + 1 })
      },
      reset: () => {
        for (const id of PANEL_IDS) {
          try {
            storage?.removeItem(storageKey(id))
          } catch {
            // Nothing stored can be removed: the defaults show all the same.
          }
        }
        set({ chosen: {} })
      },
      setDragging: (id) => set({ dragging: id }),
    }
  })
}
