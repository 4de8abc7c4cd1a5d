import { type FigureState, moveLeftIn, moveReach, type MatchState, type Vec3, type World } from '../../src-engine/index'

/** What the preview shows for a move of the selected figure to the pointer. */
export interface MovePreviewModel {
  readonly from: Vec3
  readonly points: readonly Vec3[]
  /** `ok`: within what is left of the move; `tooFar`: the path is clear but longer; `blocked`: no way through. */
  readonly verdict: 'ok' | 'tooFar' | 'blocked'
  readonly costIn: number
  readonly leftIn: number
  readonly label: string
}

/**
 * The path the rules would measure for a move (the same `world.path` query
 * the move command uses), and whether the figure has the inches for it.
 */
export function movePreview(world: World, state: MatchState, figure: FigureState, to: Vec3): MovePreviewModel {
  const leftIn = moveLeftIn(state, figure)
  const path = world.path(figure.position, to, figure.baseRadiusIn, state.doors, figure)
  if (!path.ok) {
    return {
      from: figure.position,
      points: [figure.position, to],
      verdict: 'blocked',
      costIn: 0,
      leftIn,
      label: `Blocked by ${path.blocker.label}`,
    }
  }
  const verdict = path.costIn <= leftIn + 1e-6 ? 'ok' : 'tooFar'
  return {
    from: figure.position,
    points: path.points,
    verdict,
    costIn: path.costIn,
    leftIn,
    label: `${path.costIn.toFixed(1)}" of ${leftIn.toFixed(1)}" left`,
  }
}

/** Radii of the range rings around a figure: what is left of its half move and of what its team's band allows this turn, as the engine's `moveReach` answers (SMLE-MOVE-02). */
export function rangeRings(state: MatchState, figure: FigureState): { halfIn: number; fullIn: number } {
  const reach = moveReach(state, figure.id)
  return { halfIn: reach?.halfMoveLeftIn ?? 0, fullIn: reach?.leftIn ?? 0 }
}
