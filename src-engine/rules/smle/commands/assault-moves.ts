import type { FigureState, MatchState, TeamState } from '../state/state'
import { rotate } from '../edges'
import { canAct, nearestFigure, presentFigures } from '../organisation'
import { quantize, type Vec2 } from '../../../util/geometry'
import type { World } from '../world'
import { planMoveFigure } from './move-figure'

/** One attacker's move of an assault. */
export interface AssaultMove {
  readonly figureId: string
  readonly to: Vec2
  readonly via: Vec2[]
}

/**
 * An assault move on `target` that the rules allow for each attacker: every
 * able figure heads for the nearest defending figure, into base contact from
 * the nearest free side it can reach within its move (SMLE-CA-03). Null when
 * nobody can reach contact.
 */
export function assaultMoves(
  state: MatchState,
  world: World,
  team: TeamState,
  target: TeamState,
): AssaultMove[] | null {
  const attackers = presentFigures(state, team).filter(
    (f) => canAct(f) && f.spent === null && f.vehicleId === null && f.status !== 'seriousWound' && !f.moveEnded,
  )
  const defenders = presentFigures(state, target).filter((d) => d.vehicleId === null)
  const moves: AssaultMove[] = []
  const taken: Vec2[] = []
  let contact = false
  for (const a of attackers) {
    const near = nearestFigure(world, a, defenders)
    if (!near) continue
    const spot = contactSpot(state, world, a, near.figure, taken)
    if (!spot) continue
    moves.push({ figureId: a.id, to: spot, via: [] })
    taken.push(spot)
    contact = true
  }
  return contact ? moves : null
}

function contactSpot(
  state: MatchState,
  world: World,
  a: FigureState,
  d: FigureState,
  taken: readonly Vec2[],
): Vec2 | null {
  const dx = a.position.x - d.position.x
  const dz = a.position.z - d.position.z
  const len = Math.hypot(dx, dz) || 1
  const gap = a.baseRadiusIn + d.baseRadiusIn + 0.02
  for (const angle of [0, 40, -40, 80, -80, 120, -120]) {
    const dir = rotate({ x: dx / len, z: dz / len }, angle)
    const to = { x: quantize(d.position.x + dir.x * gap), z: quantize(d.position.z + dir.z * gap) }
    if (taken.some((t) => Math.hypot(t.x - to.x, t.z - to.z) < 2 * a.baseRadiusIn)) continue
    if (planMoveFigure(state, { type: 'moveFigure', figureId: a.id, to, via: [], pace: 'tactical' }, world).ok)
      return to
  }
  return null
}
