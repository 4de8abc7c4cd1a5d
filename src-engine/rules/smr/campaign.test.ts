import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startSmr, withUnits } from '../../../tests/fixtures/smr'
import { parseScenario } from '../loading'
import { promotedProfile, smrCampaignVeterans, smrNextBattle } from './campaign'
import type { UnitProfile } from './profile'
import type { SmrScenario } from './scenario'

const file = (id: string) => {
  const r = parseScenario(
    JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'assets', 'scenarios', `${id}.json`), 'utf8')),
  )
  if (!r.ok) throw new Error(r.message)
  return r.scenario as SmrScenario
}
const contact = file('smr-contact')
const village = file('smr-village-invasion')

/** Contact at its end, with these units made heroes (and these killed). */
function ended(heroes: readonly string[], killed: readonly string[] = []) {
  const m = startSmr(contact)
  const patch: Record<string, { hero?: boolean; status?: 'killed' }> = {}
  for (const id of heroes) patch[id] = { hero: true }
  for (const id of killed) patch[id] = { ...patch[id], status: 'killed' }
  const s = withUnits(m, patch).state
  return { scenario: contact, state: { ...s, phase: 'ended' as const } }
}

describe('SMR campaign play (SMR-OPT-05)', () => {
  it('SMR-OPT-E01: a hero goes up one type per battle: peasant, light, heavy, extra-heavy, and no higher', () => {
    const laserwulf: UnitProfile = { cls: 'P', mount: 'foot', weapon: 'hand', axe: false }
    const chain = [laserwulf]
    for (let i = 0; i < 4; i++) chain.push(promotedProfile(chain.at(-1)!))
    expect(chain.map((p) => p.cls)).toEqual(['P', 'L', 'H', 'XH', 'XH'])
    expect(chain.every((p) => p.mount === 'foot' && p.weapon === 'hand')).toBe(true)
    expect(promotedProfile({ cls: 'H', mount: 'horse', weapon: 'hand', axe: false })).toMatchObject({
      cls: 'XH',
      mount: 'horse',
    })
  })

  it('SMR-OPT-03 / SMR-OPT-05: only the heroes alive at the end go on ("unless killed")', () => {
    const v = smrCampaignVeterans(ended(['nor-peasant-1', 'sax-fowler', 'nor-archer-1'], ['sax-fowler']).state)
    expect(v.map((x) => [x.unitId, x.was.cls, x.profile.cls])).toEqual([
      ['nor-archer-1', 'L', 'H'],
      ['nor-peasant-1', 'P', 'L'],
    ])
  })

  it("the next battle of the same scenario: each veteran takes a place on his own side, one type up, with the hero's +2 (SMR-OPT-04), and the save's scenario records the campaign", () => {
    const last = ended(['nor-peasant-1'])
    const name = last.state.units['nor-peasant-1']!.name
    const { scenario, carried, left } = smrNextBattle(last, contact)
    expect(carried.map((v) => v.unitId)).toEqual(['nor-peasant-1'])
    expect(left).toEqual([])
    // The Normans' first unit that is not their leader (Sir Robert) takes him: the first archer's place.
    const place = scenario.units.find((u) => u.id === 'nor-archer-1')!
    expect(place).toMatchObject({ name, cls: 'L', mount: 'foot', weapon: 'hand', hero: true })
    expect(scenario.campaign).toEqual({
      battle: 2,
      previousScenarioId: 'smr-contact',
      veterans: [{ unitId: 'nor-archer-1', veteranOf: 'nor-peasant-1', name }],
    })
    const next = startSmr(scenario)
    expect(next.state.units['nor-archer-1']).toMatchObject({ name, hero: true, profile: { cls: 'L' } })
    expect(Object.values(next.state.units).filter((u) => u.hero)).toHaveLength(1)
    // Battle three counts on.
    const third = smrNextBattle({ scenario, state: { ...next.state, phase: 'ended' } }, contact)
    expect(third.scenario.campaign?.battle).toBe(3)
    expect(third.scenario.units.find((u) => u.id === 'nor-archer-1')).toMatchObject({ cls: 'H', hero: true })
  })

  it('into another scenario: a veteran fights for the side in the same place; one with no place left sits it out', () => {
    const { scenario, carried } = smrNextBattle(ended(['sax-fowler']), village)
    expect(carried).toHaveLength(1)
    // The Saxons were Contact's second side: Village Invasion's second side is the raiders.
    const place = scenario.units.find((u) => u.hero)!
    expect(place.sideId).toBe('raiders')
    expect(place.cls).toBe('L')
    expect(place.id).not.toBe(scenario.sides[1]!.leaderId)
    const crowded = ended(['sax-huscarl', 'sax-archer', 'sax-spearman', 'sax-fowler', 'sax-slinger'])
    const tiny: SmrScenario = {
      ...contact,
      units: contact.units.filter((u) => u.sideId === 'normans' || u.id === 'sax-thegn' || u.id === 'sax-huscarl'),
    }
    const r = smrNextBattle(crowded, tiny)
    expect(r.carried.map((v) => v.unitId)).toEqual(['sax-huscarl'])
    expect(r.left).toHaveLength(4)
  })
})
