import type { Vec2 } from '../../util/geometry'
import { distanceToOutline, pointInPolygon } from '../../world/geometry/polygon'
import { groundPoint, spotsAround, type SmrWorld, touchesBuilding } from './geometry'
import type { SmrLog } from './log'
import type { SmrScenario } from './scenario'
import { type SmrState, type SmrUnit, livingUnits, unitsOnTable } from './state'

/**
 * SMR-SCEN-02 (§11 decisions): Village Invasion's hidden peasants, burning
 * and reinforcements.
 */

/** §11 decisions: how far from the village the peasant side's units in the open may be set up, inches. */
export const VILLAGE_DEPLOY_IN = 6

/**
 * §11 decisions (SMR-SCEN-02): the peasants in the open and the baron's troops set up "anywhere in or within 6" of
 * the village": every corner of the base in the village area or within `VILLAGE_DEPLOY_IN` of it (the village
 * area's 6" margin being convex for a convex village, so is then the whole base). True for any other side, and
 * without a village.
 */
export function withinVillageDeployment(v: SmrScenario['village'], sideId: string, corners: readonly Vec2[]): boolean {
  if (!v || sideId !== v.peasantSideId) return true
  return corners.every((c) => pointInPolygon(c, v.area) || distanceToOutline(c, v.area) <= VILLAGE_DEPLOY_IN + 1e-9)
}

/** The village buildings a unit touches that still stand (not burnt). */
export function villageBuildingsTouched(state: SmrState, world: SmrWorld, u: SmrUnit): string[] {
  const v = world.scenario.village
  if (!v || u.status !== 'ok' || u.hiddenIn !== null) return []
  return v.buildingIds.filter((b) => state.burnt[b] === undefined && touchesBuilding(state, world, u, b))
}

/** Hidden units in a building, in order. */
export function hiddenIn(state: SmrState, buildingId: string): SmrUnit[] {
  return livingUnits(state).filter((u) => u.hiddenIn === buildingId)
}

/**
 * §11: an invader unit touching a building reveals everyone hidden in it:
 * they are placed touching the building (each on the first clear spot round
 * its walls). One that finds no room stays inside, still hidden.
 */
export function revealTouched(log: SmrLog, world: SmrWorld, unitId: string): void {
  const v = world.scenario.village
  const u = log.state.units[unitId]
  if (!v || !u || u.sideId !== v.invaderSideId) return
  for (const b of villageBuildingsTouched(log.state, world, u)) {
    const inside = hiddenIn(log.state, b)
    if (inside.length === 0) continue
    const placed: { id: string; at: { x: number; z: number }; facingDeg: number }[] = []
    let s = log.state
    for (const h of inside) {
      const spot = spotsAround(s, world, h, b)[0]
      if (!spot) continue
      placed.push({ id: h.id, at: spot.at, facingDeg: spot.facingDeg })
      // Later ones must not land on earlier ones: place them one by one on a scratch state.
      s = {
        ...s,
        units: {
          ...s.units,
          [h.id]: { ...h, hiddenIn: null, position: { ...spot.at, y: 0 }, facingDeg: spot.facingDeg },
        },
      }
    }
    if (placed.length === 0) continue
    log.push({ type: 'UnitsRevealed', buildingId: b, unitIds: placed.map((p) => p.id) })
    for (const p of placed)
      log.push({
        type: 'UnitMoved',
        unitId: p.id,
        to: groundPoint(world, p.at),
        facingDeg: p.facingDeg,
        distanceIn: 0,
        reason: 'reveal',
      })
  }
}

/** §11: a peasant-class unit of the peasant side counts as in the village (hidden ones are). */
export function peasantsInVillage(state: SmrState, world: SmrWorld): SmrUnit[] {
  const v = world.scenario.village
  if (!v) return []
  return livingUnits(state).filter(
    (u) =>
      u.sideId === v.peasantSideId &&
      u.profile.cls === 'P' &&
      (u.hiddenIn !== null || pointInPolygon(u.position, v.area)),
  )
}

/**
 * §11 burning, at the end of each turn: an invader unit touching a standing
 * peasant building, not in melee, not routed, that did not fire and did not
 * move this turn, counts one more undisturbed turn (the turn it arrives
 * counts as the first); anything else starts it again. At `burnTurns` the
 * building burns: it hides no one any more, and those inside must come out
 * in the next Movement Event.
 */
export function burnAtTurnEnd(log: SmrLog, world: SmrWorld): void {
  const v = world.scenario.village
  if (!v) return
  for (const u of unitsOnTable(log.state)) {
    if (u.sideId !== v.invaderSideId) continue
    const turn = log.state.turn
    const b = villageBuildingsTouched(log.state, world, u)[0] ?? null
    const disturbed = u.routed || u.meleeTurn === turn || u.firedTurn === turn
    if (b === null || disturbed) {
      if (u.burning !== null) log.push({ type: 'BurnProgress', unitId: u.id, buildingId: null, turns: 0 })
      continue
    }
    const continuing = u.burning?.buildingId === b && u.movedTurn !== turn
    const turns = continuing ? u.burning!.turns + 1 : 1
    log.push({ type: 'BurnProgress', unitId: u.id, buildingId: b, turns })
    if (turns >= v.burnTurns && log.state.burnt[b] === undefined)
      log.push({ type: 'BuildingBurnt', buildingId: b, byUnitId: u.id })
  }
}

/** §11: hidden peasants still in a burnt building when their side's Movement Event ends are eliminated. */
export function trappedAtMovementEnd(log: SmrLog, world: SmrWorld, sideId: string): void {
  const v = world.scenario.village
  if (!v || sideId !== v.peasantSideId) return
  for (const u of livingUnits(log.state))
    if (
      u.hiddenIn !== null &&
      log.state.burnt[u.hiddenIn] !== undefined &&
      log.state.burnt[u.hiddenIn]! < log.state.turn
    )
      log.push({ type: 'UnitEliminated', unitId: u.id, reason: 'trapped' })
}
