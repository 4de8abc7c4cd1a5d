import { accept, type Checked, type Decision, reject, rejectCore } from '../decision'
import type { GameEvent } from '../events/events'
import type { FigureState, MatchState, TeamState } from '../state/state'
import { continueObservation, INDIRECT_MIN_BAND, mayFireIndirect, mayObserve } from '../indirect'
import { canAct, presentFigures } from '../organisation'
import { ammoLeft, firesIndirect, weaponProfile, type WeaponProfile } from '../weapons'
import type { World } from '../world'
import type { Vec2, Vec3 } from '../../../util/geometry'
import { actingFigure, onGround, quantizePoint } from './common'
import { otherOptionAllowed } from './other-option'
import type { CallFire } from './call-fire-schema'
import { hypot } from '../../../util/geometry'
import { vehicleHulls } from '../vehicle-sight'
export { CallFireSchema, type CallFire } from './call-fire-schema'

/** A call for fire that the rules allow, before it is made. */
export interface PlannedCallFire {
  readonly observer: FigureState
  readonly team: TeamState
  readonly firing: TeamState
  /** The figure that serves the indirect weapon. */
  readonly gun: FigureState
  readonly weapon: WeaponProfile
  /** The target point as the command enters it (quantized), and on the ground. */
  readonly point: Vec2
  readonly at: Vec3
  /** Consecutive rounds the observer will have watched this point (SMLE-IND-04). */
  readonly rounds: number
}

/**
 * Checks a call for fire without making it (also for its preview). Table 1
 * "Observe for indirect fire" (B6+, an Other option; SMLE-IND-01..06): a
 * command or specialist figure that sees the point and can talk to the
 * firing unit (same group, or a radio in its team) calls fire on it. The gun
 * is served by a figure that may shoot: a seriously wounded one never may
 * (SMLE-DMG-06).
 */
export function checkCallFire(state: MatchState, cmd: CallFire, world: World): Checked<PlannedCallFire> {
  const acting = actingFigure(state, cmd.observerId, 'play')
  if (!acting.ok) return acting
  const observer = acting.value
  const team = state.teams[observer.teamId]
  const firing = state.teams[cmd.firingTeamId]
  if (!team || !firing) return rejectCore('CORE-CMD-01', `There is no team "${cmd.firingTeamId}".`)
  const allowed = otherOptionAllowed(state, world, team, 'observe')
  if (!allowed.ok) return allowed
  if (team.attack !== null)
    return reject('SMLE-TURN-07', `${team.name} has made its attack this round; calling fire spends it (SMLE-IND-06).`)
  if (firing.sideId !== team.sideId) return reject('SMLE-IND-01', `${firing.name} is not on your side.`)
  if (firing.attack !== null) return reject('SMLE-IND-06', `${firing.name} has made its attack this round.`)
  // SMLE-TURN-07 / SMLE-IND-03: fire called last round lands in the firing unit's turn this round
  // and is its one attack of the round; no second mission can be called on it now.
  if (state.missions.some((m) => m.firingTeamId === firing.id))
    return reject('SMLE-TURN-07', `${firing.name}'s fire called last round lands this round: that is its attack.`)
  const point = quantizePoint(cmd.point)
  const at = onGround(world, point)
  const seesPoint = world.sees(
    observer,
    { id: 'point', position: at, baseRadiusIn: 0.1, prone: true, facingDeg: 0 },
    state.doors,
    vehicleHulls(state),
  )
  const radio = presentFigures(state, team).some((f) => f.kit.includes('radio'))
  const check = mayObserve({
    commandOrSpecialist: team.kind === 'command' || team.kind === 'specialist' || observer.isLeader,
    seesPoint,
    sameGroupAsFiringUnit: team.groupId !== null && team.groupId === firing.groupId,
    hasRadio: radio,
    band: team.activation?.band ?? 0,
  })
  if (!check.ok) return reject(check.clause, check.message)
  const wanted = cmd.weapon === undefined ? undefined : weaponProfile(cmd.weapon)?.id
  let gun: FigureState | undefined
  let weapon: WeaponProfile | undefined
  let woundedGunner: FigureState | undefined
  for (const f of presentFigures(state, firing)) {
    if (!canAct(f) || (cmd.firingFigureId !== undefined && f.id !== cmd.firingFigureId)) continue
    const fits = f.weapons
      .map((w) => weaponProfile(w))
      .find((w): w is WeaponProfile => w !== undefined && firesIndirect(w) && (wanted === undefined || w.id === wanted))
    // SMLE-DMG-06: a seriously wounded figure may not shoot, this round or when the fire arrives next round.
    if (fits && f.status === 'seriousWound') woundedGunner ??= f
    else if (fits) {
      gun = f
      weapon = fits
      break
    }
  }
  if ((!gun || !weapon) && woundedGunner)
    return reject('SMLE-DMG-06', `${woundedGunner.name} is seriously wounded and may not fire.`)
  if (!gun || !weapon) return reject('SMLE-IND-01', `${firing.name} has no weapon that fires indirectly.`)
  if (gun.weaponState[weapon.id] !== undefined)
    return reject('SMLE-WPN-01', `${gun.name}'s ${weapon.name} is not ready.`)
  if (ammoLeft(firing.ammo, weapon.id) === 0)
    return reject('SMLE-WPN-11', `${firing.name} has no ${weapon.name} rounds left.`)
  const rangeIn = hypot(at.x - gun.position.x, at.z - gun.position.z)
  // The unit's band and stillness are judged when the fire arrives (SMLE-IND-06); here, the weapon and its reach.
  const reach = mayFireIndirect({ weaponId: weapon.id, band: INDIRECT_MIN_BAND, moved: false, rangeIn })
  if (!reach.ok) return reject(reach.clause, reach.message)
  const previous =
    team.observing && team.observing.round === state.round - 1
      ? { point: { x: team.observing.x, z: team.observing.z }, rounds: team.observing.rounds }
      : null
  const watch = continueObservation(previous, point, seesPoint, state.settings)
  return { ok: true, value: { observer, team, firing, gun, weapon, point, at, rounds: watch?.rounds ?? 1 } }
}

/**
 * Table 1 "Observe for indirect fire" (`checkCallFire`): the fire arrives
 * next round in the firing unit's turn; both units spend their attack for
 * this round. Watching the same point round after round builds the
 * observer's bonus.
 */
export function decideCallFire(state: MatchState, cmd: CallFire, world: World): Decision {
  const plan = checkCallFire(state, cmd, world)
  if (!plan.ok) return plan
  const { observer, team, firing, gun, weapon, point, rounds } = plan.value
  const events: GameEvent[] = [
    { type: 'OtherOptionTaken', teamId: team.id, option: 'observe' },
    { type: 'ObservationSet', teamId: team.id, observing: { x: point.x, z: point.z, rounds, round: state.round } },
    {
      type: 'MissionCalled',
      mission: {
        id: `mission-${state.round}-${team.id}`,
        observerTeamId: team.id,
        observerFigureId: observer.id,
        firingTeamId: firing.id,
        firingFigureId: gun.id,
        weaponId: weapon.id,
        point,
        calledRound: state.round,
        arrivesRound: state.round + 1,
        rounds,
      },
    },
    { type: 'AttackMade', teamId: team.id, kind: 'indirect', targetTeamId: null, firerIds: [] },
    { type: 'AttackMade', teamId: firing.id, kind: 'indirect', targetTeamId: null, firerIds: [] },
  ]
  return accept(events)
}
