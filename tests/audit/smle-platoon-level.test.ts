/**
 * Audit of activation for a side playing at platoon level (SMLE-GEN-08, SMLE-ORG-04…10, SMLE-QUAL-04/05,
 * SMLE-ACT-01/05/07…17, SMLE-TURN-06), black-box: every expectation comes from shared/rules/smle.md.
 *
 * The table (48"×48", open, flat; light armour: full move 8", half move 4"; bases 1" across, so the gap
 * between two figures is their centres' distance less 1"):
 * - Blue plays at platoon level: the platoon `plt` (leader `lt`, Veteran, in the Green command team `cmd`),
 *   1st Section `s1` (leader `s1l`, Veteran, in `s1a`; teams `s1a`, `s1b`, Green) and 2nd Section `s2`
 *   (leader `s2l` in `s2a`; teams `s2a`, `s2b`, Green, the leader's own rating Green too).
 * - Red: one Trained team `r` 18–20" north, in the open.
 * In the basic layout every team of a section is 1" from the other team of its section and both sections are
 * 7.06" (within one full move) from the command team, all in plain sight.
 *
 * Reading adopted for the leader's +1 and −2 at platoon level (SMLE-ACT-10, -14 (b)): the seed groups sections
 * "under a leader into a platoon level group", and a section rolls as one unit (SMLE-ORG-09), so a section answers
 * to the platoon leader: +1 within one full move of his team and in sight of it, −2 beyond. Its own section leader
 * sets its base quality (his team's rating, SMLE-ACT-10). The other reading (a section's teams answering to their
 * section leader, "group" = section, SMLE-GEN-08) was considered and is not the engine's.
 */
import { describe, expect, it } from 'vitest'
import type { GameEvent, Match, RollModifier } from '../../src-engine/index'
import { NO_FIRE } from '../../src-engine/rules/smle/apply/no-fire'
import { waitingUnits } from '../../src-engine/rules/smle/sequence'
import { holdAll, newMatch, refusedClause, withFigure, withTeam } from '../fixtures/play'
import { activationOf, field, fig, type FigureInput, findSeed, must, rollBoth, sum, team } from './helpers'

type Layout = Record<string, [number, number]>

/** Figures of the basic layout, by id: [x, z]. */
const BASIC: Layout = {
  lt: [20, 44],
  c2: [21.5, 44],
  c3: [23, 44],
  s1l: [10, 40],
  s1a2: [11.5, 40],
  s1a3: [13, 40],
  s1b1: [10, 42],
  s1b2: [11.5, 42],
  s1b3: [13, 42],
  s2l: [30, 40],
  s2a2: [31.5, 40],
  s2a3: [33, 40],
  s2b1: [30, 42],
  s2b2: [31.5, 42],
  s2b3: [33, 42],
  r1: [20, 20],
  r2: [22, 20],
}

/** The command team far to the east: 7.6" (within a full move) from the 2nd Section's nearest man, 26.5" from the 1st's. */
const HQ_FAR: Layout = { lt: [40, 47], c2: [41.5, 47], c3: [43, 47] }

