import { quantize, type Vec2 } from '../../../util/geometry'
import { placementProblem } from '../placement'
import type { SmrWorld } from '../geometry'
import type { SmrState } from '../state'

/** A placement before it is given: accepted, or the clause that refuses it. */
export type SmrPlacementPreview =
  { readonly ok: true } | { readonly ok: false; readonly clause: string; readonly message: string }

/**
 * A `placeUnit` before it is given (SMR-SETUP-04/06, CORE-DEPLOY-01, §11's
 * 6" of the village, CORE-TABLE-03): the very checks the command makes
 * (`placementProblem`), on the state as the player sees it; changes nothing.
 */
export function smrPreviewPlacement(
  state: SmrState,
  world: SmrWorld,
  unitId: string,
  at: Vec2,
  facingDeg: number,
): SmrPlacementPreview {
  // As the command's schema reads it: the point quantized, the facing kept in 0..360.
  const facing = Math.round((((facingDeg % 360) + 360) % 360) * 100) / 100
  const problem = placementProblem(state, world, unitId, { x: quantize(at.x), z: quantize(at.z) }, facing)
  return problem ? { ok: false, clause: problem.reason.clause, message: problem.reason.message } : { ok: true }
}
