import { bashDoors } from './doors'
import { afterMove } from './contact'
import { groundPoint, spotsAround, type SmrWorld } from './geometry'
import type { SmrLog } from './log'
import { resolveMelee } from './melee'
import { resolveMissiles, sideCanShoot } from './missiles'
import { rallyEvent } from './rally'
import { livingUnits, otherSide, sidesInOrder } from './state'
import { checkRoutVictory, checkTurnLimit, checkVillageVictory } from './victory'
import { burnAtTurnEnd, trappedAtMovementEnd } from './village'

/**
 * SMR-TURN-01: the turn's four events in order, each finished before the
 * next: these functions carry the game from one player decision to the
 * next, doing everything the dice and the rules do on their own.
 */

const ended = (log: SmrLog): boolean => log.state.phase === 'ended'

/**
 * SMR-MOVE-01: a turn begins; in turn 1 the initiative winner chooses who
 * moves first, and the right to choose alternates every turn after.
 */
export function beginTurn(log: SmrLog, world: SmrWorld, turn: number): void {
  if (ended(log)) return
  const winner = log.state.initiativeWinner ?? log.state.sideIds[0]!
  const chooser = turn % 2 === 1 ? winner : otherSide(log.state, winner)
  log.push({ type: 'TurnBegan', turn, chooserSideId: chooser })
  void world
}

/** Event 1 (SMR-MISS-04/06): each side that can shoot declares, the first mover first; a side with no shot is passed over. */
export function beginMissiles(log: SmrLog, world: SmrWorld): void {
  if (ended(log)) return
  log.push({ type: 'EventBegan', event: 'missiles' })
  const next = sidesInOrder(log.state).find((s) => sideCanShoot(log.state, world, s))
  if (next) log.push({ type: 'StepBegan', step: 'missiles', sideId: next })
  else beginMovement(log, world)
}

/** After a side's declaration: the other declares, or every shot is rolled (SMR-MISS-06). */
export function afterDeclaration(log: SmrLog, world: SmrWorld, sideId: string): void {
  const order = sidesInOrder(log.state)
  const later = order.slice(order.indexOf(sideId) + 1).find((s) => sideCanShoot(log.state, world, s))
  if (later) {
    log.push({ type: 'StepBegan', step: 'missiles', sideId: later })
    return
  }
  resolveMissiles(log, world)
  checkVillageVictory(log, world)
  beginMovement(log, world)
}

/** Event 2 (SMR-MOVE-02): the first side moves all it wishes, then the second. */
export function beginMovement(log: SmrLog, world: SmrWorld): void {
  if (ended(log)) return
  log.push({ type: 'EventBegan', event: 'movement' })
  log.push({ type: 'StepBegan', step: 'movement', sideId: log.state.firstSide ?? log.state.sideIds[0]! })
  void world
}

/** A side ends its movement: the other moves, or Event 3 begins. */
export function afterMovement(log: SmrLog, world: SmrWorld, sideId: string): void {
  outOfBurntBuildings(log, world, sideId)
  trappedAtMovementEnd(log, world, sideId)
  checkVillageVictory(log, world)
  if (ended(log)) return
  if (sideId === log.state.firstSide) {
    log.push({ type: 'StepBegan', step: 'movement', sideId: otherSide(log.state, sideId) })
    return
  }
  resolveMelee(log, world)
  checkVillageVictory(log, world)
  continueMelee(log, world)
}

/**
 * §11 (SMR-SCEN-02): hidden peasants in a building burnt before this turn must leave it in this Movement Event: one
 * not brought out by its side comes out now, on the first clear spot round the walls, as `leaveBuilding` would place
 * it; those with no room left are eliminated (`trappedAtMovementEnd`).
 */
function outOfBurntBuildings(log: SmrLog, world: SmrWorld, sideId: string): void {
  const v = world.scenario.village
  if (!v || sideId !== v.peasantSideId) return
  for (const u of livingUnits(log.state)) {
    const building = u.hiddenIn
    if (building === null || u.sideId !== sideId) continue
    const burnt = log.state.burnt[building]
    if (burnt === undefined || burnt >= log.state.turn) continue
    const spot = spotsAround(log.state, world, u, building)[0]
    if (!spot) continue
    log.push({ type: 'UnitsRevealed', buildingId: building, unitIds: [u.id] })
    log.push({
      type: 'UnitMoved',
      unitId: u.id,
      to: groundPoint(world, spot.at),
      facingDeg: spot.facingDeg,
      distanceIn: 0,
      reason: 'leave',
    })
    afterMove(log, world, u.id, null)
  }
}

/** Event 3 goes on: bonus moves and attacks waiting (SMR-OPT-02/04), then doors, then Event 4. */
export function continueMelee(log: SmrLog, world: SmrWorld): void {
  if (ended(log)) return
  const next = log.state.pendingBonus[0]
  if (next) {
    log.push({ type: 'StepBegan', step: 'bonus', sideId: log.state.units[next.unitId]!.sideId })
    return
  }
  bashDoors(log, world)
  rallyEvent(log, world)
  checkVillageVictory(log, world)
  checkRoutVictory(log, world)
  if (ended(log)) return
  burnAtTurnEnd(log, world)
  const v = world.scenario.village
  if (v && v.reinforcementRoll !== null) {
    log.push({ type: 'StepBegan', step: 'reinforcements', sideId: v.peasantSideId })
    return
  }
  endTurn(log, world)
}

/** The turn ends: the turn limit, then the next turn. */
export function endTurn(log: SmrLog, world: SmrWorld): void {
  if (ended(log)) return
  log.push({ type: 'TurnEnded', turn: log.state.turn })
  checkVillageVictory(log, world)
  checkTurnLimit(log, world)
  beginTurn(log, world, log.state.turn + 1)
}
