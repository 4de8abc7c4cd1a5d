import type { Vec2 } from '../../../util/geometry'
import { poseClear, type SmrWorld, spotsAround, touchesBuilding } from '../geometry'
import type { SmrState } from '../state'
import { hypot } from '../../../util/geometry'

/** Where a hidden unit would come out of its building, or the clause that refuses it. */
export type SmrLeavePreview =
  | { readonly ok: true; readonly buildingId: string; readonly at: Vec2; readonly facingDeg: number }
  | { readonly ok: false; readonly clause: string; readonly message: string }

/**
 * §11 Village Invasion: a hidden unit comes out placed touching its
 * building. The player points near the building; the unit comes out on the
 * clear spot round the walls nearest that point, facing out, or facing
 * `facingDeg` when one is chosen (then the base, so turned, must still
 * touch the walls and stand clear: the checks `leaveBuilding` makes).
 */
export function smrLeaveSpot(
  state: SmrState,
  world: SmrWorld,
  unitId: string,
  near: Vec2,
  facingDeg?: number,
): SmrLeavePreview {
  const u = state.units[unitId]
  if (!u || u.status !== 'ok') return { ok: false, clause: 'CORE-CMD-01', message: `There is no unit "${unitId}".` }
  if (u.hiddenIn === null)
    return { ok: false, clause: 'SMR-SCEN-02', message: `${u.name} is not hidden in a building.` }
  if (state.phase !== 'turn' || state.step !== 'movement')
    return { ok: false, clause: 'SMR-SCEN-02', message: `${u.name} comes out in its side's Movement Event.` }
  const building = u.hiddenIn
  const spots = spotsAround(state, world, u, building)
  let best: { at: Vec2; facingDeg: number } | undefined
  let bestD = Infinity
  for (const s of spots) {
    const d = hypot(s.at.x - near.x, s.at.z - near.z)
    if (d < bestD) [best, bestD] = [s, d]
  }
  if (!best)
    return {
      ok: false,
      clause: 'SMR-SCEN-02',
      message: `There is no room round the building for ${u.name} to come out.`,
    }
  if (facingDeg === undefined) return { ok: true, buildingId: building, ...best }
  const placed = { ...u, hiddenIn: null, position: { ...best.at, y: 0 }, facingDeg }
  if (!touchesBuilding(state, world, placed, building))
    return {
      ok: false,
      clause: 'SMR-SCEN-02',
      message: `Turned so, ${u.name} would not touch the building it leaves.`,
    }
  if (!poseClear(state, world, u, best.at, facingDeg))
    return { ok: false, clause: 'SMR-MOVE-06', message: `${u.name} cannot stand there turned so.` }
  return { ok: true, buildingId: building, at: best.at, facingDeg }
}
