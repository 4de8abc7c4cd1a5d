import type { DoorState, WallSide } from '../../src-engine/index'
import { type Draft, freshIds, type Item, list } from './force-draft'

/**
 * Edits of a building placed on the table: its storeys (each floor's
 * height, a stair up from each floor below the top), its doors (added in a
 * wall where there is room, moved, locked, removed) and its windows (added
 * on a floor and a wall, moved, removed). Each takes the draft and gives the
 * changed one, or the same draft when nothing changes.
 */

/** The most storeys the editor gives a building. */
export const MAX_STOREYS = 4
/** A new storey's height, inches (the reference town's upper floors). */
export const STOREY_HEIGHT_IN = 2.2
/** A new doorway's width and a new window's, inches (the schema's defaults). */
export const DOOR_WIDTH_IN = 1.6
export const WINDOW_WIDTH_IN = 1
/** The gap kept between openings in one wall, inches. */
const OPENING_GAP_IN = 0.2

const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback)
const round = (v: number): number => Math.round(v * 100) / 100

const buildingOf = (draft: Draft, id: string): Item | undefined => list(draft.buildings).find((b) => b.id === id)

const withBuilding = (draft: Draft, id: string, change: (b: Item) => Item): Draft => ({
  ...draft,
  buildings: list(draft.buildings).map((b) => (b.id === id ? change(b) : b)),
})

/** How many storeys a building has (one when the file gives no floors). */
export function storeysOf(b: Readonly<Item>): number {
  return Math.max(1, list(b.floors).length)
}

/** The length of a wall of a building, inches: north and south run along its width, east and west its depth. */
export function wallLength(b: Readonly<Item>, wall: WallSide): number {
  return wall === 'north' || wall === 'south' ? num(b.widthIn, 0) : num(b.depthIn, 0)
}

/** A stair up from a floor, as the reference town's houses have them: inside the south-west corner, rising east. */
function stairFrom(b: Readonly<Item>, floor: number): Item {
  const t = num(b.wallThicknessIn, 0.25)
  const w = num(b.widthIn, 4)
  const d = num(b.depthIn, 4)
  return {
    floor,
    x: round(t + 1.2),
    z: round(Math.max(t + 0.6, d - 1)),
    direction: 'east',
    widthIn: 1.1,
    lengthIn: round(Math.max(1, Math.min(2.4, w - 2 * t - 1.4))),
  }
}

/**
 * Gives a building `count` storeys (1–4): the ground floor keeps its wall
 * height, a new one is 2.2" high; each floor below the top gets a stair up
 * (one it has is kept); windows and stairs of floors taken away go.
 */
export function setStoreys(draft: Draft, buildingId: string, count: number): Draft {
  const b = buildingOf(draft, buildingId)
  const n = Math.round(count)
  if (!b || n < 1 || n > MAX_STOREYS || n === storeysOf(b)) return draft
  return withBuilding(draft, buildingId, (old) => {
    const floors = list(old.floors)
    const ground = { heightIn: num(floors[0]?.heightIn, num(old.wallHeightIn, 2.5)) }
    const next: Item = { ...old }
    if (n === 1) {
      delete next.floors
      next.wallHeightIn = ground.heightIn
    } else
      next.floors = Array.from({ length: n }, (_, i) =>
        i === 0 ? ground : (floors[i] ?? { heightIn: STOREY_HEIGHT_IN }),
      )
    next.windows = list(old.windows).filter((w) => num(w.floor, 0) < n)
    const stairs = list(old.stairs).filter((s) => num(s.floor, 0) + 1 < n)
    for (let f = 0; f + 1 < n; f++) if (!stairs.some((s) => num(s.floor, 0) === f)) stairs.push(stairFrom(old, f))
    next.stairs = stairs.sort((a, c) => num(a.floor, 0) - num(c.floor, 0))
    return next
  })
}

/** Sets the height of one floor (the ground floor of a one-storey building: its walls). */
export function setFloorHeight(draft: Draft, buildingId: string, floor: number, heightIn: number): Draft {
  const b = buildingOf(draft, buildingId)
  if (!b || !(heightIn > 0)) return draft
  const floors = list(b.floors)
  if (floors.length === 0) {
    if (floor !== 0 || b.wallHeightIn === heightIn) return draft
    return withBuilding(draft, buildingId, (old) => ({ ...old, wallHeightIn: heightIn }))
  }
  if (!floors[floor] || floors[floor].heightIn === heightIn) return draft
  return withBuilding(draft, buildingId, (old) => ({
    ...old,
    floors: floors.map((f, i) => (i === floor ? { ...f, heightIn } : f)),
  }))
}

