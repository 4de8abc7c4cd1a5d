import type { FigureState, MatchState, TeamState } from '../state/state'
import { rotate } from '../edges'
import { canAct, nearestFigure, presentFigures } from '../organisation'
import { quantize, type Vec2, hypot } from '../../../util/geometry'
import type { World } from '../world'
import { assaultGapIn } from '../assault-contact'
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
    const near = nearestFigure(state, world, a, defenders)
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
  const len = hypot(dx, dz) || 1
  const gap = a.baseRadiusIn + d.baseRadiusIn + 0.02
  for (const angle of [0, 40, -40, 80, -80, 120, -120]) {
    const dir = rotate({ x: dx / len, z: dz / len }, angle)
    const to = lipSpot(state, world, a, d, dir, gap)
    if (!to) continue
    if (taken.some((t) => hypot(t.x - to.x, t.z - to.z) < 2 * a.baseRadiusIn)) continue
    if (planMoveFigure(state, { type: 'moveFigure', figureId: a.id, to, via: [], pace: 'tactical' }, world).ok)
      return to
  }
  return null
}

/** How far out from a defender in a pit the spots for its attackers are looked for, and in what steps (inches). */
const LIP_SEARCH = { beyondIn: 3, stepIn: 0.05 }

/**
 * The nearest spot along `dir` from the defender where an attacker's base
 * is clear of walls and in contact with it (SMLE-CA-03): touching its base,
 * or for a defender in a pit or trench, just outside the parapet
 * (`assaultGapIn`). Null when there is none.
 */
function lipSpot(state: MatchState, world: World, a: FigureState, d: FigureState, dir: Vec2, gap: number): Vec2 | null {
  const at = (r: number): Vec2 => ({ x: quantize(d.position.x + dir.x * r), z: quantize(d.position.z + dir.z * r) })
  const inPit = world.positionAt(d.position) !== null
  const limit = inPit ? gap + LIP_SEARCH.beyondIn : gap
  for (let r = gap; r <= limit + 1e-9; r += LIP_SEARCH.stepIn) {
    const to = at(r)
    const body = { ...a, position: { x: to.x, y: world.groundHeightAt(to.x, to.z), z: to.z } }
    if (assaultGapIn(world, body, d) > state.settings.contactTolerance + 1e-9) return null
    if (!world.footprintBlocker(to, a.baseRadiusIn, state.doors)) return to
  }
  return null
}
