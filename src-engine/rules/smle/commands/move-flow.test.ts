import { describe, expect, it } from 'vitest'
import {
  holdAll,
  hutMatch,
  hutTurn,
  inTurn,
  newMatch,
  nextRound,
  play,
  refusedClause,
  withFigure,
  withTeam,
} from '../../../../tests/fixtures/play'
import { hutScenario, sectionScenario } from '../../../../tests/fixtures/scenarios'
import { dispatch, type Match } from '../match'
import { DEFAULT_SMLE_SETTINGS } from '../settings'
import { adjustedFullMoveIn, breathAfterRound } from '../movement'
import { moveLeftIn } from './move-rules'

const b2 = (m: Match) => m.state.figures.b2!

describe('movement allowance', () => {
  it('SMLE-MOVE-02 / SMLE-ACT-06: a half-move band gives half the full move; a full-move band all of it', () => {
    expect(moveLeftIn(hutTurn(1, 7).state, b2(hutTurn(1, 7)))).toBe(4)
    expect(moveLeftIn(hutTurn(1, 9).state, b2(hutTurn(1, 9)))).toBe(8)
    expect(refusedClause(hutTurn(1, 7), { type: 'moveFigure', figureId: 'b2', to: { x: 24.5, z: 22 } })).toBe(
      'SMLE-MOVE-01',
    )
  })
  it('SMLE-MOVE-E01: a prone Light rifleman has 7" of a full move and 3" of a half move after standing; going prone after 2" ends his move', () => {
    const prone = withFigure(hutTurn(1, 9), 'b2', { prone: true })
    expect(moveLeftIn(prone.state, b2(prone))).toBe(7)
    const half = withFigure(hutTurn(1, 7), 'b2', { prone: true })
    expect(moveLeftIn(half.state, b2(half))).toBe(3)
    const walked = play(hutTurn(1, 9), [
      { type: 'moveFigure', figureId: 'b2', to: { x: 22, z: 22 } },
      { type: 'goProne', figureId: 'b2' },
    ])
    expect(b2(walked).movedIn).toBeCloseTo(2)
    expect(refusedClause(walked, { type: 'moveFigure', figureId: 'b2', to: { x: 23, z: 22 } })).toBe('SMLE-MOVE-05')
  })
  it('SMLE-MOVE-05: a prone figure may crawl 2" and stays prone; standing costs 1"', () => {
    const prone = withFigure(hutTurn(1, 9), 'b2', { prone: true })
    const crawled = play(prone, [{ type: 'moveFigure', figureId: 'b2', to: { x: 22, z: 22 }, pace: 'crawl' }])
    expect(b2(crawled).prone).toBe(true)
    expect(b2(crawled).crawledIn).toBeCloseTo(2)
    expect(refusedClause(crawled, { type: 'moveFigure', figureId: 'b2', to: { x: 22.5, z: 22 }, pace: 'crawl' })).toBe(
      'SMLE-MOVE-05',
    )
    expect(
      refusedClause(hutTurn(1, 9), { type: 'moveFigure', figureId: 'b2', to: { x: 21, z: 22 }, pace: 'crawl' }),
    ).toBe('SMLE-MOVE-05')
    const stood = play(prone, [{ type: 'standUp', figureId: 'b2' }])
    expect(b2(stood).prone).toBe(false)
    expect(b2(stood).movedIn).toBe(1)
  })
  it('SMLE-MOVE-01 / Table 2: None 10", Light 8", Body armour 6", Aliens 12"; SMLE-MOT-07 Warriors +2"', () => {
    const f = (armour: 'none' | 'light' | 'body' | 'aliens') =>
      adjustedFullMoveIn({ armour, hero: null }, 'none', DEFAULT_SMLE_SETTINGS, 0)
    expect([f('none'), f('light'), f('body'), f('aliens')]).toEqual([10, 8, 6, 12])
    expect(adjustedFullMoveIn({ armour: 'light', hero: null }, 'warriors', DEFAULT_SMLE_SETTINGS, 0)).toBe(10)
  })
  it('SMLE-MOVE-03 / SMLE-OPTR-01: with the option on, Elite and Fanatic troops move 2" more', () => {
    const on = {
      ...DEFAULT_SMLE_SETTINGS,
      optional: { ...DEFAULT_SMLE_SETTINGS.optional, eliteFanaticMoveBonus: true },
    }
    expect(adjustedFullMoveIn({ armour: 'light', hero: null }, 'elite', on, 0)).toBe(10)
    expect(adjustedFullMoveIn({ armour: 'light', hero: null }, 'fanatic', DEFAULT_SMLE_SETTINGS, 0)).toBe(8)
  })
  it('SMLE-MOVE-07 / SMLE-MOVE-E04: a Bren gunner (heavy) moves 7", a mortar crewman (very heavy) 6"; SMLE-HERO-04 Big Guns are not slowed', () => {
    expect(adjustedFullMoveIn({ armour: 'light', hero: null }, 'none', DEFAULT_SMLE_SETTINGS, 1)).toBe(7)
    expect(adjustedFullMoveIn({ armour: 'light', hero: null }, 'none', DEFAULT_SMLE_SETTINGS, 2)).toBe(6)
    expect(
      adjustedFullMoveIn(
        { armour: 'light', hero: { grade: 2, tough: false, spotlight: false, lucky: false, bigGuns: true } },
        'none',
        DEFAULT_SMLE_SETTINGS,
        2,
      ),
    ).toBe(8)
  })
  it('SMLE-DMG-06 / SMLE-DMG-12: a seriously wounded figure moves at most half, unless helped; its helper moves half', () => {
    const hurt = withFigure(hutTurn(1, 9), 'b2', { status: 'seriousWound', prone: false })
    expect(moveLeftIn(hurt.state, b2(hurt))).toBe(4)
    const helped = withFigure(hurt, 'b1', { helping: 'b2' })
    expect(moveLeftIn(helped.state, b2(helped))).toBe(8)
    expect(moveLeftIn(helped.state, helped.state.figures.b1!)).toBe(4)
  })
})