function platoonScenario(opts: { layout?: Layout; quality?: 'green' | 'random'; level?: 'platoon' } = {}) {
  const at: Layout = { ...BASIC, ...opts.layout }
  const quality = opts.quality ?? 'green'
  const f = (id: string, extra: Partial<FigureInput> = {}): FigureInput => {
    const p = at[id]
    if (!p) throw new Error(`no place for ${id}`)
    return fig(id, p[0], p[1], extra)
  }
  const leaderQuality = quality === 'random' ? {} : { quality: 'veteran' as const }
  return field(
    [
      team('cmd', 'blue', [f('lt', leaderQuality), f('c2'), f('c3')], { groupId: 'plt', kind: 'command', quality }),
      team('s1a', 'blue', [f('s1l', leaderQuality), f('s1a2', { quality: 'veteran' }), f('s1a3')], {
        groupId: 's1',
        quality,
      }),
      team('s1b', 'blue', [f('s1b1'), f('s1b2'), f('s1b3')], { groupId: 's1', quality }),
      team('s2a', 'blue', [f('s2l'), f('s2a2'), f('s2a3')], { groupId: 's2', quality }),
      team('s2b', 'blue', [f('s2b1'), f('s2b2'), f('s2b3')], { groupId: 's2', quality }),
      team('r', 'red', [f('r1'), f('r2')], { quality: 'trained' }),
    ],
    {
      sides: [
        {
          id: 'blue',
          name: 'Blue',
          colour: '#0000ff',
          level: opts.level ?? 'platoon',
          deploymentZone: { minX: 0, minZ: 40, maxX: 48, maxZ: 48 },
        },
        { id: 'red', name: 'Red', colour: '#ff0000', deploymentZone: { minX: 0, minZ: 0, maxX: 48, maxZ: 8 } },
      ],
      groups: [
        { id: 'plt', name: 'Platoon', sideId: 'blue', level: 'platoon', leaderFigureId: 'lt' },
        { id: 's1', name: '1st Section', sideId: 'blue', parentId: 'plt', leaderFigureId: 's1l' },
        { id: 's2', name: '2nd Section', sideId: 'blue', parentId: 'plt', leaderFigureId: 's2l' },
      ],
    },
  )
}

const game = (seed = 1, layout: Layout = {}): Match => newMatch(seed, platoonScenario({ layout }))

/** Blue (the first side) rolls phase 1; returns the game and the events. */
function rollBlue(match: Match, groupRolls: string[] = []): { match: Match; events: readonly GameEvent[] } {
  expect(match.state.activeSideId).toBe('blue')
  return must(match, { type: 'rollActivation', sideId: 'blue', groupRolls })
}

const activationDice = (events: readonly GameEvent[]) =>
  events.filter((e) => e.type === 'DiceRolled' && e.purpose.startsWith('activation'))

const byClause = (mods: readonly RollModifier[], clause: string) => mods.filter((m) => m.clause === clause)
const leaderBonus = (mods: readonly RollModifier[]) => sum(byClause(mods, 'SMLE-ACT-10'))
const separation = (mods: readonly RollModifier[]) => sum(byClause(mods, 'SMLE-ACT-14'))
const baseValue = (mods: readonly RollModifier[]) => mods.find((m) => /\(base\)/.test(m.label))?.value

/** The rolled activation of a team, read back with its modifiers as a readable list (for failure messages). */
function rolled(events: readonly GameEvent[], teamId: string) {
  const a = activationOf(events, teamId)
  return { ...a, shown: a.modifiers.map((m) => `${m.label} ${m.value > 0 ? '+' : ''}${m.value}`).join(', ') }
}

describe('SMLE platoon level: what rolls (SMLE-GEN-08, SMLE-ORG-09)', () => {
  it('SMLE-GEN-08 / SMLE-ORG-09: each section rolls one die for all its teams; the command team rolls its own', () => {
    const { events } = rollBlue(game())
    // Units: the command team, the 1st Section, the 2nd Section.
    expect(activationDice(events)).toHaveLength(3)
    for (const [lead, other] of [
      ['s1a', 's1b'],
      ['s2a', 's2b'],
    ] as const) {
      const a = rolled(events, lead)
      const b = rolled(events, other)
      expect(b.die).toBe(a.die)
      expect(b.al).toBe(a.al)
      expect(b.band).toBe(a.band)
    }
    // The two sections and the command team are three different units.
    expect(new Set(['cmd', 's1a', 's2a'].map((id) => rolled(events, id).blockId)).size).toBe(3)
  })

  it('SMLE-ORG-09 / SMLE-TURN-06: a section still rolls once when one of its teams was shot at last round', () => {
    const shot = withTeam(game(), 's1b', {
      fresh: false,
      fire: { thisRound: NO_FIRE, lastRound: { ...NO_FIRE, direct: true, byTeams: ['r'] } },
    })
    const { events } = rollBlue(shot)
    expect(activationDice(events)).toHaveLength(3)
    expect(rolled(events, 's1b').die).toBe(rolled(events, 's1a').die)
    expect(rolled(events, 's1b').al).toBe(rolled(events, 's1a').al)
  })

  it('SMLE-ACT-01 / SMLE-ACT-07 / SMLE-ACT-12 / SMLE-ACT-10: a fresh section in the open: die + leader base + 1 + fresh 2 + not under fire 1', () => {
    const { events } = rollBlue(game())
    // 1st Section: Veteran leader (6) + leader 1 + fresh 2 + not under fire 1 = die + 10.
    const s1 = rolled(events, 's1a')
    expect(s1.al, s1.shown).toBe(s1.die + 10)
    // 2nd Section: Green leader (2) + 1 + 2 + 1 = die + 6.
    const s2 = rolled(events, 's2a')
    expect(s2.al, s2.shown).toBe(s2.die + 6)
  })
})

