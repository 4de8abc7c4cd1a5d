import type { EventLog } from './events/event-log'
import type { FigureState, MatchState } from './state/state'
import { dist2, type Vec3 } from '../../util/geometry'
import type { World } from './world'
import { figureGapIn, isPresent, presentFigures } from './organisation'
import { vehicleHulls } from './vehicle-sight'

/** SMLE-SCEN-05: a hidden team is revealed when an enemy figure with line of sight comes within this distance. */
export const REVEAL_RANGE_IN = 8

/** Figures that have just moved in a straight line from `from` to `to` (one step of a move, SMLE-COMBAT-05). */
export interface Sweep {
  readonly figureIds: readonly string[]
  readonly from: Vec3
  readonly to: Vec3
}

/**
 * SMLE-SCEN-05 / SMLE-SHOOT-26: hidden teams that an enemy figure now sees
 * from within 8" are revealed. With a `sweep` (a step just moved), the whole
 * step counts, not only where it ended: a figure of the sweep that passed
 * within 8" of an enemy and in its sight at any point of the step (judged at
 * both ends and at the point of closest approach) reveals, or is revealed,
 * though it ends the step, or the move, farther away.
 */
export function revealSpotted(log: EventLog, world: World, sweep: Sweep | null = null): void {
  const state = log.state
  for (const team of Object.values(state.teams)) {
    if (!team.hidden || team.gone) continue
    const own = presentFigures(state, team)
    const spotters = Object.values(state.figures).filter(
      (f) => f.sideId !== team.sideId && isPresent(f) && f.status !== 'playingDead',
    )
    const seen = own.some((o) => spotters.some((e) => spottedAlong(state, world, o, e, sweep)))
    if (seen) log.push({ type: 'TeamRevealed', teamId: team.id, reason: 'spotted within 8"' })
  }
}

/** The longest piece a path is swept in: the 1" step of a stepped move (SMLE-COMBAT-05, `INTERRUPT_STEP_IN`). */
const SWEEP_STEP_IN = 1

/**
 * SMLE-SCEN-05: the reveal check along a move made outside the stepped move
 * (`runMove`): an attacker falling back or forced back after a close assault
 * (Table 11.2), the step through a forced door and a team tumbling through a
 * rushed one (SMLE-DOOR-04), a monster springing at its victim. The figures
 * have already been moved to the path's end; the path (its corners in
 * order, from where they stood) is swept in pieces of at most 1", exactly as
 * a stepped move's steps are, so a hidden team passed within 8" in sight is
 * revealed though the move ends farther away.
 */
export function revealAlong(log: EventLog, world: World, figureIds: readonly string[], path: readonly Vec3[]): void {
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as Vec3
    const b = path[i] as Vec3
    const pieces = Math.max(1, Math.ceil(dist2(a, b) / SWEEP_STEP_IN - 1e-9))
    const at = (k: number): Vec3 => ({ x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k, z: a.z + (b.z - a.z) * k })
    for (let p = 0; p < pieces; p++)
      revealSpotted(log, world, { figureIds, from: at(p / pieces), to: at((p + 1) / pieces) })
  }
}

/** Whether `spotter` sees `hidden` from within 8" now, or at some point of the step one of them just moved. */
function spottedAlong(
  state: MatchState,
  world: World,
  hidden: FigureState,
  spotter: FigureState,
  sweep: Sweep | null,
): boolean {
  const spots = (o: FigureState, e: FigureState): boolean =>
    figureGapIn(state, world, o, e) <= REVEAL_RANGE_IN + 1e-9 && world.sees(e, o, state.doors, vehicleHulls(state))
  if (spots(hidden, spotter)) return true
  if (sweep === null) return false
  const moverIsHidden = sweep.figureIds.includes(hidden.id)
  if (!moverIsHidden && !sweep.figureIds.includes(spotter.id)) return false
  const still = moverIsHidden ? spotter : hidden
  for (const at of sweepPoints(sweep, still.position)) {
    if (moverIsHidden ? spots({ ...hidden, position: at }, spotter) : spots(hidden, { ...spotter, position: at }))
      return true
  }
  return false
}

/** Where on a step to look from: its start and the point of it closest to `p` (its end is where the mover stands). */
function sweepPoints(sweep: Sweep, p: Vec3): Vec3[] {
  const { from, to } = sweep
  const dx = to.x - from.x
  const dz = to.z - from.z
  const len2 = dx * dx + dz * dz
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - from.x) * dx + (p.z - from.z) * dz) / len2))
  const at = (k: number): Vec3 => ({ x: from.x + dx * k, y: from.y + (to.y - from.y) * k, z: from.z + dz * k })
  return t > 0 && t < 1 ? [from, at(t)] : [from]
}
