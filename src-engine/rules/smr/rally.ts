import { bearingDeg } from '../../world/facing'
import { bodyOf, norm, poseClear, type SmrWorld } from './geometry'
import type { SmrLog } from './log'
import { moraleClass } from './profile'
import { type SmrState, type SmrUnit, unitsOnTable } from './state'
import { SELF_RALLY_MIN } from './tables'

/** The facing toward the nearest enemy on the table (a rallied unit "turns to face the enemy", SMR-RALLY-03). */
export function facingEnemy(state: SmrState, world: SmrWorld, u: SmrUnit): number {
  let best: SmrUnit | null = null
  let bestD = Infinity
  for (const e of unitsOnTable(state)) {
    if (e.sideId === u.sideId) continue
    const d = world.distanceIn(bodyOf(world, u), bodyOf(world, e))
    if (d < bestD) {
      bestD = d
      best = e
    }
  }
  return best ? norm(bearingDeg(u.position, best.position)) : norm(u.facingDeg + 180)
}

/**
 * Event 4 (SMR-RALLY-03/04/05): every routed unit whose rally roll falls
 * due this turn and that no leader rallied rolls 1D6: H and XH (a giant
 * lizard as H) rally on 4–6, L on 5–6, P on 6. A rallied unit turns to face
 * the enemy and is a normal unit again (it may move from the next turn); a
 * unit that fails is taken off the table at once.
 */
// SMR-RALLY-E03: a unit the leader did not reach this Movement Event rolls in this Rally Event.
export function rallyEvent(log: SmrLog, world: SmrWorld): void {
  log.push({ type: 'EventBegan', event: 'rally' })
  for (const u of unitsOnTable(log.state)) {
    if (!u.routed || u.rallyTurn === null || u.rallyTurn > log.state.turn) continue
    const cls = moraleClass(u.profile)
    const min = SELF_RALLY_MIN[cls]
    const roll = log.roll({
      purpose: `${u.name} tries to rally on its own (${cls}: ${min}+ on 1D6)`,
      dice: 1,
      figureId: u.id,
      modifiers: [],
      target: min,
    })
    if (roll.success) {
      log.push({ type: 'UnitRallied', unitId: u.id, leaderId: null })
      const face = facingEnemy(log.state, world, u)
      if (poseClear(log.state, world, u, u.position, face))
        log.push({ type: 'UnitMoved', unitId: u.id, to: u.position, facingDeg: face, distanceIn: 0, reason: 'turn' })
    } else log.push({ type: 'UnitEliminated', unitId: u.id, reason: 'failedRally' })
  }
}
