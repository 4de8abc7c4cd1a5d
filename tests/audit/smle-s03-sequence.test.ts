/**
 * Audit of SMLE §3 Game turn sequence (SMLE-TURN-*) and the across-round
 * activation clauses (SMLE-ACT-07, -13, -16, SMLE-ACT-E08), black-box.
 */
import { describe, expect, it } from 'vitest'
import { type GameEvent } from '../../src-engine/index'
import { inTurn, newMatch, withFigure, withTeam } from '../fixtures/play'
import { activationOf, field, fig, finishRound, mod, must, refusal, rollBoth, sum, team, teamOf } from './helpers'

/** Three teams a side, of different qualities, far apart (nobody can see anybody: no fire). */
function crowd(extra: object = {}) {
  return field(
    [
      team('b-u', 'blue', [fig('bu1', 4, 46), fig('bu2', 6, 46)], { quality: 'untrained' }),
      team('b-t', 'blue', [fig('bt1', 20, 46), fig('bt2', 22, 46)]),
      team('b-v', 'blue', [fig('bv1', 36, 46), fig('bv2', 38, 46)], { quality: 'veteran' }),
      team('r-g', 'red', [fig('rg1', 4, 2), fig('rg2', 6, 2)], { quality: 'green' }),
      team('r-t', 'red', [fig('rt1', 20, 2), fig('rt2', 22, 2)]),
      team('r-v', 'red', [fig('rv1', 36, 2), fig('rv2', 38, 2)], { quality: 'veteran' }),
    ],
    {
      // a long wall across the middle: no side sees the other
      linearFeatures: [
        {
          id: 'w',
          kind: 'stoneWall',
          points: [
            { x: 0, z: 24 },
            { x: 48, z: 24 },
          ],
          heightIn: 8,
        },
      ],
      ...extra,
    },
  )
}

