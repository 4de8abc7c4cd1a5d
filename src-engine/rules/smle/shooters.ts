import type { FigureState, MatchState, TeamState, VehicleState } from './state/state'
import type { Vec2 } from '../../util/geometry'
import type { CoverGrade } from '../../world/types'
import type { World } from './world'
import type { HeroGrade } from './combat-types'
import { preparedPositionState } from './cover'
import { centroid } from './facing'
import { canAct, presentFigures } from './organisation'
import { isNotUnderFire } from './activation-modifiers'
import { teamRating } from './quality'
import type { FirerState } from './shooting-modifiers'
import { fireCategories, figureFullMoveIn } from './situation'
import { vehicleEffects } from './vehicles'
import { ammoLeft, firesDirect, weaponProfile, type WeaponProfile } from './weapons'

/** A figure that is a target of fire right now: present, seen as a person (not playing dead, not lurking), on foot or in an open vehicle. */
export function targetableFigure(state: MatchState, f: FigureState): boolean {
  if (!canAct(f) && f.status !== 'seriousWound') return false
  if (f.offTable !== null || f.status === 'dead' || f.status === 'playingDead' || f.lurking !== null) return false
  if (f.vehicleId === null) return true
  // SMLE-VEH-16: the crew and passengers of an open-topped vehicle can be shot at; a closed vehicle protects them.
  return state.vehicles[f.vehicleId]?.openTopped === true
}

/** The figures of a team that can be fired at. */
export function targetFigures(state: MatchState, team: TeamState): FigureState[] {
  return presentFigures(state, team).filter((f) => targetableFigure(state, f))
}

/** Hero grade of a figure with the `heroes` option on (0 otherwise). */
export function heroGrade(state: MatchState, f: FigureState): HeroGrade {
  return (state.settings.optional.heroes ? (f.hero?.grade ?? 0) : 0) as HeroGrade
}

/** The vehicle a figure crews, when it is aboard it. */
export function crewedVehicle(state: MatchState, f: FigureState): VehicleState | undefined {
  const v = f.vehicleId ? state.vehicles[f.vehicleId] : undefined
  return v && v.crewTeamId === f.teamId ? v : undefined
}

/**
 * The weapons a figure may fire now: its own, or its vehicle's if it crews
 * one (SMLE-VEH-10); not while its vehicle went at road speed (SMLE-VEH-02)
 * or its damage forbids (SMLE-VEH-15/17); direct-fire weapons with a range,
 * with rounds left (SMLE-WPN-11).
 */
export function usableWeapons(state: MatchState, f: FigureState): WeaponProfile[] {
  const team = state.teams[f.teamId]
  const vehicle = crewedVehicle(state, f)
  let ids: readonly string[] = f.weapons
  if (vehicle) {
    if (vehicle.roadSpeed) return []
    const may = vehicleEffects({ status: vehicle.status, vsw: vehicle.vswCount }, state.settings).mayFire
    if (may === 'none') return []
    ids = may === 'secondary' ? vehicle.weapons.slice(1) : [...vehicle.weapons, ...f.weapons]
  }
  const out: WeaponProfile[] = []
  for (const id of ids) {
    const w = weaponProfile(id)
    if (!w || !firesDirect(w) || w.effectiveRangeIn === null) continue
    if (team && w.type === 'EX' && ammoLeft(team.ammo, w.id) === 0) continue
    if (f.weaponState[w.id] === 'spent') continue
    if (!out.some((o) => o.id === w.id)) out.push(w)
  }
  return out
}

/** The weapon a figure fires: the one asked for, else its first usable gun (explosives only when asked). */
export function chooseWeapon(state: MatchState, f: FigureState, asked: string | undefined): WeaponProfile | undefined {
  const usable = usableWeapons(state, f)
  if (asked !== undefined) return usable.find((w) => w.id === weaponProfile(asked)?.id)
  return usable.find((w) => w.type !== 'EX') ?? undefined
}

/** Table 3 firer state of a figure (SMLE-SHOOT-20: moved this activation; opportunity fire is from a standing firer). */
export function firerState(state: MatchState, f: FigureState, duringOwnTurn: boolean): FirerState {
  const team = state.teams[f.teamId]
  const vehicle = crewedVehicle(state, f)
  const hero = heroGrade(state, f)
  return {
    quality: f.quality,
    motivation: team?.motivation ?? 'none',
    movedIn: duringOwnTurn ? (vehicle ? vehicle.turnMovedIn : f.movedIn) : 0,
    fullMoveIn: vehicle ? vehicle.combatSpeedIn : figureFullMoveIn(state, f),
    prone: f.prone,
    braced: f.braced,
    // SMLE-HERO-04: a Tough hero's wound does not disable him.
    untreatedLightWound: f.status === 'lightWound' && !f.treated,
    teamNotUnderFire: team ? isNotUnderFire(fireCategories(team)) : false,
    heroGrade: hero,
    vehicleLightWound: vehicle?.status === 'VLW',
  }
}

/** The target unit's rating for Table 3 (SMLE-QUAL-03). */
export function targetQuality(state: MatchState, team: TeamState): FigureState['quality'] {
  return teamRating(
    presentFigures(state, team).map((f) => f.quality),
    team.motivation,
  )
}

/**
 * SMLE-SHOOT-26: whether a team in a prepared position may fire now, and at
 * a point: not in the round it moved in, and only within the position's 90°
 * arc. Returns the refusal, or null.
 */
export function preparedPositionBars(state: MatchState, world: World, f: FigureState, at: Vec2): string | null {
  const team = state.teams[f.teamId]
  if (!team?.preparedPositionId) return null
  const pos = world.positionAt(f.position)
  if (!pos || pos.id !== team.preparedPositionId) return null
  if (!preparedPositionState({ enteredRound: team.preparedSince, round: state.round }).mayFire)
    return `${team.name} only moved into its position this round: it may not fire until next round.`
  if (!world.inFiringArc(pos.id, at)) return `${f.name} cannot fire outside its position's arc without leaving it.`
  return null
}

/** The cover a target figure has from a firer (SMLE-SHOOT-24), a prepared position counting only once settled (SMLE-SHOOT-26). */
export function coverFrom(state: MatchState, world: World, target: FigureState, firer: FigureState): CoverGrade {
  const team = state.teams[target.teamId]
  if (target.vehicleId !== null) return 'hard'
  const cover = world.coverOf(target, firer, state.doors)
  if (cover !== 'prepared') return cover
  const settled =
    team?.preparedPositionId !== null &&
    team !== undefined &&
    preparedPositionState({ enteredRound: team.preparedSince, round: state.round }).benefits
  return settled ? 'prepared' : 'hard'
}

/** The centre of a team's present figures, or of one figure. */
export function teamCentre(state: MatchState, team: TeamState): Vec2 | null {
  return centroid(presentFigures(state, team))
}