/** The openings of one wall at one floor (doors are on the ground floor), as spans along it. */
function spans(b: Readonly<Item>, wall: WallSide, floor: number, skip?: Readonly<Item>): [number, number][] {
  const doors = floor === 0 ? list(b.doors).filter((d) => d.wall === wall && d !== skip) : []
  const windows = list(b.windows).filter((w) => w.wall === wall && num(w.floor, 0) === floor && w !== skip)
  return [
    ...doors.map((d): [number, number] => [num(d.offsetIn, 0), num(d.widthIn, DOOR_WIDTH_IN)]),
    ...windows.map((w): [number, number] => [num(w.offsetIn, 0), num(w.widthIn, WINDOW_WIDTH_IN)]),
  ]
}

/**
 * Where along a wall a new opening `widthIn` wide fits, clear of the corners
 * and of the wall's other openings on that floor: the middle, or the place
 * nearest it; null when there is no room.
 */
export function freeOffset(b: Readonly<Item>, wall: WallSide, floor: number, widthIn: number): number | null {
  const length = wallLength(b, wall)
  const t = num(b.wallThicknessIn, 0.25)
  const taken = spans(b, wall, floor)
  const fits = (at: number): boolean =>
    at - widthIn / 2 >= t - 1e-9 &&
    at + widthIn / 2 <= length - t + 1e-9 &&
    taken.every(([o, w]) => Math.abs(o - at) >= (w + widthIn) / 2 + OPENING_GAP_IN - 1e-9)
  const middle = length / 2
  for (let step = 0; step <= length; step += 0.1)
    for (const at of [middle - step, middle + step]) if (fits(round(at))) return round(at)
  return null
}

/** Adds a closed household door in a wall where there is room (none where there is not). */
export function addDoor(draft: Draft, buildingId: string, wall: WallSide): { draft: Draft; doorId: string } | null {
  const b = buildingOf(draft, buildingId)
  if (!b) return null
  const offsetIn = freeOffset(b, wall, 0, DOOR_WIDTH_IN)
  if (offsetIn === null) return null
  const doorId = freshIds(draft, `${buildingId}-door`)[0]!
  const door = { id: doorId, wall, offsetIn, widthIn: DOOR_WIDTH_IN, kind: 'household', state: 'closed' }
  return { draft: withBuilding(draft, buildingId, (old) => ({ ...old, doors: [...list(old.doors), door] })), doorId }
}

/** What of a door the editor changes: its wall, place along it, state (closed, open, locked) and kind. */
export interface DoorPatch {
  readonly wall?: WallSide
  readonly offsetIn?: number
  readonly state?: DoorState
  readonly kind?: string
}

/** Changes a door; moved to another wall, it goes to a free place there. */
export function updateDoor(draft: Draft, buildingId: string, doorId: string, patch: DoorPatch): Draft {
  const b = buildingOf(draft, buildingId)
  const door = list(b?.doors).find((d) => d.id === doorId)
  if (!b || !door || Object.entries(patch).every(([k, v]) => door[k] === v)) return draft
  const moved: Item = { ...door, ...patch }
  if (patch.wall !== undefined && patch.wall !== door.wall && patch.offsetIn === undefined) {
    const without = { ...b, doors: list(b.doors).filter((d) => d !== door) }
    moved.offsetIn =
      freeOffset(without, patch.wall, 0, num(door.widthIn, DOOR_WIDTH_IN)) ?? wallLength(b, patch.wall) / 2
  }
  return withBuilding(draft, buildingId, (old) => ({
    ...old,
    doors: list(old.doors).map((d) => (d.id === doorId ? moved : d)),
  }))
}

/** Removes a door (its doorway is walled up). */
export function removeDoor(draft: Draft, buildingId: string, doorId: string): Draft {
  const b = buildingOf(draft, buildingId)
  if (!b || !list(b.doors).some((d) => d.id === doorId)) return draft
  return withBuilding(draft, buildingId, (old) => ({ ...old, doors: list(old.doors).filter((d) => d.id !== doorId) }))
}

/** Adds a window on a floor of a wall where there is room (none where there is not). */
export function addWindow(draft: Draft, buildingId: string, wall: WallSide, floor = 0): Draft {
  const b = buildingOf(draft, buildingId)
  if (!b || floor < 0 || floor >= storeysOf(b)) return draft
  const offsetIn = freeOffset(b, wall, floor, WINDOW_WIDTH_IN)
  if (offsetIn === null) return draft
  const window = { wall, offsetIn, widthIn: WINDOW_WIDTH_IN, floor }
  return withBuilding(draft, buildingId, (old) => ({ ...old, windows: [...list(old.windows), window] }))
}

