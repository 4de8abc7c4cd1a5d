import { z } from 'zod'
import { accept, type Decision, reject } from '../decision'
import type { GameEvent } from '../events/events'
import type { MatchState } from '../state/state'
import { STAND_UP_COST_IN } from '../movement'
import { actingFigure } from './common'
import { checkPace, moveLeftIn } from './move-rules'

export const StandUpSchema = z.object({ type: z.literal('standUp'), figureId: z.string() })
export type StandUp = z.infer<typeof StandUpSchema>

/** SMLE-MOVE-05: standing up costs 1" of the figure's move; it needs a Move option that allows movement. */
export function decideStandUp(state: MatchState, cmd: StandUp): Decision {
  const acting = actingFigure(state, cmd.figureId, 'play')
  if (!acting.ok) return acting
  const figure = acting.value
  const team = state.teams[figure.teamId]
  if (!team) return reject('SMLE-MOVE-05', `${figure.name} has no team.`)
  if (!figure.prone) return reject('SMLE-MOVE-05', `${figure.name} is already standing.`)
  if (figure.status === 'seriousWound')
    return reject('SMLE-DMG-06', `${figure.name} is seriously wounded and stays down.`)
  if (figure.moveEnded) return reject('SMLE-MOVE-05', `${figure.name}'s move is over for this turn.`)
  const pace = checkPace(team, figure, 'tactical')
  if (!pace.ok) return pace
  // What is left once standing; it must not be negative.
  if (moveLeftIn(state, figure) < -1e-9 || moveLeftIn(state, { ...figure, prone: false }) < STAND_UP_COST_IN - 1e-9) {
    return reject('SMLE-MOVE-05', `${figure.name} needs 1" of move to stand up.`)
  }
  const events: GameEvent[] = []
  if (team.moveOption === null) events.push({ type: 'MoveOptionChosen', teamId: team.id, option: 'tactical' })
  events.push({ type: 'FigureStoodUp', figureId: figure.id, costIn: STAND_UP_COST_IN })
  return accept(events)
}