describe('SMLE platoon level: leaders (SMLE-ACT-10, SMLE-ACT-14, SMLE-QUAL-04)', () => {
  it('SMLE-ACT-10 / SMLE-QUAL-04: the command team rolls on the platoon leader’s own quality and gets his +1', () => {
    const { events } = rollBlue(game())
    const cmd = rolled(events, 'cmd')
    expect(baseValue(cmd.modifiers), cmd.shown).toBe(6)
    expect(leaderBonus(cmd.modifiers), cmd.shown).toBe(1)
    expect(separation(cmd.modifiers), cmd.shown).toBe(0)
    expect(cmd.al, cmd.shown).toBe(cmd.die + 6 + 1 + 2 + 1)
  })

  it('SMLE-ACT-10 / SMLE-QUAL-04: a section rolls on its section leader’s own quality, not its Green teams’ rating', () => {
    const { events } = rollBlue(game())
    const s1 = rolled(events, 's1b')
    expect(baseValue(s1.modifiers), s1.shown).toBe(6)
  })

  it('SMLE-QUAL-04: at platoon level a team’s figures share its rating; the leaders keep their own', () => {
    const m = game()
    expect(m.state.figures['s1a2']?.quality).toBe('green')
    expect(m.state.figures['s1l']?.quality).toBe('veteran')
    expect(m.state.figures['lt']?.quality).toBe('veteran')
  })

  it('SMLE-ACT-10 / SMLE-ACT-14 (b) / SMLE-ORG-09: at platoon level a section answers to the platoon leader (sections are “grouped under a leader into a platoon level group”): beyond a full move of his team it rolls −2, not +1', () => {
    // The command team far east: the 1st Section's nearest man is 26.5" from it.
    const s = rolled(rollBlue(game(1, HQ_FAR)).events, 's1a')
    expect(leaderBonus(s.modifiers), s.shown).toBe(0)
    expect(separation(s.modifiers), s.shown).toBe(-2)
  })

  it('SMLE-ACT-10 / SMLE-GEN-06: a section whose nearest figure is exactly one full move (8") from the command team is within it: +1; half an inch more, −2', () => {
    // The command team on the 1st Section's row, its nearest man 9" (centres) east of the section's nearest: 8" apart.
    const near: Layout = {
      lt: [22, 40],
      c2: [23.5, 40],
      c3: [25, 40],
      s2l: [40, 40],
      s2a2: [41.5, 40],
      s2a3: [43, 40],
      s2b1: [40, 42],
      s2b2: [41.5, 42],
      s2b3: [43, 42],
    }
    const within = rolled(rollBlue(game(1, near)).events, 's1a')
    expect(leaderBonus(within.modifiers), within.shown).toBe(1)
    expect(separation(within.modifiers), within.shown).toBe(0)
    const beyond = rolled(rollBlue(game(1, { ...near, lt: [22.5, 40], c2: [24, 40], c3: [25.5, 40] })).events, 's1a')
    expect(leaderBonus(beyond.modifiers), beyond.shown).toBe(0)
    expect(separation(beyond.modifiers), beyond.shown).toBe(-2)
  })

  it('SMLE-ACT-10 / SMLE-ACT-09: a section whose leader is dead rolls on its teams’ rating, with −2 for him as a casualty', () => {
    const m = withFigure(game(), 's1l', { status: 'dead' })
    const { events } = rollBlue(m)
    const s = rolled(events, 's1b')
    expect(baseValue(s.modifiers), s.shown).toBe(2)
    expect(sum(byClause(s.modifiers, 'SMLE-ACT-09')), s.shown).toBe(-2)
  })

  it('SMLE-ACT-10 / SMLE-ACT-14: with the platoon leader dead the command team rolls on its rating, with neither +1 nor −2', () => {
    const m = withFigure(game(), 'lt', { status: 'dead' })
    const { events } = rollBlue(m)
    const cmd = rolled(events, 'cmd')
    expect(baseValue(cmd.modifiers), cmd.shown).toBe(2)
    expect(leaderBonus(cmd.modifiers), cmd.shown).toBe(0)
    expect(separation(cmd.modifiers), cmd.shown).toBe(0)
    expect(cmd.al, cmd.shown).toBe(cmd.die + 2 + 2 + 1 - 2)
  })

  it('SMLE-ACT-14: with the platoon leader dead, a section has neither his +1 nor −2 (no living leader)', () => {
    const m = withFigure(game(1, HQ_FAR), 'lt', { status: 'dead' })
    const { events } = rollBlue(m)
    for (const id of ['s1a', 's2a']) {
      const s = rolled(events, id)
      expect(leaderBonus(s.modifiers), `${id}: ${s.shown}`).toBe(0)
      expect(separation(s.modifiers), `${id}: ${s.shown}`).toBe(0)
    }
  })
})

