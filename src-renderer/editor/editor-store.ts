import { createStore, type StoreApi } from 'zustand/vanilla'
import type { AreaKind, EditorCheck, LinearKind, PositionKind } from '../../src-engine/index'
import { STRIP_NAMES, STRIP_WIDTHS, type StripKind } from './area-edits'
import { BUILDING_LIBRARY, placeBuilding } from './building-library'
import { removeFigure } from './figure-edits'
import { draftFigures, teamMiddle, teamOfFigure, withFigures } from './force-draft'
import { copyFigure, copyTeam, removeTeam } from './force-edits'
import { copySmrUnit, removeSmrUnit } from './smr-edits'
import { copyVehicle, removeVehicle } from './vehicle-edits'

/** A scenario being edited: its JSON as the file holds it (checked by the engine, in words, after each edit). */
export type Draft = Readonly<Record<string, unknown>>

/** A point on the table, inches. */
export interface TablePoint {
  readonly x: number
  readonly z: number
}

/**
 * What a click on the table does: nothing (look around); a corner of an area
 * or a point of a wall, hedge, fence or trench; or a hill, a prepared position or an
 * objective or a building of the library placed where it falls; or a corner of a side's deployment zone
 * (two opposite corners make it).
 */
export type EditorTool =
  | 'look'
  | `area:${AreaKind}`
  | `strip:${StripKind}`
  | `line:${LinearKind}`
  | 'hill'
  | 'paint:raise'
  | 'paint:lower'
  | `position:${PositionKind}`
  | 'objective'
  | `zone:${string}`
  | `building:${string}`

/**
 * The lists of the draft the editor adds to: terrain areas and hills, walls
 * and hedges, prepared positions, objectives, buildings; and the forces'
 * teams, figures (all teams' together), vehicles and SMR units, which are picked and
 * moved like the rest but added and removed by the force builder.
 */
export type Collection =
  | 'areas'
  | 'hills'
  | 'linearFeatures'
  | 'positions'
  | 'objectives'
  | 'buildings'
  | 'teams'
  | 'figures'
  | 'vehicles'
  | 'units'

/** An item of one of the draft's lists. */
export interface ItemRef {
  readonly collection: Collection
  readonly id: string
}

/** How far a pasted copy lies from what was copied, inches (each way). */
export const PASTE_OFFSET_IN = 2

/** The most edits that can be undone. */
export const UNDO_DEPTH = 200
/** A click this near the first corner closes the area being drawn, inches. */
export const CLOSE_WITHIN_IN = 1

/** What Copy keeps of the item picked, for Paste. */
export interface Clipboard {
  readonly collection: Collection
  readonly item: Readonly<Record<string, unknown>>
  /** For a figure: the team it was copied from (its copies join it). */
  readonly teamId?: string
  /** For a vehicle: its crew team as it was copied. */
  readonly crew?: Readonly<Record<string, unknown>>
}

/**
 * What Copy keeps of an item picked (a team, a figure, a vehicle with its
 * crew or an SMR unit is pasted by the force builder's own edits: new ids,
 * no leader), or null when it cannot be copied (Copy is then greyed out): a crew team alone (it comes with its vehicle), a
 * vehicle with no crew, a figure in no team, or an item that has gone.
 */
export function clipboardFor(draft: Draft, picked: ItemRef): Clipboard | null {
  const item = draftItems(draft, picked.collection).find((i) => i.id === picked.id)
  if (!item) return null
  if (picked.collection === 'teams') return item.kind === 'crew' ? null : { collection: 'teams', item }
  if (picked.collection === 'figures') {
    const team = teamOfFigure(draft, picked.id)
    return team ? { collection: 'figures', item, teamId: String(team.id) } : null
  }
  if (picked.collection === 'vehicles') {
    const crew = draftItems(draft, 'teams').find((t) => t.id === item.crewTeamId)
    return crew ? { collection: 'vehicles', item, crew } : null
  }
  return { collection: picked.collection, item }
}

