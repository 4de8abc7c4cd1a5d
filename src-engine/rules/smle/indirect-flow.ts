import type { EventLog } from './events/event-log'
import type { FigureState, MatchState, MissionRecord, TeamState } from './state/state'
import type { World } from './world'
import { deviatedPoint } from './deviation'
import { burstAt } from './explosion-flow'
import { spendRound } from './fire-flow'
import { missionStatus, planObserverRoll, resolveObserverRoll } from './indirect'
import { isPresent } from './organisation'
import { firerState } from './shooters'
import { ammoLeft, requireWeapon, weaponProfile } from './weapons'
import { canFireNow } from './windows'

/**
 * SMLE-IND-03 / SMLE-IND-06: at the start of the firing unit's turn, the
 * fire called last round lands if the unit is at B6+ (it is stationary at
 * the start of its turn, and may not move this turn); otherwise it is
 * cancelled. The observer rolls to hit the point with its own to-hit number
 * and firer modifiers plus +2 for each further round observed
 * (SMLE-IND-04/05); a miss deviates doubled (SMLE-EXP-14); the round
 * bursts where it lands, friend or foe (SMLE-EXP-08). The gunner must be
 * able to fire at that moment (SMLE-DMG-06/07/08, `canFireNow`): a
 * seriously wounded gunner, or one lightly wounded or shaken earlier this
 * round, fires nothing, and the mission is cancelled as when the unit
 * cannot fire it (SMLE-IND-06).
 */
export function landMissions(log: EventLog, world: World, team: TeamState): void {
  for (const m of log.state.missions.filter((x) => x.firingTeamId === team.id)) {
    const status = missionStatus(
      { ...m, point: m.point },
      {
        round: log.state.round,
        firingBand: log.state.teams[team.id]?.activation?.band ?? 0,
        firingUnitStationary: true,
      },
    )
    if (status === 'pending') continue
    const observer = log.state.figures[m.observerFigureId]
    const gun = log.state.figures[m.firingFigureId]
    if (
      status === 'cancelled' ||
      !observer ||
      !isPresent(observer) ||
      !gun ||
      // SMLE-DMG-06: a seriously wounded gunner may not shoot; SMLE-DMG-07/08: one wounded or shaken this round does nothing more.
      !canFireNow(log.state, gun) ||
      !gunReady(log.state, gun, m.weaponId)
    ) {
      log.push({ type: 'MissionEnded', missionId: m.id, outcome: 'cancelled' })
      continue
    }
    land(log, world, m, team)
  }
}

/**
 * The weapon can fire the mission when it lands: the gunner still has it
 * (not dropped in a Break, SMLE-OPT-09), not waiting for its Reload
 * option after an earlier round, nor jammed or spent (Table 6 "reload",
 * SMLE-WPN-01, SMLE-OPT-10), with a round left if rounds are counted
 * (SMLE-WPN-11). [decision] Otherwise the mission is cancelled, as when the
 * unit cannot fire it (SMLE-IND-06): a light mortar that fired and did not
 * reload lands no second round.
 */
function gunReady(state: MatchState, gun: FigureState, weaponId: string): boolean {
  const team = state.teams[gun.teamId]
  // SMLE-OPT-09: a gunner whose team broke since the call dropped his heavy weapon; he has nothing to fire.
  if (!gun.weapons.some((w) => weaponProfile(w)?.id === weaponId)) return false
  if (gun.weaponState[weaponId] !== undefined) return false
  return team === undefined || ammoLeft(team.ammo, weaponId) !== 0
}

function land(log: EventLog, world: World, m: MissionRecord, team: TeamState): void {
  const observer = log.state.figures[m.observerFigureId]
  const gun = log.state.figures[m.firingFigureId]
  if (!observer || !gun) return
  const weapon = requireWeapon(m.weaponId)
  const plan = planObserverRoll(firerState(log.state, observer, false), m.rounds, log.state.settings)
  const roll = log.roll({
    purpose: 'observed fire',
    dice: 2,
    figureId: observer.id,
    modifiers: plan.modifiers,
    target: plan.toHit,
    naturalSuccess: (faces) => (faces[0] === 1 && faces[1] === 1 ? false : undefined),
  })
  const missed = roll.success !== true
  const face = missed
    ? (log.roll({ purpose: 'deviation (indirect)', dice: 1, figureId: observer.id, modifiers: [] }).faces[0] ?? 1)
    : null
  const result = resolveObserverRoll(plan, roll.faces, face)
  const landing = result.deviation ? deviatedPoint(gun.position, m.point, result.deviation) : m.point
  const inside = {
    x: Math.min(world.widthIn, Math.max(0, landing.x)),
    z: Math.min(world.depthIn, Math.max(0, landing.z)),
  }
  log.push({ type: 'MissionEnded', missionId: m.id, outcome: 'landed' })
  if (log.state.teams[team.id]?.moveOption === null)
    log.push({ type: 'MoveOptionChosen', teamId: team.id, option: 'halted' })
  spendRound(log, team, gun, weapon, false)
  burstAt(log, world, weapon, observer, inside, null, !result.hit)
  if (log.state.teams[team.id]?.attack === null)
    log.push({ type: 'AttackMade', teamId: team.id, kind: 'indirect', targetTeamId: null, firerIds: [gun.id] })
}
