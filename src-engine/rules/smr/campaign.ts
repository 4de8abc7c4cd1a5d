import type { UnitProfile as SmrProfile } from './profile'
import { type SmrScenario, SmrScenarioSchema } from './scenario'
import type { SmrState } from './state'

/** A hero who survived a battle, as he comes to the next one (SMR-OPT-05). */
export interface SmrVeteran {
  readonly unitId: string
  readonly name: string
  readonly sideId: string
  /** His type in the battle he survived. */
  readonly was: SmrProfile
  /** One type up for the next battle. */
  readonly profile: SmrProfile
}

const NEXT_CLASS = { P: 'L', L: 'H', H: 'XH', XH: 'XH' } as const

/**
 * SMR-OPT-05: a hero goes up one type per battle: peasant → light → heavy →
 * extra-heavy (SMR-OPT-E01: Laserwulf the peasant, a light infantry hero in
 * his next battle, then heavy, then extra-heavy). `[decision]` He keeps his
 * mount and weapon (the source's "or heavy cavalry" is left to the
 * scenario: a rider stays a rider, a man on foot stays on foot), and an
 * extra-heavy hero can go no higher.
 */
export function promotedProfile(p: SmrProfile): SmrProfile {
  return { ...p, cls: NEXT_CLASS[p.cls] }
}

/** The heroes of a finished battle still alive at its end (SMR-OPT-03/05), each promoted one type. */
export function smrCampaignVeterans(state: SmrState): SmrVeteran[] {
  return state.unitOrder
    .map((id) => state.units[id]!)
    .filter((u) => u.hero && u.status === 'ok' && u.profile.creature === undefined)
    .map((u) => ({ unitId: u.id, name: u.name, sideId: u.sideId, was: u.profile, profile: promotedProfile(u.profile) }))
}

/**
 * The next battle of a campaign (SMR-OPT-05): `next` with the surviving
 * heroes of the last one in it. `[decision]` A veteran fights for the side
 * with his old side's id, or else for the side in the same place (first or
 * second); he takes the place of that side's first unit in the scenario's
 * order that is neither its leader nor hidden, nor already taken by another
 * veteran (its position, facing and contingent), with his own name, his
 * promoted type and his hero's powers (SMR-OPT-04). A veteran with no place
 * left sits the battle out. The scenario records the campaign: the battle's
 * number and who came from where.
 */
export function smrNextBattle(
  last: { readonly scenario: SmrScenario; readonly state: SmrState },
  next: SmrScenario,
): { scenario: SmrScenario; carried: SmrVeteran[]; left: SmrVeteran[] } {
  const veterans = smrCampaignVeterans(last.state)
  const units = next.units.map((u) => ({ ...u }))
  const taken = new Set<string>()
  const carried: SmrVeteran[] = []
  const left: SmrVeteran[] = []
  const records: { unitId: string; veteranOf: string; name: string }[] = []
  for (const v of veterans) {
    const oldIndex = last.scenario.sides.findIndex((s) => s.id === v.sideId)
    const side = next.sides.find((s) => s.id === v.sideId) ?? next.sides[oldIndex]
    const place = side
      ? units.find((u) => u.sideId === side.id && u.id !== side.leaderId && !u.hiddenIn && !taken.has(u.id))
      : undefined
    if (!side || !place) {
      left.push(v)
      continue
    }
    taken.add(place.id)
    Object.assign(place, {
      name: v.name,
      cls: v.profile.cls,
      mount: v.profile.mount,
      weapon: v.profile.weapon,
      axe: v.profile.axe,
      hero: true,
    })
    carried.push(v)
    records.push({ unitId: place.id, veteranOf: v.unitId, name: v.name })
  }
  const battle = (last.scenario.campaign?.battle ?? 1) + 1
  const scenario = SmrScenarioSchema.parse({
    ...next,
    units,
    campaign: { battle, previousScenarioId: last.scenario.id, veterans: records },
  })
  return { scenario, carried, left }
}
