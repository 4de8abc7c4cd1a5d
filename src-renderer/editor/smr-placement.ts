import { baseSolid, type SmrUnitProfile, tableSolids, type TableSolids } from '../../src-engine/index'
import { parseSmrDraft } from './smr-draft'
import { spotOf, type Spot } from './force-placement'

/** A scenario being edited, as its file holds it. */
type Draft = Readonly<Record<string, unknown>>

type Item = Record<string, unknown>
const list = (v: unknown): Item[] => (Array.isArray(v) ? (v as Item[]) : [])
const round = (v: number): number => Math.round(v * 100) / 100

interface Rect {
  readonly minX: number
  readonly minZ: number
  readonly maxX: number
  readonly maxZ: number
}

/** The ground kept clear around a new unit's base, inches. */
const GAP_IN = 0.25
/** SMR-SETUP-06's default depth of a side's deployment strip, inches (the scenario's `deployDepth` when it sets one). */
const DEPLOY_DEPTH_IN = 6

/**
 * How far a unit's base reaches from its centre, inches: a 20 mm square on
 * foot, 25 × 50 mm mounted (SMR-GEN-06), taken as the circle round it so
 * that the base is clear whichever way it turns.
 */
export function smrReachIn(p: Pick<SmrUnitProfile, 'mount'> & { creature?: unknown }): number {
  const mm = p.mount !== 'foot' || p.creature !== undefined ? Math.hypot(25, 50) : Math.hypot(20, 20)
  return round(mm / 2 / 25.4)
}

/** A side's deployment area: its marked zone, or the strip within 6" of its own edge (SMR-SETUP-06). */
export function smrZoneOf(draft: Draft, sideId: string): Rect {
  const t = (draft.table ?? {}) as { widthIn?: unknown; depthIn?: unknown }
  const w = typeof t.widthIn === 'number' ? t.widthIn : 48
  const d = typeof t.depthIn === 'number' ? t.depthIn : 48
  const side = list(draft.sides).find((s) => s.id === sideId)
  const z = side?.deploymentZone as Partial<Rect> | undefined
  if (z && [z.minX, z.minZ, z.maxX, z.maxZ].every((v) => typeof v === 'number')) return z as Rect
  const settings = draft.settings as { deployDepth?: unknown } | undefined
  const k = typeof settings?.deployDepth === 'number' ? settings.deployDepth : DEPLOY_DEPTH_IN
  const edge = side?.edge
  if (edge === 'north') return { minX: 0, minZ: 0, maxX: w, maxZ: k }
  if (edge === 'west') return { minX: 0, minZ: 0, maxX: k, maxZ: d }
  if (edge === 'east') return { minX: w - k, minZ: 0, maxX: w, maxZ: d }
  return { minX: 0, minZ: d - k, maxX: w, maxZ: d }
}

function solidsOf(draft: Draft): TableSolids | null {
  const scenario = parseSmrDraft(draft)
  if (!scenario) return null
  try {
    return tableSolids(scenario)
  } catch {
    return null
  }
}

function inPolygon(p: Spot, poly: readonly Spot[]): boolean {
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!
    const b = poly[j]!
    if (a.z > p.z !== b.z > p.z && p.x < ((b.x - a.x) * (p.z - a.z)) / (b.z - a.z) + a.x) inside = !inside
  }
  return inside
}

/** A point and the corners of the square round it. */
const around = (p: Spot, r: number): Spot[] => [
  p,
  { x: p.x - r, z: p.z - r },
  { x: p.x + r, z: p.z - r },
  { x: p.x + r, z: p.z + r },
  { x: p.x - r, z: p.z + r },
]

/**
 * Where a new unit stands: the spot of its side's deployment area nearest
 * the area's middle where its base is inside the area, on nothing solid
 * (walls, buildings, impassable ground), out of woods for a rider
 * (SMR-MOVE-10), and clear of every other unit's base; the middle where no
 * spot is left (the check then says what is wrong).
 */
export function smrUnitSpot(draft: Draft, sideId: string, profile: Pick<SmrUnitProfile, 'mount'>): Spot {
  const zone = smrZoneOf(draft, sideId)
  const middle = { x: (zone.minX + zone.maxX) / 2, z: (zone.minZ + zone.maxZ) / 2 }
  return smrClearSpot(draft, sideId, profile, middle) ?? { x: round(middle.x), z: round(middle.z) }
}

/**
 * The spot of a side's deployment area nearest `near` where a unit's base
 * stands clear, as `smrUnitSpot` judges it (inside the area, on nothing
 * solid, a rider out of woods, clear of every other unit's base); null when
 * the area has no such spot left.
 */
export function smrClearSpot(
  draft: Draft,
  sideId: string,
  profile: Pick<SmrUnitProfile, 'mount'>,
  near: Spot,
): Spot | null {
  const zone = smrZoneOf(draft, sideId)
  const solids = solidsOf(draft)
  const r = smrReachIn(profile)
  const mounted = profile.mount !== 'foot'
  const woods = list((draft.terrain as Item | undefined)?.areas)
    .filter((a) => a.kind === 'woods')
    .map((a) => list(a.polygon).flatMap((c) => spotOf(c) ?? []))
  const others = list(draft.units)
    .filter((u) => u.hiddenIn === undefined)
    .flatMap((u) => {
      const at = spotOf(u)
      return at
        ? [{ at, r: smrReachIn({ mount: (u.mount as SmrUnitProfile['mount']) ?? 'foot', creature: u.creature }) }]
        : []
    })
  const fits = (p: Spot): boolean =>
    p.x - r >= zone.minX - 1e-9 &&
    p.z - r >= zone.minZ - 1e-9 &&
    p.x + r <= zone.maxX + 1e-9 &&
    p.z + r <= zone.maxZ + 1e-9 &&
    !(solids && baseSolid(solids, p, r, 'light')) &&
    !(mounted && woods.some((w) => around(p, r).some((q) => inPolygon(q, w)))) &&
    !others.some((o) => Math.hypot(o.at.x - p.x, o.at.z - p.z) < o.r + r + GAP_IN)
  const grid: { p: Spot; d: number; i: number }[] = []
  for (let x = zone.minX; x <= zone.maxX + 1e-9; x += 0.5)
    for (let z = zone.minZ; z <= zone.maxZ + 1e-9; z += 0.5) {
      const p = { x: round(x), z: round(z) }
      grid.push({ p, d: Math.hypot(p.x - near.x, p.z - near.z), i: grid.length })
    }
  grid.sort((a, b) => a.d - b.d || a.i - b.i)
  return grid.find((c) => fits(c.p))?.p ?? null
}