describe('SMLE platoon level: the section’s situation (SMLE-ORG-05, SMLE-ACT-04, -07, -09, -12, -15, -17)', () => {
  it('SMLE-ORG-05 / SMLE-ACT-14 (a): a figure exactly half a move (4") from its nearest team-mate is not separated', () => {
    // s1b3 moved 4" (edge to edge) east of s1b2 (11.5,42).
    const m = withFigure(game(), 's1b3', { position: { x: 16.5, y: 0, z: 42 } })
    const { events } = rollBlue(m)
    const s = rolled(events, 's1a')
    expect(separation(s.modifiers), s.shown).toBe(0)
  })

  it('SMLE-ORG-05 / SMLE-ACT-14 (a): a figure of one team more than half a move from all its team-mates costs the section −2', () => {
    const m = withFigure(game(), 's1b3', { position: { x: 17, y: 0, z: 42 } })
    const { events } = rollBlue(m)
    for (const id of ['s1a', 's1b']) {
      const s = rolled(events, id)
      expect(separation(s.modifiers), `${id}: ${s.shown}`).toBe(-2)
    }
    // The other section is not touched.
    expect(separation(rolled(events, 's2a').modifiers)).toBe(0)
  })

  it('SMLE-ACT-09: casualties and light wounds anywhere in the section count: −2 each casualty, −1 each untreated light wound, nothing for a treated one', () => {
    let m = withFigure(game(), 's1b1', { status: 'dead' })
    m = withFigure(m, 's1b2', { status: 'seriousWound' })
    m = withFigure(m, 's1a2', { status: 'lightWound', treated: false })
    m = withFigure(m, 's1a3', { status: 'lightWound', treated: true })
    const { events } = rollBlue(m)
    const s = rolled(events, 's1a')
    expect(sum(byClause(s.modifiers, 'SMLE-ACT-09')), s.shown).toBe(-2 - 2 - 1)
    // Veteran leader 6 + 1 + fresh 2 + not under fire 1 − 5.
    expect(s.al, s.shown).toBe(s.die + 10 - 5)
    // The other section's roll does not carry them.
    expect(byClause(rolled(events, 's2a').modifiers, 'SMLE-ACT-09')).toEqual([])
  })

  it('SMLE-ACT-04 / SMLE-ACT-12 / SMLE-ACT-13 / SMLE-ACT-17: fire on the section’s teams last round: each category once, no “not under fire”', () => {
    let m = withTeam(game(), 's1a', {
      fresh: false,
      fire: { thisRound: NO_FIRE, lastRound: { ...NO_FIRE, direct: true, byTeams: ['r'] } },
    })
    m = withTeam(m, 's1b', {
      fresh: false,
      fire: { thisRound: NO_FIRE, lastRound: { ...NO_FIRE, direct: true, auto: true, flank: true, byTeams: ['r'] } },
    })
    const { events } = rollBlue(m)
    const s = rolled(events, 's1a')
    // Veteran leader 6 + 1 − direct 1 − auto 1 − flank 1 (no fresh, no not-under-fire).
    expect(s.al, s.shown).toBe(s.die + 6 + 1 - 3)
    expect(byClause(s.modifiers, 'SMLE-ACT-12')).toEqual([])
  })

  it('SMLE-ACT-07: a section one of whose teams has lost its freshness is not fresh', () => {
    const m = withTeam(game(), 's1b', { fresh: false })
    const { events } = rollBlue(m)
    const s = rolled(events, 's1a')
    expect(byClause(s.modifiers, 'SMLE-ACT-07'), s.shown).toEqual([])
    expect(s.al, s.shown).toBe(s.die + 6 + 1 + 1)
  })

  it('SMLE-ACT-15: a section with a broken team rolls with −2 for broken troops, once however many of its teams broke', () => {
    const one = rolled(rollBlue(withTeam(game(), 's1b', { breaks: 1 })).events, 's1a')
    expect(sum(byClause(one.modifiers, 'SMLE-ACT-15')), one.shown).toBe(-2)
    const both = rolled(rollBlue(withTeam(withTeam(game(), 's1b', { breaks: 1 }), 's1a', { breaks: 1 })).events, 's1a')
    expect(sum(byClause(both.modifiers, 'SMLE-ACT-15')), both.shown).toBe(-2)
  })
})