describe('SMLE §3 round sequence', () => {
  it('SMLE-TURN-02 / -03 / -05: first turns in ascending AL (ties by the lower roll-off), then phase-6 second turns in ascending AL', () => {
    let checkedTies = 0
    let checkedDoubles = 0
    for (let seed = 1; seed <= 15; seed++) {
      const m0 = newMatch(seed, crowd())
      const { events } = finishRound(m0)
      const als: Record<string, number> = {}
      for (const e of events) if (e.type === 'ActivationSet') als[e.teamId] = e.activation.al
      const ranks: Record<string, number> = {}
      for (const e of events) if (e.type === 'RolloffSet') Object.assign(ranks, e.ranks)
      const starts = events.filter((e): e is Extract<GameEvent, { type: 'TurnStarted' }> => e.type === 'TurnStarted')
      const first = starts.filter((e) => e.turn === 'first').map((e) => e.teamIds[e.index] as string)
      const second = starts.filter((e) => e.turn === 'second').map((e) => e.teamIds[e.index] as string)
      expect(new Set(first).size, `seed ${seed}`).toBe(6)
      for (let i = 1; i < first.length; i++) {
        const a = first[i - 1] as string
        const b = first[i] as string
        expect(als[a], `seed ${seed}: ${a} before ${b}`).toBeLessThanOrEqual(als[b] as number)
        if (als[a] === als[b]) {
          expect(ranks[a], `seed ${seed} tie ${a}/${b}`).toBeDefined()
          expect(ranks[a] as number).toBeLessThanOrEqual(ranks[b] as number)
          checkedTies++
        }
      }
      // phase 6: only B10 teams, after every first turn, ascending AL
      const doubles = Object.entries(als)
        .filter(([, al]) => al >= 13)
        .map(([id]) => id)
      expect(new Set(second)).toEqual(new Set(doubles))
      const lastFirst = starts.findLastIndex((e) => e.turn === 'first')
      const firstSecond = starts.findIndex((e) => e.turn === 'second')
      if (firstSecond >= 0) expect(firstSecond).toBeGreaterThan(lastFirst)
      for (let i = 1; i < second.length; i++)
        expect(als[second[i - 1] as string]).toBeLessThanOrEqual(als[second[i] as string] as number)
      checkedDoubles += second.length
    }
    expect(checkedTies).toBeGreaterThan(0)
    expect(checkedDoubles).toBeGreaterThan(0)
  })

  it('SMLE-TURN-03: a roll-off sets the order only, never the AL', () => {
    for (let seed = 1; seed <= 15; seed++) {
      const { events } = finishRound(newMatch(seed, crowd()))
      const rolled = events.filter((e) => e.type === 'ActivationSet' && e.reason === 'rolled')
      // A roll-off is followed by no change of AL before the next turn starts (ALs do change for other
      // reasons, SMLE-ACT-16: a Stand team lying down in the open picks up cover).
      events.forEach((e, k) => {
        if (e.type !== 'RolloffSet') return
        const next = events.findIndex((x, j) => j > k && x.type === 'TurnStarted')
        const between = events.slice(k + 1, next < 0 ? undefined : next)
        expect(between.filter((x) => x.type === 'ActivationSet')).toEqual([])
      })
      // and every AL of the round keeps the team's own die (SMLE-ACT-16: the phase-1 die is kept)
      for (const e of events)
        if (e.type === 'ActivationSet' && e.reason === 'changed')
          expect(e.activation.die).toBe(activationOf(rolled, e.teamId).die)
    }
  })

  it('SMLE-TURN-09: the second turn of a Double Move rolls no new activation die', () => {
    let seen = 0
    for (let seed = 1; seed <= 15; seed++) {
      const { events } = finishRound(newMatch(seed, crowd()))
      const firstSecond = events.findIndex((e) => e.type === 'TurnStarted' && e.turn === 'second')
      if (firstSecond < 0) continue
      seen++
      const after = events.slice(firstSecond)
      expect(after.filter((e) => e.type === 'DiceRolled' && /activation/i.test(e.purpose))).toEqual([])
    }
    expect(seen).toBeGreaterThan(0)
  })

  it('SMLE-TURN-11: at the end of the round, fire this round becomes last round’s and the attack flags clear', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30)]),
      team('r', 'red', [fig('r1', 10, 14), fig('r2', 12, 14)]),
    ])
    let m = inTurn(newMatch(2, sc), 'b', 8)
    m = must(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' }).match
    expect(teamOf(m.state, 'r').fire.thisRound.direct).toBe(true)
    expect(teamOf(m.state, 'b').attack).toBe('direct')
    const { match: m2 } = finishRound(m)
    expect(m2.state.round).toBe(2)
    expect(teamOf(m2.state, 'r').fire.thisRound.direct).toBe(false)
    expect(teamOf(m2.state, 'r').fire.lastRound.direct).toBe(true)
    expect(teamOf(m2.state, 'r').fire.lastRound.byTeams).toContain('b')
    expect(teamOf(m2.state, 'b').attack).toBeNull()
    expect(teamOf(m2.state, 'b').opportunityFired).toBe(false)
  })
})

