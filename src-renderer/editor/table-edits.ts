import { type Draft, draftTeams, draftVehicles, type Item, list, withTeams } from './force-draft'

/** A rectangle on the table, inches (a side's deployment zone). */
interface Zone {
  readonly minX: number
  readonly minZ: number
  readonly maxX: number
  readonly maxZ: number
}

const isZone = (v: unknown): v is Zone =>
  typeof v === 'object' &&
  v !== null &&
  ['minX', 'minZ', 'maxX', 'maxZ'].every((k) => typeof (v as Record<string, unknown>)[k] === 'number')

const round = (v: number): number => Math.round(v * 100) / 100

/** How a zone's span along one axis follows a table edge moved by `d` (from `size` to `size + d`). */
function follow(min: number, max: number, size: number, d: number): { min: number; max: number; shift: number } {
  const atFar = Math.abs(max - size) < 1e-6
  if (!atFar) return { min, max, shift: 0 }
  // Touching both edges: the zone is the whole span and stretches with it; touching the far edge only, it moves.
  if (Math.abs(min) < 1e-6) return { min, max: round(max + d), shift: 0 }
  return { min: round(min + d), max: round(max + d), shift: d }
}

/**
 * The table made `widthIn` × `depthIn` (either left out: as it is; the north-west corner stays where it
 * is, so the table grows or shrinks at its east and south edges). A side's
 * deployment zone that reaches the east or the south edge keeps reaching it:
 * it moves with the edge, keeping its size, or stretches when it spans the
 * table from edge to edge; the figures and vehicles of the side that stood in
 * the zone move with it. Terrain, buildings and objectives stay where they
 * are; whatever is left off a smaller table is the check's error. Unchanged
 * (the same draft) when the size is the same or not a size.
 */
export function resizeTable(draft: Draft, size: { readonly widthIn?: number; readonly depthIn?: number }): Draft {
  const table = (draft.table ?? {}) as Record<string, unknown>
  const w = typeof table.widthIn === 'number' ? table.widthIn : null
  const d = typeof table.depthIn === 'number' ? table.depthIn : null
  const widthIn = size.widthIn ?? w ?? NaN
  const depthIn = size.depthIn ?? d ?? NaN
  if (!(widthIn > 0) || !(depthIn > 0) || !Number.isFinite(widthIn) || !Number.isFinite(depthIn)) return draft
  if (w === widthIn && d === depthIn) return draft
  let next: Draft = { ...draft, table: { ...table, widthIn, depthIn } }
  if (w === null || d === null) return next
  const shifts = new Map<string, { zone: Zone; dx: number; dz: number }>()
  const sides = list(draft.sides).map((s) => {
    const zone = s.deploymentZone
    if (!isZone(zone)) return s
    const x = follow(zone.minX, zone.maxX, w, widthIn - w)
    const z = follow(zone.minZ, zone.maxZ, d, depthIn - d)
    if (x.min === zone.minX && x.max === zone.maxX && z.min === zone.minZ && z.max === zone.maxZ) return s
    shifts.set(String(s.id), { zone, dx: x.shift, dz: z.shift })
    return { ...s, deploymentZone: { minX: x.min, minZ: z.min, maxX: x.max, maxZ: z.max } }
  })
  next = { ...next, sides }
  const moved = (sideId: unknown, p: unknown): unknown => {
    const shift = shifts.get(String(sideId))
    if (!shift || (shift.dx === 0 && shift.dz === 0) || typeof p !== 'object' || p === null) return p
    const at = p as { x?: unknown; z?: unknown }
    if (typeof at.x !== 'number' || typeof at.z !== 'number') return p
    const { zone } = shift
    const inside =
      at.x >= zone.minX - 1e-6 && at.x <= zone.maxX + 1e-6 && at.z >= zone.minZ - 1e-6 && at.z <= zone.maxZ + 1e-6
    return inside ? { ...at, x: round(at.x + shift.dx), z: round(at.z + shift.dz) } : p
  }
  const teams = draftTeams(next).map((t) => ({
    ...t,
    figures: list(t.figures).map((f): Item => ({ ...f, position: moved(t.sideId, f.position) })),
  }))
  next = withTeams(next, teams)
  next = withSmrUnits(next, draft, w, d, widthIn - w, depthIn - d)
  const vehicles = draftVehicles(next)
  if (vehicles.length > 0)
    next = { ...next, vehicles: vehicles.map((v): Item => ({ ...v, position: moved(v.sideId, v.position) })) }
  return next
}

/** SMR-SETUP-06's deployment area where a scenario marks none: within this many inches of the side's edge. */
const SMR_DEPLOY_DEPTH_IN = 6

/**
 * SMR units (`units`, each at its `x`, `z`) of a side with no marked zone
 * whose own edge is the east or the south one: those within its deployment
 * depth of that edge (SMR-SETUP-06) move with the edge. A marked zone's units
 * follow the zone, as SMLE's figures do.
 */
function withSmrUnits(next: Draft, before: Draft, w: number, d: number, dw: number, dd: number): Draft {
  const units = list(before.units)
  if (units.length === 0) return next
  const settings = (before.settings ?? {}) as Record<string, unknown>
  const depth = typeof settings.deployDepth === 'number' ? settings.deployDepth : SMR_DEPLOY_DEPTH_IN
  const sidesBefore = new Map(list(before.sides).map((s) => [String(s.id), s]))
  const sidesAfter = new Map(list(next.sides).map((s) => [String(s.id), s]))
  return {
    ...next,
    units: units.map((u): Item => {
      if (typeof u.x !== 'number' || typeof u.z !== 'number') return u
      const side = sidesBefore.get(String(u.sideId))
      if (!side) return u
      const zone = side.deploymentZone
      if (isZone(zone)) {
        const now = sidesAfter.get(String(u.sideId))?.deploymentZone
        if (!isZone(now)) return u
        const inside =
          u.x >= zone.minX - 1e-6 && u.x <= zone.maxX + 1e-6 && u.z >= zone.minZ - 1e-6 && u.z <= zone.maxZ + 1e-6
        const dx = zone.minX === 0 && zone.maxX === w ? 0 : now.minX - zone.minX
        const dz = zone.minZ === 0 && zone.maxZ === d ? 0 : now.minZ - zone.minZ
        return inside && (dx !== 0 || dz !== 0) ? { ...u, x: round(u.x + dx), z: round(u.z + dz) } : u
      }
      if (side.edge === 'south' && d - u.z <= depth + 1e-6) return { ...u, z: round(u.z + dd) }
      if (side.edge === 'east' && w - u.x <= depth + 1e-6) return { ...u, x: round(u.x + dw) }
      return u
    }),
  }
}
