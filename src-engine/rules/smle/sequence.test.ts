import { describe, expect, it } from 'vitest'
import { actingTeamId, applyRule, awaitingTurns, newMatch, play } from '../../../tests/fixtures/play'
import { sectionScenario } from '../../../tests/fixtures/scenarios'
import type { Match } from './match'
import { quickThrow } from '../../dice/quick-dice'
import { seedRng } from '../../rng/sfc32'
import { endTeamTurn, selectNextUnit } from './sequence'

const sections = (seed = 1): Match => newMatch(seed, sectionScenario())
/** SMLE-TURN-E01's four units: Red A 4, Blue B 7, Red C 7, Blue D 13. */
const example = (seed: number): Match => awaitingTurns(sections(seed), { 'r-a': 4, 'b-hq': 7, 'r-b': 7, 'b-bren': 13 })

/** A seed whose first two 1D6 are these faces (the roll-off of the example). */
function seedFor(first: number, second: number): number {
  for (let seed = 0; seed < 5000; seed++) {
    const a = quickThrow(seedRng(seed), 1)
    const b = quickThrow(a.rng, 1)
    if (a.faces[0] === first && b.faces[0] === second) return seed
  }
  throw new Error('no seed')
}

/** Ends the acting team's turn (declining any opportunity fire offered first) and returns the game. */
const endTurn = (m: Match): Match =>
  applyRule(m, (log, world) => {
    if (log.state.pending) log.push({ type: 'PendingCleared' })
    endTeamTurn(log, world)
  }).match

