import type { EventLog } from './events/event-log'
import { presentFigures } from './organisation'
import type { World } from './world'

/**
 * SMLE-SHOOT-26: a team whose figures stand in one of its side's prepared
 * positions occupies it (one team per position), from this round; a team
 * with no figure left in its position has left it.
 */
export function settlePosition(log: EventLog, world: World, teamId: string): void {
  const state = log.state
  const team = state.teams[teamId]
  if (!team) return
  const figures = presentFigures(state, team).filter((f) => f.vehicleId === null)
  // A position built for a side serves that side only; one with no side, whoever gets there.
  const inside = figures
    .map((f) => world.positionAt(f.position))
    .filter((p) => p !== null && (p.sideId === undefined || p.sideId === team.sideId))
  if (team.preparedPositionId !== null) {
    if (!inside.some((p) => p?.id === team.preparedPositionId))
      log.push({ type: 'PreparedPositionChanged', teamId, positionId: null, round: state.round })
    return
  }
  const target = inside[0]
  if (!target) return
  const taken = Object.values(state.teams).some((t) => t.id !== teamId && t.preparedPositionId === target.id && !t.gone)
  if (!taken && inside.length * 2 >= figures.length)
    log.push({ type: 'PreparedPositionChanged', teamId, positionId: target.id, round: state.round })
}
