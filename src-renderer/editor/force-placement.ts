import { baseSolid, outlineSolid, ScenarioFieldsSchema, tableSolids, type TableSolids } from '../../src-engine/index'

/** A scenario being edited, as its file holds it. */
type Draft = Readonly<Record<string, unknown>>
type Item = Record<string, unknown>

/** A point on the table, inches. */
export interface Spot {
  readonly x: number
  readonly z: number
}

interface Rect {
  readonly minX: number
  readonly minZ: number
  readonly maxX: number
  readonly maxZ: number
}

/** How far apart a new team's figures stand, centre to centre, inches (1" bases with a half-inch between). */
export const FIGURE_SPACING_IN = 1.5
/** The clear ground kept around a new figure or vehicle, inches. */
const GAP_IN = 0.25
/** The ground a new team keeps from other teams where the zone has room, inches (teams apart, not one crowd). */
const TEAM_GAP_IN = 2
/** Figures a new team stands abreast before starting a second rank. */
const RANK_OF = 4

const list = (v: unknown): Item[] => (Array.isArray(v) ? (v as Item[]) : [])
const round = (v: number): number => Math.round(v * 100) / 100

/** A place held as the file gives it, or null. */
export function spotOf(v: unknown): Spot | null {
  const p = v as { x?: unknown; z?: unknown } | null | undefined
  return typeof p?.x === 'number' && typeof p.z === 'number' ? { x: p.x, z: p.z } : null
}

/** What is already on the table: the bases of figures standing on it and the hulls of vehicles. */
interface Taken {
  readonly bases: readonly { readonly at: Spot; readonly r: number }[]
  readonly hulls: readonly Rect[]
}

/** A vehicle's hull as a box on the table (its facing turns its length and width). */
export function hullBox(at: Spot, lengthIn: number, widthIn: number, facingDeg: number): Rect {
  const a = (facingDeg * Math.PI) / 180
  const hx = (Math.abs(Math.sin(a)) * lengthIn + Math.abs(Math.cos(a)) * widthIn) / 2
  const hz = (Math.abs(Math.cos(a)) * lengthIn + Math.abs(Math.sin(a)) * widthIn) / 2
  return { minX: at.x - hx, minZ: at.z - hz, maxX: at.x + hx, maxZ: at.z + hz }
}

function takenOf(draft: Draft): Taken {
  const bases = list(draft.teams)
    .filter((t) => t.vehicleId === undefined)
    .flatMap((t) => list(t.figures))
    .flatMap((f) => {
      const at = spotOf(f.position)
      return at ? [{ at, r: typeof f.baseRadiusIn === 'number' ? f.baseRadiusIn : 0.5 }] : []
    })
  const hulls = list(draft.vehicles).flatMap((v) => {
    const at = spotOf(v.position)
    if (!at) return []
    const num = (x: unknown, d: number): number => (typeof x === 'number' ? x : d)
    return [hullBox(at, num(v.lengthIn, 3), num(v.widthIn, 1.5), num(v.facingDeg, 0))]
  })
  return { bases, hulls }
}

/** What a base may not stand on, from the draft as the rules read it (null while its fields do not parse). */
function solidsOf(draft: Draft): TableSolids | null {
  const parsed = ScenarioFieldsSchema.safeParse(draft)
  if (!parsed.success) return null
  try {
    return tableSolids(parsed.data)
  } catch {
    return null
  }
}

function tableOf(draft: Draft): Rect {
  const t = (draft.table ?? {}) as { widthIn?: unknown; depthIn?: unknown }
  return {
    minX: 0,
    minZ: 0,
    maxX: typeof t.widthIn === 'number' ? t.widthIn : 0,
    maxZ: typeof t.depthIn === 'number' ? t.depthIn : 0,
  }
}

/** A side's deployment zone (the table where it has none), inside the table. */
export function zoneOf(draft: Draft, sideId: string): Rect {
  const table = tableOf(draft)
  const z = list(draft.sides).find((s) => s.id === sideId)?.deploymentZone as Partial<Rect> | undefined
  if (!z || [z.minX, z.minZ, z.maxX, z.maxZ].some((v) => typeof v !== 'number')) return table
  return {
    minX: Math.max(table.minX, z.minX!),
    minZ: Math.max(table.minZ, z.minZ!),
    maxX: Math.min(table.maxX, z.maxX!),
    maxZ: Math.min(table.maxZ, z.maxZ!),
  }
}

