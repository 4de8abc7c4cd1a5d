import type { VehicleHull } from '../../world/types'
import type { MatchState, VehicleState } from './state/state'
import type { VehicleSize } from './vehicles-data'

/** Height of a vehicle's hull by its size, inches, running gear included, turret not (the table draws the same). */
export const HULL_HEIGHT_IN: Readonly<Record<VehicleSize, number>> = { small: 0.9, medium: 1.2, large: 1.5 }

/**
 * The hulls of the vehicles on the table, for every sight and cover question
 * the rules ask the world: a vehicle blocks line of sight (SMLE-SHOOT-02,
 * "walls, solid buildings, hills, vehicles"), its armour is hard cover
 * (SMLE-SHOOT-23), and a killed vehicle stays where it stopped as a wreck
 * that is hard cover (SMLE-VEH-15). [decision] The hull is its footprint up
 * to `HULL_HEIGHT_IN` for its size; the turret above it hides nothing. A
 * vehicle off the table (not yet arrived, fled, a helicopter gone) has none.
 * The world leaves out the hull of a vehicle a figure is aboard, for sight
 * and cover to and from that figure (SMLE-VEH-16: passengers of an open top
 * are seen, in hard cover).
 *
 * The same list (and the same hull objects) comes back while no vehicle has
 * moved, so the answers kept by hulls stay found.
 */
export function vehicleHulls(state: MatchState): readonly VehicleHull[] {
  const record = state.vehicles
  const kept = hullsByRecord.get(record)
  if (kept) return kept
  const hulls: VehicleHull[] = []
  for (const v of Object.values(record)) if (!v.offTable) hulls.push(hullOf(v))
  const same = hulls.length === lastHulls.length && hulls.every((h, i) => h === lastHulls[i])
  const out = hulls.length === 0 ? NO_HULLS : same ? lastHulls : hulls
  lastHulls = out
  hullsByRecord.set(record, out)
  return out
}

/** A key naming every hull's place, facing, size and words (the lists `vehicleHulls` gives), for answers kept by text. */
export function hullsKey(hulls: readonly VehicleHull[]): string {
  if (hulls.length === 0) return ''
  let key = keys.get(hulls)
  if (key === undefined) {
    key = hulls
      .map(
        (h) =>
          `${h.id}@${h.position.x},${h.position.y},${h.position.z},${h.facingDeg},${h.lengthIn},${h.widthIn},${h.heightIn},${h.label}`,
      )
      .join(';')
    keys.set(hulls, key)
  }
  return key
}

const NO_HULLS: readonly VehicleHull[] = []
const hullsByRecord = new WeakMap<MatchState['vehicles'], readonly VehicleHull[]>()
const hullByVehicle = new WeakMap<VehicleState, VehicleHull>()
/** The last hull made for each vehicle id: a vehicle record made anew with the same hull gives the very same one. */
const lastHullById = new Map<string, VehicleHull>()
let lastHulls: readonly VehicleHull[] = NO_HULLS
const keys = new WeakMap<readonly VehicleHull[], string>()

function hullOf(v: VehicleState): VehicleHull {
  const kept = hullByVehicle.get(v)
  if (kept) return kept
  const fresh: VehicleHull = {
    id: v.id,
    label: v.status === 'killed' ? `the wreck of the ${v.name}` : `the ${v.name}`,
    position: v.position,
    facingDeg: v.facingDeg,
    lengthIn: v.lengthIn,
    widthIn: v.widthIn,
    heightIn: HULL_HEIGHT_IN[v.size],
  }
  const last = lastHullById.get(v.id)
  const hull = last && sameHull(last, fresh) ? last : fresh
  lastHullById.set(v.id, hull)
  hullByVehicle.set(v, hull)
  return hull
}

function sameHull(a: VehicleHull, b: VehicleHull): boolean {
  return (
    a.label === b.label &&
    Object.is(a.position.x, b.position.x) &&
    Object.is(a.position.y, b.position.y) &&
    Object.is(a.position.z, b.position.z) &&
    Object.is(a.facingDeg, b.facingDeg) &&
    Object.is(a.lengthIn, b.lengthIn) &&
    Object.is(a.widthIn, b.widthIn) &&
    Object.is(a.heightIn, b.heightIn)
  )
}
