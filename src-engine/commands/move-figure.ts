import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../core/decision'
import type { MatchState } from '../core/state'
import { fullMoveIn } from '../rules/smle/movement'
import type { World } from '../world/world'
import { actingFigure, facingOf, onGround, overlappingFigure, quantizePoint } from './common'

export const MoveFigureSchema = z.object({
  type: z.literal('moveFigure'),
  figureId: z.string(),
  to: z.object({ x: z.number(), z: z.number() }),
  /** The floor to end on (0 = the ground); by default the floor it is on when it stays in the same building, else the ground. */
  level: z.number().int().nonnegative().optional(),
})
export type MoveFigure = z.infer<typeof MoveFigureSchema>

/** Inches a figure may still move this turn (SMLE-MOVE-01, SMLE-DOOR-01 cap). */
export function moveLeftIn(figure: MatchState['figures'][string]): number {
  if (figure.moveEnded) return 0
  const allowance = figure.moveCapIn === null ? fullMoveIn(figure.armour) : Math.min(fullMoveIn(figure.armour), figure.moveCapIn)
  return Math.max(0, allowance - figure.movedIn)
}

/**
 * Moves a figure along the ground by the cheapest route the world finds
 * (round walls and closed doors, up and down stairs). The route must stay on
 * the table and costs its length plus climbs (SMLE-GEN-05), weighted by
 * difficult going (SMLE-MOVE-04), out of the figure's move (SMLE-MOVE-01).
 */
export function decideMoveFigure(state: MatchState, cmd: MoveFigure, world: World): Decision {
  const acting = actingFigure(state, cmd.figureId, 'play')
  if (!acting.ok) return acting
  const figure = acting.value
  const to = quantizePoint(cmd.to)
  const r = figure.baseRadiusIn
  if (figure.moveEnded) {
    return reject('SMLE-DOOR-01', `${figure.name} has stopped for this turn and cannot move again until its side's next turn.`)
  }
  const path = world.path(figure.position, to, r, state.doors, figure, cmd.level === undefined ? {} : { toLevel: cmd.level })
  if (!path.ok) {
    return rejectCore(path.blocker.kind === 'tableEdge' ? 'CORE-TABLE-01' : 'CORE-TABLE-02', `${figure.name} cannot move there: the way is blocked by ${path.blocker.label}.`)
  }
  const other = overlappingFigure(state, figure, to)
  if (other) return rejectCore('CORE-TABLE-03', `${figure.name} cannot end its move there: its base would overlap ${other.name}'s.`)
  const cost = path.costIn
  const left = moveLeftIn(figure)
  if (cost > left + 1e-6) {
    const capped = figure.moveCapIn !== null && figure.moveCapIn < fullMoveIn(figure.armour)
    return reject(
      capped ? 'SMLE-DOOR-01' : 'SMLE-MOVE-01',
      capped
        ? `${figure.name} opened a door this turn and may only go just beyond it (${left.toFixed(1)}" left, this move needs ${cost.toFixed(1)}").`
        : `${figure.name} has ${left.toFixed(1)}" of move left; this move needs ${cost.toFixed(1)}".`,
    )
  }
  // The route ends where the base stands: on the ground, or on the floor the route climbed to.
  const end = path.points[path.points.length - 1]
  const lastLegFrom = path.points[path.points.length - 2] ?? figure.position
  return accept([
    {
      type: 'FigureMoved',
      figureId: figure.id,
      from: figure.position,
      to: end ? { x: to.x, y: end.y, z: to.z } : onGround(world, to),
      distanceIn: cost,
      facingDeg: facingOf(lastLegFrom, to, figure.facingDeg),
      endsMove: false,
    },
  ])
}
