import { z } from 'zod'
import { afterMovement } from '../flow'
import type { SmrWorld } from '../geometry'
import type { SmrState } from '../state'
import { needSide, needStep, run } from './common'
import type { SmrDecision } from './define'

/**
 * SMR-MOVE-02: the side has moved all it wishes. After the first side the
 * second moves; after the second, Event 3 (melee), the bonus moves, doors
 * and Event 4 (rally) follow at once (SMR-TURN-01).
 */
export const EndMovementSchema = z.object({ type: z.literal('endMovement'), sideId: z.string() })

export function decideEndMovement(
  state: SmrState,
  cmd: z.output<typeof EndMovementSchema>,
  world: SmrWorld,
): SmrDecision {
  const problem = needStep(state, 'turn', 'movement') ?? needSide(state, cmd.sideId)
  if (problem) return problem
  return run(state, (log) => afterMovement(log, world, cmd.sideId))
}
