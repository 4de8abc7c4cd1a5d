import { type Decision, rejectCore } from '../core/decision'
import type { FigureState, MatchPhase, MatchState } from '../core/state'
import { type Vec2, type Vec3, dist2, quantize } from '../util/geometry'
import { straightMoveCostIn } from '../world/terrain'
import type { World } from '../world/world'

/** Either a value or the refusal that stopped it. */
export type Checked<T> = { readonly ok: true; readonly value: T } | (Decision & { readonly ok: false })

/**
 * The figure a command acts with: it exists, the game is in `phase`, it is
 * its side's turn and it is not dead.
 */
export function actingFigure(state: MatchState, figureId: string, phase: MatchPhase): Checked<FigureState> {
  const figure = state.figures[figureId]
  if (!figure) return rejectCore('CORE-CMD-01', `There is no figure "${figureId}" in this game.`)
  if (state.phase !== phase) {
    return rejectCore('CORE-PHASE-01', phase === 'setup' ? 'Figures can only be placed during set-up.' : state.phase === 'ended' ? 'The game has ended.' : 'That can only be done once set-up is over.')
  }
  if (figure.sideId !== state.activeSideId) {
    const side = state.sides.find((s) => s.id === state.activeSideId)
    return rejectCore('CORE-TURN-01', `It is ${side?.name ?? state.activeSideId}'s turn; ${figure.name} cannot act now.`)
  }
  if (figure.status === 'dead') return rejectCore('CORE-FIG-01', `${figure.name} is dead and cannot act.`)
  return { ok: true, value: figure }
}

/** Quantizes a point where it enters the engine (STYLE: positions are quantized at the door). */
export function quantizePoint(p: Vec2): Vec2 {
  return { x: quantize(p.x), z: quantize(p.z) }
}

/** A point on the ground. */
export function onGround(world: World, p: Vec2): Vec3 {
  return { x: p.x, y: world.groundHeightAt(p.x, p.z), z: p.z }
}

/** Facing of a move from `a` to `b`, degrees clockwise from north (−Z); keeps `current` for no move. */
export function facingOf(a: Vec2, b: Vec2, current: number): number {
  if (dist2(a, b) < 1e-9) return current
  const deg = (Math.atan2(b.x - a.x, -(b.z - a.z)) * 180) / Math.PI
  return Math.round(((deg % 360) + 360) % 360)
}

/** Another base this one would overlap at `p` (CORE-TABLE-03), or null. */
export function overlappingFigure(state: MatchState, self: FigureState, p: Vec2): FigureState | null {
  for (const other of Object.values(state.figures)) {
    if (other.id === self.id) continue
    if (dist2(p, other.position) < self.baseRadiusIn + other.baseRadiusIn - 1e-6) return other
  }
  return null
}

/** SMLE-GEN-05: length plus climbs of a straight move, ignoring obstacles (used for steps through doorways). */
export function moveCostIn(world: World, a: Vec2, b: Vec2): number {
  return straightMoveCostIn(world.groundHeightAt, a, b)
}
