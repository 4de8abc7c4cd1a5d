import { z } from 'zod'
import { rejectCore } from '../../../core/decision'
import { beginMissiles } from '../flow'
import type { SmrWorld } from '../geometry'
import type { SmrState } from '../state'
import { needSide, needStep, run } from './common'
import type { SmrDecision } from './define'

/**
 * SMR-MOVE-01: the side whose turn it is to choose says which side moves
 * first this turn (itself, or the other: it may choose to move second).
 */
export const ChooseOrderSchema = z.object({
  type: z.literal('chooseOrder'),
  sideId: z.string(),
  firstSideId: z.string(),
})

export function decideChooseOrder(
  state: SmrState,
  cmd: z.output<typeof ChooseOrderSchema>,
  world: SmrWorld,
): SmrDecision {
  const problem = needStep(state, 'turn', 'order') ?? needSide(state, cmd.sideId)
  if (problem) return problem
  if (!state.sideIds.includes(cmd.firstSideId))
    return rejectCore('CORE-CMD-01', `There is no side "${cmd.firstSideId}".`)
  return run(state, (log) => {
    log.push({ type: 'OrderChosen', sideId: cmd.sideId, firstSideId: cmd.firstSideId })
    beginMissiles(log, world)
  })
}
