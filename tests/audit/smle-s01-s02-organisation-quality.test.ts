/**
 * Audit of SMLE §1 Organisation (SMLE-ORG-*) and §2 Troop quality and
 * motivation (SMLE-QUAL-*, SMLE-MOT-*), black-box.
 */
import { describe, expect, it } from 'vitest'
import { forceWarnings, legalCommands } from '../../src-engine/index'
import { inTurn, newMatch, withFigure } from '../fixtures/play'
import { activationOf, field, fig, findSeed, mod, must, refusal, rollBoth, team, teamOf } from './helpers'

const red = () => team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)])
const baseOf = (mods: readonly { label: string; value: number }[]) => mods.find((m) => /base/i.test(m.label))?.value

describe('SMLE §1 organisation', () => {
  it('SMLE-ORG-12 / §1.1: the engine warns (does not forbid) when a Trained team is larger than 3–4', () => {
    const sc = field([
      team('b', 'blue', [
        fig('b1', 10, 30),
        fig('b2', 12, 30),
        fig('b3', 14, 30),
        fig('b4', 16, 30),
        fig('b5', 18, 30),
      ]),
      red(),
    ])
    expect(forceWarnings(sc).some((w) => w.includes('b'))).toBe(true)
    // and the game still plays
    expect(rollBoth(newMatch(1, sc)).match.state.phase).toBe('play')
  })

  it('SMLE-ORG-03: a support-weapon figure counts double for team size (Veteran team of 3 with an LMG counts 4 → outside 2–3)', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 30, { weapon: 'lmg' }), fig('b2', 12, 30), fig('b3', 14, 30)], {
        quality: 'veteran',
      }),
      red(),
    ])
    const w = forceWarnings(sc).filter((x) => /\bb\b/.test(x))
    expect(w.length).toBeGreaterThan(0)
    // the same team with rifles only is within range: no warning about it
    const plain = field([
      team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30), fig('b3', 14, 30)], { quality: 'veteran' }),
      red(),
    ])
    expect(forceWarnings(plain).filter((x) => /\bb\b/.test(x))).toEqual([])
  })

  const section = () =>
    field(
      [
        team('hq', 'blue', [fig('sgt', 10, 44), fig('h2', 12, 44)], { groupId: 'bs' }),
        team('t2', 'blue', [fig('a1', 14.5, 44), fig('a2', 16.5, 44)], { groupId: 'bs' }),
        team('other', 'blue', [fig('o1', 30, 44), fig('o2', 32, 44)], { groupId: 'bs2' }),
        red(),
      ],
      {
        groups: [
          { id: 'bs', name: 'Blue section', sideId: 'blue', leaderFigureId: 'sgt' },
          { id: 'bs2', name: 'Blue section 2', sideId: 'blue', leaderFigureId: 'o1' },
        ],
      },
    )

  it('SMLE-ORG-08: a leader may attach to another team of its group', () => {
    const m = inTurn(newMatch(1, section()), 'hq', 9)
    const r = must(m, { type: 'transferLeader', figureId: 'sgt', toTeamId: 't2' })
    expect(r.match.state.figures.sgt?.teamId).toBe('t2')
    expect(teamOf(r.match.state, 't2').figureIds).toContain('sgt')
  })

  it('SMLE-ORG-08: …but not to a team of another group', () => {
    const m = inTurn(newMatch(1, section()), 'hq', 9)
    expect(refusal(m, { type: 'transferLeader', figureId: 'sgt', toTeamId: 'other' })?.clause).toMatch(/^SMLE-ORG-08/)
  })

  it('SMLE-ORG-08: an ordinary figure is not a leader and cannot move from team to team', () => {
    const m = inTurn(newMatch(1, section()), 'hq', 9)
    expect(refusal(m, { type: 'transferLeader', figureId: 'h2', toTeamId: 't2' })).not.toBeNull()
  })
})

