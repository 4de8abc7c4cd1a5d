import type { EventLog } from './events/event-log'
import type { MoveLeg } from './state/pending'
import type { FigureState, MatchState, TeamState } from './state/state'
import { dist2, type Vec2, type Vec3 } from '../../util/geometry'
import type { World } from './world'
import { bearingDeg, distanceToEdge, rotate, towardEdge } from './edges'
import { canAct, enemySideIds, knownEnemyFigures, nearestFigure, presentFigures } from './organisation'
import { STAND_UP_COST_IN } from './movement'
import { figureCover, figureFullMoveIn } from './situation'

/** Directions tried, in order, around the way home (degrees off it). */
export const FLIGHT_ANGLES = [0, 30, -30, 60, -60, 90, -90]

/** The side's base edge and the enemy's. */
function edgesOf(
  state: MatchState,
  sideId: string,
): { own: MatchState['sides'][number]['baseEdge']; enemy: MatchState['sides'][number]['baseEdge'] | null } {
  const own = state.sides.find((s) => s.id === sideId)?.baseEdge ?? 'south'
  const enemyId = enemySideIds(state, sideId)[0]
  return { own, enemy: state.sides.find((s) => s.id === enemyId)?.baseEdge ?? null }
}

/** The end of a move of `distance` along `dir`, on the ground, rounded to the hundredth of an inch. */
export function endOf(world: World, f: FigureState, dir: Vec2, distance: number): Vec3 {
  const x = Math.round((f.position.x + dir.x * distance) * 100) / 100
  const z = Math.round((f.position.z + dir.z * distance) * 100) / 100
  return { x, y: world.groundHeightAt(x, z), z }
}

/** Another figure's base already stands on `to`. */
export function taken(state: MatchState, f: FigureState, to: Vec3): boolean {
  return Object.values(state.figures).some(
    (o) =>
      o.id !== f.id &&
      o.offTable === null &&
      o.vehicleId === null &&
      dist2(o.position, to) < o.baseRadiusIn + f.baseRadiusIn - 1e-6,
  )
}

/**
 * Where a move toward `to` ends on an allowance of `allowanceIn` inches of
 * move (SMLE-MOVE-04: difficult going costs 2" or 3" per inch): `to` itself
 * when the way there costs no more, else the point along the way where the
 * allowance runs out; null when there is no way. The world's path search,
 * the costliest test, so asked last.
 */
export function reachOn(state: MatchState, world: World, f: FigureState, to: Vec3, allowanceIn: number): Vec3 | null {
  const path = world.path(f.position, { x: to.x, z: to.z }, f.baseRadiusIn, state.doors, f)
  if (!path.ok) return null
  if (path.costIn <= allowanceIn + 1e-9) return to
  const part = world.reach(f.position, { x: to.x, z: to.z }, allowanceIn, f.baseRadiusIn, state.doors, f)
  return part.ok ? part.point : null
}

/**
 * A withdrawal for one figure (SMLE-OPT-07, SMLE-OPT-08): toward its own base
 * line, turning aside as far as 90° to get round obstacles, ending farther
 * from the nearest known enemy figure and no closer to the enemy's base line.
 * `maxIn` and `minIn` are inches of move, not of distance (SMLE-MOVE-04): over
 * difficult going the figure gets as far as its allowance takes it. Tries the
 * longest distance first, down to `minIn` (a way that costs more than the
 * allowance stops where it runs out, which spends `maxIn` ≥ `minIn`). Returns
 * the end point and whether it reaches the base line (the figure leaves the table).
 */
export function withdrawal(
  state: MatchState,
  world: World,
  f: FigureState,
  maxIn: number,
  minIn: number,
): { to: Vec3; offTable: boolean } | null {
  const { own, enemy } = edgesOf(state, f.sideId)
  const home = towardEdge(own)
  const enemies = knownEnemyFigures(state, f.sideId)
  const before = nearestFigure(state, world, f, enemies)?.distanceIn ?? Infinity
  const table = { widthIn: world.widthIn, depthIn: world.depthIn }
  // Every test must pass; the cheap ones first, so the path search runs only for an end worth reaching.
  const worthReaching = (to: Vec3): boolean => {
    if (taken(state, f, to)) return false
    if (enemy && distanceToEdge(to, enemy, table) < distanceToEdge(f.position, enemy, table) - 1e-9) return false
    const after = nearestFigure(state, world, { ...f, position: to }, enemies)?.distanceIn ?? Infinity
    return enemies.length === 0 || after > before + 1e-9
  }
  const toEdge = distanceToEdge(f.position, own, table) - f.baseRadiusIn
  if (toEdge <= maxIn + 1e-9) {
    const edge = endOf(world, f, home, Math.max(0, toEdge))
    if (!taken(state, f, edge) && reachOn(state, world, f, edge, maxIn) === edge) return { to: edge, offTable: true }
  }
  for (let d = maxIn; d >= minIn - 1e-9; d -= 0.5) {
    for (const angle of FLIGHT_ANGLES) {
      const aim = endOf(world, f, rotate(home, angle), d)
      if (!worthReaching(aim)) continue
      const to = reachOn(state, world, f, aim, maxIn)
      if (to && (to === aim || worthReaching(to))) return { to, offTable: false }
    }
  }
  return null
}