const centreOf = (r: Rect): Spot => ({ x: (r.minX + r.maxX) / 2, z: (r.minZ + r.maxZ) / 2 })

/** Points of a grid over a rectangle, nearest `from` first (ties in grid order, so the choice is always the same). */
function candidates(area: Rect, stepIn: number, from: Spot): Spot[] {
  const out: Spot[] = []
  for (let x = area.minX; x <= area.maxX + 1e-9; x += stepIn)
    for (let z = area.minZ; z <= area.maxZ + 1e-9; z += stepIn) out.push({ x: round(x), z: round(z) })
  const d = (p: Spot): number => Math.hypot(p.x - from.x, p.z - from.z)
  return out
    .map((p, i) => ({ p, d: d(p), i }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .map((c) => c.p)
}

const within = (r: Rect, p: Spot, margin: number): boolean =>
  p.x - margin >= r.minX - 1e-9 &&
  p.z - margin >= r.minZ - 1e-9 &&
  p.x + margin <= r.maxX + 1e-9 &&
  p.z + margin <= r.maxZ + 1e-9

const boxesMeet = (a: Rect, b: Rect, gap: number): boolean =>
  a.minX < b.maxX + gap && b.minX < a.maxX + gap && a.minZ < b.maxZ + gap && b.minZ < a.maxZ + gap

/** Whether a base of radius `r` may stand at `p`: inside `area`, on nothing solid, clear of every base and hull. */
function baseFits(p: Spot, r: number, area: Rect, solids: TableSolids | null, taken: Taken, gap = GAP_IN): boolean {
  if (!within(area, p, r)) return false
  if (solids && baseSolid(solids, p, r, 'light')) return false
  if (taken.bases.some((b) => Math.hypot(b.at.x - p.x, b.at.z - p.z) < b.r + r + gap)) return false
  return !taken.hulls.some((h) => boxesMeet(h, { minX: p.x - r, minZ: p.z - r, maxX: p.x + r, maxZ: p.z + r }, gap))
}

/** Where each of `count` figures stands in a new team's formation, about its centre: ranks of four, 1.5" apart. */
export function formation(count: number): Spot[] {
  const cols = Math.min(count, RANK_OF)
  const rows = Math.ceil(count / RANK_OF)
  return Array.from({ length: count }, (_, i) => ({
    x: ((i % RANK_OF) - (cols - 1) / 2) * FIGURE_SPACING_IN,
    z: (Math.floor(i / RANK_OF) - (rows - 1) / 2) * FIGURE_SPACING_IN,
  }))
}

/**
 * Places for a new team's figures inside its side's deployment zone: the
 * formation nearest the zone's middle where every base is clear of walls,
 * shut doors, obstacles, impassable ground, other figures and vehicles (2"
 * from them where there is room, else a quarter inch). Where
 * no such place is left, each figure takes the clear spot nearest the
 * middle; where none is, the middle (the engine's check then says so).
 */
export function teamSpots(draft: Draft, sideId: string, count: number, radiusIn = 0.5): Spot[] {
  const zone = zoneOf(draft, sideId)
  const solids = solidsOf(draft)
  const taken = takenOf(draft)
  const shape = formation(count)
  const middle = centreOf(zone)
  const grid = candidates(zone, 0.5, middle)
  for (const gap of [TEAM_GAP_IN, GAP_IN])
    for (const c of grid) {
      const spots = shape.map((o) => ({ x: round(c.x + o.x), z: round(c.z + o.z) }))
      if (spots.every((p) => baseFits(p, radiusIn, zone, solids, taken, gap))) return spots
    }
  const out: Spot[] = []
  for (let i = 0; i < count; i++) {
    const now: Taken = { ...taken, bases: [...taken.bases, ...out.map((at) => ({ at, r: radiusIn }))] }
    out.push(grid.find((p) => baseFits(p, radiusIn, zone, solids, now)) ?? middle)
  }
  return out
}

/** How far from the copied figures a pasted copy of them may be put, inches. */
const COPY_REACH_IN = 12

/**
 * Places for a copy of figures standing at `spots` (a pasted team or
 * figure): the same formation, moved to the clear place on the table nearest
 * `near` and within 12" of it (2" from other teams where there is room, else
 * a quarter inch); else places in the side's deployment zone as for a new
 * team.
 */
export function copySpots(draft: Draft, sideId: string, spots: readonly Spot[], near: Spot, radiusIn = 0.5): Spot[] {
  if (spots.length === 0) return []
  const solids = solidsOf(draft)
  const taken = takenOf(draft)
  const table = tableOf(draft)
  const middle = centreOf({
    minX: Math.min(...spots.map((p) => p.x)),
    minZ: Math.min(...spots.map((p) => p.z)),
    maxX: Math.max(...spots.map((p) => p.x)),
    maxZ: Math.max(...spots.map((p) => p.z)),
  })
  const shape = spots.map((p) => ({ x: p.x - middle.x, z: p.z - middle.z }))
  const around = {
    minX: near.x - COPY_REACH_IN,
    minZ: near.z - COPY_REACH_IN,
    maxX: near.x + COPY_REACH_IN,
    maxZ: near.z + COPY_REACH_IN,
  }
  const grid = candidates(around, 0.5, near)
  for (const gap of [TEAM_GAP_IN, GAP_IN])
    for (const c of grid) {
      const out = shape.map((o) => ({ x: round(c.x + o.x), z: round(c.z + o.z) }))
      if (out.every((p) => baseFits(p, radiusIn, table, solids, taken, gap))) return out
    }
  return teamSpots(draft, sideId, spots.length, radiusIn)
}

/**
 * A place for one more figure of a team: the clear spot nearest `near` (its
 * team's middle) within 8" of it and on the table; else one in the side's zone.
 */
export function figureSpot(draft: Draft, sideId: string, near: Spot, radiusIn = 0.5): Spot {
  const solids = solidsOf(draft)
  const taken = takenOf(draft)
  const table = tableOf(draft)
  const reach = 8
  const around = { minX: near.x - reach, minZ: near.z - reach, maxX: near.x + reach, maxZ: near.z + reach }
  const found = candidates(around, 0.5, near).find((p) => baseFits(p, radiusIn, table, solids, taken))
  return found ?? teamSpots(draft, sideId, 1, radiusIn)[0]!
}

/**
 * A place for a new vehicle in its side's deployment zone: the hull nearest
 * the zone's middle that stands on nothing a tracked vehicle may not cross
 * and clear of figures and other vehicles (2" from them where there is
 * room); else the zone's middle.
 */
export function vehicleSpot(draft: Draft, sideId: string, lengthIn: number, widthIn: number, facingDeg: number): Spot {
  const zone = zoneOf(draft, sideId)
  const solids = solidsOf(draft)
  const taken = takenOf(draft)
  const middle = centreOf(zone)
  const fits = (p: Spot, gap: number): boolean => {
    const box = hullBox(p, lengthIn, widthIn, facingDeg)
    if (box.minX < zone.minX || box.minZ < zone.minZ || box.maxX > zone.maxX || box.maxZ > zone.maxZ) return false
    const corners = [
      { x: box.minX, z: box.minZ },
      { x: box.maxX, z: box.minZ },
      { x: box.maxX, z: box.maxZ },
      { x: box.minX, z: box.maxZ },
    ]
    if (solids && outlineSolid(solids, corners, 'tracked')) return false
    if (taken.hulls.some((h) => boxesMeet(h, box, gap))) return false
    return !taken.bases.some((b) =>
      boxesMeet(box, { minX: b.at.x - b.r, minZ: b.at.z - b.r, maxX: b.at.x + b.r, maxZ: b.at.z + b.r }, gap),
    )
  }
  const grid = candidates(zone, 1, middle)
  return grid.find((p) => fits(p, TEAM_GAP_IN)) ?? grid.find((p) => fits(p, GAP_IN)) ?? middle
}
