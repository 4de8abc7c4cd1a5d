import { describe, expect, it } from 'vitest'
import {
  holdAll,
  inTurn,
  newMatch,
  nextRound,
  play,
  refusedClause,
  sectionsFacing,
  withFigure,
  withTeam,
} from '../../../../tests/fixtures/play'
import { sectionScenario } from '../../../../tests/fixtures/scenarios'
import type { GameEvent } from '../events/events'
import { dispatch, type Match } from '../match'

const events = (m: Match, from = 0): GameEvent[] => m.entries.slice(from).flatMap((e) => e.events)
const ofType = <T extends GameEvent['type']>(es: readonly GameEvent[], t: T) =>
  es.filter((e): e is Extract<GameEvent, { type: T }> => e.type === t)

describe('Direct Fire (SMLE-COMBAT-02)', () => {
  it('SMLE-COMBAT-02 / SMLE-SHOOT-03 / SMLE-ACT-17: every figure that sees the target rolls 2D6 against its to-hit number; the target is under direct (and auto) fire', () => {
    const m = play(inTurn(sectionsFacing(3), 'b-hq', 7), [{ type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' }])
    const rolls = ofType(events(m), 'DiceRolled').filter((e) => e.purpose.startsWith('to hit'))
    expect(rolls.map((r) => r.figureId)).toEqual(['b-sgt', 'b-r1', 'b-r2'])
    expect(rolls.every((r) => r.faces.length === 2 && r.target === 7)).toBe(true)
    const fire = ofType(events(m), 'FireReceived')[0]
    // The sergeant's SMG is autofire (Table 6): direct and auto.
    expect(fire).toMatchObject({ teamId: 'r-a', fromTeamId: 'b-hq', direct: true, auto: true })
    expect(m.state.teams['b-hq']?.attack).toBe('direct')
    expect(m.state.teams['r-a']?.fresh).toBe(false)
  })
  it('SMLE-SHOOT-20 / SMLE-COMBAT-03: a figure that has moved fires with −2 or −4 for the distance moved so far', () => {
    const m = play(inTurn(sectionsFacing(3), 'b-hq', 9), [
      { type: 'moveFigure', figureId: 'b-r1', to: { x: 6, z: 27 } },
      { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a', firerIds: ['b-r1'] },
    ])
    const roll = ofType(events(m), 'DiceRolled').find((e) => e.purpose.startsWith('to hit'))
    expect(roll?.modifiers.find((x) => x.clause === 'SMLE-SHOOT-20')?.value).toBe(-2)
  })
  it('SMLE-TURN-07: one attack a round; SMLE-COMBAT-13: B1 may not fire; Direct Fire needs B7 (SMLE-COMBAT-02)', () => {
    const fired = play(inTurn(sectionsFacing(), 'b-hq', 7), [
      { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' },
    ])
    expect(refusedClause(fired, { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-b' })).toBe('SMLE-TURN-07')
    expect(
      refusedClause(inTurn(sectionsFacing(), 'b-hq', 1), { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' }),
    ).toBe('SMLE-COMBAT-13')
    expect(
      refusedClause(inTurn(sectionsFacing(), 'b-hq', 6), { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' }),
    ).toBe('SMLE-COMBAT-02')
  })
  it('SMLE-SHOOT-01: only figures that see the target fire; a team nobody sees cannot be fired at', () => {
    const m = inTurn(newMatch(1, sectionScenario()), 'b-hq', 7)
    // The house hides Red A from Blue HQ.
    expect(refusedClause(m, { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' })).toBe('SMLE-SHOOT-01')
  })
  it('SMLE-MOVE-08: a running team may not Direct Fire, only Panic Fire', () => {
    const ran = play(inTurn(sectionsFacing(), 'b-hq', 7), [
      { type: 'moveFigure', figureId: 'b-r1', to: { x: 6, z: 33 }, pace: 'run' },
    ])
    expect(refusedClause(ran, { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' })).toBe('SMLE-MOVE-08')
    expect(dispatch(ran, { type: 'panicFire', teamId: 'b-hq' }).decision.ok).toBe(true)
  })
  it('SMLE-DOOR-04: a team that tumbled through a door may not fire this turn', () => {
    const m = withTeam(inTurn(sectionsFacing(), 'b-hq', 7), 'b-hq', { sprawled: true })
    expect(refusedClause(m, { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' })).toBe('SMLE-DOOR-04')
  })
  it('SMLE-SHOOT-27: picking out one figure costs −3 and puts every hit on it', () => {
    const m = play(inTurn(sectionsFacing(8), 'b-hq', 7), [
      { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a', aimAt: 'r-cpl' },
    ])
    const rolls = ofType(events(m), 'DiceRolled').filter((e) => e.purpose.startsWith('to hit'))
    expect(rolls.every((r) => r.modifiers.some((x) => x.clause === 'SMLE-SHOOT-27' && x.value === -3))).toBe(true)
    const defended = ofType(events(m), 'DiceRolled')
      .filter((e) => e.purpose === 'damage defence')
      .map((e) => e.figureId)
    expect(defended.every((id) => id === 'r-cpl')).toBe(true)
  })
})

describe('Return and Panic Fire', () => {
  it('SMLE-COMBAT-07 / SMLE-COMBAT-08: Return Fire answers only a unit that fired on this team; one nominated figure rolls; at most one hit', () => {
    expect(
      refusedClause(inTurn(sectionsFacing(), 'r-a', 3), {
        type: 'returnFire',
        teamId: 'r-a',
        targetTeamId: 'b-hq',
        figureId: 'r-a1',
      }),
    ).toBe('SMLE-COMBAT-07')
    const shot = withTeam(inTurn(sectionsFacing(5), 'r-a', 3), 'r-a', {
      fire: {
        thisRound: { direct: true, auto: false, explosive: false, flank: false, rear: false, byTeams: ['b-hq'] },
        lastRound: sectionsFacing().state.teams['r-a']!.fire.lastRound,
      },
    })
    const m = play(shot, [{ type: 'returnFire', teamId: 'r-a', targetTeamId: 'b-hq', figureId: 'r-a1' }])
    const rolls = ofType(events(m), 'DiceRolled').filter((e) => e.purpose.startsWith('to hit'))
    expect(rolls.map((r) => r.figureId)).toEqual(['r-a1'])
    expect(ofType(events(m), 'ShotResolved')[0]?.hits ?? 0).toBeLessThanOrEqual(1)
  })
  it('SMLE-COMBAT-09 / SMLE-COMBAT-10 / SMLE-COMBAT-11 / SMLE-COMBAT-12: Panic Fire: one roll at −4 at the nearest known enemy; it never hits, and on a success only puts the target under fire', () => {
    let successes = 0
    for (let seed = 1; seed <= 20; seed++) {
      const m = play(inTurn(sectionsFacing(seed), 'r-a', 2), [{ type: 'panicFire', teamId: 'r-a' }])
      const roll = ofType(events(m), 'DiceRolled').find((e) => e.purpose.startsWith('to hit'))
      expect(roll?.modifiers.some((x) => x.clause === 'SMLE-COMBAT-12' && x.value === -4)).toBe(true)
      expect(ofType(events(m), 'ShotResolved')[0]?.hits).toBe(0)
      expect(ofType(events(m), 'DiceRolled').some((e) => e.purpose === 'damage')).toBe(false)
      const fire = ofType(events(m), 'FireReceived')
      if (roll?.success) {
        successes++
        expect(fire[0]).toMatchObject({ teamId: 'b-hq', direct: true })
      } else expect(fire).toHaveLength(0)
      expect(m.state.teams['r-a']?.attack).toBe('panic')
    }
    expect(successes).toBeGreaterThan(0)
  })
})

describe('Opportunity Fire (SMLE-COMBAT-04, SMLE-COMBAT-05)', () => {
  const moving = (seed = 4): Match =>
    play(inTurn(sectionsFacing(seed), 'b-hq', 9, 5), [{ type: 'moveFigure', figureId: 'b-r1', to: { x: 6, z: 26 } }])
  it('SMLE-COMBAT-05: declared at an interrupt point, the targets may drop prone (ending their move) before the dice; then the move goes on', () => {
    const m = moving()
    expect(m.state.pending?.kind).toBe('opportunity')
    const declared = play(m, [{ type: 'opportunityFire', sideId: 'red', teamId: 'r-a' }])
    expect(declared.state.pending).toMatchObject({ kind: 'fireReaction', sideId: 'blue', targetTeamId: 'b-hq' })
    const reacted = play(declared, [{ type: 'reactToFire', sideId: 'blue', prone: ['b-r1'] }])
    expect(reacted.state.figures['b-r1']?.prone).toBe(true)
    expect(reacted.state.figures['b-r1']?.moveEnded).toBe(true)
    const rolls = ofType(events(reacted, m.entries.length), 'DiceRolled').filter((e) => e.purpose.startsWith('to hit'))
    expect(rolls.length).toBeGreaterThan(0)
    expect(reacted.state.teams['r-a']?.attack).toBe('opportunity')
    expect(reacted.state.teams['r-a']?.opportunityFired).toBe(true)
    // Red A has attacked; Red B may still fire at this same moment, or the move is over (b-r1 went prone).
    const rest = holdAll(reacted)
    expect(rest.state.pending).toBeNull()
    expect(rest.state.figures['b-r1']?.position.z).toBeGreaterThan(26)
  })
  it('SMLE-COMBAT-04: a team that opportunity-fired may still move in its own turn but not Direct Fire', () => {
    const fired = holdAll(
      play(moving(), [
        { type: 'opportunityFire', sideId: 'red', teamId: 'r-a' },
        { type: 'reactToFire', sideId: 'blue', prone: [] },
      ]),
    )
    const later = nextRound(fired, 'r-a', 9)
    const own = {
      ...later,
      state: {
        ...later.state,
        round: fired.state.round,
        teams: {
          ...later.state.teams,
          'r-a': { ...later.state.teams['r-a']!, attack: 'opportunity' as const, opportunityFired: true },
        },
      },
    }
    expect(refusedClause(own, { type: 'directFire', teamId: 'r-a', targetTeamId: 'b-hq' })).toBe('SMLE-TURN-07')
    expect(() => holdAll(play(own, [{ type: 'moveFigure', figureId: 'r-a1', to: { x: 6, z: 12 } }]))).not.toThrow()
  })
  it('SMLE-COMBAT-04: only an eligible team may fire at the window; CORE-TURN-02: the active side waits for the decision', () => {
    const m = moving()
    expect(refusedClause(m, { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' })).toBe('CORE-TURN-02')
    expect(refusedClause(m, { type: 'opportunityFire', sideId: 'red', teamId: 'b-bren' })).toBe('SMLE-COMBAT-04')
  })
})

describe('Close assault (§11)', () => {
  /** Blue HQ right by Red A, at B9. */
  const close = (seed: number): Match => {
    let m = sectionsFacing(seed)
    for (const [id, x] of [
      ['b-sgt', 4],
      ['b-r1', 6],
      ['b-r2', 8],
    ] as const)
      m = withFigure(m, id, { position: { x, y: 0, z: 17 } })
    return inTurn(m, 'b-hq', 9, 4)
  }
  it('SMLE-CA-01 / SMLE-CA-03: an assault needs a figure ending in base contact', () => {
    expect(
      refusedClause(close(1), {
        type: 'closeAssault',
        teamId: 'b-hq',
        targetTeamId: 'r-a',
        moves: [{ figureId: 'b-r1', to: { x: 6, z: 16 } }],
      }),
    ).toBe('SMLE-CA-03')
    expect(
      refusedClause(inTurn(close(1), 'b-hq', 8, 4), {
        type: 'closeAssault',
        teamId: 'b-hq',
        targetTeamId: 'r-a',
        moves: [{ figureId: 'b-r1', to: { x: 6, z: 15 } }],
      }),
    ).toBe('SMLE-COMBAT-01')
  })
  it('SMLE-CA-04 / SMLE-CA-05 / SMLE-CA-06: both sides roll one die per pairing in the attacker\u2019s turn, and the results are applied', () => {
    const m = holdAll(
      play(close(6), [
        {
          type: 'closeAssault',
          teamId: 'b-hq',
          targetTeamId: 'r-a',
          moves: [
            { figureId: 'b-sgt', to: { x: 4, z: 15.02 } },
            { figureId: 'b-r1', to: { x: 6, z: 15.02 } },
            { figureId: 'b-r2', to: { x: 8, z: 15.02 } },
          ],
        },
      ]),
    )
    const fightRolls = ofType(events(m), 'DiceRolled').filter((e) => e.purpose.startsWith('close assault'))
    expect(fightRolls.length).toBe(6)
    expect(m.state.teams['b-hq']?.attack).toBe('assault')
    expect(m.state.teams['r-a']?.fresh).toBe(false)
    const changed =
      ofType(events(m), 'FigureStatusChanged').length +
      ofType(events(m), 'TeamBroke').length +
      ofType(events(m), 'FigureMoved').filter((e) => e.forced).length
    expect(changed).toBeGreaterThan(0)
  })
  it('SMLE-COMBAT-06 / SMLE-CA-02: a defender that has not attacked may fire before the assault is resolved', () => {
    const m = play(inTurn(close(2), 'b-hq', 9, 5), [
      {
        type: 'closeAssault',
        teamId: 'b-hq',
        targetTeamId: 'r-a',
        moves: [{ figureId: 'b-r1', to: { x: 6, z: 15.02 } }],
      },
    ])
    const all = holdAll(m)
    expect(ofType(events(all), 'DiceRolled').some((e) => e.purpose.startsWith('close assault'))).toBe(true)
    const sawDefensive = m.entries
      .concat(all.entries)
      .flatMap((e) => e.events)
      .some((e) => e.type === 'PendingSet' && e.pending.kind === 'opportunity' && e.pending.defensive)
    expect(sawDefensive).toBe(true)
  })
  it('SMLE-CA-13: a broken unit reached by the enemy is captured, no dice', () => {
    const m = withTeam(close(1), 'r-a', { breaks: 1 })
    const done = holdAll(
      play(m, [
        {
          type: 'closeAssault',
          teamId: 'b-hq',
          targetTeamId: 'r-a',
          moves: [{ figureId: 'b-r1', to: { x: 6, z: 15.02 } }],
        },
      ]),
    )
    expect(done.state.teams['r-a']?.gone).toBe('captured')
    expect(ofType(events(done), 'DiceRolled').some((e) => e.purpose.startsWith('close assault'))).toBe(false)
  })
  it('SMLE-MOT-05: a Reluctant team does not assault unless fired on or assaulted; SMLE-MOT-04: a Fanatic team must assault when it can', () => {
    const reluctant = withTeam(close(1), 'b-hq', { motivation: 'reluctant' })
    expect(
      refusedClause(reluctant, {
        type: 'closeAssault',
        teamId: 'b-hq',
        targetTeamId: 'r-a',
        moves: [{ figureId: 'b-r1', to: { x: 6, z: 15.02 } }],
      }),
    ).toBe('SMLE-MOT-05')
    const fanatic = withTeam(close(1), 'b-hq', { motivation: 'fanatic' })
    expect(refusedClause(fanatic, { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' })).toBe('SMLE-MOT-04')
    expect(refusedClause(fanatic, { type: 'endActivation', teamId: 'b-hq' })).toBe('SMLE-MOT-04')
  })
})
