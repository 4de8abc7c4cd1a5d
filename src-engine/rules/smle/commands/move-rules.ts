import { type Refusal, reject } from '../decision'
import type { FigureState, MatchState, TeamState } from '../state/state'
import { figureGapIn, knownEnemyFigures, nearestFigure } from '../organisation'
import { moveAllowanceIn, STAND_UP_COST_IN } from '../movement'
import { figureCover, figureFullMoveIn } from '../situation'
import type { Vec2 } from '../../../util/geometry'
import type { World } from '../world'
import type { Checked } from './common'

/** How a figure moves: tactically, running (SMLE-MOVE-08) or crawling while prone (SMLE-MOVE-05). */
export type Pace = 'tactical' | 'run' | 'crawl'

/** Another figure of the game helps this one along (SMLE-DMG-12). */
export function isHelped(state: MatchState, figure: FigureState): boolean {
  return Object.values(state.figures).some((f) => f.helping === figure.id && f.status !== 'dead' && f.offTable === null)
}

/**
 * Inches a figure may still move in its team's turn with this pace: the
 * band's option (SMLE-ACT-06), running doubled (SMLE-MOVE-08), a crawl at
 * most 2" (SMLE-MOVE-05), halved for the seriously wounded or a helper
 * (SMLE-DMG-06, SMLE-DMG-12), capped after opening a door (SMLE-DOOR-01),
 * less the 1" to stand up from prone (SMLE-MOVE-05).
 */
export function moveLeftIn(state: MatchState, figure: FigureState, pace: Pace = 'tactical'): number {
  const team = state.teams[figure.teamId]
  if (!team?.activation || figure.moveEnded || team.haltRounds > 0 || isHaltedToFire(team)) return 0
  const allowance = moveAllowanceIn(
    figureFullMoveIn(state, figure),
    team.activation.band,
    pace,
    figure,
    isHelped(state, figure),
  )
  const capped = figure.moveCapIn === null ? allowance : Math.min(allowance, figure.moveCapIn)
  const standing = figure.prone && pace !== 'crawl' ? STAND_UP_COST_IN : 0
  return Math.max(0, capped - figure.movedIn - standing)
}

/** SMLE-IND-02: the unit whose indirect fire landed this turn may not move in it. */
export function isHaltedToFire(team: TeamState): boolean {
  return team.moveOption?.kind === 'halted'
}

/** The refusal for a move by a unit halted to fire indirectly (SMLE-IND-02), or null. */
export function haltedRefusal(team: TeamState): Refusal | null {
  return isHaltedToFire(team)
    ? reject('SMLE-IND-02', `${team.name} fired indirectly this turn: the firing unit may not move.`)
    : null
}

/** The band's Move option allows this pace now (SMLE-ACT-06, SMLE-OPT-06..08, SMLE-MOVE-08, SMLE-MOVE-09, SMLE-TURN-10). */
export function checkPace(team: TeamState, figure: FigureState, pace: Pace): Checked<null> {
  const band = team.activation?.band ?? 0
  if (team.other !== null)
    return reject('SMLE-TURN-10', `${team.name} took an Other option this turn instead of moving.`)
  const halted = haltedRefusal(team)
  if (halted) return halted
  if (team.haltRounds > 0)
    return reject('SMLE-MOVE-09', `${team.name} ran three rounds and must halt to catch its breath this round.`)
  if (band === 0) return reject('SMLE-OPT-08', `${team.name} is breaking and runs where panic takes it.`)
  if (band <= 2)
    return reject(
      'SMLE-OPT-07',
      `${team.name} is falling back: it must withdraw (the fall-back move), not move at will.`,
    )
  if (band === 3)
    return reject('SMLE-OPT-06', `${team.name} is pinned: no movement (it may only go prone, or fall back).`)
  const chosen = team.moveOption?.kind
  if (chosen === 'fallBack' || chosen === 'break' || chosen === 'vehicle')
    return reject('SMLE-TURN-10', `${team.name} has used its Move option this turn.`)
  if (pace === 'run') {
    if (chosen === 'tactical')
      return reject(
        'SMLE-MOVE-08',
        `${team.name} is moving tactically this turn; running is a choice for the whole team's move.`,
      )
    if (team.attackedThisTurn && team.attack !== 'panic')
      return reject('SMLE-MOVE-08', `${team.name} has fired this turn; a running team cannot fire effectively.`)
  } else if (chosen === 'run')
    return reject('SMLE-MOVE-08', `${team.name} is running this turn: every move it makes is at the run.`)
  if (pace === 'crawl' && !figure.prone)
    return reject('SMLE-MOVE-05', `${figure.name} is standing; only a prone figure crawls.`)
  return { ok: true, value: null }
}

/** A move that brings the figure closer to the nearest known enemy figure (SMLE-OPT-05, SMLE-MOT-05). */
export function movesCloserToEnemy(state: MatchState, world: World, figure: FigureState, to: Vec2): boolean {
  const enemies = knownEnemyFigures(state, figure.sideId)
  const before = nearestFigure(state, world, figure, enemies)
  if (!before) return false
  const moved = { ...figure, position: { x: to.x, y: world.groundHeightAt(to.x, to.z), z: to.z } }
  const after = figureGapIn(state, world, moved, before.figure)
  const nearestAfter = nearestFigure(state, world, moved, enemies)
  return Math.min(after, nearestAfter?.distanceIn ?? after) < before.distanceIn - state.settings.contactTolerance
}

/** SMLE-MOT-05: a Reluctant team seeks no fight unless it was fired on or assaulted this round or last. */
export function reluctantHeldBack(team: TeamState): boolean {
  if (team.motivation !== 'reluctant') return false
  return team.fire.thisRound.byTeams.length === 0 && team.fire.lastRound.byTeams.length === 0
}

/** Restrictions on where the figure may go with its band (SMLE-OPT-05 Stand, SMLE-MOT-05 Reluctant). */
export function checkDestination(
  state: MatchState,
  world: World,
  team: TeamState,
  figure: FigureState,
  to: Vec2,
  pace: Pace,
): Checked<null> {
  const band = team.activation?.band ?? 0
  const closer = movesCloserToEnemy(state, world, figure, to)
  if ((band === 4 || band === 5) && closer)
    return reject('SMLE-OPT-05', `${team.name} is standing: it may not move toward a known enemy position.`)
  if (closer && reluctantHeldBack(team))
    return reject(
      'SMLE-MOT-05',
      `${team.name} is Reluctant: it will not move closer to the enemy unless it has been fired on or assaulted.`,
    )
  if (band === 4 || band === 5) {
    // A prone figure that does not crawl stands up to move (SMLE-MOVE-05): it is judged standing.
    const at = {
      ...figure,
      prone: figure.prone && pace === 'crawl',
      position: { x: to.x, y: world.groundHeightAt(to.x, to.z), z: to.z },
    }
    if (figureCover(state, world, at, knownEnemyFigures(state, figure.sideId)) === 'none')
      return reject('SMLE-OPT-05', `${team.name} is standing: it may only move into cover.`)
  }
  return { ok: true, value: null }
}
