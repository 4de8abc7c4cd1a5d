import { baseCorners, convexGapIn } from '../../world/footprint'
import { isLocked, poseOfUnit, type SmrWorld } from './geometry'
import type { SmrLog } from './log'
import { type SmrState, type SmrUnit, sidesInOrder, unitsOnTable } from './state'
import { DOOR_TABLE, type DoorKindSmr } from './tables'

/** SMR-OPT-30/31: what a door is (scenario `doorKinds`; default a small cottage door). */
export function doorKindOf(world: SmrWorld, doorId: string): DoorKindSmr {
  return world.scenario.doorKinds[doorId] ?? 'cottage'
}

/** A unit touches a doorway: its base within `touchTolerance` of the door's leaf (the wall's outer face). */
export function touchesDoor(state: SmrState, world: SmrWorld, u: SmrUnit, doorId: string): boolean {
  const d = world.door(doorId)
  if (!d || u.hiddenIn !== null) return false
  const gap = convexGapIn(baseCorners(poseOfUnit(u)), [d.hinge, d.latch])
  return gap <= d.wallThicknessIn / 2 + state.settings.touchTolerance + 1e-9
}

/**
 * SMR-OPT-30: why a unit may not work on a door this turn (clause and
 * sentence), or null: the rule must be in use; the door shut; the unit on
 * the table touching it, not routed, not in melee, not having fired, not
 * already at a door; keep doors need an axe (SMR-OPT-31); creatures bash no
 * doors.
 */
export function bashProblem(
  state: SmrState,
  world: SmrWorld,
  u: SmrUnit,
  doorId: string,
): { clause: string; message: string } | null {
  if (!state.settings.optional.doorBashing)
    return { clause: 'SMR-SETUP-01', message: 'Bashing down doors is an optional rule not in use in this game.' }
  const door = state.doors[doorId]
  if (!door || !world.door(doorId)) return { clause: 'CORE-CMD-01', message: `There is no door "${doorId}".` }
  if (door.state === 'open' || door.state === 'broken')
    return { clause: 'SMR-OPT-30', message: 'That door is already open.' }
  if (u.status !== 'ok' || u.hiddenIn !== null)
    return { clause: 'CORE-FIG-02', message: `${u.name} is not on the table.` }
  if (u.routed) return { clause: 'SMR-ROUT-05', message: `${u.name} is routed.` }
  if (u.firedTurn === state.turn) return { clause: 'SMR-MISS-03', message: `${u.name} fired this turn.` }
  if (u.bashing !== null) return { clause: 'SMR-OPT-30', message: `${u.name} is already working on a door this turn.` }
  if (u.profile.creature) return { clause: 'SMR-OPT-30', message: 'A creature does not bash doors.' }
  if (isLocked(state, world, u)) return { clause: 'SMR-MOVE-07', message: `${u.name} is in melee.` }
  if (!touchesDoor(state, world, u, doorId))
    return { clause: 'SMR-OPT-30', message: `${u.name} is not touching that door.` }
  const kind = DOOR_TABLE[doorKindOf(world, doorId)]
  if (kind.weapon === 'axe' && !u.profile.axe)
    return { clause: 'SMR-OPT-31', message: `A ${kind.label} needs an axe; ${u.name} has none.` }
  return null
}

/**
 * SMR-OPT-30, in Event 3 after the melee: each unit set to a door that is
 * still fit to work on it makes one attempt (2D6 against the door's score);
 * successes add up across turns and units; at the count the door is broken
 * open.
 */
export function bashDoors(log: SmrLog, world: SmrWorld): void {
  const order = sidesInOrder(log.state)
  const workers = unitsOnTable(log.state)
    .filter((u) => u.bashing !== null)
    .sort((a, b) => order.indexOf(a.sideId) - order.indexOf(b.sideId))
  for (const w of workers) {
    const u = log.state.units[w.id]!
    const doorId = u.bashing!
    const door = log.state.doors[doorId]
    if (!door || door.state === 'broken' || door.state === 'open') continue
    if (u.status !== 'ok' || u.routed || isLocked(log.state, world, u)) continue
    const kind = DOOR_TABLE[doorKindOf(world, doorId)]
    const roll = log.roll({
      purpose: `${u.name} bashes the ${kind.label} (${kind.needed}+, ${kind.successes} needed)`,
      dice: 2,
      figureId: u.id,
      modifiers: [],
      target: kind.needed,
    })
    const successes = door.successes + (roll.success ? 1 : 0)
    log.push({
      type: 'DoorBashed',
      doorId,
      unitId: u.id,
      success: roll.success === true,
      successes,
      broken: successes >= kind.successes,
    })
  }
}
