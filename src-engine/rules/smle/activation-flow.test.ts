import { describe, expect, it } from 'vitest'
import {
  actingTeamId,
  applyRule,
  awaitingTurns,
  newMatch,
  play,
  refusedClause,
  withFigure,
  withTeam,
} from '../../../tests/fixtures/play'
import { sectionScenario } from '../../../tests/fixtures/scenarios'
import type { Match } from './match'
import { NO_FIRE } from './apply/no-fire'
import { unitActivation } from './activation'
import { activationSituation } from './situation'
import { endTeamTurn, selectNextUnit } from './sequence'

const sections = (seed = 1, over: Parameters<typeof sectionScenario>[0] = {}): Match =>
  newMatch(seed, sectionScenario(over))
const endTurn = (m: Match): Match =>
  applyRule(m, (log, world) => {
    if (log.state.pending) log.push({ type: 'PendingCleared' })
    endTeamTurn(log, world)
  }).match

describe('group activation (SMLE-TURN-06)', () => {
  it('SMLE-TURN-06: a group not under fire rolls once; its teams act one after another at the leader\u2019s AL', () => {
    const m = play(sections(11), [{ type: 'rollActivation', sideId: 'blue', groupRolls: ['b-sec'] }])
    const rolls = m.entries[0]?.events.filter((e) => e.type === 'DiceRolled') ?? []
    expect(rolls).toHaveLength(1)
    const hq = m.state.teams['b-hq']?.activation
    const bren = m.state.teams['b-bren']?.activation
    expect(hq?.blockId).toBe('b-hq')
    expect(bren?.blockId).toBe('b-hq')
    expect(bren?.al).toBe(hq?.al)
    // When the block comes up, the leader's team acts first, then the Bren team.
    let g = awaitingTurns(m, {})
    g = {
      ...g,
      state: {
        ...g.state,
        teams: {
          ...g.state.teams,
          'b-hq': { ...m.state.teams['b-hq']!, turn: 'waiting' },
          'b-bren': { ...m.state.teams['b-bren']!, turn: 'waiting' },
        },
      },
    }
    g = applyRule(g, selectNextUnit).match
    expect(actingTeamId(g)).toBe('b-hq')
    expect(g.state.activeUnit?.teamIds).toEqual(['b-hq', 'b-bren'])
    g = endTurn(g)
    expect(actingTeamId(g)).toBe('b-bren')
  })
  it('SMLE-TURN-06: no group roll while one of its teams is being shot at; every team rolls on its own', () => {
    const m = withTeam(sections(), 'b-bren', {
      fire: { thisRound: NO_FIRE, lastRound: { ...NO_FIRE, direct: true, byTeams: ['r-a'] } },
    })
    expect(refusedClause(m, { type: 'rollActivation', sideId: 'blue', groupRolls: ['b-sec'] })).toBe('SMLE-TURN-06')
    expect(refusedClause(sections(), { type: 'rollActivation', sideId: 'blue', groupRolls: ['r-sec'] })).toBe(
      'SMLE-TURN-06',
    )
  })
  it('SMLE-ORG-09: at platoon level a section rolls once for all its teams', () => {
    const m = play(sections(5, { level: 'platoon' }), [{ type: 'rollActivation', sideId: 'blue' }])
    expect(m.entries[0]?.events.filter((e) => e.type === 'DiceRolled')).toHaveLength(1)
    expect(m.state.teams['b-bren']?.activation?.blockId).toBe('b-hq')
  })
})

describe('double moves (SMLE-TURN-08)', () => {
  const doubleMover = (m: Match): Match => {
    let g = applyRule(awaitingTurns(m, { 'b-bren': 13 }), selectNextUnit).match
    expect(g.state.activeUnit?.turn).toBe('first')
    g = endTurn(g)
    return g
  }
  it('SMLE-OPT-02: a B10 team takes a second turn in phase 6', () => {
    const g = doubleMover(sections())
    expect(actingTeamId(g)).toBe('b-bren')
    expect(g.state.activeUnit?.turn).toBe('second')
  })
  it('SMLE-TURN-08: no double move in the round after a double move; SMLE-HERO-05: Hollywood lets an Elite team do it round after round', () => {
    const again = withTeam(sections(), 'b-bren', { doubleMovedLastRound: true })
    const g = doubleMover(again)
    expect(g.state.activeUnit).toBeNull()
    const hollywood = withTeam(sections(1, { settings: { optional: { heroes: true } } }), 'b-bren', {
      doubleMovedLastRound: true,
      motivation: 'elite',
    })
    expect(doubleMover(hollywood).state.activeUnit?.turn).toBe('second')
  })
})