export interface EditorState {
  readonly draft: Draft
  /** Earlier drafts, the latest last (Undo), and drafts undone (Redo). */
  readonly past: readonly Draft[]
  readonly future: readonly Draft[]
  readonly tool: EditorTool
  /** The corners of the area or line being drawn, in order. */
  readonly corners: readonly TablePoint[]
  /** The engine's check of the draft now shown (null until the first answer). */
  readonly check: EditorCheck | null
  /** The item picked in a list (moved by its handle on the table, copied with Ctrl+C), or null. */
  readonly selected: ItemRef | null
  /** Clicks on the table land on whole inches. */
  readonly snap: boolean
  /** The item copied last (Ctrl+C), pasted as a new one (Ctrl+V). */
  readonly clipboard: Clipboard | null
  /** The Raise and Lower brushes: how far they reach and how much one dab moves the ground, inches. */
  readonly brush: { readonly radiusIn: number; readonly strengthIn: number }
  /** Where the pointer is over the table (for the height readout), or null. */
  readonly pointer: TablePoint | null
  /** The draft as a brush stroke began, while one is being painted. */
  readonly strokeFrom: Draft | null
  select(item: ItemRef | null): void
  toggleSnap(): void
  /** Copies the item picked. */
  copySelected(): void
  /** Adds a copy of the item copied, 2" right and 2" down from it (or where it would be), with its own id; it is picked. */
  paste(): void
  /** Moves one item by (dx, dz) inches: its place, corners or points (one step to undo). */
  moveItem(collection: Collection, id: string, dx: number, dz: number): void
  /** Changes the draft (one step to undo). */
  edit(change: (draft: Draft) => Draft): void
  undo(): void
  redo(): void
  setTool(tool: EditorTool): void
  /**
   * A click on the table: with an area or line tool a corner (near the first
   * corner of an area of three or more, the area is closed); with a hill,
   * position or objective tool, one placed there.
   */
  addCorner(at: TablePoint): void
  /** Ends the area (three corners or more) or line (two or more) being drawn, adding it to the table. */
  finishShape(): void
  /** Drops the corners drawn so far. */
  cancelShape(): void
  /**
   * Removes one item of a list of the draft; a team, figure or vehicle as
   * the force builder does (a vehicle with its crew, a team with the vehicle
   * it crews, a team's last figure never).
   */
  removeItem(collection: Collection, id: string): void
  /** Changes fields of one item of a list of the draft (one step to undo). */
  updateItem(collection: Collection, id: string, patch: Readonly<Record<string, unknown>>): void
  setCheck(check: EditorCheck | null): void
  setBrush(patch: Partial<EditorState['brush']>): void
  setPointer(at: TablePoint | null): void
  /** Changes the draft as part of the brush stroke being painted: the whole stroke is one step to undo. */
  stroke(change: (draft: Draft) => Draft): void
  /** Ends the brush stroke: one step to undo if it changed the draft. */
  endStroke(): void
}

/** Names of each kind of area, as the editor lists them. */
export const AREA_NAMES: Readonly<Record<AreaKind, string>> = {
  woods: 'Wood',
  overgrowth: 'Overgrowth',
  rough: 'Rough ground',
  rubble: 'Rubble',
  water: 'Water',
  road: 'Road',
  field: 'Field',
}

/** Names of each kind of wall, hedge or fence. */
export const LINE_NAMES: Readonly<Record<LinearKind, string>> = {
  stoneWall: 'Stone wall',
  sandbags: 'Sandbags',
  hedge: 'Hedge',
  fence: 'Fence',
}

/** Names of each kind of prepared position (SMLE-SHOOT-26). */
export const POSITION_NAMES: Readonly<Record<PositionKind, string>> = {
  foxhole: 'Foxhole',
  weaponPit: 'Weapon pit',
  trench: 'Trench',
  pillbox: 'Pillbox',
  bunker: 'Bunker',
}

/** A new hill's size, inches: the player changes it in the list. */
export const NEW_HILL = { radiusIn: 6, heightIn: 2 } as const

type Item = Record<string, unknown>