describe('running and breath', () => {
  it('SMLE-MOVE-08 / SMLE-MOVE-E03: a B7 team that runs may move 8"; running is the whole team\u2019s choice', () => {
    const ran = play(hutTurn(1, 7), [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 14 }, pace: 'run' }])
    expect(b2(ran).movedIn).toBeCloseTo(8)
    expect(ran.state.teams['blue-1']?.moveOption?.kind).toBe('run')
    expect(ran.state.teams['blue-1']?.ranThisRound).toBe(true)
    expect(refusedClause(ran, { type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 18 } })).toBe('SMLE-MOVE-08')
    const walked = play(hutTurn(1, 7), [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 21 } }])
    expect(refusedClause(walked, { type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 18 }, pace: 'run' })).toBe(
      'SMLE-MOVE-08',
    )
  })
  it('SMLE-MOVE-08: running cannot be combined with Pinned, Fall Back or Break', () => {
    expect(
      refusedClause(hutTurn(1, 3), { type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 21 }, pace: 'run' }),
    ).toBe('SMLE-OPT-06')
    expect(
      refusedClause(hutTurn(1, 2), { type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 21 }, pace: 'run' }),
    ).toBe('SMLE-OPT-07')
  })
  it('SMLE-MOVE-09 / SMLE-MOVE-E02: three running rounds → a light team halts one round, a heavy team two', () => {
    let light = { runningRounds: 0, haltRounds: 0 }
    let heavy = { runningRounds: 0, haltRounds: 0 }
    const halted: [number, number][] = []
    for (let round = 1; round <= 5; round++) {
      halted.push([light.haltRounds, heavy.haltRounds])
      light = breathAfterRound(light.runningRounds, light.haltRounds, round <= 3, false)
      heavy = breathAfterRound(heavy.runningRounds, heavy.haltRounds, round <= 3, true)
    }
    expect(halted.map(([l]) => l > 0)).toEqual([false, false, false, true, false])
    expect(halted.map(([, h]) => h > 0)).toEqual([false, false, false, true, true])
    const tired = withTeam(hutTurn(1, 9), 'blue-1', { haltRounds: 1 })
    expect(refusedClause(tired, { type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 21 } })).toBe('SMLE-MOVE-09')
  })
})

