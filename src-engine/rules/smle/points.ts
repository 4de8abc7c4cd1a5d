import type { ArmourClass, Quality } from './scenario/schema'
import type { Motivation } from './combat-types'
import type { SmleSettings } from './settings'
import { armourValue } from './vehicles'
import type { VehicleArmourClass } from './vehicles-data'
import { requireWeapon, type WeaponTier, weaponTier } from './weapons'

/** SMLE-PTS-01: a team of Light-armoured troops with basic weapons. */
export const TEAM_BASE_POINTS = 12

/** One factor of a cost, with the clause it comes from. */
export interface PointsFactor {
  readonly label: string
  readonly factor: number
  readonly clause: string
}

/** SMLE-PTS-06: motivation multipliers (Reluctant and Steady have none in the source). */
export const MOTIVATION_MULTIPLIER: Readonly<Record<Motivation, number>> = {
  none: 1,
  elite: 2,
  fanatic: 1.5,
  warriors: 1.5,
  reluctant: 1,
  steady: 1,
}

/** SMLE-PTS-06: weapon-tier multipliers (basic 1D, better 1D+1, heavy 1D+2). */
export const WEAPON_TIER_MULTIPLIER: Readonly<Record<WeaponTier, number>> = { basic: 1, better: 1.5, heavy: 2 }

/**
 * SMLE-PTS-06: armour multipliers. Light is the base; Heavy ×1.5;
 * Unarmoured ×0.5; power armour ×2. Body armour (a `[seed]` row, SMLE-WPN-04)
 * has no multiplier in the seed's list, so ×1 (SMLE-PTS-09: only "the
 * multipliers that apply"). Decisions for the Hollywood rows, which the
 * reference prices nowhere: Aliens ×1.5 (as Heavy), Monsters ×2 (as power armour).
 */
export const ARMOUR_MULTIPLIER: Readonly<Record<ArmourClass, number>> = {
  none: 0.5,
  light: 1,
  body: 1,
  heavy: 1.5,
  armoured: 2,
  aliens: 1.5,
  monsters: 2,
}

/** A figure as points see it. */
export interface PointsFigure {
  /** Its main weapon (Table 6 id). */
  readonly weaponId: string
  /** Carries a support weapon or special kit: counts as two figures (SMLE-ORG-03). */
  readonly support?: boolean
}

/** A team to price. */
export interface PointsTeam {
  /** How the breakdown names it (default "Team 1", "Team 2"…). */
  readonly name?: string
  readonly motivation: Motivation
  readonly armour: ArmourClass
  readonly figures: readonly PointsFigure[]
}

/**
 * The weapon tier of most of a team's figures (SMLE-PTS-09), support figures
 * counting twice (SMLE-ORG-03); a tie goes to the better tier (decision).
 */
export function majorityWeaponTier(figures: readonly PointsFigure[]): WeaponTier {
  const weight: Record<WeaponTier, number> = { basic: 0, better: 0, heavy: 0 }
  for (const f of figures) weight[weaponTier(requireWeapon(f.weaponId))] += f.support ? 2 : 1
  let best: WeaponTier = 'basic'
  for (const tier of ['basic', 'better', 'heavy'] as const)
    if (weight[tier] > 0 && weight[tier] >= weight[best]) best = tier
  return best
}

/** The multipliers that apply to a team (SMLE-PTS-06/09), factors of 1 left out. */
export function teamMultipliers(team: PointsTeam): PointsFactor[] {
  const tier = majorityWeaponTier(team.figures)
  const all: PointsFactor[] = [
    { label: `Motivation ${team.motivation}`, factor: MOTIVATION_MULTIPLIER[team.motivation], clause: 'SMLE-PTS-06' },
    { label: `Weapons ${tier}`, factor: WEAPON_TIER_MULTIPLIER[tier], clause: 'SMLE-PTS-06' },
    { label: `Armour ${team.armour}`, factor: ARMOUR_MULTIPLIER[team.armour], clause: 'SMLE-PTS-06' },
  ]
  return all.filter((f) => f.factor !== 1)
}

/** SMLE-PTS-09: team cost = 12 × the product of its multipliers (unrounded; the side total is rounded). */
export function teamPoints(team: PointsTeam): number {
  return teamMultipliers(team).reduce((p, f) => p * f.factor, TEAM_BASE_POINTS)
}

/** SMLE-PTS-09: a vehicle's armour factor by class. */
export const VEHICLE_ARMOUR_FACTOR: Readonly<Record<VehicleArmourClass, number>> = {
  none: 0.5,
  bp: 1,
  light: 1.5,
  medium: 2,
  heavy: 3,
}

/**
 * SMLE-PTS-09: a vehicle costs 12 × its armour factor (by its front armour,
 * decision) plus, if it carries weapons, one heavy-weapons team (12 × 2).
 * Its crew is a team priced as such.
 */
