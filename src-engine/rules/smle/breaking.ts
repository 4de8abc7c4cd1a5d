import type { EventLog } from './events/event-log'
import type { World } from './world'
import { inBaseContact } from './assault-contact'
import { assaultFlight } from './assault-flight'
import { withdrawalLegs } from './compulsory'
import { heavyWeapons } from './loadout'
import { STAND_UP_COST_IN } from './movement'
import { canAct, isPresent, presentFigures } from './organisation'
import { crewAboard, crewVehicle, vehicleSpeedFactor, vehicleWithdrawal } from './vehicle-flow'
import { runMove } from './windows'

/**
 * SMLE-OPT-08 Break: the team gains a Break result, drops its heavy weapons
 * where they stood (SMLE-OPT-09) and runs from the enemy toward its own base
 * line, one to two full moves by the easiest route. With a second Break it
 * leaves the battlefield (SMLE-ACT-15); in contact with the enemy, or with
 * nowhere to run, it is captured (SMLE-CA-13). Figures that reach the base
 * line flee the table. A team broken in close assault by `attackerTeamId`
 * runs instead one full move away from the attackers, wherever its base line
 * lies (SMLE-CA-11, `assaultFlight`); each figure that cannot, the seriously
 * wounded among them (SMLE-DMG-06), is captured.
 */
export function breakTeam(
  log: EventLog,
  world: World,
  teamId: string,
  distance: { max: number; min: number } = { max: 2, min: 1 },
  attackerTeamId: string | null = null,
): void {
  const inAssault = attackerTeamId !== null
  const state = log.state
  const team = state.teams[teamId]
  if (!team || team.gone) return
  const figures = presentFigures(state, team)
  const dropped = figures.flatMap((f) =>
    heavyWeapons(f).map((weapon, i) => ({
      itemId: `${f.id}-${weapon}-${state.round}-${i}`,
      figureId: f.id,
      weapon,
      at: f.position,
    })),
  )
  log.push({ type: 'TeamBroke', teamId, dropped })
  const broken = log.state.teams[teamId]
  if (!broken) return
  if (broken.breaks >= 2) {
    log.push({ type: 'TeamGone', teamId, reason: 'fled' })
    return
  }
  // SMLE-CA-10/11: a Break in close assault is a nerve failure "before the fighters meet": the
  // contact of the fight it breaks from does not capture it; it runs, and only a figure with
  // nowhere to run is taken. A Break on the activation table in contact is a capture (SMLE-OPT-08).
  if (!inAssault && inEnemyContact(log, world, teamId)) {
    log.push({ type: 'TeamGone', teamId, reason: 'captured' })
    return
  }
  // A crew in its vehicle drives off in it, one to two full moves (SMLE-OPT-08, SMLE-VEH-04).
  const vehicle = crewVehicle(log.state, broken)
  if (vehicle && crewAboard(log.state, vehicle) && vehicleSpeedFactor(log.state, vehicle) > 0) {
    const full = vehicle.combatSpeedIn / 2
    const w = vehicleWithdrawal(log.state, world, vehicle, 2 * full, full)
    if (w?.offTable) log.push({ type: 'VehicleLeftTable', vehicleId: vehicle.id, reason: 'fled', edge: w.edge })
    else if (w)
      runMove(log, world, teamId, [{ figureId: null, vehicleId: vehicle.id, route: [w.to], kind: 'vehicle' }], true)
    return
  }
  if (attackerTeamId !== null) {
    runFromAssault(log, world, teamId, attackerTeamId)
    return
  }
  // SMLE-OPT-08 with SMLE-DMG-06: [decision] the seriously wounded cannot run the full move a Break
  // asks (they move at half speed), so they are taken, as those with nowhere to run are; whoever was
  // helping one lets go first and runs his own move (as in a close-assault Break, SMLE-CA-11).
  const wounded = presentFigures(log.state, broken).filter((f) => f.status === 'seriousWound' && f.vehicleId === null)
  if (wounded.length > 0) {
    const ids = new Set(wounded.map((f) => f.id))
    for (const f of presentFigures(log.state, broken))
      if (f.helping !== null && ids.has(f.helping)) log.push({ type: 'Helping', figureId: f.id, woundedId: null })
    for (const f of wounded) log.push({ type: 'FigureLeftTable', figureId: f.id, reason: 'captured' })
  }
  const { legs, standing, leaving, stuck } = withdrawalLegs(log.state, world, broken, distance, 'break')
  if (legs.length === 0) {
    log.push({ type: 'TeamGone', teamId, reason: 'captured' })
    return
  }
  for (const id of standing) log.push({ type: 'FigureStoodUp', figureId: id, costIn: STAND_UP_COST_IN })
  // Fleeing figures do nothing else; they run without stopping.
  runMove(log, world, teamId, legs, true)
  for (const id of leaving)
    if (log.state.figures[id] && isPresent(log.state.figures[id]))
      log.push({ type: 'FigureLeftTable', figureId: id, reason: 'fled' })
  for (const id of stuck) {
    const f = log.state.figures[id]
    if (f && isPresent(f) && canAct(f)) log.push({ type: 'FigureLeftTable', figureId: id, reason: 'captured' })
  }
}

/**
 * SMLE-CA-11: the broken defenders run a full move away from the attackers;
 * the seriously wounded (SMLE-DMG-06), and any figure with nowhere to run,
 * are captured. Helpers let go of the wounded first (SMLE-DMG-12). A team
 * with nobody left able to run is gone, captured.
 */
function runFromAssault(log: EventLog, world: World, teamId: string, attackerTeamId: string): void {
  const team = log.state.teams[teamId]
  const attacking = log.state.teams[attackerTeamId]
  if (!team || !attacking) return
  const attackers = presentFigures(log.state, attacking).filter((f) => canAct(f) && f.vehicleId === null)
  const plan = assaultFlight(log.state, world, team, attackers)
  if (plan.legs.length === 0) {
    log.push({ type: 'TeamGone', teamId, reason: 'captured' })
    return
  }
  for (const id of plan.lettingGo) log.push({ type: 'Helping', figureId: id, woundedId: null })
  for (const id of plan.captured) log.push({ type: 'FigureLeftTable', figureId: id, reason: 'captured' })
  for (const id of plan.standing) log.push({ type: 'FigureStoodUp', figureId: id, costIn: STAND_UP_COST_IN })
  // Fleeing figures do nothing else; they run without stopping.
  runMove(log, world, teamId, plan.legs, true)
  for (const id of plan.leaving)
    if (log.state.figures[id] && isPresent(log.state.figures[id]))
      log.push({ type: 'FigureLeftTable', figureId: id, reason: 'fled' })
}

/** SMLE-OPT-08: a figure of the team is in base contact with an enemy figure (SMLE-GEN-06 tolerance; over a pit's parapet, SMLE-CA-03). */
export function inEnemyContact(log: EventLog, world: World, teamId: string): boolean {
  const state = log.state
  const team = state.teams[teamId]
  if (!team) return false
  const own = presentFigures(state, team).filter((f) => f.vehicleId === null)
  const enemies = Object.values(state.figures).filter(
    (f) => f.sideId !== team.sideId && canAct(f) && f.vehicleId === null,
  )
  return own.some((a) => enemies.some((b) => inBaseContact(world, a, b, state.settings.contactTolerance)))
}