/**
 * SMLE-OPT-07 / SMLE-OPT-08: the legs of a team's withdrawal, the figures
 * that must first stand up (1" of the move, SMLE-MOVE-05), those that reach
 * the base line, and those with nowhere to go.
 */
export function withdrawalLegs(
  state: MatchState,
  world: World,
  team: TeamState,
  fraction: { max: number; min: number },
  kind: 'fallBack' | 'break',
): { legs: MoveLeg[]; standing: string[]; leaving: string[]; stuck: string[] } {
  const legs: MoveLeg[] = []
  const standing: string[] = []
  const leaving: string[] = []
  const stuck: string[] = []
  for (const f of presentFigures(state, team)) {
    if (!canAct(f) || f.vehicleId !== null || f.status === 'seriousWound') continue
    const full = figureFullMoveIn(state, f) * (f.helping ? 0.5 : 1)
    const standCost = f.prone ? STAND_UP_COST_IN : 0
    const w = withdrawal(
      state,
      world,
      f,
      full * fraction.max - standCost,
      Math.max(0.5, full * fraction.min - standCost),
    )
    if (!w) {
      stuck.push(f.id)
      continue
    }
    if (f.prone) standing.push(f.id)
    legs.push({ figureId: f.id, vehicleId: null, route: [w.to], kind })
    if (w.offTable) leaving.push(f.id)
  }
  return { legs, standing, leaving, stuck }
}

/** The facing toward the closest known enemy figure, or the figure's own. */
export function facingToEnemy(state: MatchState, world: World, f: FigureState): number {
  const nearest = nearestFigure(state, world, f, knownEnemyFigures(state, f.sideId))
  return nearest
    ? bearingDeg({ x: nearest.figure.position.x - f.position.x, z: nearest.figure.position.z - f.position.z })
    : f.facingDeg
}

/** SMLE-OPT-06: Pinned figures caught in the open drop prone, facing the closest known enemy. */
export function pinnedDropProne(log: EventLog, world: World, team: TeamState): void {
  const state = log.state
  const enemies = knownEnemyFigures(state, team.sideId)
  for (const f of presentFigures(state, team)) {
    if (!canAct(f) || f.prone || f.vehicleId !== null) continue
    if (figureCover(state, world, f, enemies) === 'none')
      log.push({ type: 'FigureWentProne', figureId: f.id, facingDeg: facingToEnemy(state, world, f), endsMove: false })
  }
}

/**
 * SMLE-OPT-05: a Stand team with no cover within a half move lies down where
 * it is, facing the closest known enemy. Cover is looked for at 16 points
 * around each figure (8 directions, a quarter and a half move away).
 */
export function standLieDown(log: EventLog, world: World, team: TeamState): void {
  const state = log.state
  const enemies = knownEnemyFigures(state, team.sideId)
  for (const f of presentFigures(state, team)) {
    if (!canAct(f) || f.prone || f.vehicleId !== null) continue
    if (coverWithin(state, world, f, figureFullMoveIn(state, f) / 2, enemies)) continue
    log.push({ type: 'FigureWentProne', figureId: f.id, facingDeg: facingToEnemy(state, world, f), endsMove: false })
  }
}

function coverWithin(
  state: MatchState,
  world: World,
  f: FigureState,
  radius: number,
  enemies: readonly FigureState[],
): boolean {
  if (figureCover(state, world, f, enemies) !== 'none') return true
  for (const d of [radius / 2, radius]) {
    for (let a = 0; a < 360; a += 45) {
      const dir = rotate({ x: 0, z: -1 }, a)
      // Cover at the point first: the way there, the costlier test, is searched only to a point with cover.
      const to = endOf(world, f, dir, d)
      if (taken(state, f, to) || figureCover(state, world, { ...f, position: to }, enemies) === 'none') continue
      if (world.path(f.position, { x: to.x, z: to.z }, f.baseRadiusIn, state.doors, f).ok) return true
    }
  }
  return false
}
