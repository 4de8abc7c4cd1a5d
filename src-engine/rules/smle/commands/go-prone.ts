import { z } from 'zod'
import { accept, type Decision, reject } from '../decision'
import type { MatchState } from '../state/state'
import { facingToEnemy } from '../compulsory'
import type { World } from '../world'
import { actingFigure } from './common'

export const GoProneSchema = z.object({ type: z.literal('goProne'), figureId: z.string() })
export type GoProne = z.infer<typeof GoProneSchema>

/**
 * SMLE-MOVE-05: a figure may go prone at any point of its move, facing the
 * closest known enemy (SMLE-OPT-05); going prone ends its movement and costs
 * nothing. It counts as moving for a brace (SMLE-SHOOT-25).
 */
export function decideGoProne(state: MatchState, cmd: GoProne, world: World): Decision {
  const acting = actingFigure(state, cmd.figureId, 'play')
  if (!acting.ok) return acting
  const figure = acting.value
  if (figure.prone) return reject('SMLE-MOVE-05', `${figure.name} is already prone.`)
  if (figure.vehicleId !== null) return reject('SMLE-MOVE-11', `${figure.name} is aboard a vehicle.`)
  return accept([
    { type: 'FigureWentProne', figureId: figure.id, facingDeg: facingToEnemy(state, world, figure), endsMove: true },
  ])
}