/** Where each list lives in the draft: the terrain's areas and hills, or a list at the top. */
const IN_TERRAIN: Readonly<Record<Collection, boolean>> = {
  areas: true,
  hills: true,
  linearFeatures: false,
  positions: false,
  objectives: false,
  buildings: false,
  teams: false,
  figures: false,
  vehicles: false,
  // An SMR scenario's units (one figure each, SMR-GEN-03).
  units: false,
}

/** No items (one array, so that a store's answer stays the same while a list is missing). */
const NO_ITEMS: readonly Item[] = []

/** The items of one list of the draft (none when the draft has no such list). */
export function draftItems(draft: Draft, collection: Collection): readonly Item[] {
  if (collection === 'figures') return draftFigures(draft)
  const holder = IN_TERRAIN[collection] ? (draft.terrain as Item | undefined) : draft
  const list = holder?.[collection]
  return Array.isArray(list) ? (list as Item[]) : NO_ITEMS
}

/** The terrain's areas of a draft. */
export function draftAreas(draft: Draft): readonly Item[] {
  return draftItems(draft, 'areas')
}

/** The draft with `items` as one of its lists (the rest kept). */
function withItems(draft: Draft, collection: Collection, items: readonly Item[]): Draft {
  if (collection === 'figures') return withFigures(draft, items)
  if (!IN_TERRAIN[collection]) return { ...draft, [collection]: items }
  const terrain = (draft.terrain as Item | undefined) ?? {}
  return { ...draft, terrain: { ...terrain, [collection]: items } }
}

/** An id not yet used in any list of the draft: `<stem>-<n>`. */
export function freshId(draft: Draft, stem: string): string {
  const used = new Set<unknown>()
  for (const c of Object.keys(IN_TERRAIN) as Collection[]) for (const i of draftItems(draft, c)) used.add(i.id)
  for (let n = 1; ; n++) if (!used.has(`${stem}-${n}`)) return `${stem}-${n}`
}

/** An id not yet used by any area of the draft. */
export function freshAreaId(draft: Draft, kind: AreaKind): string {
  return freshId(draft, kind)
}

const round = (v: number): number => Math.round(v * 100) / 100
const point = (p: TablePoint): TablePoint => ({ x: round(p.x), z: round(p.z) })

/** An item moved by (dx, dz): its `x`,`z` or `position`, every corner of its polygon, line or points, and a team's figures. */
export function shifted(item: Item, dx: number, dz: number): Item {
  const move = (p: unknown): unknown => {
    const q = p as { x?: unknown; z?: unknown }
    return typeof q.x === 'number' && typeof q.z === 'number' ? { ...q, x: round(q.x + dx), z: round(q.z + dz) } : p
  }
  const out: Item = { ...item }
  if (typeof item.x === 'number' && typeof item.z === 'number') Object.assign(out, move(item))
  if (item.position) out.position = move(item.position)
  if (Array.isArray(item.figures)) out.figures = (item.figures as Item[]).map((f) => shifted(f, dx, dz))
  for (const key of ['polygon', 'line', 'points'] as const) {
    const list = item[key]
    if (Array.isArray(list)) out[key] = list.map(move)
  }
  return out
}

/** Where an item is on the table, for its handle: its centre, or the middle of its corners or points. */
export function itemAnchor(collection: Collection, item: Item): TablePoint | null {
  if (collection === 'buildings' && typeof item.x === 'number' && typeof item.z === 'number')
    return { x: item.x + Number(item.widthIn ?? 0) / 2, z: item.z + Number(item.depthIn ?? 0) / 2 }
  const corners = (item.polygon ?? item.points ?? item.line) as { x: number; z: number }[] | undefined
  if (Array.isArray(corners) && corners.length > 0)
    return {
      x: corners.reduce((t, c) => t + c.x, 0) / corners.length,
      z: corners.reduce((t, c) => t + c.z, 0) / corners.length,
    }
  if (typeof item.x === 'number' && typeof item.z === 'number') return { x: item.x, z: item.z }
  if (collection === 'teams') return teamMiddle(item)
  const at = item.position as Partial<TablePoint> | undefined
  if (typeof at?.x === 'number' && typeof at.z === 'number') return { x: at.x, z: at.z }
  return null
}

