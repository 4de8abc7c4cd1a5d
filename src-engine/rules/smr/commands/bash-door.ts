import { z } from 'zod'
import { reject } from '../../../core/decision'
import { bashProblem } from '../doors'
import type { SmrWorld } from '../geometry'
import type { SmrState } from '../state'
import { needStep, ownUnit, refused, run } from './common'
import type { SmrDecision } from './define'

/**
 * SMR-OPT-30: in its side's Movement Event a unit touching a shut door sets
 * to work on it; it makes its attempt in Event 3 if it is still fit to (not
 * in melee, not routed). It moves no further this turn.
 */
export const BashDoorSchema = z.object({ type: z.literal('bashDoor'), unitId: z.string(), doorId: z.string() })

export function decideBashDoor(state: SmrState, cmd: z.output<typeof BashDoorSchema>, world: SmrWorld): SmrDecision {
  const phase = needStep(state, 'turn', 'movement')
  if (phase) return phase
  const u = ownUnit(state, cmd.unitId)
  if (refused(u)) return u
  const why = bashProblem(state, world, u, cmd.doorId)
  if (why) return reject(why.clause, why.message)
  return run(state, (log) => log.push({ type: 'DoorBashSet', unitId: u.id, doorId: cmd.doorId }))
}
