import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { newHeader, type Scenario, ScenarioSchema, startMatch } from '../../src-engine/index'
import { forceWarnings, sidePoints } from '../../src-engine/rules/smle/queries/force-check'
import { playOut } from '../../src-engine/rules/smle/queries/playout'
import { REPO_ROOT } from './clauses'

const load = (id: string): Scenario =>
  ScenarioSchema.parse(JSON.parse(readFileSync(join(REPO_ROOT, 'assets', 'scenarios', `${id}.json`), 'utf8')))
const SCENARIOS = [
  'smle-few-brave-sentients',
  'smle-magnificent-seven',
  'smle-multiple-signals',
  'smle-commando',
  'smle-ambush',
  'smle-exterminator',
] as const

describe('the six SMLE scenarios of §16', () => {
  it.each(SCENARIOS)(
    '%s: a valid scenario whose stated points are what the §15 calculator gives (SMLE-PTS-09)',
    (id) => {
      const s = load(id)
      for (const side of s.sides) expect(side.points, side.id).toBe(sidePoints(s, side.id).total)
      expect(Array.isArray(forceWarnings(s))).toBe(true)
    },
  )
  it.each(SCENARIOS)(
    '%s: plays to its end headless with random legal commands (seed 1)',
    (id) => {
      const r = playOut(startMatch(newHeader(load(id), 1, 'quick')), 1)
      expect(r.match.state.phase).toBe('ended')
      expect([null, ...load(id).sides.map((s) => s.id)]).toContain(r.winnerSideId)
      expect(r.rounds).toBeLessThanOrEqual(load(id).roundLimit)
    },
    120_000,
  )
  it('SMLE-SCEN-01: a section-level side against a platoon-level side (points about 1 : 3), holding the central marker at the end of round 10 wins', () => {
    const s = load('smle-few-brave-sentients')
    expect(s.sides.map((x) => x.level)).toEqual(['section', 'platoon'])
    expect((s.sides[1]?.points ?? 0) / (s.sides[0]?.points ?? 1)).toBeCloseTo(3, 0)
    expect(s.roundLimit).toBe(10)
    expect(s.objectives[0]).toMatchObject({ x: s.table.widthIn / 2, z: s.table.depthIn / 2, radiusIn: 2 })
    expect(s.victory.conditions[0]).toMatchObject({ kind: 'control', sideIds: ['rangers', 'militia'] })
  })
  it('SMLE-SCEN-02: a small superior force with heroes (about half the points) against a numerous Reluctant force; the big side must take the objective', () => {
    const s = load('smle-magnificent-seven')
    expect(s.settings.optional.heroes).toBe(true)
    expect(s.teams.filter((t) => t.sideId === 'bandits').every((t) => t.motivation === 'reluctant')).toBe(true)
    expect(s.teams.some((t) => t.figures.some((f) => f.hero))).toBe(true)
    expect((s.sides[0]?.points ?? 0) / (s.sides[1]?.points ?? 1)).toBeCloseTo(0.5, 1)
    expect(s.victory).toMatchObject({ conditions: [{ kind: 'control', sideIds: ['bandits'] }], atTimeLimit: 'seven' })
  })
  it('SMLE-SCEN-03: defenders in prepared positions hold out 8 rounds: any defender left in the area wins', () => {
    const s = load('smle-multiple-signals')
    expect(s.roundLimit).toBe(8)
    expect(s.positions.length).toBeGreaterThanOrEqual(2)
    expect(s.positions.length).toBeLessThanOrEqual(3)
    expect(s.teams.filter((t) => t.preparedPositionId).length).toBe(s.positions.length)
    expect(s.victory).toMatchObject({ conditions: [{ kind: 'occupy', sideId: 'marines' }], atTimeLimit: 'aliens' })
  })
  it('SMLE-SCEN-04: the raider secretly picks one of 3 objectives before set-up, strikes it and gets half its figures off by its own edge', () => {
    const s = load('smle-commando')
    expect(s.objectives).toHaveLength(3)
    expect(s.victory.conditions[0]).toMatchObject({ kind: 'raid', sideId: 'commandos', holdRounds: 1, fraction: 0.5 })
    const m = startMatch(newHeader(s, 1, 'quick'))
    expect(m.state.phase).toBe('setup')
    expect(s.teams.some((t) => t.figures.some((f) => f.kit.includes('demolitionCharge')))).toBe(true)
  })
  it('SMLE-SCEN-05: the small force sets up hidden (its points ×2, SMLE-PTS-07); the column must get half its figures off the far edge in 8 rounds', () => {
    const s = load('smle-ambush')
    expect(s.teams.filter((t) => t.sideId === 'partisans').every((t) => t.hidden)).toBe(true)
    expect(sidePoints(s, 'partisans').multiplier).toBe(2)
    expect(s.roundLimit).toBe(8)
    expect(s.victory).toMatchObject({
      conditions: [{ kind: 'exit', sideId: 'column', edge: 'east', fraction: 0.5 }],
      atTimeLimit: 'partisans',
    })
  })
  it('SMLE-SCEN-06: a monster hunts scattered defenders with a minor hero; 3 weapon caches; round limit 12; the monster must kill them all, the defenders kill it for good or outlast it', () => {
    const s = load('smle-exterminator')
    expect(s.settings.optional).toMatchObject({ monsters: true, heroes: true })
    expect(s.objectives.filter((o) => o.kind === 'cache')).toHaveLength(3)
    expect(s.roundLimit).toBe(12)
    expect(s.teams.some((t) => t.figures.some((f) => f.hero?.grade === 1))).toBe(true)
    expect(s.victory).toMatchObject({
      conditions: [
        { kind: 'killFigures', sideId: 'survivors' },
        { kind: 'eliminate', sideId: 'monster', targetSideId: 'survivors' },
      ],
      atTimeLimit: 'survivors',
    })
  })
})