describe('SMLE §3/§4 across rounds', () => {
  const pair = () =>
    field([
      team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30)]),
      team('r', 'red', [fig('r1', 10, 14), fig('r2', 12, 14), fig('r3', 14, 14), fig('r4', 16, 14)]),
    ])

  it('SMLE-ACT-E08 / SMLE-ACT-13 / SMLE-ACT-07: fired on in round 1 → round 2 roll has −1 direct; not fired on in round 2 → round 3 has +1; freshness never returns', () => {
    let m = inTurn(newMatch(5, pair()), 'b', 8)
    m = must(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' }).match
    expect(teamOf(m.state, 'r').fresh).toBe(false)
    const r1 = finishRound(m)
    m = r1.match
    // round 2: nobody fires
    const r2 = finishRound(m)
    const a2 = activationOf(r2.events, 'r')
    expect(mod(a2.modifiers, /direct/i)?.value).toBe(-1)
    expect(mod(a2.modifiers, /not under fire/i)).toBeUndefined()
    expect(mod(a2.modifiers, /fresh/i)).toBeUndefined()
    if (r2.match.state.phase === 'ended') return
    const r3 = rollBoth(r2.match)
    const a3 = activationOf(r3.events, 'r')
    expect(mod(a3.modifiers, /direct/i)).toBeUndefined()
    expect(mod(a3.modifiers, /not under fire/i)?.value).toBe(1)
    expect(mod(a3.modifiers, /fresh/i)).toBeUndefined()
  })

  it('SMLE-ACT-16: a waiting team fired on takes the under-fire modifier at once (AL = its die + current modifiers)', () => {
    const m0 = inTurn(newMatch(5, pair()), 'b', 8)
    const before = teamOf(m0.state, 'r').activation
    const { events, match } = must(m0, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
    const set = events.filter((e) => e.type === 'ActivationSet' && e.teamId === 'r')
    expect(set.length).toBeGreaterThan(0)
    const a = teamOf(match.state, 'r').activation
    expect(a).not.toBeNull()
    if (!a || !before) return
    expect(a.die).toBe(before.die)
    expect(mod(a.modifiers, /direct/i)?.value).toBe(-1)
    expect(mod(a.modifiers, /not under fire/i)).toBeUndefined()
    expect(a.al).toBe(a.shifts.length === 0 ? a.die + sum(a.modifiers) : a.al)
  })

  it('SMLE-ACT-16: the active team’s AL is not reduced by fire during its own turn', () => {
    const sc = pair()
    // Red acts; Blue waits at B6 and may opportunity fire
    let m = inTurn(newMatch(5, sc), 'r', 8, 6)
    const before = teamOf(m.state, 'r').activation
    // the window at the start of Red's turn
    expect(m.state.pending?.kind === 'opportunity' || m.state.pending === null).toBe(true)
    if (m.state.pending?.kind !== 'opportunity') {
      m = must(m, { type: 'moveFigure', figureId: 'r1', to: { x: 9, z: 14 } }).match
    }
    expect(m.state.pending?.kind).toBe('opportunity')
    m = must(m, { type: 'opportunityFire', sideId: 'blue', teamId: 'b' }).match
    if (m.state.pending?.kind === 'fireReaction') m = must(m, { type: 'reactToFire', sideId: 'red', prone: [] }).match
    expect(teamOf(m.state, 'r').fire.thisRound.direct).toBe(true)
    expect(teamOf(m.state, 'r').activation?.al).toBe(before?.al)
    expect(teamOf(m.state, 'r').activation?.band).toBe(before?.band)
  })
})

describe('SMLE §3 attacks and options within a turn', () => {
  const sc = () =>
    field([
      team('b', 'blue', [fig('b1', 10, 30, { otherWeapons: ['bazooka'] }), fig('b2', 12, 30)]),
      team('r', 'red', [fig('r1', 10, 14), fig('r2', 12, 14), fig('r3', 14, 14), fig('r4', 16, 14)]),
      team('r-far', 'red', [fig('rf1', 40, 2), fig('rf2', 42, 2)]),
    ])

  it('SMLE-TURN-07: one attack a round: after Direct Fire, a second Direct Fire and a Panic Fire are refused', () => {
    let m = inTurn(newMatch(1, sc()), 'b', 9)
    m = must(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' }).match
    expect(refusal(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })?.clause).toBe('SMLE-TURN-07')
    expect(refusal(m, { type: 'panicFire', teamId: 'b' })?.clause).toBe('SMLE-TURN-07')
  })

  it('SMLE-TURN-10: an Other option replaces both Move and Combat (reload, then no move and no fire)', () => {
    let m = inTurn(newMatch(1, sc()), 'b', 9)
    m = withFigure(m, 'b1', { weaponState: { bazooka: 'needsReload' } })
    m = must(m, { type: 'reload', teamId: 'b' }).match
    expect(refusal(m, { type: 'moveFigure', figureId: 'b2', to: { x: 12, z: 29 } })?.clause).toBe('SMLE-TURN-10')
    expect(refusal(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })?.clause).toBe('SMLE-TURN-10')
  })

  it('SMLE-TURN-10: after moving (even 1"), the Other option is refused', () => {
    let m = inTurn(newMatch(1, sc()), 'b', 9)
    m = withFigure(m, 'b1', { weaponState: { bazooka: 'needsReload' } })
    m = must(m, { type: 'moveFigure', figureId: 'b2', to: { x: 12, z: 29 } }).match
    expect(refusal(m, { type: 'reload', teamId: 'b' })?.clause).toBe('SMLE-TURN-10')
  })

  it('SMLE-TURN-10: after firing, the Other option is refused', () => {
    let m = inTurn(newMatch(1, sc()), 'b', 9)
    m = withFigure(m, 'b1', { weaponState: { bazooka: 'needsReload' } })
    m = must(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r', firerIds: ['b2'] }).match
    expect(refusal(m, { type: 'reload', teamId: 'b' })?.clause).toBe('SMLE-TURN-10')
  })
})