describe('doors: forcing and rushing', () => {
  it('SMLE-DOOR-03: only a figure on an Advance or Close Assault move (B6+) may force a door', () => {
    expect(refusedClause(hutTurn(1, 5), { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })).toBe('SMLE-DOOR-03')
  })
  it('SMLE-DOOR-05: Door Breakers +2, Warrior or Fanatic +1 on the kick', () => {
    const s = hutScenario()
    s.teams[0]!.figures[0]!.kit = ['doorBreakers']
    s.teams[0]!.motivation = 'warriors'
    const m = play(hutMatch(2, s), [{ type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' }])
    const roll = m.entries[0]?.events.find((e) => e.type === 'DiceRolled')
    expect(roll?.type === 'DiceRolled' && roll.modifiers.map((x) => x.value)).toEqual([2, 1])
  })
  it('SMLE-DOOR-04 / SMLE-DOOR-E03: a rush declared before moving carries the whole team through a door the point man failed to kick in, prone', () => {
    // Find a seed whose kick fails.
    let seed = 0
    for (; seed < 200; seed++) {
      const r = dispatch(hutMatch(seed), { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })
      const roll = r.decision.ok ? r.decision.events.find((e) => e.type === 'DiceRolled') : undefined
      if (roll?.type === 'DiceRolled' && roll.success === false) break
    }
    const m = play(hutMatch(seed), [
      { type: 'rushDoor', teamId: 'blue-1', doorId: 'hut-door' },
      { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' },
    ])
    expect(m.state.doors['hut-door']?.state).toBe('broken')
    for (const id of ['b1', 'b2']) {
      expect(m.state.figures[id]?.prone).toBe(true)
      expect(m.state.figures[id]?.position.z).toBeLessThan(16)
      expect(m.state.figures[id]?.moveEnded).toBe(true)
    }
    expect(m.state.teams['blue-1']?.sprawled).toBe(true)
    const moved = play(hutMatch(seed), [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 21 } }])
    expect(refusedClause(moved, { type: 'rushDoor', teamId: 'blue-1', doorId: 'hut-door' })).toBe('SMLE-DOOR-04')
  })
})

describe('interrupt points (SMLE-COMBAT-05)', () => {
  /** Red waits at B5 east of the hut, in clear sight of Blue Two. */
  const watched = (others: 4 | 5 = 5): Match => {
    const m = withFigure(withFigure(newMatch(1, hutScenario()), 'r1', { position: { x: 25, y: 0, z: 4 } }), 'r2', {
      position: { x: 27, y: 0, z: 4 },
    })
    return inTurn(m, 'blue-1', 9, others)
  }
  it('SMLE-COMBAT-05: a move in sight of an eligible enemy stops after each 1" step and the enemy may decline', () => {
    const m = play(watched(), [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 19 } }])
    expect(m.state.pending).toMatchObject({
      kind: 'opportunity',
      sideId: 'red',
      targetTeamId: 'blue-1',
      eligibleTeamIds: ['red-1'],
    })
    expect(b2(m).position.z).toBeCloseTo(21)
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 18 } })).toBe('CORE-TURN-02')
    const next = play(m, [{ type: 'holdFire', sideId: 'red' }])
    expect(b2(next).position.z).toBeCloseTo(20)
    const done = holdAll(m)
    expect(b2(done).position.z).toBeCloseTo(19)
    expect(done.state.pending).toBeNull()
  })
  it('SMLE-COMBAT-05: holding fire for the rest of the move lets it finish in one go', () => {
    const m = play(watched(), [
      { type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 16 } },
      { type: 'holdFire', sideId: 'red', until: 'move' },
    ])
    expect(b2(m).position.z).toBeCloseTo(16)
    expect(m.state.pending).toBeNull()
  })
  it('SMLE-COMBAT-04: a team that has attacked, or is below B5, offers no opportunity', () => {
    const below = watched(4)
    expect(play(below, [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 19 } }]).state.pending).toBeNull()
    const spent = withTeam(watched(), 'red-1', { attack: 'direct' })
    expect(play(spent, [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 19 } }]).state.pending).toBeNull()
  })
})

describe('motivation constraints', () => {
  it('SMLE-MOT-05: a Reluctant team will not move closer to the enemy unless fired on this round or last', () => {
    const m = withTeam(inTurn(newMatch(1, sectionScenario()), 'b-hq', 9), 'b-hq', { motivation: 'reluctant' })
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b-r1', to: { x: 22, z: 40 } })).toBe('SMLE-MOT-05')
    expect(() => play(m, [{ type: 'moveFigure', figureId: 'b-r1', to: { x: 22, z: 44 } }])).not.toThrow()
    const fired = withTeam(m, 'b-hq', {
      motivation: 'reluctant',
      fire: {
        thisRound: { direct: true, auto: false, explosive: false, flank: false, rear: false, byTeams: ['r-a'] },
        lastRound: m.state.teams['b-hq']!.fire.lastRound,
      },
    })
    expect(() => holdAll(play(fired, [{ type: 'moveFigure', figureId: 'b-r1', to: { x: 22, z: 40 } }]))).not.toThrow()
  })
  it('SMLE-TURN-10: a team has one Move option a turn: after moving it cannot also fall back', () => {
    const m = play(hutTurn(1, 9), [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 21 } }])
    expect(refusedClause(m, { type: 'fallBack', teamId: 'blue-1' })).toBe('SMLE-TURN-10')
    expect(() => play(nextRound(m, 'blue-1', 9), [{ type: 'fallBack', teamId: 'blue-1' }])).not.toThrow()
  })
})