/** The stem of an id made by `freshId` (`cottage-2` → `cottage`). */
function stemOf(id: string): string {
  return id.replace(/-\d+$/, '') || 'item'
}

/** A copy of a building with its own id, and its doors' ids made from it. */
function renamed(collection: Collection, item: Item, id: string): Item {
  const out: Item = { ...item, id }
  if (collection === 'buildings' && Array.isArray(item.doors)) {
    const old = String(item.id)
    out.doors = (item.doors as Item[]).map((d) => ({
      ...d,
      id: String(d.id).startsWith(`${old}-`) ? `${id}-${String(d.id).slice(old.length + 1)}` : `${id}-${String(d.id)}`,
    }))
  }
  return out
}

/** The tool that draws a trench (SMLE-SHOOT-26), a prepared position along a line, point by point. */
export const TRENCH_TOOL = 'position:trench' satisfies EditorTool

/** The point half way along a line (a trench's label point, from which its arc is judged). */
export function halfway(points: readonly TablePoint[]): TablePoint {
  const legs = points.slice(1).map((p, i) => Math.hypot(p.x - points[i]!.x, p.z - points[i]!.z))
  let left = legs.reduce((t, l) => t + l, 0) / 2
  for (let i = 0; i < legs.length; i++) {
    const leg = legs[i]!
    if (left <= leg && leg > 0) {
      const a = points[i]!
      const b = points[i + 1]!
      return { x: a.x + ((b.x - a.x) * left) / leg, z: a.z + ((b.z - a.z) * left) / leg }
    }
    left -= leg
  }
  return points[points.length - 1] ?? { x: 0, z: 0 }
}

/** The shape a tool draws corner by corner, and how many corners it needs; null for a tool that places at a click. */
function shapeOf(tool: EditorTool): { collection: 'areas' | 'linearFeatures' | 'positions'; min: number } | null {
  if (tool.startsWith('area:')) return { collection: 'areas', min: 3 }
  if (tool.startsWith('strip:')) return { collection: 'areas', min: 2 }
  if (tool === TRENCH_TOOL) return { collection: 'positions', min: 2 }
  if (tool.startsWith('line:')) return { collection: 'linearFeatures', min: 2 }
  return null
}

/** The item a placing tool puts at a point (a hill, a prepared position facing north, an objective). */
function placed(draft: Draft, tool: EditorTool, at: TablePoint): { collection: Collection; item: Item } | null {
  const { x, z } = point(at)
  if (tool === 'hill') return { collection: 'hills', item: { id: freshId(draft, 'hill'), x, z, ...NEW_HILL } }
  if (tool === 'objective') {
    const id = freshId(draft, 'objective')
    return { collection: 'objectives', item: { id, name: `Objective ${id.slice('objective-'.length)}`, x, z } }
  }
  if (tool.startsWith('building:')) {
    const template = BUILDING_LIBRARY.find((b) => b.key === tool.slice('building:'.length))
    if (!template) return null
    return { collection: 'buildings', item: placeBuilding(template, freshId(draft, template.key), { x, z }) }
  }
  if (tool.startsWith('position:') && tool !== TRENCH_TOOL) {
    const kind = tool.slice('position:'.length) as PositionKind
    return { collection: 'positions', item: { id: freshId(draft, kind), kind, x, z, arcDeg: 0 } }
  }
  return null
}

/** The sides of a draft. */
export function draftSides(draft: Draft): readonly Item[] {
  return Array.isArray(draft.sides) ? (draft.sides as Item[]) : NO_ITEMS
}

/** The bearing (degrees clockwise from north, whole, 0–359) from `from` toward `to`, as arcs of fire are given. */
export function bearingDeg(from: TablePoint, to: TablePoint): number {
  // North is toward z = 0: a bearing's direction is (sin a, −cos a).
  const deg = Math.round((Math.atan2(to.x - from.x, -(to.z - from.z)) * 180) / Math.PI)
  return ((deg % 360) + 360) % 360
}