describe('SMLE-TURN-06 group roll', () => {
  const sec = () =>
    field(
      [
        team('hq', 'blue', [fig('sgt', 10, 44), fig('h2', 12, 44)], { groupId: 'bs' }),
        team('t2', 'blue', [fig('a1', 16, 44), fig('a2', 18, 44)], { groupId: 'bs', quality: 'green' }),
        team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)]),
      ],
      { groups: [{ id: 'bs', name: 'Blue section', sideId: 'blue', leaderFigureId: 'sgt' }] },
    )

  it('SMLE-TURN-06: one die for the whole group at the leader’s AL; its teams activate one after another as a block', () => {
    const m0 = newMatch(1, sec())
    const r = must(m0, { type: 'rollActivation', sideId: 'blue', groupRolls: ['bs'] })
    const dice = r.events.filter((e) => e.type === 'DiceRolled')
    expect(dice.length).toBe(1)
    const hq = activationOf(r.events, 'hq')
    const t2 = activationOf(r.events, 't2')
    expect(t2.al).toBe(hq.al)
    expect(t2.band).toBe(hq.band)
    const { events } = finishRound(r.match)
    const starts = events.filter((e) => e.type === 'TurnStarted' && e.turn === 'first')
    const order = starts.map((e) => (e.type === 'TurnStarted' ? e.teamIds[e.index] : ''))
    const i = order.indexOf('hq')
    const j = order.indexOf('t2')
    expect(Math.abs(i - j)).toBe(1)
  })

  it('SMLE-TURN-06: no group roll while one of its teams is under fire', () => {
    let m = newMatch(1, sec())
    const fire = { direct: true, auto: false, explosive: false, flank: false, rear: false, byTeams: ['r'] }
    const t = m.state.teams.t2
    if (!t) throw new Error('no t2')
    m = { ...m, state: { ...m.state, teams: { ...m.state.teams, t2: { ...t, fire: { ...t.fire, lastRound: fire } } } } }
    expect(refusal(m, { type: 'rollActivation', sideId: 'blue', groupRolls: ['bs'] })?.clause).toBe('SMLE-TURN-06')
  })
})

describe('SMLE-TURN-12 early interrupt', () => {
  it('SMLE-TURN-12: off by default: no interrupt is ever offered', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const { events } = finishRound(newMatch(seed, crowd()))
      expect(events.some((e) => e.type === 'PendingSet' && e.pending.kind === 'interrupt')).toBe(false)
    }
  })

  it('SMLE-TURN-12: when on, only opposing units with a strictly higher AL that have not acted are offered; the interrupter acts once', () => {
    let offered = 0
    for (let seed = 1; seed <= 20; seed++) {
      const sc = crowd({ settings: { allowEarlyInterrupt: true } })
      let m = newMatch(seed, sc)
      const rolled = rollBoth(m)
      m = rolled.match
      const p = m.state.pending
      if (p?.kind !== 'interrupt') continue
      offered++
      const nextAl = Math.max(...p.nextTeamIds.map((id) => teamOf(m.state, id).activation?.al ?? 0))
      for (const id of p.eligibleTeamIds) {
        const t = teamOf(m.state, id)
        expect(t.sideId).toBe(p.sideId)
        expect(t.activation?.al as number).toBeGreaterThan(nextAl)
        expect(t.turn).toBe('waiting')
      }
      // every opposing waiting unit with a higher AL is offered
      const should = Object.values(m.state.teams)
        .filter((t) => t.sideId === p.sideId && t.turn === 'waiting' && (t.activation?.al ?? 0) > nextAl)
        .map((t) => t.id)
      expect([...p.eligibleTeamIds].sort()).toEqual(should.sort())
      const chosen = p.eligibleTeamIds[0] as string
      const r = must(m, { type: 'interrupt', sideId: p.sideId, teamId: chosen })
      expect(r.events.some((e) => e.type === 'TurnStarted' && e.interrupt && e.teamIds.includes(chosen))).toBe(true)
      const rest = finishRound(r.match)
      const firstTurns = [...r.events, ...rest.events].filter(
        (e) => e.type === 'TurnStarted' && e.turn === 'first' && e.teamIds[e.index] === chosen,
      )
      expect(firstTurns.length).toBe(1)
      if (offered >= 3) break
    }
    expect(offered).toBeGreaterThan(0)
  })
})

