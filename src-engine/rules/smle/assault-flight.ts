import type { MoveLeg } from './state/pending'
import type { FigureState, MatchState, TeamState } from './state/state'
import type { Vec2, Vec3 } from '../../util/geometry'
import type { World } from './world'
import { endOf, FLIGHT_ANGLES, reachOn, taken } from './compulsory'
import { distanceToEdge, rotate, towardEdge } from './edges'
import { canAct, nearestFigure, presentFigures } from './organisation'
import { STAND_UP_COST_IN } from './movement'
import { figureFullMoveIn } from './situation'
import { hypot } from '../../util/geometry'

/** Where a figure broken in close assault runs to, and whether it runs off the table by its own base line. */
export interface Flight {
  readonly to: Vec3
  readonly offTable: boolean
}

/**
 * SMLE-CA-11 / Table 11.2: a defender that breaks in close assault "moves a
 * full move away from the attackers". The clause names the attackers, not
 * the base line, so, unlike the activation-table Break (SMLE-OPT-08,
 * `withdrawal`), the run does not head for home. [decision] Where the
 * reference is silent:
 * - "away" is straight away from the nearest attacking figure; where that
 *   way is blocked (terrain, a base on the end point, the table's edge) the
 *   figure turns aside 30°, 60°, then 90°, trying first the side nearer its
 *   own base line; wherever it ends, it must be farther from every attacking
 *   figure than it was (its nearest attacker is farther);
 * - "a full move" is its whole allowance, in inches of move (SMLE-MOVE-04:
 *   difficult going takes it less far), less 1" to stand up if prone
 *   (SMLE-MOVE-05); it may end nowhere shorter;
 * - a run that reaches its own base line takes the figure off the table
 *   (fled), as a Break's run does (SMLE-OPT-08); any other table edge stops
 *   it, and it must turn aside;
 * - with nowhere to run it is captured (the caller's "killed/captured if
 *   they cannot").
 * Returns null when there is nowhere to run.
 */
export function flightFromAttackers(
  state: MatchState,
  world: World,
  f: FigureState,
  attackers: readonly FigureState[],
  allowanceIn: number,
): Flight | null {
  const nearest = nearestFigure(state, world, f, attackers)
  const own = state.sides.find((s) => s.id === f.sideId)?.baseEdge ?? 'south'
  const home = towardEdge(own)
  const table = { widthIn: world.widthIn, depthIn: world.depthIn }
  const before = nearest?.distanceIn ?? -Infinity
  const away = nearest
    ? unit({ x: f.position.x - nearest.figure.position.x, z: f.position.z - nearest.figure.position.z })
    : null
  const fartherAway = (to: Vec3): boolean =>
    (nearestFigure(state, world, { ...f, position: to }, attackers)?.distanceIn ?? Infinity) > before + 1e-9
  const onTable = (p: Vec2): boolean =>
    p.x >= f.baseRadiusIn - 1e-9 &&
    p.x <= table.widthIn - f.baseRadiusIn + 1e-9 &&
    p.z >= f.baseRadiusIn - 1e-9 &&
    p.z <= table.depthIn - f.baseRadiusIn + 1e-9
  for (const dir of directions(away ?? home, home)) {
    // Its own base line within the run along this way: it runs off the table there.
    const homeward = dir.x * home.x + dir.z * home.z
    const toEdge = homeward > 1e-9 ? (distanceToEdge(f.position, own, table) - f.baseRadiusIn) / homeward : Infinity
    if (toEdge <= allowanceIn + 1e-9) {
      const edge = endOf(world, f, dir, Math.max(0, toEdge))
      if (!taken(state, f, edge) && fartherAway(edge) && reachOn(state, world, f, edge, allowanceIn) === edge)
        return { to: edge, offTable: true }
      continue
    }
    const aim = endOf(world, f, dir, allowanceIn)
    if (!onTable(aim) || taken(state, f, aim) || !fartherAway(aim)) continue
    const to = reachOn(state, world, f, aim, allowanceIn)
    if (to && (to === aim || (!taken(state, f, to) && fartherAway(to)))) return { to, offTable: false }
  }
  return null
}

/** The ways tried: straight `away`, then 30°, 60° and 90° aside, the side nearer `home` first at each angle. */
function directions(away: Vec2, home: Vec2): Vec2[] {
  const out: Vec2[] = [away]
  for (const angle of FLIGHT_ANGLES.filter((a) => a > 0)) {
    const right = rotate(away, angle)
    const left = rotate(away, -angle)
    const rightHome = right.x * home.x + right.z * home.z
    const leftHome = left.x * home.x + left.z * home.z
    out.push(...(leftHome > rightHome + 1e-9 ? [left, right] : [right, left]))
  }
  return out
}

function unit(v: Vec2): Vec2 | null {
  const len = hypot(v.x, v.z)
  return len < 1e-9 ? null : { x: v.x / len, z: v.z / len }
}

/** What a team broken in close assault does, figure by figure (SMLE-CA-11). */
export interface AssaultFlightPlan {
  /** Figures that let go of a seriously wounded comrade to run (SMLE-DMG-12). */
  readonly lettingGo: readonly string[]
  /** Figures that cannot make a full move and are captured: the seriously wounded (SMLE-DMG-06), and those with nowhere to run. */
  readonly captured: readonly string[]
  readonly legs: readonly MoveLeg[]
  /** Prone figures that stand up first (SMLE-MOVE-05). */
  readonly standing: readonly string[]
  /** Figures whose run takes them off the table by their own base line. */
  readonly leaving: readonly string[]
}

/**
 * SMLE-CA-11: every figure of a team broken in close assault runs a full
 * move away from the attackers (`flightFromAttackers`), or is killed or
 * captured if it cannot. A seriously wounded figure moves at most half a
 * move, or with a helper whose move is halved (SMLE-DMG-06/12): it cannot
 * make a full move, so it is captured. [decision] Its helper lets go and
 * runs its own full move rather than be taken with it. Figures aboard a
 * vehicle, playing dead or lurking stay where they are.
 */
export function assaultFlight(
  state: MatchState,
  world: World,
  team: TeamState,
  attackers: readonly FigureState[],
): AssaultFlightPlan {
  const figures = presentFigures(state, team).filter((f) => canAct(f) && f.vehicleId === null)
  const wounded = new Set(figures.filter((f) => f.status === 'seriousWound').map((f) => f.id))
  // Anyone carrying a captured man drops him; a runner carrying anyone drops him to run.
  const lettingGo = Object.values(state.figures)
    .filter((f) => f.helping !== null && (wounded.has(f.helping) || figures.some((r) => r.id === f.id)))
    .map((f) => f.id)
  const captured = [...wounded]
  const legs: MoveLeg[] = []
  const standing: string[] = []
  const leaving: string[] = []
  for (const f of figures) {
    if (wounded.has(f.id)) continue
    const standCost = f.prone ? STAND_UP_COST_IN : 0
    // A helper has let go (above): its own full move, not halved (SMLE-DMG-12).
    const runner = { ...f, helping: null }
    const full = figureFullMoveIn(state, runner)
    const flight = flightFromAttackers(state, world, runner, attackers, Math.max(0.5, full - standCost))
    if (!flight) {
      captured.push(f.id)
      continue
    }
    if (f.prone) standing.push(f.id)
    legs.push({ figureId: f.id, vehicleId: null, route: [flight.to], kind: 'break' })
    if (flight.offTable) leaving.push(f.id)
  }
  return { lettingGo, captured, legs, standing, leaving }
}
