import { z } from 'zod'
import { accept, type Decision, rejectCore } from '../core/decision'
import type { MatchState } from '../core/state'

export const EndTurnSchema = z.object({ type: z.literal('endTurn'), sideId: z.string() })
export type EndTurn = z.infer<typeof EndTurnSchema>

/**
 * Ends the active side's turn. In set-up, when both sides are ready, play
 * starts with round 1 and the scenario's first side; in play, the turn passes
 * to the other side and a new round starts when it comes back to the first.
 */
export function decideEndTurn(state: MatchState, cmd: EndTurn, firstSideId: string): Decision {
  if (!state.sides.some((s) => s.id === cmd.sideId)) return rejectCore('CORE-CMD-01', `There is no side "${cmd.sideId}" in this game.`)
  if (state.phase === 'ended') return rejectCore('CORE-PHASE-01', 'The game has ended.')
  if (cmd.sideId !== state.activeSideId) return rejectCore('CORE-TURN-01', 'Only the side whose turn it is can end it.')
  const other = state.sides.find((s) => s.id !== cmd.sideId)
  if (!other) throw new Error('a game has two sides')
  if (state.phase === 'setup') {
    const bothReady = state.sidesReady.length + 1 >= state.sides.length
    return accept([
      bothReady
        ? { type: 'TurnEnded', sideId: cmd.sideId, nextSideId: firstSideId, phase: 'play', round: 1 }
        : { type: 'TurnEnded', sideId: cmd.sideId, nextSideId: other.id, phase: 'setup', round: 0 },
    ])
  }
  const round = other.id === firstSideId ? state.round + 1 : state.round
  return accept([{ type: 'TurnEnded', sideId: cmd.sideId, nextSideId: other.id, phase: 'play', round }])
}
