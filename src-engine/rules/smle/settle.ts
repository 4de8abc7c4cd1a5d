import type { EventLog } from './events/event-log'
import type { World } from './world'
import { refreshActivations } from './activation'
import { revealSpotted } from './reveal'
import { reviveMonsters } from './monster-flow'
import { concludeIfDecided } from './sequence'

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