describe('SMLE platoon level: fire on one team of a section before it acts (SMLE-ACT-16)', () => {
  /** A game where Red acts first in round 1 and has just fired at s1b (the 1st Section not yet acted). */
  function firedOn() {
    const found = findSeed(
      300,
      (seed) => rollBoth(game(seed)).match,
      (m) => m.state.activeUnit?.teamIds[0] === 'r' && (m.state.teams['r']?.activation?.band ?? 0) >= 8,
    )
    const before = found.value
    const after = must(holdAll(before), { type: 'directFire', teamId: 'r', targetTeamId: 's1b' }).match
    return { before, after }
  }

  it('SMLE-ACT-16 / SMLE-ACT-07 / SMLE-ACT-12 / SMLE-ACT-17 / SMLE-ACT-18: the team fired on takes the change at once: no fresh, no not-under-fire, −1 direct, its casualties', () => {
    const { before, after } = firedOn()
    const a0 = before.state.teams['s1b']?.activation
    const a1 = after.state.teams['s1b']?.activation
    if (!a0 || !a1) throw new Error('no activation')
    const s1 = ['s1l', 's1a2', 's1a3', 's1b1', 's1b2', 's1b3'].map((id) => after.state.figures[id])
    const casualties = s1.filter((f) => f?.status === 'dead' || f?.status === 'seriousWound').length
    const wounded = s1.filter((f) => f?.status === 'lightWound' && !f.treated).length
    const shown = a1.modifiers.map((m) => `${m.label} ${m.value}`).join(', ')
    expect(a1.die).toBe(a0.die)
    expect(byClause(a1.modifiers, 'SMLE-ACT-07'), shown).toEqual([])
    expect(byClause(a1.modifiers, 'SMLE-ACT-12'), shown).toEqual([])
    // Veteran section leader 6 + 1 − direct 1 − 2 per casualty − 1 per wound (the firer is in front, 20" north).
    expect(a1.al, shown).toBe(a1.die + 6 + 1 - 1 - 2 * casualties - wounded)
  })

  it('SMLE-ORG-09 / SMLE-GEN-08: after fire on one of its teams the section is still one unit: one AL, one place in the order', () => {
    const { after } = firedOn()
    const a = after.state.teams['s1a']?.activation
    const b = after.state.teams['s1b']?.activation
    expect(b?.al).toBe(a?.al)
    const units = waitingUnits(after.state, 'first').map((u) => [...u.teamIds].sort())
    expect(units).toContainEqual(['s1a', 's1b'])
  })
})