/** What of a window the editor changes: its wall, place along it and floor. */
export interface WindowPatch {
  readonly wall?: WallSide
  readonly offsetIn?: number
  readonly floor?: number
}

/** Changes the window at `index`; moved to another wall or floor, it goes to a free place there. */
export function updateWindow(draft: Draft, buildingId: string, index: number, patch: WindowPatch): Draft {
  const b = buildingOf(draft, buildingId)
  const window = list(b?.windows)[index]
  if (
    !b ||
    !window ||
    Object.entries(patch).every(([k, v]) => num(window[k], k === 'floor' ? 0 : NaN) === v || window[k] === v)
  )
    return draft
  const moved: Item = { ...window, ...patch }
  const wall = (moved.wall as WallSide) ?? 'north'
  if ((patch.wall !== undefined || patch.floor !== undefined) && patch.offsetIn === undefined) {
    const without = { ...b, windows: list(b.windows).filter((w) => w !== window) }
    moved.offsetIn =
      freeOffset(without, wall, num(moved.floor, 0), num(window.widthIn, WINDOW_WIDTH_IN)) ?? wallLength(b, wall) / 2
  }
  return withBuilding(draft, buildingId, (old) => ({
    ...old,
    windows: list(old.windows).map((w, i) => (i === index ? moved : w)),
  }))
}

/** Removes the window at `index`. */
export function removeWindow(draft: Draft, buildingId: string, index: number): Draft {
  const b = buildingOf(draft, buildingId)
  if (!b || !list(b.windows)[index]) return draft
  return withBuilding(draft, buildingId, (old) => ({
    ...old,
    windows: list(old.windows).filter((_, i) => i !== index),
  }))
}

/** What a building's walls are made of (the table draws each in its colour). */
export const MATERIALS = ['brick', 'stone', 'plaster', 'timber', 'concrete'] as const
/** Roofs: flat, gabled (the ridge along the longer side) or none (a ruin open to the sky). */
export const ROOF_KINDS = ['flat', 'gable', 'none'] as const

/** Gives a building walls of another material. */
export function setMaterial(draft: Draft, buildingId: string, material: string): Draft {
  const b = buildingOf(draft, buildingId)
  if (!b || !(MATERIALS as readonly string[]).includes(material) || (b.material ?? 'plaster') === material) return draft
  return withBuilding(draft, buildingId, (old) => ({ ...old, material }))
}

/** Changes a building's roof: its kind, and how high a gable rises above the walls (inches, above 0). */
export function setRoof(draft: Draft, buildingId: string, patch: { kind?: string; riseIn?: number }): Draft {
  const b = buildingOf(draft, buildingId)
  if (!b) return draft
  const roof = (b.roof ?? {}) as Item
  const kind = patch.kind ?? (typeof roof.kind === 'string' ? roof.kind : 'flat')
  const riseIn = patch.riseIn ?? num(roof.riseIn, 1.5)
  if (!(ROOF_KINDS as readonly string[]).includes(kind) || !(riseIn > 0)) return draft
  if (kind === (roof.kind ?? 'flat') && riseIn === num(roof.riseIn, 1.5)) return draft
  return withBuilding(draft, buildingId, (old) => ({ ...old, roof: { ...roof, kind, riseIn: round(riseIn) } }))
}

/** What of a stair may be changed: its foot (from the building's north-west corner), the way it rises, its length and width. */
export type StairPatch = Partial<Record<'x' | 'z' | 'lengthIn' | 'widthIn', number>> & { readonly direction?: WallSide }

/**
 * Changes the stair at `index` (a stair up from each floor below the top
 * comes with the storeys): placed by hand, its foot and the wall it rises
 * toward; one reaching through the walls is the check's error.
 */
export function updateStair(draft: Draft, buildingId: string, index: number, patch: StairPatch): Draft {
  const b = buildingOf(draft, buildingId)
  const stair = list(b?.stairs)[index]
  if (!b || !stair) return draft
  if (Object.entries(patch).every(([k, v]) => stair[k] === v)) return draft
  for (const k of ['lengthIn', 'widthIn'] as const) if (patch[k] !== undefined && !(patch[k]! > 0)) return draft
  return withBuilding(draft, buildingId, (old) => ({
    ...old,
    stairs: list(old.stairs).map((s, i) => (i === index ? { ...s, ...patch } : s)),
  }))
}
