import { z } from 'zod'
import { reject } from '../../../core/decision'
import { afterMove } from '../contact'
import { groundPoint, poseClear, type SmrWorld, spotsAround, touchesBuilding } from '../geometry'
import type { SmrState } from '../state'
import { FacingSchema, needStep, ownUnit, PointSchema, refused, run } from './common'
import type { SmrDecision } from './define'

/**
 * §11 Village Invasion: a hidden unit comes out of its building in its
 * side's Movement Event (revealed), placed touching the building, at `at`
 * facing `facingDeg`, or on the first clear spot round its walls. Coming out
 * is its move for the turn.
 */
export const LeaveBuildingSchema = z.object({
  type: z.literal('leaveBuilding'),
  unitId: z.string(),
  at: PointSchema.optional(),
  facingDeg: FacingSchema.optional(),
})

export function decideLeaveBuilding(
  state: SmrState,
  cmd: z.output<typeof LeaveBuildingSchema>,
  world: SmrWorld,
): SmrDecision {
  const phase = needStep(state, 'turn', 'movement')
  if (phase) return phase
  const u = ownUnit(state, cmd.unitId)
  if (refused(u)) return u
  if (u.hiddenIn === null) return reject('SMR-SCEN-02', `${u.name} is not hidden in a building.`)
  const building = u.hiddenIn
  let spot: { at: { x: number; z: number }; facingDeg: number } | undefined
  if (cmd.at) {
    const placed = { ...u, hiddenIn: null, position: groundPoint(world, cmd.at), facingDeg: cmd.facingDeg ?? 0 }
    if (!touchesBuilding(state, world, placed, building))
      return reject('SMR-SCEN-02', `${u.name} must be placed touching the building it leaves.`)
    if (!poseClear(state, world, u, cmd.at, cmd.facingDeg ?? 0))
      return reject('SMR-MOVE-06', `${u.name} cannot stand there.`)
    spot = { at: cmd.at, facingDeg: cmd.facingDeg ?? 0 }
  } else spot = spotsAround(state, world, u, building)[0]
  if (!spot) return reject('SMR-SCEN-02', `There is no room round the building for ${u.name} to come out.`)
  const s = spot
  return run(state, (log) => {
    log.push({ type: 'UnitsRevealed', buildingId: building, unitIds: [u.id] })
    log.push({
      type: 'UnitMoved',
      unitId: u.id,
      to: groundPoint(world, s.at),
      facingDeg: s.facingDeg,
      distanceIn: 0,
      reason: 'leave',
    })
    afterMove(log, world, u.id, null)
  })
}
