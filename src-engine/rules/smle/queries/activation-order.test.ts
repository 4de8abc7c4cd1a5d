import { describe, expect, it } from 'vitest'
import type { Match } from '../match'
import type { MatchState } from '../state/state'
import { sectionScenario } from '../../../../tests/fixtures/scenarios'
import { applyRule, awaitingTurns, hutMatch, newMatch, play, withTeam } from '../../../../tests/fixtures/play'
import { type Band, bandRange } from '../bands'
import { selectNextUnit } from '../sequence'
import { activationOrder, bandAllows, bandOtherOption } from './activation-order'

const placed = (s: MatchState) => activationOrder(s).filter((e) => e.order !== null)

/** Ends the acting team's turn by hand (no compulsory actions, no windows), so the sequence picks the next unit. */
function turnOver(m: Match): Match {
  const u = m.state.activeUnit
  const id = u?.teamIds[u.index]
  if (!id) return m
  const t = m.state.teams[id]!
  return {
    ...m,
    state: { ...m.state, activeUnit: null, pending: null, teams: { ...m.state.teams, [id]: { ...t, turn: 'done' } } },
  }
}

describe('activationOrder (§3, §4)', () => {
  it('SMLE-ACT-01 / Table 1: each band allows its row of the Activation Table, in its words', () => {
    expect([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((b) => bandAllows(b))).toEqual([
      'Double Move: full move, close assault',
      'Close: full move, close assault',
      'Close: half move, direct fire',
      'Advance: half move, direct fire',
      'Advance: half move, opportunity fire',
      'Stand: half move, opportunity fire',
      'Stand: half move, return fire',
      'Pinned: no movement, return fire',
      'Fall Back: half move back, panic fire',
      'Fall Back: full move back, no firing',
      'Break: full move, up to 2×, abandon weapons',
    ])
    expect(bandAllows(null)).toBe('')
    expect([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((b) => bandOtherOption(b))).toEqual([
      null,
      null,
      'deactivate booby traps',
      null,
      'observe for indirect fire',
      'de-bus and deploy',
      'recover casualties',
      'reload heavy weapons',
      null,
      null,
      null,
    ])
  })

  it('SMLE-ACT-01 / SMLE-ACT-03: after the roll each team has its die, modifiers with clause ids, and a band whose Table 1 score range holds die + modifiers', () => {
    let m = newMatch(1, sectionScenario())
    m = play(m, [{ type: 'rollActivation', sideId: m.state.activeSideId }])
    m = play(m, [{ type: 'rollActivation', sideId: m.state.activeSideId }])
    const entries = placed(m.state)
    expect(entries).toHaveLength(Object.keys(m.state.teams).length)
    for (const e of entries) {
      expect(e.modifiers.every((x) => /^SMLE-[A-Z]+-\d+$/.test(x.clause))).toBe(true)
      expect(e.row?.band).toBe(e.band)
      expect(e.action).toBe(e.row?.action)
      expect(e.allows).toBe(bandAllows(e.band))
      if (e.shifts.length > 0) continue
      const score = e.die! + e.modifiers.reduce((a, x) => a + x.value, 0)
      const { low, high } = bandRange(e.band as Band)
      expect(score).toBeGreaterThanOrEqual(low)
      expect(score).toBeLessThanOrEqual(high)
    }
  })

  it('before the roll every team is unrolled, with no place, band or words', () => {
    const entries = activationOrder(newMatch(1, sectionScenario()).state)
    expect(
      entries.every((e) => e.status === 'unrolled' && e.order === null && e.band === null && e.allows === ''),
    ).toBe(true)
  })

  it('SMLE-TURN-E01 / SMLE-TURN-02/03: A=4, B=7, C=7, D=13, C won the roll-off: the order is A, C, B, D', () => {
    // A = r-a (Red), B = b-hq (Blue), C = r-b (Red), D = b-bren (Blue).
    const m = awaitingTurns(newMatch(1, sectionScenario()), { 'r-a': 4, 'b-hq': 7, 'r-b': 7, 'b-bren': 13 })
    const s = { ...m.state, rolloff: { 'r-b': 0, 'b-hq': 1 } }
    expect(placed(s).map((e) => [e.teamId, e.status])).toEqual([
      ['r-a', 'waiting'],
      ['r-b', 'waiting'],
      ['b-hq', 'waiting'],
      ['b-bren', 'waiting'],
    ])
    expect(placed(s).find((e) => e.teamId === 'b-bren')?.action).toBe('Double Move')
  })

  it('SMLE-TURN-02/03/04: the order answered is the order the sequence makes the teams active, tie roll-off included', () => {
    let m = awaitingTurns(newMatch(3, sectionScenario()), { 'r-a': 4, 'b-hq': 7, 'r-b': 7, 'b-bren': 8 })
    const seen: string[] = []
    for (let i = 0; i < 4; i++) {
      m = applyRule(m, selectNextUnit).match
      const order = placed(m.state)
      const acting = order.find((e) => e.status === 'active')!
      seen.push(acting.teamId)
      // Those that have gone come first, then the acting team.
      expect(order.slice(0, i + 1).map((e) => e.teamId)).toEqual(seen)
      expect(order.slice(0, i).every((e) => e.status === 'done')).toBe(true)
      const predicted = order.slice(i + 1).map((e) => e.teamId)
      let next = turnOver(m)
      const actual: string[] = []
      for (let k = i + 1; k < 4; k++) {
        next = applyRule(next, selectNextUnit).match
        actual.push(next.state.activeUnit!.teamIds[next.state.activeUnit!.index]!)
        next = turnOver(next)
      }
      // Before the tie is rolled off the two tied teams may come either way; after it, exactly.
      if (Object.keys(m.state.rolloff).length > 0 || i >= 1) expect(predicted).toEqual(actual)
      else expect([...predicted].sort()).toEqual([...actual].sort())
      m = turnOver(m)
    }
    expect(seen[0]).toBe('r-a')
    expect(seen[3]).toBe('b-bren')
  })

  it('SMLE-TURN-06: a group-roll block takes its place together, the rest of the acting block next', () => {
    const m = awaitingTurns(newMatch(1, sectionScenario()), { 'r-a': 4, 'r-b': 4, 'b-hq': 5, 'b-bren': 9 })
    const block = withTeam(m, 'r-b', { activation: { ...m.state.teams['r-b']!.activation!, blockId: 'r-a', al: 4 } })
    const started = applyRule(block, selectNextUnit).match
    expect(placed(started.state).map((e) => [e.teamId, e.status])).toEqual([
      ['r-a', 'active'],
      ['r-b', 'waiting'],
      ['b-hq', 'waiting'],
      ['b-bren', 'waiting'],
    ])
  })

  it('a team whose turn ended is done and heads the list; a Double Move still to take its second turn is not finished; a team off the table has no place', () => {
    const ended = play(hutMatch(), [{ type: 'endActivation', teamId: 'blue-1' }])
    const e = activationOrder(ended.state).find((x) => x.teamId === 'blue-1')!
    expect(e.status).toBe('done')
    const raised = withTeam(ended, 'blue-1', { activation: { ...ended.state.teams['blue-1']!.activation!, al: 99 } })
    expect(activationOrder(raised.state)[0]).toMatchObject({ teamId: 'blue-1', order: 1, status: 'done' })
    const double = withTeam(ended, 'blue-1', { secondTurn: 'waiting' })
    expect(activationOrder(double.state).find((x) => x.teamId === 'blue-1')).toMatchObject({
      status: 'done',
      secondTurnToCome: true,
      finished: false,
    })
    const gone = withTeam(ended, 'blue-1', { gone: 'fled' })
    expect(activationOrder(gone.state).find((x) => x.teamId === 'blue-1')).toMatchObject({
      status: 'gone',
      order: null,
    })
  })
})
