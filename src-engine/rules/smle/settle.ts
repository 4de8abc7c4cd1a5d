import type { EventLog } from './events/event-log'
import type { World } from './world'
import { refreshActivations } from './activation'
import { isPresent, presentFigures } from './organisation'
import { reviveMonsters } from './monster-flow'
import { concludeIfDecided } from './sequence'

/** SMLE-SCEN-05: a hidden team is revealed when an enemy figure with line of sight comes within this distance. */
export const REVEAL_RANGE_IN = 8

/**
 * SMLE-SCEN-05 / SMLE-SHOOT-26: hidden teams that an enemy figure now sees
 * from within 8" are revealed.
 */
export function revealSpotted(log: EventLog, world: World): void {
  const state = log.state
  for (const team of Object.values(state.teams)) {
    if (!team.hidden || team.gone) continue
    const own = presentFigures(state, team)
    const spotters = Object.values(state.figures).filter(
      (f) => f.sideId !== team.sideId && isPresent(f) && f.status !== 'playingDead',
    )
    const seen = own.some((o) =>
      spotters.some(
        (e) => world.distanceIn(o, e) <= REVEAL_RANGE_IN + 1e-9 && world.sight(e, o, state.doors).visiblePoints > 0,
      ),
    )
    if (seen) log.push({ type: 'TeamRevealed', teamId: team.id, reason: 'spotted within 8"' })
  }
}

/**
 * What every accepted command ends with: hidden teams spotted, activation
 * levels brought up to date (SMLE-ACT-16) and the game ended if a side has
 * won (§16).
 */
export function settle(log: EventLog, world: World): void {
  if (log.state.phase !== 'play') {
    concludeIfDecided(log, world)
    return
  }
  revealSpotted(log, world)
  if (log.state.settings.optional.monsters) reviveMonsters(log, world)
  refreshActivations(log, world)
  concludeIfDecided(log, world)
}
