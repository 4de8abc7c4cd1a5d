import type { DoorState } from '../scenario/schema'
import type { FigureState, MatchState, Pose } from '../state/state'
import type { Vec3 } from '../../../util/geometry'

const samePlace = (a: Vec3, b: Vec3): boolean => a.x === b.x && a.y === b.y && a.z === b.z

function poseOf(f: FigureState): Pose {
  return { position: f.position, prone: f.prone, facingDeg: f.facingDeg }
}

const samePose = (a: FigureState, b: FigureState): boolean =>
  samePlace(a.position, b.position) && a.prone === b.prone && a.facingDeg === b.facingDeg

/** The team taking its turn now, if any. */
function actingTeamId(state: MatchState): string | undefined {
  const unit = state.activeUnit
  return unit ? unit.teamIds[unit.index] : undefined
}

/**
 * Keeps, after an event, what the rules need of the moment the round and the
 * acting team's turn began, as the event changed it: where a figure stood
 * when the round began (Table 11.2 fall back: `roundStartAt`), and the acting
 * team's turn as it began (SMLE-CA-08 surprise: `turnStart`). Each is taken
 * from the state before the first change; nothing is kept during set-up.
 * Pure and free of geometry, like every reducer.
 */
export function keepStarts(
  before: MatchState,
  after: MatchState,
  touched: readonly string[] | null = null,
): MatchState {
  if (before.phase === 'setup') return after
  // The figures to look at: none when no figure changed; those the event replaced (`touched`, from the update
  // helpers); or, when it replaced figures otherwise (the end of a round) or the caller does not say, every figure.
  const ids: readonly string[] =
    after.figures === before.figures
      ? []
      : touched !== null && touched.length > 0
        ? touched
        : Object.keys(after.figures)
  const next = after.figures === before.figures ? after : keepRoundStarts(before, after, ids)
  const acting = actingTeamId(after)
  return acting === undefined ? next : keepTurnStart(before, next, acting, ids)
}

/**
 * Table 11.2: a figure on foot on the table that moves for the first time
 * this round keeps where it stood before (cleared at the end of the round).
 * One aboard a vehicle or off the table keeps nothing until it moves on foot
 * on the table: then where it got out or came on.
 */
function keepRoundStarts(before: MatchState, after: MatchState, ids: readonly string[]): MatchState {
  let figures: Record<string, FigureState> | null = null
  for (const id of ids) {
    const f = after.figures[id] as FigureState
    const was = before.figures[id]
    if (!was || was === f || was.roundStartAt !== undefined || f.roundStartAt !== undefined) continue
    if (was.offTable !== null || was.vehicleId !== null || samePlace(was.position, f.position)) continue
    figures ??= { ...after.figures }
    figures[id] = { ...f, roundStartAt: was.position }
  }
  return figures ? { ...after, figures } : after
}

/**
 * SMLE-CA-08: the acting team's turn as it began. On the first change of a
 * figure's pose or a door's state in the turn (or the acting team being
 * revealed), the record starts with whether the team was hidden; each figure
 * and door keeps its first state of the turn.
 */
function keepTurnStart(before: MatchState, after: MatchState, acting: string, ids: readonly string[]): MatchState {
  const kept = after.turnStart?.teamId === acting ? after.turnStart : undefined
  let figures: Record<string, Pose> | null = null
  if (after.figures !== before.figures)
    for (const id of ids) {
      const f = after.figures[id] as FigureState
      const was = before.figures[id]
      if (!was || was === f || (kept && id in kept.figures) || samePose(was, f)) continue
      figures ??= { ...kept?.figures }
      figures[id] = poseOf(was)
    }
  let doors: Record<string, DoorState> | null = null
  if (after.doors !== before.doors)
    for (const id in after.doors) {
      const d = after.doors[id] as (typeof after.doors)[string]
      const was = before.doors[id]
      if (!was || was.state === d.state || (kept && id in kept.doors)) continue
      doors ??= { ...kept?.doors }
      doors[id] = was.state
    }
  const wasHidden = before.teams[acting]?.hidden ?? false
  const revealed = !kept && wasHidden && after.teams[acting]?.hidden === false
  if (!figures && !doors && !revealed) return after
  return {
    ...after,
    turnStart: {
      teamId: acting,
      hidden: kept ? kept.hidden : wasHidden,
      figures: figures ?? kept?.figures ?? {},
      doors: doors ?? kept?.doors ?? {},
    },
  }
}
