import { type Checked, reject, rejectCore } from '../decision'
import type { FigureState, MatchPhase, MatchState, TeamState } from '../state/state'
import { activeTeam } from '../sequence'
import { type Vec2, type Vec3, dist2, quantize } from '../../../util/geometry'
import { straightMoveCostIn } from '../../../world/terrain'
import type { World } from '../world'

export type { Checked } from '../decision'

const PHASE_WORDS: Record<MatchPhase, string> = {
  setup: 'during set-up',
  activation: 'while activation is being rolled',
  play: 'during play',
  ended: 'after the game has ended',
}

/** The game is in `phase` (CORE-PHASE-01). */
export function inPhase(state: MatchState, phase: MatchPhase, what: string): Checked<null> {
  if (state.phase === phase) return { ok: true, value: null }
  return rejectCore(
    'CORE-PHASE-01',
    state.phase === 'ended' ? 'The game has ended.' : `${what} cannot be done ${PHASE_WORDS[state.phase]}.`,
  )
}

/** No side has a decision pending (CORE-TURN-02), unless it is `sideId`'s own to take. */
export function noPending(state: MatchState): Checked<null> {
  const p = state.pending
  if (!p) return { ok: true, value: null }
  const side = state.sides.find((s) => s.id === p.sideId)?.name ?? p.sideId
  const what =
    p.kind === 'interrupt'
      ? 'whether to interrupt'
      : p.kind === 'fireReaction'
        ? 'which figures drop prone'
        : 'whether to make opportunity fire'
  return rejectCore('CORE-TURN-02', `${side} must first decide ${what}.`)
}

/**
 * The team a play command acts with: it exists, the game is in play with no
 * decision pending, it belongs to the side whose turn it is (CORE-TURN-01)
 * and it is the active unit's acting team (SMLE-TURN-02).
 */
export function actingTeam(state: MatchState, teamId: string): Checked<TeamState> {
  const team = state.teams[teamId]
  if (!team) return rejectCore('CORE-CMD-01', `There is no team "${teamId}" in this game.`)
  const phase = inPhase(state, 'play', 'That')
  if (!phase.ok) return phase
  const pending = noPending(state)
  if (!pending.ok) return pending
  const active = activeTeam(state)
  if (team.sideId !== state.activeSideId) {
    const side = state.sides.find((s) => s.id === state.activeSideId)
    return rejectCore('CORE-TURN-01', `It is ${side?.name ?? state.activeSideId}'s turn; ${team.name} cannot act now.`)
  }
  if (!active || active.id !== team.id)
    return reject(
      'SMLE-TURN-02',
      `${team.name} is not the active unit; ${active ? `${active.name} is acting now` : 'no unit is active'}.`,
    )
  return { ok: true, value: team }
}

/**
 * The figure a command acts with: it exists, its team may act now (in set-up:
 * its side is deploying) and it is alive, on the table and not spent for the
 * round (SMLE-DMG-07, SMLE-DMG-08).
 */
export function actingFigure(state: MatchState, figureId: string, phase: MatchPhase): Checked<FigureState> {
  const figure = state.figures[figureId]
  if (!figure) return rejectCore('CORE-CMD-01', `There is no figure "${figureId}" in this game.`)
  if (phase === 'setup') {
    const p = inPhase(state, 'setup', 'Placing figures')
    if (!p.ok) return p
    if (figure.sideId !== state.activeSideId)
      return rejectCore(
        'CORE-TURN-01',
        `${state.sides.find((s) => s.id === state.activeSideId)?.name ?? state.activeSideId} is deploying now.`,
      )
  } else {
    const team = actingTeam(state, figure.teamId)
    if (!team.ok) return team
  }
  if (figure.status === 'dead') return rejectCore('CORE-FIG-01', `${figure.name} is dead and cannot act.`)
  if (figure.offTable !== null) return rejectCore('CORE-FIG-02', `${figure.name} is not on the table.`)
  if (figure.status === 'playingDead' || figure.lurking !== null)
    return reject('SMLE-FODDER-03', `${figure.name} is lying "dead" and takes no action until it gets up.`)
  if (figure.spent === 'lightWound')
    return reject('SMLE-DMG-07', `${figure.name} was lightly wounded and loses any further action this round.`)
  if (figure.spent === 'shaken')
    return reject('SMLE-DMG-08', `${figure.name} is shaken by a near miss for the rest of this round.`)
  if (figure.spent === 'transferred')
    return reject('SMLE-ORG-08', `${figure.name} has already acted this round with another team.`)
  return { ok: true, value: figure }
}

/** The command names a side that exists and whose turn it is to decide (CORE-CMD-01, CORE-TURN-01). */
export function deciderSide(state: MatchState, sideId: string): Checked<null> {
  if (!state.sides.some((s) => s.id === sideId))
    return rejectCore('CORE-CMD-01', `There is no side "${sideId}" in this game.`)
  if (state.phase === 'ended') return rejectCore('CORE-PHASE-01', 'The game has ended.')
  const decider = state.pending?.sideId ?? state.activeSideId
  if (sideId !== decider)
    return rejectCore(
      'CORE-TURN-01',
      `It is ${state.sides.find((s) => s.id === decider)?.name ?? decider}'s decision now.`,
    )
  return { ok: true, value: null }
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

/** Another base on the table this one would overlap at `p` (CORE-TABLE-03), or null. Figures aboard vehicles and off the table take no room. */
export function overlappingFigure(
  state: MatchState,
  self: FigureState,
  p: Vec2,
  skip: ((other: FigureState) => boolean) | null = null,
): FigureState | null {
  for (const other of Object.values(state.figures)) {
    if (other.id === self.id || other.offTable !== null || other.vehicleId !== null) continue
    if (skip?.(other) === true) continue
    const reach = self.baseRadiusIn + other.baseRadiusIn - 1e-6
    // A distance is never less than either of its two terms: a base that far along either axis is not measured.
    if (Math.abs(p.x - other.position.x) >= reach || Math.abs(p.z - other.position.z) >= reach) continue
    if (dist2(p, other.position) < reach) return other
  }
  return null
}

/** SMLE-GEN-05: length plus climbs of a straight move, ignoring obstacles (used for steps through doorways). */
export function moveCostIn(world: World, a: Vec2, b: Vec2): number {
  return straightMoveCostIn(world.groundHeightAt, a, b)
}
