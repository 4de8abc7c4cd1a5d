import { accept, type Decision, reject, rejectCore } from '../decision'
import { EventLog } from '../events/event-log'
import type { MoveLeg } from '../state/pending'
import type { FigureState, MatchState } from '../state/state'
import { STAND_UP_COST_IN } from '../movement'
import { runMove } from '../windows'
import type { Vec3 } from '../../../util/geometry'
import type { World } from '../world'
import { actingFigure, type Checked, onGround, overlappingFigure, quantizePoint } from './common'
import { checkDestination, checkPace, moveLeftIn, type Pace } from './move-rules'
import { settlePosition } from '../positions'
import { positionsAlong, worldWithout } from '../blind-world'
import { unknownPositionIds } from '../view'
import { sidesViewer } from '../../../core/viewer'
import type { MoveFigure } from './move-figure-schema'
export { MoveFigureSchema, type MoveFigure } from './move-figure-schema'

/** A checked move: the figure, its route and what it costs. */
export interface PlannedMove {
  readonly figure: FigureState
  readonly route: Vec3[]
  readonly costIn: number
  readonly pace: Pace
  /**
   * SMLE-SCEN-05 [decision]: the hidden enemy team a figure of which stands
   * where the move would end, found by the move (revealed; the figure stays
   * where it is), or null.
   */
  readonly foundTeamId: string | null
  /**
   * SMLE-SHOOT-26 [decision]: the concealed prepared positions of another
   * side, unknown to the mover's, that the move runs into (its way is not
   * the way its side knows), found by the move (the figure stays where it
   * is); empty when none.
   */
  readonly foundPositionIds: readonly string[]
}

/** A figure of a hidden team of another side than `mover`'s: one the mover's side does not know is there. */
function unknownTo(state: MatchState, mover: FigureState): (other: FigureState) => boolean {
  return (other) => other.sideId !== mover.sideId && state.teams[other.teamId]?.hidden === true
}

/** Whether another side than `sideId` has a team still set up hidden (most of the time none has). */
function hiddenEnemy(state: MatchState, sideId: string): boolean {
  for (const id in state.teams) {
    const t = state.teams[id] as MatchState['teams'][string]
    if (t.hidden && t.sideId !== sideId) return true
  }
  return false
}

/**
 * Checks a move without making it (also used to list legal moves). With
 * `findsHidden` (a Move command of its own), a hidden enemy figure where the
 * move ends does not refuse it: the move finds it (`foundTeamId`). Without
 * (a Close Assault's moves), any figure there refuses it.
 */
export function planMoveFigure(
  state: MatchState,
  cmd: MoveFigure,
  world: World,
  findsHidden = false,
): Checked<PlannedMove> {
  const acting = actingFigure(state, cmd.figureId, 'play')
  if (!acting.ok) return acting
  const figure = acting.value
  const team = state.teams[figure.teamId]
  if (!team) return rejectCore('CORE-CMD-01', `There is no team "${figure.teamId}".`)
  if (figure.vehicleId !== null)
    return reject('SMLE-MOVE-11', `${figure.name} is aboard a vehicle; the team must de-bus first.`)
  if (figure.moveEnded) {
    return figure.prone
      ? reject('SMLE-MOVE-05', `${figure.name} went prone, which ended its move for this turn.`)
      : reject(
          'SMLE-DOOR-01',
          `${figure.name} has stopped for this turn and cannot move again until its team's next turn.`,
        )
  }
  const pace = checkPace(team, figure, cmd.pace)
  if (!pace.ok) return pace
  // SMLE-SHOOT-26: a move of its own is judged on the table as its side knows it, without the concealed positions it
  // has not found; one that runs into such a position finds it (below), so that no refusal tells of it.
  const unknown = findsHidden ? unknownPositionIds(world.scenario, state, sidesViewer(figure.sideId)) : NONE
  const known = worldWithout(world, unknown)
  // Where the move ends is known before its way is searched (`routeOf` ends it there): a spot another figure's base
  // takes is refused first, without a search. Only figures the mover's side knows of refuse the move here: a hidden
  // one is found below, after every check that does not depend on it, so that a move onto its spot is refused in the
  // same words as onto empty ground.
  const to = quantizePoint(cmd.to)
  const finds = findsHidden && hiddenEnemy(state, figure.sideId)
  const other = overlappingFigure(state, figure, to, finds ? unknownTo(state, figure) : null)
  if (other)
    return rejectCore(
      'CORE-TABLE-03',
      `${figure.name} cannot end its move there: its base would overlap ${other.name}'s.`,
    )
  const seen = routeOf(state, cmd, known, figure)
  if (!seen.ok) return seen
  const { route, costIn: cost } = seen.value
  const left = moveLeftIn(state, figure, cmd.pace)
  if (cost > left + 1e-6) {
    const capped = figure.moveCapIn !== null
    const clause = capped ? 'SMLE-DOOR-01' : cmd.pace === 'crawl' ? 'SMLE-MOVE-05' : 'SMLE-MOVE-01'
    const why = capped
      ? 'opened a door this turn and may only go just beyond it; '
      : cmd.pace === 'crawl'
        ? 'may crawl 2" at most; '
        : ''
    return reject(
      clause,
      `${figure.name} ${why}has ${left.toFixed(1)}" of move left; this move needs ${cost.toFixed(1)}".`,
    )
  }
  const where = checkDestination(state, known, team, figure, to, cmd.pace)
  if (!where.ok) return where
  const hidden = finds ? overlappingFigure(state, figure, to, (f) => !unknownTo(state, figure)(f)) : null
  let foundPositionIds: readonly string[] = []
  if (unknown.size > 0) {
    // The way as it really is: where it differs from the way the side knows, a position it did not know is in it.
    const real = routeOf(state, cmd, world, figure)
    if (!real.ok || !sameRoute(real.value.route, route))
      foundPositionIds = positionsAlong(world, unknown, figure.position, route, figure.baseRadiusIn)
  }
  return {
    ok: true,
    value: { figure, route, costIn: cost, pace: cmd.pace, foundTeamId: hidden?.teamId ?? null, foundPositionIds },
  }
}

