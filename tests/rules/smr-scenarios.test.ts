import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScenario } from '../../src-engine/rules/loading'
import { rulesetFor } from '../../src-engine/rules/index'
import { smrContingentPoints, smrSidePoints } from '../../src-engine/rules/smr/points'
import type { SmrScenario } from '../../src-engine/rules/smr/scenario'
import { REPO_ROOT } from './clauses'

const load = (id: string): SmrScenario => {
  const r = parseScenario(JSON.parse(readFileSync(join(REPO_ROOT, 'assets', 'scenarios', `${id}.json`), 'utf8')))
  if (!r.ok) throw new Error(r.message)
  expect(r.ruleset.id).toBe('smr')
  return r.scenario as SmrScenario
}

describe('the two SMR scenarios of §11', () => {
  it('CORE-RULESET-01: "smr" is a registered ruleset: its scenarios load and play through the kernel', () => {
    const r = rulesetFor('smr')
    expect(r.ok && r.value.name).toMatch(/SMR/)
  })

  it('SMR-SCEN-01: "Contact": 15 points a side (battle Type 2), deployed at opposite edges, no turn limit', () => {
    const sc = load('smr-contact')
    expect(sc.battleType).toBe(2)
    expect(sc.turnLimit).toBeNull()
    expect(sc.sides.map((s) => s.edge).sort()).toEqual(['north', 'south'])
    for (const side of sc.sides) {
      expect(side.points).toBe(15)
      expect(smrSidePoints(sc, side.id)).toBe(15)
    }
    expect(sc.victory).toBe('rout')
    expect(sc.description).toMatch(/15-point/)
  })

  it('SMR-SCEN-02: "Village Invasion": the invader has 60 points; the peasants 15 in the open, 20 of the baron\'s troops and 15 hidden in buildings (no cavalry)', () => {
    const sc = load('smr-village-invasion')
    const v = sc.village!
    expect(smrSidePoints(sc, v.invaderSideId)).toBe(60)
    expect(smrContingentPoints(sc, v.peasantSideId, 'open')).toBe(15)
    expect(smrContingentPoints(sc, v.peasantSideId, 'baron')).toBe(20)
    expect(smrContingentPoints(sc, v.peasantSideId, 'hidden')).toBe(15)
    const peasants = sc.sides.find((s) => s.id === v.peasantSideId)!
    for (const c of peasants.contingents) expect(smrContingentPoints(sc, peasants.id, c.id)).toBe(c.points)
    expect(smrSidePoints(sc, peasants.id)).toBe(peasants.points)
    const open = sc.units.filter((u) => u.contingent === 'open')
    expect(open.every((u) => u.cls === 'P')).toBe(true)
    expect(sc.units.filter((u) => u.contingent === 'baron').every((u) => u.cls !== 'P')).toBe(true)
    expect(sc.units.filter((u) => u.hiddenIn).every((u) => u.mount === 'foot')).toBe(true)
  })

  it("SMR-SCEN-03: the Greatheart campaign's door bashing and giant lizards are there as optional rules for any scenario", () => {
    const sc = load('smr-contact')
    // The lizard is bought on top of the Normans' 15 points (SMR-PTS-01): their total is raised to pay for it.
    const file = (): { sides: { id: string; points?: number }[] } => {
      const raw = JSON.parse(readFileSync(join(REPO_ROOT, 'assets', 'scenarios', 'smr-contact.json'), 'utf8')) as {
        sides: { id: string; points?: number }[]
      }
      for (const s of raw.sides) if (s.id === 'normans') s.points = 30
      return raw
    }
    const withLizard = parseScenario({
      ...file(),
      settings: { optional: { creatures: true, doorBashing: true } },
      units: [
        ...sc.units,
        { id: 'lizard', name: 'Giant lizard', sideId: 'normans', cls: 'H', creature: 'giantLizard', x: 10, z: 3 },
      ],
    })
    expect(withLizard.ok).toBe(true)
    const without = parseScenario({
      ...file(),
      units: [
        ...sc.units,
        { id: 'lizard', name: 'Giant lizard', sideId: 'normans', cls: 'H', creature: 'giantLizard', x: 10, z: 3 },
      ],
    })
    expect(without.ok).toBe(false)
  })

  it('SMR-GH-02: the planned random encounter table was never published: nothing of it is in the rules', () => {
    const text = readFileSync(join(REPO_ROOT, 'src-engine', 'rules', 'smr', 'tables.ts'), 'utf8')
    expect(text).not.toMatch(/encounter/i)
  })
})