describe('early interrupt (SMLE-TURN-12)', () => {
  it('SMLE-TURN-12 / SMLE-OPTR-04: with the option on, a higher-AL enemy unit may take its whole turn before the lower one', () => {
    const m = awaitingTurns(sections(1, { settings: { allowEarlyInterrupt: true } }), {
      'r-a': 4,
      'b-hq': 7,
      'b-bren': 9,
    })
    const offered = applyRule(m, selectNextUnit).match
    expect(offered.state.pending).toMatchObject({ kind: 'interrupt', sideId: 'blue', nextTeamIds: ['r-a'] })
    expect(refusedClause(offered, { type: 'interrupt', sideId: 'red', teamId: 'r-a' })).toBe('CORE-TURN-01')
    const taken = play(offered, [{ type: 'interrupt', sideId: 'blue', teamId: 'b-bren' }])
    expect(actingTeamId(taken)).toBe('b-bren')
    expect(taken.state.interrupted).toContain('b-bren')
    const declined = play(offered, [{ type: 'declineInterrupt', sideId: 'blue' }])
    expect(actingTeamId(declined)).toBe('r-a')
  })
  it('SMLE-TURN-12: off by default', () => {
    const m = applyRule(awaitingTurns(sections(), { 'r-a': 4, 'b-hq': 7 }), selectNextUnit).match
    expect(m.state.pending?.kind).not.toBe('interrupt')
    expect(actingTeamId(m)).toBe('r-a')
  })
})

