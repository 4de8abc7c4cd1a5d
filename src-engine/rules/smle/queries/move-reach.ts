import type { MatchState } from '../state/state'
import { moveLeftIn } from '../commands/move-rules'
import { figureFullMoveIn } from '../situation'

/** How far a figure may still go this turn, for the range rings around it. */
export interface MoveReach {
  /** What is left of the move its team's band allows (SMLE-MOVE-01/02, SMLE-ACT-06), as the move command measures it. */
  readonly leftIn: number
  /**
   * What is left of its half move (SMLE-MOVE-02: half the full move), never
   * more than `leftIn`: within it the figure opens a door and goes on; past
   * it, it must stop at the door (SMLE-DOOR-01).
   */
  readonly halfMoveLeftIn: number
}

/** A figure's move reach this turn (see `MoveReach`), or null for no such figure. */
export function moveReach(state: MatchState, figureId: string): MoveReach | null {
  const f = state.figures[figureId]
  if (!f) return null
  const leftIn = moveLeftIn(state, f)
  const half = Math.max(0, figureFullMoveIn(state, f) / 2 - f.movedIn)
  return { leftIn, halfMoveLeftIn: Math.min(half, leftIn) }
}
