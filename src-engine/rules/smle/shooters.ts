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
import { ammoLeft, firesDirect, weaponProfile, type WeaponProfile, type WeaponReadiness } from './weapons'
import { vehicleHulls } from './vehicle-sight'

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
 * The guns mounted on the vehicle a figure crews that may fire now, one entry
 * per gun (a medium tank's two MMGs are two entries): none while the vehicle
 * went at road speed (SMLE-VEH-02) or its damage forbids (SMLE-VEH-15), only
 * the secondary ones for a VSW vehicle with damage capacity (SMLE-VEH-17).
 */
export function mountedWeaponIds(state: MatchState, f: FigureState): readonly string[] {
  const vehicle = crewedVehicle(state, f)
  if (!vehicle || vehicle.roadSpeed) return []
  const may = vehicleEffects({ status: vehicle.status, vsw: vehicle.vswCount }, state.settings).mayFire
  if (may === 'none') return []
  return may === 'secondary' ? vehicle.weapons.slice(1) : vehicle.weapons
}

/**
 * Whether a figure may fire the weapons it carries itself. On foot, yes.
 * SMLE-VEH-16 [decision]: a closed hull works both ways: it protects those
 * inside completely, and nobody inside can shoot out of it with his own
 * weapon, so the crew of a closed vehicle fires only its mounted guns. In
 * an open-topped vehicle the crew (as its passengers) may fire their own
 * weapons, unless the vehicle may fire nothing at all (road speed,
 * SMLE-VEH-02; damage, SMLE-VEH-15/17).
 */
export function firesOwnWeapons(state: MatchState, f: FigureState): boolean {
  const vehicle = crewedVehicle(state, f)
  if (!vehicle) return true
  if (!vehicle.openTopped || vehicle.roadSpeed) return false
  return vehicleEffects({ status: vehicle.status, vsw: vehicle.vswCount }, state.settings).mayFire === 'all'
}

/** The direct-fire weapons among `ids` that a figure has ready: with a range, rounds left (SMLE-WPN-11), not discarded. */
function readyWeapons(state: MatchState, f: FigureState, ids: readonly string[]): WeaponProfile[] {
  const team = state.teams[f.teamId]
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

/**
 * The weapons a figure may fire now: its vehicle's mounted guns if it crews
 * one (SMLE-VEH-10), and its own where it may fire them (`firesOwnWeapons`);
 * direct-fire weapons with a range, with rounds left (SMLE-WPN-11).
 */
export function usableWeapons(state: MatchState, f: FigureState): WeaponProfile[] {
  return readyWeapons(state, f, [...mountedWeaponIds(state, f), ...(firesOwnWeapons(state, f) ? f.weapons : [])])
}

/** The weapon a figure fires: the one asked for, else its first usable gun (explosives only when asked). */
export function chooseWeapon(state: MatchState, f: FigureState, asked: string | undefined): WeaponProfile | undefined {
  const usable = usableWeapons(state, f)
  if (asked !== undefined) return usable.find((w) => w.id === weaponProfile(asked)?.id)
  return usable.find((w) => w.type !== 'EX') ?? undefined
}

/** The weapon one figure fires in an attack, and the vehicle whose mounted gun it is (null: its own weapon). */
export interface WeaponChoice {
  readonly weapon: WeaponProfile
  readonly mountedOn: string | null
}

/**
 * The weapon a figure fires in an attack in which some mounted guns have
 * already been taken by other crewmen (`taken`: per vehicle, per weapon id,
 * how many). SMLE-VEH-10 [decision] (§13 does not say who works a vehicle's
 * guns; the seed lists the crew as commander, driver, gunner, loader, radio
 * operator): each mounted gun fires once per attack, worked by one crewman,
 * and a crewman works one weapon. Any crewman aboard may work any of its
 * guns (a jeep's one-man crew works its MMG), the first free one unless he
 * asks; a crewman with no gun left fires his own weapon where he may
 * (`firesOwnWeapons`). Refused with the clause when the weapon asked for is
 * taken (SMLE-VEH-10) or shut in a closed hull (SMLE-VEH-16).
 */
export function weaponForAttack(
  state: MatchState,
  f: FigureState,
  asked: string | undefined,
  taken: ReadonlyMap<string, ReadonlyMap<string, number>>,
): { ok: true; choice: WeaponChoice } | { ok: false; clause: string; message: string } {
  const vehicle = crewedVehicle(state, f)
  if (!vehicle) {
    const weapon = chooseWeapon(state, f, asked)
    return weapon
      ? { ok: true, choice: { weapon, mountedOn: null } }
      : { ok: false, clause: 'SMLE-WPN-01', message: noWeapon(f, asked) }
  }
  const askedId = asked === undefined ? undefined : weaponProfile(asked)?.id
  const used = taken.get(vehicle.id)
  const mountedIds = mountedWeaponIds(state, f)
  const free = readyWeapons(state, f, mountedIds).filter(
    (w) => mountedIds.filter((id) => weaponProfile(id)?.id === w.id).length > (used?.get(w.id) ?? 0),
  )
  const own = firesOwnWeapons(state, f) ? readyWeapons(state, f, f.weapons) : []
  const pick = (ws: readonly WeaponProfile[]): WeaponProfile | undefined =>
    askedId !== undefined ? ws.find((w) => w.id === askedId) : ws.find((w) => w.type !== 'EX')
  const gun = pick(free)
  if (gun) return { ok: true, choice: { weapon: gun, mountedOn: vehicle.id } }
  const carried = pick(own)
  if (carried) return { ok: true, choice: { weapon: carried, mountedOn: null } }
  if (
    askedId !== undefined &&
    mountedIds.some((id) => weaponProfile(id)?.id === askedId) &&
    (used?.get(askedId) ?? 0) > 0
  )
    return {
      ok: false,
      clause: 'SMLE-VEH-10',
      message: `${vehicle.name}'s ${weaponProfile(askedId)?.name ?? askedId} is already worked by another crewman in this attack.`,
    }
  if (askedId !== undefined && f.weapons.some((id) => weaponProfile(id)?.id === askedId) && !vehicle.openTopped)
    return {
      ok: false,
      clause: 'SMLE-VEH-16',
      message: `${f.name} is shut inside ${vehicle.name}: only its mounted guns fire out of a closed hull.`,
    }
  return { ok: false, clause: 'SMLE-WPN-01', message: noWeapon(f, asked) }
}

/**
 * The readiness of a vehicle's mounted gun (SMLE-WPN-01, SMLE-SHOOT-28):
 * [decision] the gun is the vehicle's, not one crewman's, so a gun one
 * crewman left jammed or to be reloaded is so for every crewman until the
 * crew reloads it (the worst state any crewman aboard recorded for it).
 */
export function mountedReadiness(state: MatchState, vehicleId: string, weaponId: string): WeaponReadiness {
  const order: readonly WeaponReadiness[] = ['ready', 'needsReload', 'jammed', 'spent']
  const vehicle = state.vehicles[vehicleId]
  let worst: WeaponReadiness = 'ready'
  for (const f of Object.values(state.figures)) {
    if (f.vehicleId !== vehicleId || f.teamId !== vehicle?.crewTeamId) continue
    const r = f.weaponState[weaponId] ?? 'ready'
    if (order.indexOf(r) > order.indexOf(worst)) worst = r
  }
  return worst
}

const noWeapon = (f: FigureState, asked: string | undefined): string =>
  `${f.name} has no weapon ready to fire${asked ? ` (${asked})` : ''}.`

/** Table 3 firer state of a figure (SMLE-SHOOT-20: moved this activation; opportunity fire is from a standing firer). */
export function firerState(state: MatchState, f: FigureState, duringOwnTurn: boolean): FirerState {
  const team = state.teams[f.teamId]
  const vehicle = crewedVehicle(state, f)
  // SMLE-SHOOT-20: a passenger (SMLE-VEH-16) has moved as far as the vehicle carrying him (crew and passengers act as
  // one unit, SMLE-VEH-01).
  const carrier = vehicle ?? (f.vehicleId === null ? undefined : state.vehicles[f.vehicleId])
  const hero = heroGrade(state, f)
  return {
    quality: f.quality,
    motivation: team?.motivation ?? 'none',
    movedIn: duringOwnTurn ? (carrier ? carrier.turnMovedIn : f.movedIn) : 0,
    fullMoveIn: carrier ? carrier.combatSpeedIn : figureFullMoveIn(state, f),
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
  const cover = world.coverOf(target, firer, state.doors, vehicleHulls(state))
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
