import type { FigureState, MatchState, TeamState } from './state/state'
import type { Vec2 } from '../../util/geometry'
import type { Arc } from '../../world/types'
import type { World } from './world'
import { bearingDeg } from './edges'
import { knownEnemyFigures, presentFigures } from './organisation'
import { hypot } from '../../util/geometry'

/** The centre of a set of figures on the table plane. */
export function centroid(figures: readonly FigureState[]): Vec2 | null {
  if (figures.length === 0) return null
  return {
    x: figures.reduce((a, f) => a + f.position.x, 0) / figures.length,
    z: figures.reduce((a, f) => a + f.position.z, 0) / figures.length,
  }
}

/**
 * SMLE-ACT-19: a team faces the direction of its last move; if it has not
 * moved this game, or most of it lies prone (SMLE-OPT-05), it faces the
 * nearest known enemy.
 */
export function teamFacingDeg(state: MatchState, world: World, team: TeamState): number {
  const figures = presentFigures(state, team)
  const prone = figures.filter((f) => f.prone).length * 2 > figures.length
  if (team.facingDeg !== null && !prone) return team.facingDeg
  const centre = centroid(figures)
  const enemies = knownEnemyFigures(state, team.sideId)
  if (centre && enemies.length > 0) {
    let best = enemies[0] as FigureState
    let bestD = Infinity
    for (const e of enemies) {
      const d = hypot(e.position.x - centre.x, e.position.z - centre.z)
      if (d < bestD) {
        best = e
        bestD = d
      }
    }
    return bearingDeg({ x: best.position.x - centre.x, z: best.position.z - centre.z })
  }
  return team.facingDeg ?? figures[0]?.facingDeg ?? 0
}

/**
 * SMLE-ACT-19: where an attack comes from, seen by the target team: front
 * within `frontArcHalfAngle` (45°) of its facing, rear within it of the
 * opposite direction, flank otherwise; measured between the teams' centres.
 */
export function attackArc(state: MatchState, world: World, target: TeamState, from: Vec2): Arc {
  const centre = centroid(presentFigures(state, target))
  if (!centre) return 'front'
  return world.arcOf(teamFacingDeg(state, world, target), centre, from, state.settings.frontArcHalfAngle)
}
