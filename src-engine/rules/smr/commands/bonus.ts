import { z } from 'zod'
import { reject, rejectCore } from '../../../core/decision'
import { afterMove } from '../contact'
import { continueMelee } from '../flow'
import { checkMove, groundPoint, isLocked, type SmrWorld, touching } from '../geometry'
import { resolveBonusAttack } from '../melee'
import { checkVillageVictory } from '../victory'
import type { SmrState } from '../state'
import { needStep, ownUnit, refused, run } from './common'
import type { SmrDecision } from './define'

/**
 * SMR-OPT-02/04: the figure's free move and +2 attack: it moves up to its
 * full allowance (normal movement rules; none needed if it already touches
 * the new target) and must end touching an enemy other than the one it just
 * attacked, which it attacks at once, one-sided.
 */
export const BonusAttackSchema = z.object({ type: z.literal('bonusAttack'), unitId: z.string(), targetId: z.string() })

export function decideBonusAttack(
  state: SmrState,
  cmd: z.output<typeof BonusAttackSchema>,
  world: SmrWorld,
): SmrDecision {
  const phase = needStep(state, 'turn', 'bonus')
  if (phase) return phase
  const pending = state.pendingBonus[0]
  if (!pending || pending.unitId !== cmd.unitId)
    return rejectCore(
      'CORE-TURN-02',
      `It is ${pending ? (state.units[pending.unitId]?.name ?? pending.unitId) : 'nobody'}'s bonus move now.`,
    )
  const u = ownUnit(state, cmd.unitId)
  if (refused(u)) return u
  const t = state.units[cmd.targetId]
  if (!t || t.status !== 'ok' || t.hiddenIn !== null || t.sideId === u.sideId)
    return rejectCore('CORE-CMD-01', `There is no enemy "${cmd.targetId}" on the table.`)
  if (t.id === pending.lastTargetId)
    return reject('SMR-OPT-02', `The bonus attack must be against a new target, not ${t.name}.`)
  let move: ReturnType<typeof checkMove> | null = null
  if (!touching(state, world, u, t)) {
    if (isLocked(state, world, u)) return reject('SMR-MOVE-07', `${u.name} is in melee and may not move.`)
    const r = checkMove(state, world, u, [{ x: t.position.x, z: t.position.z }])
    if (!r.ok)
      return r.clause.startsWith('CORE-')
        ? rejectCore(r.clause as 'CORE-TABLE-01', r.message)
        : reject(r.clause, r.message)
    if (r.contactId !== t.id) return reject('SMR-OPT-02', `${u.name} cannot reach ${t.name} with its free move.`)
    move = r
  }
  return run(state, (log) => {
    if (move?.ok) {
      log.push({
        type: 'UnitMoved',
        unitId: u.id,
        to: groundPoint(world, move.end),
        facingDeg: move.facingDeg,
        distanceIn: Math.round(move.distanceIn * 1000) / 1000,
        reason: 'bonus',
      })
      afterMove(log, world, u.id, t.id)
    }
    resolveBonusAttack(log, world, u.id, t.id)
    // SMR-SCEN-02: the village's verdict comes the moment the bonus attack makes it, before the doors and the Rally Event.
    checkVillageVictory(log, world)
    continueMelee(log, world)
  })
}

/** SMR-OPT-02: the figure lets its bonus go (or can reach no new target: the bonus is lost). */
export const ForgoBonusSchema = z.object({ type: z.literal('forgoBonus'), unitId: z.string() })

export function decideForgoBonus(
  state: SmrState,
  cmd: z.output<typeof ForgoBonusSchema>,
  world: SmrWorld,
): SmrDecision {
  const phase = needStep(state, 'turn', 'bonus')
  if (phase) return phase
  const pending = state.pendingBonus[0]
  if (!pending || pending.unitId !== cmd.unitId) return rejectCore('CORE-TURN-02', 'That is not the bonus waiting now.')
  const u = ownUnit(state, cmd.unitId)
  if (refused(u)) return u
  return run(state, (log) => {
    log.push({ type: 'BonusEnded', unitId: u.id })
    continueMelee(log, world)
  })
}