describe('SMLE platoon level: group roll for the platoon (SMLE-TURN-06)', () => {
  it('SMLE-TURN-06: the owner may roll once for the whole platoon, every team at the platoon leader’s AL, as one block', () => {
    const { match, events } = rollBlue(game(), ['plt'])
    expect(activationDice(events)).toHaveLength(1)
    const cmd = rolled(events, 'cmd')
    // The platoon leader's current AL: his team's, Veteran 6 + 1 + fresh 2 + not under fire 1.
    expect(cmd.al, cmd.shown).toBe(cmd.die + 10)
    for (const id of ['s1a', 's1b', 's2a', 's2b']) expect(rolled(events, id).al, id).toBe(cmd.al)
    const r = must(match, { type: 'rollActivation', sideId: 'red' }).match
    const blocks = waitingUnits(r.state, 'first').filter((u) => u.sideId === 'blue')
    expect(blocks).toHaveLength(1)
    expect([...(blocks[0]?.teamIds ?? [])].sort()).toEqual(['cmd', 's1a', 's1b', 's2a', 's2b'])
  })

  it('SMLE-TURN-06: no roll for the whole platoon while a team of one of its sections is being shot at', () => {
    const m = withTeam(game(), 's2b', {
      fire: { thisRound: NO_FIRE, lastRound: { ...NO_FIRE, direct: true, byTeams: ['r'] } },
    })
    expect(refusedClause(m, { type: 'rollActivation', sideId: 'blue', groupRolls: ['plt'] })).toBe('SMLE-TURN-06')
  })
})

describe('SMLE platoon level: random quality (SMLE-QUAL-05)', () => {
  it('SMLE-QUAL-05: each element rolls 1D6 once for its figures; the platoon and section leaders each roll their own at +1', () => {
    const m = newMatch(3, platoonScenario({ quality: 'random' }))
    const { match, events } = rollBlue(m)
    const rolls = events.filter((e) => e.type === 'DiceRolled' && e.purpose.startsWith('quality'))
    // Five elements and three leaders.
    expect(rolls).toHaveLength(8)
    const quality = (total: number) => (total <= 2 ? 'green' : total <= 5 ? 'trained' : 'veteran')
    for (const leader of ['lt', 's1l', 's2l']) {
      const r = rolls.find((e) => e.type === 'DiceRolled' && e.figureId === leader)
      if (!r || r.type !== 'DiceRolled') throw new Error(`no quality roll for ${leader}`)
      expect(sum(r.modifiers)).toBe(1)
      expect(match.state.figures[leader]?.quality).toBe(quality((r.faces[0] ?? 0) + 1))
    }
    // The rank and file of a team share one rating (SMLE-QUAL-04).
    for (const ids of [
      ['c2', 'c3'],
      ['s1a2', 's1a3'],
      ['s1b1', 's1b2', 's1b3'],
    ])
      expect(new Set(ids.map((id) => match.state.figures[id]?.quality)).size).toBe(1)
  })
})