describe('leaders, cohesion and quality', () => {
  it('SMLE-ACT-10: the leader\u2019s own team gets +1 and rolls on his quality; a team within a full move and in sight gets +1', () => {
    const m = withFigure(sections(), 'b-sgt', { quality: 'veteran' })
    const hq = activationSituation(m.state, m.world, ['b-hq'], 'b-hq')
    expect(hq.leader).toBe('basic')
    expect(hq.baseQuality).toBe('veteran')
    const bren = activationSituation(m.state, m.world, ['b-bren'], 'b-bren')
    expect(bren.leader).toBe('basic')
    expect(bren.separatedFromLeader).toBe(false)
  })
  it('SMLE-ACT-10 / SMLE-ORG-09: at platoon level the platoon leader\u2019s own command team gets +1 too, and a section\u2019s team near it', () => {
    // Blue plays at platoon level: Sgt Blue leads the platoon from its command team (Blue HQ, in the platoon itself),
    // and the Bren team belongs to a section of the platoon whose own leader is not on the table.
    const platoon = newMatch(
      1,
      sectionScenario({
        sides: sectionScenario().sides.map((s) => (s.id === 'blue' ? { ...s, level: 'platoon' as const } : s)),
        groups: [
          { id: 'b-plt', name: 'Blue platoon', sideId: 'blue', level: 'platoon', leaderFigureId: 'b-sgt' },
          { id: 'b-sec', name: 'Blue section', sideId: 'blue', parentId: 'b-plt' },
          { id: 'r-sec', name: 'Red section', sideId: 'red', leaderFigureId: 'r-cpl' },
        ],
        teams: sectionScenario().teams.map((t) => (t.id === 'b-hq' ? { ...t, groupId: 'b-plt' } : t)),
      }),
    )
    const hq = activationSituation(platoon.state, platoon.world, ['b-hq'], 'b-hq')
    expect(hq.leader).toBe('basic')
    expect(hq.separatedFromLeader).toBe(false)
    const bren = activationSituation(platoon.state, platoon.world, ['b-bren'], 'b-bren')
    expect(bren.leader).toBe('basic')
    // The command team's roll carries the +1 (SMLE-ACT-01: AL = die + Table 1a).
    const roll = unitActivation(platoon.state, platoon.world, 'b-hq', 3)
    expect(roll.modifiers.find((x) => x.clause === 'SMLE-ACT-10')?.value).toBe(1)
  })
  it('SMLE-ACT-14 / SMLE-ORG-06: a team more than a full move from its leader\u2019s team gets −2 instead', () => {
    let m = withFigure(sections(), 'b-lmg', { position: { x: 44, z: 30, y: 0 } })
    m = withFigure(m, 'b-no2', { position: { x: 45, z: 31, y: 0 } })
    const bren = activationSituation(m.state, m.world, ['b-bren'], 'b-bren')
    expect(bren.leader).toBeNull()
    expect(bren.separatedFromLeader).toBe(true)
    // With no living leader the team gets neither.
    const leaderless = activationSituation(
      withFigure(m, 'b-sgt', { status: 'dead' }).state,
      m.world,
      ['b-bren'],
      'b-bren',
    )
    expect(leaderless.separatedFromLeader).toBe(false)
  })
  it('SMLE-ORG-05: a figure more than half a move from every team-mate separates the whole team (−2)', () => {
    const m = withFigure(sections(), 'b-r2', { position: { x: 30, z: 36, y: 0 } })
    expect(activationSituation(m.state, m.world, ['b-hq'], 'b-hq').separated).toBe(true)
    expect(activationSituation(sections().state, m.world, ['b-hq'], 'b-hq').separated).toBe(false)
  })
  it('SMLE-ACT-09: dead and seriously wounded figures are casualties; an untreated light wound is "wounded"; treated ones are not', () => {
    let m = withFigure(sections(), 'b-r1', { status: 'dead' })
    m = withFigure(m, 'b-r2', { status: 'lightWound' })
    const s = activationSituation(m.state, m.world, ['b-hq'], 'b-hq')
    expect(s.casualties).toBe(1)
    expect(s.wounded).toBe(1)
    expect(activationSituation(withFigure(m, 'b-r2', { treated: true }).state, m.world, ['b-hq'], 'b-hq').wounded).toBe(
      0,
    )
  })
  it('SMLE-QUAL-05: random quality is rolled at the start, one die per element and one (+1) for each leader', () => {
    const m = play(
      sections(9, {
        teams: sectionScenario().teams.map((t) => ({
          ...t,
          quality: t.sideId === 'blue' ? ('random' as const) : t.quality,
        })),
      }),
      [{ type: 'rollActivation', sideId: 'blue' }],
    )
    const rolls = m.entries[0]?.events.filter((e) => e.type === 'QualityRolled') ?? []
    expect(rolls.map((e) => (e.type === 'QualityRolled' ? e.figureIds : []))).toEqual([
      ['b-r1', 'b-r2'],
      ['b-sgt'],
      ['b-lmg', 'b-no2'],
    ])
    const leaderRoll = m.entries[0]?.events.find((e) => e.type === 'DiceRolled' && e.figureId === 'b-sgt')
    expect(leaderRoll?.type === 'DiceRolled' && leaderRoll.modifiers).toEqual([
      { label: 'leader', value: 1, clause: 'SMLE-QUAL-05' },
    ])
    expect(Object.values(m.state.figures).some((f) => f.qualityPending)).toBe(false)
  })
  it('SMLE-QUAL-06 / SMLE-OPTR-03: with superior leaders on, each leader rolls his grade at the start', () => {
    const m = play(sections(4, { settings: { optional: { superiorLeaders: true } } }), [
      { type: 'rollActivation', sideId: 'blue' },
    ])
    expect(m.entries[0]?.events.some((e) => e.type === 'LeaderGraded' && e.groupId === 'b-sec')).toBe(true)
    expect(m.state.groups['b-sec']?.leaderGrade).not.toBe('basic')
  })
  it('SMLE-VEH-01 (organisation) and SMLE-ORG-10: at company level each team is a single base', () => {
    expect(() => sectionScenario({ level: 'company' })).toThrow(/single base/)
  })
  it('SMLE-ACT-01: the activation roll is recorded with every Table 1a modifier and its clause', () => {
    const m = play(sections(2), [{ type: 'rollActivation', sideId: 'blue' }])
    const roll = m.entries[0]?.events.find((e) => e.type === 'DiceRolled')
    // Trained base, leader with group, fresh, not under fire. The house hides it from Red, but 14" away:
    // that is not cover (SMLE-ACT-11, SMLE-SHOOT-24: cover within 2").
    expect(roll?.type === 'DiceRolled' && roll.modifiers.map((x) => x.clause)).toEqual([
      'SMLE-QUAL-01',
      'SMLE-ACT-10',
      'SMLE-ACT-07',
      'SMLE-ACT-12',
    ])
    const hq = m.state.teams['b-hq']?.activation
    const again = unitActivation(m.state, m.world, 'b-hq', hq?.die ?? 0)
    expect(again.al).toBe(hq?.al)
  })
})
