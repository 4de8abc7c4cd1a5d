import type { Scenario, TeamSpec } from '../scenario/schema'
import { forcePoints, type PointsBreakdown, type PointsFigure, teamSizeWarning } from '../points'
import { weaponProfile } from '../weapons'
import { resolvedVehicle } from '../initial-state'
import type { ArmourClass, Quality } from '../scenario/schema'

/**
 * SMLE-ORG-03: a figure carrying a support weapon (a heavy or very heavy
 * Table 6 weapon) or special kit (a radio, a medic's bag, demolitions)
 * counts as two figures for team size and points.
 */
export function isSupportFigure(f: TeamSpec['figures'][number]): boolean {
  const heavy = [f.weapon, ...f.otherWeapons].some((w) => (weaponProfile(w)?.encumbrance ?? 'none') !== 'none')
  return heavy || f.kit.some((k) => k === 'radio' || k === 'medic' || k === 'demolitionCharge')
}

/** A team's figures as the points calculator and the size rules see them; a figure armed only for close combat counts as basic-armed (SMLE-PTS-01). */
function pointsFigures(team: TeamSpec): PointsFigure[] {
  return team.figures.map((f) => ({
    weaponId: [f.weapon, ...f.otherWeapons].find((w) => weaponProfile(w) !== undefined) ?? BASIC_WEAPON,
    support: isSupportFigure(f),
  }))
}

/** The Table 6 basic weapon that stands for "basic weapons" in the points (a melee fighter costs as one). */
const BASIC_WEAPON = 'pistol'

/** The most common value of a list (ties: the first seen). */
function majority<T>(values: readonly T[], fallback: T): T {
  const counts = new Map<T, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  let best = fallback
  let n = 0
  for (const [v, c] of counts) if (c > n) [best, n] = [v, c]
  return best
}

/** A team's quality for the size rule: fixed, or Trained (the usual roll) when rolled at the start. */
function teamQuality(team: TeamSpec): Quality {
  return team.quality === 'random' ? 'trained' : team.quality
}

/** One piece of advice about a scenario's forces: its words and the team or group it is about. */
export interface ForceAdvice {
  readonly message: string
  readonly objectId: string
}

/**
 * What the scenario's forces do against the organisation rules, as advice
 * (they are advice, not limits): team sizes by quality (SMLE-ORG-12,
 * SMLE-PTS-01, support figures counting double, SMLE-ORG-03), sections of
 * 8–12 figures in 2–4 teams and platoons of 2–6 sections (SMLE-ORG-04).
 */
export function forceAdvice(scenario: Scenario): ForceAdvice[] {
  const out: ForceAdvice[] = []
  for (const team of scenario.teams) {
    const w = teamSizeWarning(teamQuality(team), team.motivation, pointsFigures(team))
    if (w) out.push({ message: `${team.name}: ${w}`, objectId: team.id })
  }
  for (const g of scenario.groups) {
    const teams = scenario.teams.filter((t) => t.groupId === g.id)
    const say = (message: string): void => void out.push({ message, objectId: g.id })
    if (g.level === 'section') {
      const size = teams.flatMap(pointsFigures).reduce((n, f) => n + (f.support ? 2 : 1), 0)
      if (teams.length < 2 || teams.length > 4) say(`${g.name}: a section has 2–4 teams; this one has ${teams.length}.`)
      if (size < 8 || size > 12) say(`${g.name}: a section is 8–12 figures; this one counts ${size}.`)
    }
    if (g.level === 'platoon') {
      const sections = scenario.groups.filter((s) => s.parentId === g.id).length
      if (sections < 2 || sections > 6) say(`${g.name}: a platoon has 2–6 sections; this one has ${sections}.`)
    }
  }
  return out
}

/** `forceAdvice` as words only. */
export function forceWarnings(scenario: Scenario): string[] {
  return forceAdvice(scenario).map((a) => a.message)
}

/**
 * A side's points (§15 through the calculator, SMLE-PTS-09): its teams with
 * their multipliers, a basic leader per section (SMLE-PTS-02), a platoon
 * leader per platoon (SMLE-PTS-03), the explosive rounds carried
 * (SMLE-PTS-04), its prepared positions (SMLE-PTS-05), its vehicles, and ×2
 * when it sets up hidden (SMLE-PTS-07).
 */
export function sidePoints(scenario: Scenario, sideId: string): PointsBreakdown {
  const teams = scenario.teams.filter((t) => t.sideId === sideId)
  const groups = scenario.groups.filter((g) => g.sideId === sideId)
  const rounds = (ids: readonly string[]): number =>
    teams.reduce((n, t) => n + ids.reduce((m, id) => m + (t.ammo[id] ?? 0), 0), 0)
  return forcePoints({
    teams: teams.map((t) => ({
      name: t.name,
      motivation: t.motivation,
      armour: majority<ArmourClass>(
        t.figures.map((f) => f.armour),
        'light',
      ),
      figures: pointsFigures(t),
    })),
    sectionLeaders: groups.filter((g) => g.level === 'section' && g.leaderFigureId !== undefined).length,
    platoonLeaders: groups.filter((g) => g.level === 'platoon').length,
    grenades: rounds(['hand-grenade', 'rifle-grenade']),
    rockets: rounds(['bazooka', 'law', 'panzerfaust']),
    preparedPositions: scenario.positions.filter((p) => p.sideId === sideId).length,
    vehicles: scenario.vehicles
      .filter((v) => v.sideId === sideId)
      .map((v) => resolvedVehicle(v))
      .map((v) => ({ frontArmour: v.armour.front, armed: v.weapons.length > 0 })),
    strategicMultiplier: teams.some((t) => t.hidden) ? 2 : 1,
  })
}
