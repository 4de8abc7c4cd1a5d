import { z } from 'zod'
import { reject, rejectCore } from '../../../core/decision'
import { afterMove } from '../contact'
import { checkMove, groundPoint, type SmrWorld } from '../geometry'
import type { SmrState } from '../state'
import { FacingSchema, moveProblem, needStep, ownUnit, PointSchema, refused, run } from './common'
import type { SmrDecision } from './define'

/**
 * SMR-MOVE-02..07, SMR-GEOM-06: move a unit along `path` (waypoints, the
 * last its destination), ending facing `facingDeg` (default: the way it
 * went). The engine measures the path along the table (double on difficult
 * ground) against Table V; a move that touches an enemy stops there and
 * begins a melee (SMR-MELEE-02/03).
 */
export const MoveUnitSchema = z.object({
  type: z.literal('moveUnit'),
  unitId: z.string(),
  path: z.array(PointSchema).min(1).max(16),
  facingDeg: FacingSchema.optional(),
})

export function decideMoveUnit(state: SmrState, cmd: z.output<typeof MoveUnitSchema>, world: SmrWorld): SmrDecision {
  const phase = needStep(state, 'turn', 'movement')
  if (phase) return phase
  const u = ownUnit(state, cmd.unitId)
  if (refused(u)) return u
  const why = moveProblem(state, world, u)
  if (why) return why
  const r = checkMove(state, world, u, cmd.path, { facingDeg: cmd.facingDeg })
  if (!r.ok)
    return r.clause.startsWith('CORE-')
      ? rejectCore(r.clause as 'CORE-TABLE-01', r.message)
      : reject(r.clause, r.message)
  return run(state, (log) => {
    log.push({
      type: 'UnitMoved',
      unitId: u.id,
      to: groundPoint(world, r.end),
      facingDeg: r.facingDeg,
      distanceIn: round(r.distanceIn),
      reason: r.contactId ? 'charge' : 'move',
    })
    afterMove(log, world, u.id, r.contactId)
  })
}

/**
 * SMR-MELEE-02, SMR-GEOM-06: charge: move straight at an enemy until the
 * bases touch (the contact point), within the unit's allowance.
 */
export const ChargeSchema = z.object({ type: z.literal('charge'), unitId: z.string(), targetId: z.string() })

export function decideCharge(state: SmrState, cmd: z.output<typeof ChargeSchema>, world: SmrWorld): SmrDecision {
  const phase = needStep(state, 'turn', 'movement')
  if (phase) return phase
  const u = ownUnit(state, cmd.unitId)
  if (refused(u)) return u
  const why = moveProblem(state, world, u)
  if (why) return why
  const t = state.units[cmd.targetId]
  if (!t || t.status !== 'ok' || t.hiddenIn !== null || t.sideId === u.sideId)
    return rejectCore('CORE-CMD-01', `There is no enemy "${cmd.targetId}" on the table.`)
  const r = checkMove(state, world, u, [{ x: t.position.x, z: t.position.z }])
  if (!r.ok)
    return r.clause.startsWith('CORE-')
      ? rejectCore(r.clause as 'CORE-TABLE-01', r.message)
      : reject(r.clause, r.message)
  if (r.contactId !== t.id) {
    const other = r.contactId ? state.units[r.contactId]?.name : null
    return reject(
      'SMR-GEOM-06',
      other ? `${u.name} would touch ${other} first.` : `${u.name} cannot reach ${t.name} this turn.`,
    )
  }
  return run(state, (log) => {
    log.push({
      type: 'UnitMoved',
      unitId: u.id,
      to: groundPoint(world, r.end),
      facingDeg: r.facingDeg,
      distanceIn: round(r.distanceIn),
      reason: 'charge',
    })
    afterMove(log, world, u.id, t.id)
  })
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000
}
