import { describe, expect, it } from 'vitest'
import { ScenarioSchema, type ScenarioInput } from '../scenario/schema'
import { sectionScenario } from '../../../../tests/fixtures/scenarios'
import { newMatch } from '../../../../tests/fixtures/play'
import { forceWarnings, isSupportFigure, sidePoints } from './force-check'

/** SMLE-ORG-E01: a WW2 British section of three elements (the leader with two riflemen, four riflemen, the Bren pair). */
function britishSection(): ScenarioInput {
  const base = sectionScenario()
  return {
    ...base,
    groups: [
      { id: 'sec', name: 'British section', sideId: 'blue', leaderFigureId: 'cpl' },
      ...base.groups.filter((g) => g.sideId === 'red'),
    ],
    teams: [
      {
        id: 't1',
        name: 'Section leader and riflemen',
        sideId: 'blue',
        groupId: 'sec',
        kind: 'command',
        figures: [
          { id: 'cpl', name: 'Cpl', position: { x: 10, z: 44 }, weapon: 'smg' },
          { id: 'r1', name: 'R1', position: { x: 11.2, z: 44 } },
          { id: 'r2', name: 'R2', position: { x: 12.4, z: 44 } },
        ],
      },
      {
        id: 't2',
        name: 'Riflemen',
        sideId: 'blue',
        groupId: 'sec',
        figures: ['r3', 'r4', 'r5', 'r6'].map((id, i) => ({ id, name: id, position: { x: 14 + i * 1.2, z: 44 } })),
      },
      {
        id: 't3',
        name: 'Bren group',
        sideId: 'blue',
        groupId: 'sec',
        figures: [
          { id: 'bren', name: 'Bren gunner', position: { x: 20, z: 44 }, weapon: 'lmg' },
          { id: 'no2', name: 'No. 2', position: { x: 21.2, z: 44 } },
        ],
      },
      ...base.teams.filter((t) => t.sideId === 'red'),
    ],
  }
}