describe('round sequence', () => {
  it('SMLE-TURN-02 / SMLE-ACT-01: when both sides have rolled, the unit with the lowest AL becomes active', () => {
    const m = play(sections(7), [
      { type: 'rollActivation', sideId: 'blue' },
      { type: 'rollActivation', sideId: 'red' },
    ])
    expect(m.state.phase).toBe('play')
    const acting = actingTeamId(m)
    const als = Object.values(m.state.teams).map((t) => t.activation?.al ?? Infinity)
    expect(m.state.teams[acting ?? '']?.activation?.al).toBe(Math.min(...als))
  })

  it('SMLE-TURN-E01 / SMLE-TURN-03: order A; B and C roll off (Blue 5, Red 2 → C, then B); then D; then D\u2019s second turn', () => {
    let m = example(seedFor(5, 2))
    m = applyRule(m, selectNextUnit).match
    const order: string[] = []
    const turns: string[] = []
    for (let i = 0; i < 6 && m.state.activeUnit; i++) {
      order.push(actingTeamId(m) ?? '')
      turns.push(m.state.activeUnit.turn)
      m = endTurn(m)
    }
    expect(order).toEqual(['r-a', 'r-b', 'b-hq', 'b-bren', 'b-bren'])
    expect(turns).toEqual(['first', 'first', 'first', 'first', 'second'])
    // The roll-off set only the order; both kept AL 7.
    expect(m.state.phase).toBe('activation')
  })

  it('SMLE-TURN-03: the lower roll goes first; a tie re-rolls until broken', () => {
    const m = applyRule(applyRule(example(seedFor(2, 5)), selectNextUnit).match, (log, world) => {
      log.push({ type: 'PendingCleared' })
      endTeamTurn(log, world)
    })
    const rolls = m.events.filter((e) => e.type === 'DiceRolled')
    expect(rolls).toHaveLength(2)
    expect(actingTeamId(m.match)).toBe('b-hq')
    const same = applyRule(applyRule(example(seedFor(4, 4)), selectNextUnit).match, (log, world) => {
      log.push({ type: 'PendingCleared' })
      endTeamTurn(log, world)
    })
    expect(same.events.filter((e) => e.type === 'DiceRolled').length).toBeGreaterThan(2)
    expect(same.events.some((e) => e.type === 'RolloffSet')).toBe(true)
  })

  it('SMLE-TURN-04 / SMLE-ACT-16: a waiting team fired on takes the modifier at once and may then act sooner', () => {
    let m = applyRule(example(seedFor(5, 2)), selectNextUnit).match
    expect(actingTeamId(m)).toBe('r-a')
    // Red C (AL 7) is fired on before it acts: −1 direct, −1 auto, no more "not under fire" (+1), no longer fresh (+2).
    m = applyRule(m, (log) =>
      log.push({
        type: 'FireReceived',
        teamId: 'r-b',
        fromTeamId: 'b-hq',
        direct: true,
        auto: true,
        explosive: false,
        flank: false,
        rear: false,
      }),
    ).match
    m = endTurn(m)
    expect(m.state.teams['r-b']?.activation?.al).toBe(2)
    expect(actingTeamId(m)).toBe('r-b')
  })

  it('SMLE-ACT-16: the active team\u2019s AL does not fall during its own turn, but does afterwards', () => {
    let m = applyRule(example(1), selectNextUnit).match
    expect(actingTeamId(m)).toBe('r-a')
    m = applyRule(m, (log) =>
      log.push({
        type: 'FireReceived',
        teamId: 'r-a',
        fromTeamId: 'b-hq',
        direct: true,
        auto: false,
        explosive: false,
        flank: false,
        rear: false,
      }),
    ).match
    // AL 4 is B3 (Pinned): it may still fall back.
    const settled = play({ ...m, state: { ...m.state, pending: null } }, [{ type: 'fallBack', teamId: 'r-a' }])
    expect(settled.state.figures['r-a1']?.position.z).toBeLessThan(5)
    expect(settled.state.teams['r-a']?.activation?.al).toBe(4)
    const after = endTurn(settled)
    expect(after.state.teams['r-a']?.activation?.al).toBeLessThan(4)
  })

  it('SMLE-TURN-05 / SMLE-TURN-09 / SMLE-OPT-02: second turns come after every first turn, at the AL recomputed from the phase-1 die (no new roll)', () => {
    let m = applyRule(example(seedFor(5, 2)), selectNextUnit).match
    for (let i = 0; i < 20 && m.state.activeUnit?.turn === 'first'; i++) {
      if (actingTeamId(m) === 'b-bren') {
        // D picks up fire in its first turn: it counts for the second.
        m = applyRule(m, (log) =>
          log.push({
            type: 'FireReceived',
            teamId: 'b-bren',
            fromTeamId: 'r-a',
            direct: true,
            auto: false,
            explosive: false,
            flank: false,
            rear: false,
          }),
        ).match
      }
      m = endTurn(m)
    }
    expect(m.state.activeUnit?.turn).toBe('second')
    expect(actingTeamId(m)).toBe('b-bren')
    const d = m.state.teams['b-bren']?.activation
    // 13 − 1 direct − 1 "not under fire" lost − 2 fresh lost = 9: B8, no third turn.
    expect(d?.al).toBe(9)
    expect(d?.die).toBe(example(1).state.teams['b-bren']?.activation?.die)
  })

  it('SMLE-TURN-11: the round ends with fire received moved to "last round", flags cleared and phase 1 of the next round', () => {
    let m = applyRule(example(seedFor(5, 2)), selectNextUnit).match
    m = applyRule(m, (log) =>
      log.push({
        type: 'FireReceived',
        teamId: 'b-hq',
        fromTeamId: 'r-a',
        direct: true,
        auto: false,
        explosive: false,
        flank: true,
        rear: false,
      }),
    ).match
    for (let i = 0; i < 20 && m.state.activeUnit; i++) m = endTurn(m)
    expect(m.state.round).toBe(2)
    expect(m.state.phase).toBe('activation')
    const hq = m.state.teams['b-hq']
    expect(hq?.fire.lastRound).toMatchObject({ direct: true, flank: true, byTeams: ['r-a'] })
    expect(hq?.fire.thisRound.direct).toBe(false)
    expect(hq?.activation).toBeNull()
    expect(hq?.turn).toBe('waiting')
  })

  it('SMLE-ACT-13 / SMLE-ACT-E08: fired on in round 1 → round 2 roll includes −1 direct; round 3 includes +1 not under fire', () => {
    let m = play(sections(3), [
      { type: 'rollActivation', sideId: 'blue' },
      { type: 'rollActivation', sideId: 'red' },
    ])
    m = applyRule(m, (log) =>
      log.push({
        type: 'FireReceived',
        teamId: 'r-b',
        fromTeamId: 'b-hq',
        direct: true,
        auto: false,
        explosive: false,
        flank: false,
        rear: false,
      }),
    ).match
    for (let i = 0; i < 20 && m.state.phase === 'play'; i++) m = endTurn(m)
    m = play(m, [
      { type: 'rollActivation', sideId: 'blue' },
      { type: 'rollActivation', sideId: 'red' },
    ])
    const labels2 = m.state.teams['r-b']?.activation?.modifiers.map((x) => x.label) ?? []
    expect(labels2).toContain('under direct fire')
    expect(labels2).not.toContain('not under fire')
    for (let i = 0; i < 20 && m.state.phase === 'play'; i++) m = endTurn(m)
    m = play(m, [
      { type: 'rollActivation', sideId: 'blue' },
      { type: 'rollActivation', sideId: 'red' },
    ])
    expect(m.state.teams['r-b']?.activation?.modifiers.map((x) => x.label)).toContain('not under fire')
  })
})