const NONE: ReadonlySet<string> = new Set()

/** The same route, corner for corner (to a hundredth of an inch, the commands' grain). */
function sameRoute(a: readonly Vec3[], b: readonly Vec3[]): boolean {
  const near = (p: Vec3, q: Vec3): boolean =>
    Math.abs(p.x - q.x) < 0.005 && Math.abs(p.y - q.y) < 0.005 && Math.abs(p.z - q.z) < 0.005
  return a.length === b.length && a.every((p, i) => near(p, b[i] as Vec3))
}

/** The route of a move through its waypoints on `world` and what it costs; or why there is none. */
function routeOf(
  state: MatchState,
  cmd: MoveFigure,
  world: World,
  figure: FigureState,
): Checked<{ route: Vec3[]; costIn: number }> {
  const points = [...cmd.via, cmd.to].map(quantizePoint)
  const route: Vec3[] = []
  let from: Vec3 = figure.position
  let cost = 0
  for (const [i, p] of points.entries()) {
    const last = i === points.length - 1
    const path = world.path(
      from,
      p,
      figure.baseRadiusIn,
      state.doors,
      figure,
      last && cmd.level !== undefined ? { toLevel: cmd.level } : {},
    )
    if (!path.ok) {
      return rejectCore(
        path.blocker.kind === 'tableEdge' ? 'CORE-TABLE-01' : 'CORE-TABLE-02',
        `${figure.name} cannot move there: the way is blocked by ${path.blocker.label}.`,
      )
    }
    cost += path.costIn
    route.push(...path.points.slice(1))
    // Each leg ends where the base stands: on the ground, or on the floor the route climbed to.
    from = path.points[path.points.length - 1] ?? onGround(world, p)
  }
  return { ok: true, value: { route, costIn: cost } }
}

/**
 * Moves a figure along its route on the ground (SMLE-GEN-05 length plus
 * climbs, SMLE-MOVE-04 difficult ground) within what its team's Move option
 * allows; a prone figure stands first (1", SMLE-MOVE-05) unless it crawls.
 * The move runs in steps of at most 1" at which the opposing side may
 * interrupt with Opportunity Fire (SMLE-COMBAT-05).
 */
export function decideMoveFigure(state: MatchState, cmd: MoveFigure, world: World): Decision {
  const plan = planMoveFigure(state, cmd, world, true)
  if (!plan.ok) return plan
  const { figure, route, pace, foundTeamId, foundPositionIds } = plan.value
  const log = new EventLog(state)
  if (foundTeamId !== null || foundPositionIds.length > 0) {
    // SMLE-SCEN-05, SMLE-SHOOT-26 [decision]: the figure runs into a hidden enemy where it meant to end its move, or
    // into a concealed position on its way. The enemy's team is found (revealed), the position is found (on the
    // table for all to see); the figure stays where it was, its move unspent, its team's Move option not taken.
    for (const positionId of foundPositionIds)
      log.push({ type: 'PositionFound', positionId, sideId: figure.sideId, reason: `found by ${figure.name}` })
    if (foundTeamId !== null) log.push({ type: 'TeamRevealed', teamId: foundTeamId, reason: `found by ${figure.name}` })
    return accept(log.events)
  }
  const team = state.teams[figure.teamId]
  if (team && team.moveOption === null)
    log.push({ type: 'MoveOptionChosen', teamId: team.id, option: pace === 'run' ? 'run' : 'tactical' })
  if (figure.prone && pace !== 'crawl')
    log.push({ type: 'FigureStoodUp', figureId: figure.id, costIn: STAND_UP_COST_IN })
  const leg: MoveLeg = {
    figureId: figure.id,
    vehicleId: null,
    route,
    kind: pace === 'crawl' ? 'crawl' : pace === 'run' ? 'run' : 'move',
    start: figure.position,
  }
  if (runMove(log, world, figure.teamId, [leg], false) === 'done') settlePosition(log, world, figure.teamId)
  return accept(log.events)
}