/** The draft with a side's deployment zone the rectangle between two opposite corners. */
function withZone(draft: Draft, sideId: string, a: TablePoint, b: TablePoint): Draft {
  const p = point(a)
  const q = point(b)
  const zone = {
    minX: Math.min(p.x, q.x),
    minZ: Math.min(p.z, q.z),
    maxX: Math.max(p.x, q.x),
    maxZ: Math.max(p.z, q.z),
  }
  return { ...draft, sides: draftSides(draft).map((s) => (s.id === sideId ? { ...s, deploymentZone: zone } : s)) }
}

/** A store for editing `draft` (a copy: nothing is saved until the player saves). */
export function createEditorStore(draft: Draft): StoreApi<EditorState> {
  return createStore<EditorState>((set, get) => {
    const commit = (next: Draft): void => {
      const { draft: now, past } = get()
      if (next === now) return
      set({ draft: next, past: [...past, now].slice(-UNDO_DEPTH), future: [] })
    }
    const finish = (): void => {
      const { tool, corners, draft: now } = get()
      const shape = shapeOf(tool)
      if (!shape || corners.length < shape.min) return
      const kind = tool.slice(tool.indexOf(':') + 1)
      const item: Item = tool.startsWith('strip:')
        ? {
            id: freshId(now, kind),
            name: STRIP_NAMES[kind as StripKind],
            kind,
            line: corners.map(point),
            widthIn: STRIP_WIDTHS[kind as StripKind],
          }
        : shape.collection === 'areas'
          ? {
              id: freshId(now, kind),
              name: AREA_NAMES[kind as AreaKind],
              kind,
              polygon: corners.map(point),
            }
          : shape.collection === 'positions'
            ? { id: freshId(now, kind), kind, ...point(halfway(corners)), arcDeg: 0, points: corners.map(point) }
            : { id: freshId(now, kind), kind, points: corners.map(point) }
      set({ corners: [] })
      commit(withItems(now, shape.collection, [...draftItems(now, shape.collection), item]))
    }
    return {
      draft,
      past: [],
      future: [],
      tool: 'look',
      corners: [],
      selected: null,
      snap: false,
      clipboard: null,
      check: null,
      brush: { radiusIn: 4, strengthIn: 0.5 },
      pointer: null,
      strokeFrom: null,
      edit: (change) => commit(change(get().draft)),
      undo: () => {
        const { past, draft: now, future, corners } = get()
        // Undo takes back the last corner of a shape being drawn first.
        if (corners.length > 0) return set({ corners: corners.slice(0, -1) })
        const previous = past[past.length - 1]
        if (previous === undefined) return
        set({ draft: previous, past: past.slice(0, -1), future: [now, ...future] })
      },
      redo: () => {
        const { past, draft: now, future } = get()
        const next = future[0]
        if (next === undefined) return
        set({ draft: next, past: [...past, now], future: future.slice(1) })
      },
      setTool: (tool) => set({ tool, corners: [] }),
      select: (selected) => set({ selected }),
      toggleSnap: () => set({ snap: !get().snap }),
      copySelected: () => {
        const { selected, draft: now } = get()
        const clipboard = selected && clipboardFor(now, selected)
        if (clipboard) set({ clipboard })
      },
      paste: () => {
        const { clipboard, draft: now } = get()
        if (!clipboard) return
        if (clipboard.collection === 'units') {
          const made = copySmrUnit(now, { ...clipboard.item })
          if (!made) return
          commit(made.draft)
          return set({ selected: { collection: 'units', id: made.unitId } })
        }
        if (
          clipboard.collection === 'teams' ||
          clipboard.collection === 'figures' ||
          clipboard.collection === 'vehicles'
        ) {
          const made =
            clipboard.collection === 'teams'
              ? copyTeam(now, { ...clipboard.item })
              : clipboard.collection === 'figures'
                ? copyFigure(now, { ...clipboard.item }, clipboard.teamId ?? '')
                : copyVehicle(now, { ...clipboard.item }, clipboard.crew ? { ...clipboard.crew } : undefined)
          if (!made) return
          commit(made.draft)
          const id = 'teamId' in made ? made.teamId : 'figureId' in made ? made.figureId : made.vehicleId
          return set({ selected: { collection: clipboard.collection, id } })
        }
        const id = freshId(now, stemOf(String(clipboard.item.id)))
        const copy = renamed(clipboard.collection, shifted(clipboard.item, PASTE_OFFSET_IN, PASTE_OFFSET_IN), id)
        commit(withItems(now, clipboard.collection, [...draftItems(now, clipboard.collection), copy]))
        // The next paste lands 2" on from this one.
        set({ selected: { collection: clipboard.collection, id }, clipboard: { ...clipboard, item: copy } })
      },
      moveItem: (collection, id, dx, dz) => {
        if (dx === 0 && dz === 0) return
        const now = get().draft
        const items = draftItems(now, collection)
        if (!items.some((i) => i.id === id)) return
        commit(
          withItems(
            now,
            collection,
            items.map((i) => (i.id === id ? shifted(i, dx, dz) : i)),
          ),
        )
      },
      addCorner: (clicked) => {
        const { tool, corners, draft: now, snap } = get()
        const at = snap ? { x: Math.round(clicked.x), z: Math.round(clicked.z) } : clicked
        if (tool === 'look' || tool.startsWith('paint:')) return
        if (tool.startsWith('zone:')) {
          const first = corners[0]
          if (!first) return set({ corners: [at] })
          set({ corners: [] })
          return commit(withZone(now, tool.slice('zone:'.length), first, at))
        }
        const put = placed(now, tool, at)
        if (put) return commit(withItems(now, put.collection, [...draftItems(now, put.collection), put.item]))
        const first = corners[0]
        const closing =
          tool.startsWith('area:') &&
          first !== undefined &&
          corners.length >= 3 &&
          Math.hypot(at.x - first.x, at.z - first.z) <= CLOSE_WITHIN_IN
        if (closing) return finish()
        set({ corners: [...corners, at] })
      },
      finishShape: finish,
      cancelShape: () => set({ corners: [] }),
      removeItem: (collection, id) => {
        const now = get().draft
        const items = draftItems(now, collection)
        if (!items.some((i) => i.id === id)) return
        const { selected } = get()
        if (collection === 'units') {
          if (selected?.collection === 'units' && selected.id === id) set({ selected: null })
          return commit(removeSmrUnit(now, id))
        }
        if (collection === 'teams' || collection === 'figures' || collection === 'vehicles') {
          const remove = { teams: removeTeam, figures: removeFigure, vehicles: removeVehicle }[collection]
          const next = remove(now, id)
          if (next !== now && selected && !draftItems(next, selected.collection).some((i) => i.id === selected.id))
            set({ selected: null })
          return commit(next)
        }
        if (selected?.collection === collection && selected.id === id) set({ selected: null })
        commit(
          withItems(
            now,
            collection,
            items.filter((i) => i.id !== id),
          ),
        )
      },
      updateItem: (collection, id, patch) => {
        const now = get().draft
        const items = draftItems(now, collection)
        const item = items.find((i) => i.id === id)
        // Nothing to change (the same values): no step to undo.
        if (!item || Object.entries(patch).every(([k, v]) => item[k] === v)) return
        commit(
          withItems(
            now,
            collection,
            items.map((i) => (i.id === id ? { ...i, ...patch } : i)),
          ),
        )
      },
      setCheck: (check) => set({ check }),
      setBrush: (patch) => set({ brush: { ...get().brush, ...patch } }),
      setPointer: (pointer) => set({ pointer }),
      stroke: (change) => {
        const { draft: now, strokeFrom } = get()
        const next = change(now)
        if (next === now) return strokeFrom ? undefined : set({ strokeFrom: now })
        set({ draft: next, strokeFrom: strokeFrom ?? now })
      },
      endStroke: () => {
        const { strokeFrom, draft: painted } = get()
        if (!strokeFrom) return
        // Back to the draft before the stroke, then the painted one as a single step.
        set({ strokeFrom: null, draft: strokeFrom })
        commit(painted)
      },
    }
  })
}
