import { z } from 'zod'
import { reject, rejectCore } from '../../../core/decision'
import { afterMove } from '../contact'
import { checkMove, groundPoint, norm, poseClear, type SmrWorld, touching } from '../geometry'
import type { SmrState } from '../state'
import { moveProblem, needStep, ownUnit, refused, run } from './common'
import type { SmrDecision } from './define'

/**
 * SMR-RALLY-02, SMR-MOVE-11: the side's leader reaches and touches a
 * routed friendly unit in the Movement Event (moving straight to it if he
 * is not already touching it) and rallies it: it turns back round and is a
 * normal unit again, but makes no further move this event. One a turn; a
 * routed leader cannot rally.
 */
export const RallySchema = z.object({ type: z.literal('rally'), leaderId: z.string(), unitId: z.string() })

export function decideRally(state: SmrState, cmd: z.output<typeof RallySchema>, world: SmrWorld): SmrDecision {
  const phase = needStep(state, 'turn', 'movement')
  if (phase) return phase
  const leader = ownUnit(state, cmd.leaderId)
  if (refused(leader)) return leader
  if (state.leaders[leader.sideId] !== leader.id)
    return reject('SMR-RALLY-02', `${leader.name} is not his side's leader.`)
  if (leader.routed) return reject('SMR-RALLY-02', 'A routed leader cannot rally.')
  if (leader.hiddenIn !== null) return reject('SMR-SCEN-02', `${leader.name} is hidden in a building.`)
  if (state.leaderRalliedTurn[leader.sideId] === state.turn)
    return reject('SMR-RALLY-02', 'The leader may rally only one unit each turn.')
  const unit = ownUnit(state, cmd.unitId)
  if (refused(unit)) return unit
  if (!unit.routed || unit.hiddenIn !== null) return reject('SMR-RALLY-01', `${unit.name} is not routed.`)
  if (unit.id === leader.id) return reject('SMR-RALLY-02', 'The leader cannot rally himself.')
  const already = touching(state, world, leader, unit)
  let move: { end: { x: number; z: number }; facingDeg: number; distanceIn: number; contactId: string | null } | null =
    null
  if (!already) {
    const why = moveProblem(state, world, leader)
    if (why) return why
    const r = checkMove(state, world, leader, [{ x: unit.position.x, z: unit.position.z }], { stopAt: unit.id })
    if (!r.ok)
      return r.clause.startsWith('CORE-')
        ? rejectCore(r.clause as 'CORE-TABLE-01', r.message)
        : reject(r.clause, r.message)
    if (r.contactId !== unit.id) return reject('SMR-MOVE-11', `${leader.name} cannot reach ${unit.name} this turn.`)
    move = r
  }
  return run(state, (log) => {
    if (move) {
      log.push({
        type: 'UnitMoved',
        unitId: leader.id,
        to: groundPoint(world, move.end),
        facingDeg: move.facingDeg,
        distanceIn: Math.round(move.distanceIn * 1000) / 1000,
        reason: 'rally',
      })
      afterMove(log, world, leader.id, null)
    }
    log.push({ type: 'UnitRallied', unitId: unit.id, leaderId: leader.id })
    const back = norm(unit.facingDeg + 180)
    if (poseClear(log.state, world, unit, unit.position, back))
      log.push({
        type: 'UnitMoved',
        unitId: unit.id,
        to: unit.position,
        facingDeg: back,
        distanceIn: 0,
        reason: 'turn',
      })
  })
}