describe('organisation of forces (§1)', () => {
  it('SMLE-ORG-E01 / SMLE-ORG-03: the British section is three teams, and the Bren gunner counts as two figures', () => {
    const s = ScenarioSchema.parse(britishSection())
    expect(s.teams.filter((t) => t.groupId === 'sec')).toHaveLength(3)
    const bren = s.teams.find((t) => t.id === 't3')?.figures[0]
    expect(bren && isSupportFigure(bren)).toBe(true)
    expect(forceWarnings(s).filter((w) => w.startsWith('British section'))).toEqual([])
  })
  it('SMLE-ORG-E02 / SMLE-ORG-04: a platoon of three sections and a command section; a platoon needs 2–6 sections, a section 2–4 teams of 8–12 figures', () => {
    const sec = britishSection()
    const sections = ['s1', 's2', 's3'].map((id) => ({
      id,
      name: `Section ${id}`,
      sideId: 'blue',
      parentId: 'plt',
      leaderFigureId: `${id}-cpl`,
    }))
    const teams = sections.flatMap((g, k) =>
      (sec.teams ?? [])
        .filter((t) => t.sideId === 'blue')
        .map((t) => ({
          ...t,
          id: `${g.id}-${t.id}`,
          groupId: g.id,
          figures: t.figures.map((f) => ({
            ...f,
            id: `${g.id}-${f.id}`,
            position: { x: f.position.x, z: f.position.z - 4 * k },
          })),
        })),
    )
    const hq = {
      id: 'plt-hq',
      name: 'Platoon HQ',
      sideId: 'blue',
      groupId: 'plt',
      kind: 'command' as const,
      figures: [
        { id: 'lt', name: 'Lt', position: { x: 30, z: 46 }, weapon: 'pistol' },
        { id: 'psgt', name: 'Pl Sgt', position: { x: 31.2, z: 46 } },
        { id: 'rad', name: 'Runner', position: { x: 32.4, z: 46 }, kit: ['radio' as const] },
      ],
    }
    const mortar = {
      id: 'plt-mortar',
      name: '2-inch mortar',
      sideId: 'blue',
      groupId: 'plt',
      kind: 'support' as const,
      figures: [
        { id: 'm1', name: 'Mortarman', position: { x: 36, z: 46 }, weapon: 'light-mortar' },
        { id: 'm2', name: 'Loader', position: { x: 37.2, z: 46 } },
      ],
    }
    const piat = {
      id: 'plt-piat',
      name: 'PIAT',
      sideId: 'blue',
      groupId: 'plt',
      kind: 'support' as const,
      figures: [
        { id: 'p1', name: 'PIAT gunner', position: { x: 40, z: 46 }, weapon: 'bazooka' },
        { id: 'p2', name: 'No. 2', position: { x: 41.2, z: 46 } },
      ],
    }
    const s = ScenarioSchema.parse({
      ...sec,
      level: 'platoon',
      groups: [
        { id: 'plt', name: 'Platoon', sideId: 'blue', level: 'platoon', leaderFigureId: 'lt' },
        ...sections,
        ...(sec.groups ?? []).filter((g) => g.sideId === 'red'),
      ],
      teams: [hq, mortar, piat, ...teams, ...(sec.teams ?? []).filter((t) => t.sideId === 'red')],
    })
    expect(forceWarnings(s).filter((w) => w.startsWith('Platoon:') || w.startsWith('Section'))).toEqual([])
    const one = ScenarioSchema.parse({
      ...sec,
      groups: [
        { id: 'plt', name: 'Platoon', sideId: 'blue', level: 'platoon' },
        { id: 'sec', name: 'Lonely section', sideId: 'blue', parentId: 'plt', leaderFigureId: 'cpl' },
        ...(sec.groups ?? []).filter((g) => g.sideId === 'red'),
      ],
    })
    expect(forceWarnings(one)).toContain('Platoon: a platoon has 2–6 sections; this one has 1.')
  })
  it('SMLE-ORG-01 / SMLE-ORG-12: team sizes outside the usual range for their quality are warned about, never refused', () => {
    const s = ScenarioSchema.parse({
      ...britishSection(),
      teams: britishSection().teams?.map((t) => (t.id === 't2' ? { ...t, quality: 'veteran' as const } : t)),
    })
    expect(forceWarnings(s)).toContain('Riflemen: A veteran team is usually 2–3 figures; this one counts 4.')
    expect(() => newMatch(1, s)).not.toThrow()
  })
  it('SMLE-ORG-02: team kinds are Command, Fire, Support Weapon, Vehicle Crew and Specialists', () => {
    expect(() =>
      ScenarioSchema.parse({
        ...britishSection(),
        teams: britishSection().teams?.map((t) => ({ ...t, kind: 'specialist' })),
      }),
    ).not.toThrow()
    expect(() =>
      ScenarioSchema.parse({
        ...britishSection(),
        teams: britishSection().teams?.map((t) => ({ ...t, kind: 'cavalry' })),
      }),
    ).toThrow()
  })
  it('SMLE-PTS-01 / SMLE-PTS-02: the section prices at 12 a team and 6 for its leader; a hidden side doubles (SMLE-PTS-07)', () => {
    const s = ScenarioSchema.parse(britishSection())
    const blue = sidePoints(s, 'blue')
    // Three teams: two basic (12 each), the Bren team's majority is … the LMG counts twice: better tier ×1.5.
    expect(blue.lines.map((l) => l.points)).toEqual([12, 12, 18, 6])
    const hidden = ScenarioSchema.parse({
      ...britishSection(),
      teams: britishSection().teams?.map((t) => (t.sideId === 'blue' ? { ...t, hidden: true } : t)),
    })
    expect(sidePoints(hidden, 'blue').total).toBe(2 * blue.total)
  })
})