describe('SMLE §2.1 quality', () => {
  it('SMLE-QUAL-03: team rating for activation = mean of living figures, rounded down (Veteran + Trained → Trained base 4)', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 30, { quality: 'veteran' }), fig('b2', 12, 30, { quality: 'trained' })], {
        quality: 'trained',
      }),
      red(),
    ])
    expect(baseOf(activationOf(rollBoth(newMatch(1, sc)).events, 'b').modifiers)).toBe(4)
  })

  it('SMLE-QUAL-03: Elite rounds up (Veteran + Trained → Veteran base 6)', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 30, { quality: 'veteran' }), fig('b2', 12, 30, { quality: 'trained' })], {
        quality: 'trained',
        motivation: 'elite',
      }),
      red(),
    ])
    expect(baseOf(activationOf(rollBoth(newMatch(1, sc)).events, 'b').modifiers)).toBe(6)
  })

  it('SMLE-QUAL-03: the mean is over living figures only (a dead Green figure no longer pulls a Veteran pair down)', () => {
    const sc = field([
      team('b', 'blue', [
        fig('b1', 10, 30, { quality: 'veteran' }),
        fig('b2', 12, 30, { quality: 'veteran' }),
        fig('b3', 14, 30, { quality: 'green' }),
      ]),
      red(),
    ])
    // alive: (3+3+1)/3 = 2.33 → Trained
    expect(baseOf(activationOf(rollBoth(newMatch(1, sc)).events, 'b').modifiers)).toBe(4)
    const m = withFigure(newMatch(1, sc), 'b3', { status: 'dead' })
    expect(baseOf(activationOf(rollBoth(m).events, 'b').modifiers)).toBe(6)
  })

  it('SMLE-ACT-10: the leader’s own team rolls with the leader’s quality as its base (Veteran sergeant, Trained riflemen → 6)', () => {
    const sc = field(
      [
        team('hq', 'blue', [fig('sgt', 10, 30, { quality: 'veteran' }), fig('h2', 12, 30), fig('h3', 14, 30)], {
          groupId: 'bs',
        }),
        red(),
      ],
      { groups: [{ id: 'bs', name: 'Blue section', sideId: 'blue', leaderFigureId: 'sgt' }] },
    )
    expect(baseOf(activationOf(rollBoth(newMatch(1, sc)).events, 'hq').modifiers)).toBe(6)
  })

  it('SMLE-QUAL-05: random quality: each element rolls 1D6 (1–2 Green, 3–5 Trained, 6 Veteran); the leader rolls separately with +1', () => {
    const sc = field(
      [
        team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30), fig('b3', 14, 30)], {
          quality: 'random',
          groupId: 'bs',
        }),
        team('c', 'blue', [fig('c1', 20, 30), fig('c2', 22, 30)], { quality: 'random', groupId: 'bs' }),
        red(),
      ],
      { groups: [{ id: 'bs', name: 'Blue section', sideId: 'blue', leaderFigureId: 'b1' }] },
    )
    const table = (t: number) => (t <= 2 ? 'green' : t <= 5 ? 'trained' : 'veteran')
    const seen = new Set<string>()
    for (let seed = 1; seed <= 20; seed++) {
      const { events, match } = rollBoth(newMatch(seed, sc))
      for (let i = 0; i < events.length; i++) {
        const e = events[i]
        if (e?.type !== 'DiceRolled' || !/quality/.test(e.purpose)) continue
        const q = events[i + 1]
        if (q?.type !== 'QualityRolled') throw new Error('no QualityRolled after the die')
        expect(q.quality, `${e.purpose} total ${e.total}`).toBe(table(e.total))
        if (q.figureIds.includes('b1')) expect(e.total).toBe((e.faces[0] as number) + 1)
        else expect(e.total).toBe(e.faces[0])
        for (const id of q.figureIds) expect(match.state.figures[id]?.quality).toBe(q.quality)
        seen.add(q.quality)
      }
    }
    expect(seen.size).toBe(3)
  })
})

describe('SMLE-QUAL-06 superior leaders', () => {
  const graded = (grade: 'incompetent' | 'good' | 'exceptional' | 'okay') =>
    field([team('hq', 'blue', [fig('sgt', 10, 30), fig('h2', 12, 30)], { groupId: 'bs' }), red()], {
      groups: [{ id: 'bs', name: 'Blue section', sideId: 'blue', leaderFigureId: 'sgt', leaderGrade: grade }],
    })

  it('SMLE-QUAL-06: an Incompetent leader gives no activation bonus', () => {
    const a = activationOf(rollBoth(newMatch(1, graded('incompetent'))).events, 'hq')
    expect(mod(a.modifiers, /leader/i)).toBeUndefined()
  })

  it('SMLE-QUAL-06: an Okay leader gives +1 as a basic leader', () => {
    const a = activationOf(rollBoth(newMatch(1, graded('okay'))).events, 'hq')
    expect(mod(a.modifiers, /leader/i)?.value).toBe(1)
    expect(a.shifts).toEqual([])
  })

  it('SMLE-QUAL-06: a Good leader moves the team up one band; Exceptional up two', () => {
    for (const [grade, n] of [
      ['good', 1],
      ['exceptional', 2],
    ] as const) {
      const { value: a } = findSeed(
        100,
        (s) => activationOf(rollBoth(newMatch(s, graded(grade))).events, 'hq'),
        (a) => a.die === 1,
      )
      // score: die 1 + trained 4 + fresh 2 + not under fire 1 (+1 leader if the grade keeps it)
      const score = a.die + a.modifiers.reduce((x, m) => x + m.value, 0)
      const bandOfScore = score >= 13 ? 10 : score >= 11 ? 9 : score >= 9 ? 8 : score === 8 ? 7 : score === 7 ? 6 : 5
      expect(a.band, grade).toBe(Math.min(10, bandOfScore + n))
    }
  })
})