export function vehiclePoints(vehicle: { readonly frontArmour: VehicleArmourClass; readonly armed: boolean }): number {
  return (
    TEAM_BASE_POINTS * VEHICLE_ARMOUR_FACTOR[vehicle.frontArmour] +
    (vehicle.armed ? TEAM_BASE_POINTS * WEAPON_TIER_MULTIPLIER.heavy : 0)
  )
}

/** A side's force. */
export interface ForcePoints {
  readonly teams: readonly PointsTeam[]
  /** SMLE-PTS-02: basic section leaders, +6 each. */
  readonly sectionLeaders?: number
  /** SMLE-PTS-03: platoon leaders with their command team, 12 each. */
  readonly platoonLeaders?: number
  /** SMLE-PTS-04: hand and rifle grenades, 1 each. */
  readonly grenades?: number
  /** SMLE-PTS-04: RPG/LAW rounds, 2 each. */
  readonly rockets?: number
  /** SMLE-PTS-05: prepared positions, 12 each. */
  readonly preparedPositions?: number
  readonly vehicles?: readonly { readonly frontArmour: VehicleArmourClass; readonly armed: boolean }[]
  /** SMLE-PTS-07: the side sets up hidden: ×2 (at least); a scenario may give more. */
  readonly strategicMultiplier?: number
}

/** A priced force: its lines, the subtotal and the rounded total. */
export interface PointsBreakdown {
  readonly lines: readonly { readonly label: string; readonly points: number; readonly clause: string }[]
  readonly subtotal: number
  readonly multiplier: number
  readonly total: number
}

/**
 * The points calculator (§15, SMLE-PTS-09): teams at 12 × multipliers,
 * leaders, explosives, positions and vehicles added, the sum times the
 * strategic multiplier, rounded to the nearest point, halves up.
 */
export function forcePoints(force: ForcePoints): PointsBreakdown {
  const lines: { label: string; points: number; clause: string }[] = force.teams.map((t, i) => ({
    label: t.name ?? `Team ${i + 1}`,
    points: teamPoints(t),
    clause: 'SMLE-PTS-09',
  }))
  const add = (label: string, count: number | undefined, each: number, clause: string): void => {
    if (count) lines.push({ label: `${label} ×${count}`, points: count * each, clause })
  }
  add('Section leader', force.sectionLeaders, 6, 'SMLE-PTS-02')
  add('Platoon leader and command team', force.platoonLeaders, 12, 'SMLE-PTS-03')
  add('Grenade', force.grenades, 1, 'SMLE-PTS-04')
  add('RPG/LAW round', force.rockets, 2, 'SMLE-PTS-04')
  add('Prepared position', force.preparedPositions, 12, 'SMLE-PTS-05')
  for (const [i, v] of (force.vehicles ?? []).entries())
    lines.push({ label: `Vehicle ${i + 1}`, points: vehiclePoints(v), clause: 'SMLE-PTS-09' })
  const subtotal = lines.reduce((s, l) => s + l.points, 0)
  const multiplier = force.strategicMultiplier ?? 1
  if (multiplier < 1) throw new RangeError(`a strategic multiplier is at least 1, got ${multiplier}`)
  return { lines, subtotal, multiplier, total: Math.floor(subtotal * multiplier + 0.5) }
}

/** SMLE-PTS-01 / §1.1: the usual team sizes by quality (Elite teams 2–4). */
export const TEAM_SIZE: Readonly<Record<Quality | 'elite', readonly [number, number]>> = {
  untrained: [1, 12],
  green: [4, 6],
  trained: [3, 4],
  veteran: [2, 3],
  elite: [2, 4],
}

/**
 * A warning when a team is outside its usual size (SMLE-PTS-01, SMLE-ORG-12:
 * a warning, not a refusal); support figures count as two (SMLE-ORG-03).
 */
export function teamSizeWarning(
  quality: Quality,
  motivation: Motivation,
  figures: readonly PointsFigure[],
): string | null {
  const size = figures.reduce((n, f) => n + (f.support ? 2 : 1), 0)
  const key = motivation === 'elite' ? 'elite' : quality
  const [min, max] = TEAM_SIZE[key]
  return size < min || size > max
    ? `${/^[aeiou]/.test(key) ? 'An' : 'A'} ${key} team is usually ${min}–${max} figures; this one counts ${size}.`
    : null
}

/**
 * SMLE-PTS-08: whether a side has some way of dealing with an enemy
 * vehicle: a weapon whose best damage total beats the armour value of the
 * vehicle's weakest face, so it can at least seriously wound it.
 */
export function canHurtVehicle(
  weaponIds: readonly string[],
  weakestFace: VehicleArmourClass,
  settings: SmleSettings,
): boolean {
  const av = armourValue(weakestFace, settings)
  return weaponIds.some((id) => {
    const w = requireWeapon(id)
    return w.damage.dice * 6 + w.damage.plus + w.directHitBonusPerDie * w.damage.dice > av
  })
}