describe('SMLE-TURN-04 order re-evaluated', () => {
  it('SMLE-TURN-04: a waiting unit whose AL drops under fire acts before a unit it used to follow', () => {
    const sc = field(
      [
        team('s', 'blue', [fig('s1', 10, 30), fig('s2', 12, 30)], { quality: 'green' }),
        team('o', 'blue', [fig('o1', 40, 46), fig('o2', 42, 46)]),
        team('t', 'red', [fig('t1', 10, 16), fig('t2', 12, 16), fig('t3', 14, 16), fig('t4', 16, 16)]),
        team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)], { quality: 'untrained' }),
      ],
      {
        linearFeatures: [
          {
            id: 'w',
            kind: 'stoneWall',
            points: [
              { x: 30, z: 0 },
              { x: 30, z: 48 },
            ],
            heightIn: 8,
          },
        ],
      },
    )
    for (let seed = 1; seed <= 400; seed++) {
      const m0 = newMatch(seed, sc)
      const rolled = rollBoth(m0)
      const al = (id: string) => teamOf(rolled.match.state, id).activation?.al ?? 0
      const band = (id: string) => teamOf(rolled.match.state, id).activation?.band ?? 0
      if (!(band('s') >= 7 && al('s') < al('o') && al('o') < al('t'))) continue
      const { events, match } = finishRound(m0, (m, id, turn) =>
        id === 's' && turn === 'first' && m.state.pending === null
          ? [{ type: 'directFire', teamId: 's', targetTeamId: 't' }]
          : [],
      )
      const fireAt = events.findIndex((e) => e.type === 'AttackMade' && e.teamId === 's')
      if (fireAt < 0) continue
      const tAfter = [...events.slice(fireAt)].find((e) => e.type === 'ActivationSet' && e.teamId === 't')
      if (tAfter?.type !== 'ActivationSet' || tAfter.activation.al >= al('o')) continue
      if (teamOf(match.state, 't').gone !== null) continue
      const starts = events
        .filter((e) => e.type === 'TurnStarted' && e.turn === 'first')
        .map((e) => (e.type === 'TurnStarted' ? e.teamIds[e.index] : ''))
      expect(starts.indexOf('t'), `seed ${seed}: ${starts.join(',')}`).toBeLessThan(starts.indexOf('o'))
      expect(starts.indexOf('s')).toBeLessThan(starts.indexOf('t'))
      return
    }
    throw new Error('no seed gave the situation')
  })
})

describe('SMLE-TURN-08 double moves', () => {
  const sc = () =>
    field(
      [
        team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30)], { quality: 'veteran', motivation: 'elite' }),
        team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)]),
      ],
      {
        linearFeatures: [
          {
            id: 'w',
            kind: 'stoneWall',
            points: [
              { x: 0, z: 10 },
              { x: 48, z: 10 },
            ],
            heightIn: 8,
          },
        ],
      },
    )

  it('SMLE-TURN-08 / SMLE-OPT-02: a B10 unit gets a second turn in phase 6', () => {
    const { events } = finishRound(newMatch(1, sc()))
    expect(activationOf(events, 'b').band).toBe(10)
    expect(events.some((e) => e.type === 'TurnStarted' && e.turn === 'second' && e.teamIds.includes('b'))).toBe(true)
  })

  it('SMLE-TURN-08: outside Hollywood games, a unit that double-moved last round does not double-move again', () => {
    const m = withTeam(newMatch(1, sc()), 'b', { doubleMovedLastRound: true })
    const { events } = finishRound(m)
    expect(activationOf(events, 'b').band).toBe(10)
    expect(events.some((e) => e.type === 'TurnStarted' && e.turn === 'second' && e.teamIds.includes('b'))).toBe(false)
  })
})