describe('SMLE §2.2 motivation', () => {
  const fanatic = (gap: number) =>
    field([
      team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30), fig('b3', 14, 30)]),
      team('r', 'red', [fig('r1', 10, 30 - gap - 1), fig('r2', 12, 30 - gap - 1), fig('r3', 14, 30 - gap - 1)], {
        motivation: 'fanatic',
      }),
      team('b-far', 'blue', [fig('bf1', 46, 46), fig('bf2', 44, 46)]),
    ])

  it('SMLE-MOT-04: a Fanatic team at B7 with a visible enemy in range may not end its turn without attacking', () => {
    const m = inTurn(newMatch(1, fanatic(13)), 'r', 7)
    expect(refusal(m, { type: 'endActivation', teamId: 'r' })?.clause).toBe('SMLE-MOT-04')
    expect(legalCommands(m.state, m.world, 'red').some((c) => c.type === 'endActivation')).toBe(false)
    const fired = must(m, { type: 'directFire', teamId: 'r', targetTeamId: 'b' }).match
    if (fired.state.phase === 'play') expect(refusal(fired, { type: 'endActivation', teamId: 'r' })).toBeNull()
  })

  it('SMLE-MOT-04: a Fanatic team at B9 with the enemy within reach must Close Assault rather than Direct Fire', () => {
    const m = inTurn(newMatch(1, fanatic(4)), 'r', 9)
    expect(refusal(m, { type: 'directFire', teamId: 'r', targetTeamId: 'b' })?.clause).toBe('SMLE-MOT-04')
    expect(legalCommands(m.state, m.world, 'red').some((c) => c.type === 'closeAssault')).toBe(true)
  })

  it('SMLE-MOT-04 / SMLE-MOT-08: the Fanatic rule binds a human player too: legalCommands offers no Opportunity/Return/Panic fire instead of Direct Fire', () => {
    const m = inTurn(newMatch(1, fanatic(13)), 'r', 7)
    const offered = legalCommands(m.state, m.world, 'red')
    expect(offered.some((c) => c.type === 'panicFire')).toBe(false)
    expect(offered.some((c) => c.type === 'directFire')).toBe(true)
  })
})

describe('SMLE-MOT-05 Reluctant', () => {
  const sc = () =>
    field([
      team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30)], { motivation: 'reluctant' }),
      team('r', 'red', [fig('r1', 10, 25), fig('r2', 12, 25), fig('r3', 14, 25)]),
      team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
    ])
  const assault = {
    type: 'closeAssault' as const,
    teamId: 'b',
    targetTeamId: 'r',
    moves: [
      { figureId: 'b1', to: { x: 10, z: 26.02 } },
      { figureId: 'b2', to: { x: 12, z: 26.02 } },
    ],
  }

  it('SMLE-MOT-05: a Reluctant team not fired on may neither close assault nor move closer to a known enemy', () => {
    const m = inTurn(newMatch(1, sc()), 'b', 9)
    expect(refusal(m, { type: 'moveFigure', figureId: 'b1', to: { x: 10, z: 28 } })?.clause).toBe('SMLE-MOT-05')
    expect(refusal(m, assault)?.clause).toBe('SMLE-MOT-05')
    expect(legalCommands(m.state, m.world, 'blue').some((c) => c.type === 'closeAssault')).toBe(false)
    // moving away is fine
    expect(refusal(m, { type: 'moveFigure', figureId: 'b1', to: { x: 10, z: 32 } })).toBeNull()
  })

  it('SMLE-MOT-05: …but it may once fired on last round', () => {
    let m = inTurn(newMatch(1, sc()), 'b', 9)
    const t = m.state.teams.b
    if (!t) throw new Error('no b')
    const fired = { direct: true, auto: false, explosive: false, flank: false, rear: false, byTeams: ['r'] }
    m = {
      ...m,
      state: {
        ...m.state,
        teams: { ...m.state.teams, b: { ...t, fresh: false, fire: { ...t.fire, lastRound: fired } } },
      },
    }
    expect(refusal(m, { type: 'moveFigure', figureId: 'b1', to: { x: 10, z: 28 } })).toBeNull()
    expect(refusal(m, assault)).toBeNull()
  })
})
