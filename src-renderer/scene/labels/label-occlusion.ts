import type { Blocker, DoorStates, Vec3, VehicleHull, World } from '../../../src-engine/index'
import type { RoofMode } from '../../state/stores'
import { hullsApartFrom } from '../hull-footprint'

/** What hides a label: solids as drawn. Woods and soft areas do not (a label floats over the trees' figures). */
const HIDES: ReadonlySet<Blocker['kind']> = new Set([
  'wall',
  'door',
  'floor',
  'roof',
  'feature',
  'position',
  'obstacle',
  'terrain',
  'vehicle',
])

/** Past a part that is not drawn, the ray goes on from just beyond it; this many times at most. */
const MAX_PASSES = 8
const NUDGE_T = 1e-4

/** Whether a solid of this kind is drawn in this roof mode: the roof toggle hides roofs, the cutaway upper floors too. */
export function blockerDrawn(kind: Blocker['kind'], roofs: RoofMode): boolean {
  if (!HIDES.has(kind)) return false
  if (kind === 'roof') return roofs === 'shown'
  if (kind === 'floor') return roofs !== 'cutaway'
  return true
}

/**
 * Whether something drawn stands between the camera and a label's anchor,
 * asked of the rules' own hull (the BVH the line-of-sight rules use, through
 * `world.rayBlocker`): a roof hidden by the roof toggle, or woods, let the
 * ray go on to what lies beyond. The vehicles and wrecks on the table
 * (`hulls`, the rules' `vehicleHulls`) hide labels behind them too, but not
 * a label standing over the vehicle itself (its own, or a rider's).
 */
export function labelOccluded(
  world: World,
  doors: DoorStates,
  roofs: RoofMode,
  eye: Vec3,
  anchor: Vec3,
  hulls: readonly VehicleHull[] = [],
): boolean {
  const inWay = hullsApartFrom(hulls, anchor)
  let from = eye
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const hit = world.rayBlocker(from, anchor, doors, inWay)
    if (!hit) return false
    if (blockerDrawn(hit.blocker.kind, roofs)) return true
    const t = Math.min(1, hit.t + NUDGE_T)
    from = {
      x: from.x + (anchor.x - from.x) * t,
      y: from.y + (anchor.y - from.y) * t,
      z: from.z + (anchor.z - from.z) * t,
    }
  }
  return false
}
