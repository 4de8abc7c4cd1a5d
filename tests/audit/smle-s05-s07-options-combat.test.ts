/**
 * Audit of SMLE §5 Team actions (SMLE-OPT-*, SMLE-ACT-06, SMLE-ACT-15) and
 * §7 Combat options (SMLE-COMBAT-*), black-box.
 */
import { describe, expect, it } from 'vitest'
import { type CommandInput, dispatch, legalCommands, type Match, previewFire } from '../../src-engine/index'
import { inTurn, newMatch, withFigure, withTeam } from '../fixtures/play'
import { actingId, field, fig, findSeed, finishRound, must, refusal, rollBoth, team, teamOf } from './helpers'

/** Blue team b (SMG + rifle) 13" south of Red team r; a far Red team keeps the game going. */
const facing = (gap = 13, extraRed: object = {}) =>
  field([
    team('b', 'blue', [fig('b1', 10, 30, { weapon: 'smg' }), fig('b2', 12, 30), fig('b3', 14, 30)]),
    team('r', 'red', [fig('r1', 10, 30 - gap - 1), fig('r2', 12, 30 - gap - 1), fig('r3', 14, 30 - gap - 1)], extraRed),
    team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
  ])
const fired = { direct: true, auto: false, explosive: false, flank: false, rear: false, byTeams: ['r'] }
const quiet = { direct: false, auto: false, explosive: false, flank: false, rear: false, byTeams: [] as string[] }
const firedOnLastRound = (m: Match, id = 'b') =>
  withTeam(m, id, { fresh: false, fire: { thisRound: quiet, lastRound: fired } })

/** Every command `legalCommands` offers is accepted by `dispatch`. */
function offersAreAccepted(m: Match, side: string) {
  for (const c of legalCommands(m.state, m.world, side)) {
    const r = dispatch(m, c as CommandInput)
    expect(r.decision.ok, JSON.stringify(c) + (r.decision.ok ? '' : ` ${r.decision.reason.clause}`)).toBe(true)
  }
}

describe('SMLE-ACT-06 options at the band or below', () => {
  it('SMLE-ACT-06 / Table 1: Direct Fire at B7 and up; refused at B6 (SMLE-OPT-04: Advance at 7 may not Direct Fire)', () => {
    expect(
      refusal(inTurn(newMatch(1, facing()), 'b', 7), { type: 'directFire', teamId: 'b', targetTeamId: 'r' }),
    ).toBeNull()
    const r = refusal(inTurn(newMatch(1, facing()), 'b', 6), { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
    expect(r?.clause).toMatch(/SMLE-(COMBAT-02|ACT-06|OPT-04)/)
  })

  it('SMLE-ACT-06: legalCommands offers Direct Fire at B7 but not at B6, and every offer is accepted', () => {
    const b7 = inTurn(newMatch(1, facing()), 'b', 7)
    const b6 = inTurn(newMatch(1, facing()), 'b', 6)
    expect(legalCommands(b7.state, b7.world, 'blue').some((c) => c.type === 'directFire')).toBe(true)
    expect(legalCommands(b6.state, b6.world, 'blue').some((c) => c.type === 'directFire')).toBe(false)
    offersAreAccepted(b7, 'blue')
    offersAreAccepted(b6, 'blue')
  })

  it('SMLE-ACT-06: a B10 team may make any lower-band option: Direct Fire and Return Fire', () => {
    const m = firedOnLastRound(inTurn(newMatch(1, facing()), 'b', 10))
    expect(refusal(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })).toBeNull()
    expect(refusal(m, { type: 'returnFire', teamId: 'b', targetTeamId: 'r', figureId: 'b2' })).toBeNull()
  })

  it('SMLE-ACT-06: Move and Combat from different rows: a B8 team may make a half move and Direct Fire', () => {
    let m = inTurn(newMatch(1, facing()), 'b', 8)
    m = must(m, { type: 'moveFigure', figureId: 'b3', to: { x: 18, z: 30 } }).match
    expect(refusal(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })).toBeNull()
  })

  it('SMLE-OPT-10: Other options by band: Reload B3+, Recover casualties B4+ (refused one band lower)', () => {
    const withReload = (band: 2 | 3) =>
      withFigure(inTurn(newMatch(1, facing()), 'b', band), 'b2', {
        weapons: ['rifle', 'bazooka'],
        weaponState: { bazooka: 'needsReload' },
      })
    expect(refusal(withReload(3), { type: 'reload', teamId: 'b' })).toBeNull()
    expect(refusal(withReload(2), { type: 'reload', teamId: 'b' })).not.toBeNull()
    const hurt = (band: 3 | 4) => {
      let m = inTurn(newMatch(1, facing()), 'b', band)
      m = withFigure(m, 'b3', { status: 'lightWound', position: { x: 13, y: 0, z: 30 } })
      return m
    }
    const cmd = { type: 'recoverCasualties' as const, teamId: 'b', firstAid: [{ figureId: 'b2', woundedId: 'b3' }] }
    expect(refusal(hurt(4), cmd)).toBeNull()
    expect(refusal(hurt(3), cmd)).not.toBeNull()
  })
})

describe('SMLE §5 Stand, Pinned, Fall Back, Break', () => {
  it('SMLE-OPT-05: a Stand team (B5) may not move toward a known enemy', () => {
    const m = inTurn(newMatch(1, facing()), 'b', 5)
    const r = refusal(m, { type: 'moveFigure', figureId: 'b2', to: { x: 12, z: 27 } })
    expect(r?.clause).toBe('SMLE-OPT-05')
  })

  it('SMLE-OPT-06: a Pinned team (B3) may shoot back (Return Fire) at a unit that shot at it', () => {
    const m = firedOnLastRound(inTurn(newMatch(1, facing()), 'b', 3))
    expect(refusal(m, { type: 'returnFire', teamId: 'b', targetTeamId: 'r', figureId: 'b2' })).toBeNull()
  })

  it('SMLE-OPT-06 / SMLE-ACT-06: a Pinned team may fall back voluntarily (a B2 option)', () => {
    const m = inTurn(newMatch(1, facing()), 'b', 3)
    expect(refusal(m, { type: 'fallBack', teamId: 'b' })).toBeNull()
  })

  it('SMLE-OPT-07: a B2 team must fall back before its turn ends; the fall back is a half move away from the enemy', () => {
    const m = inTurn(newMatch(1, facing()), 'b', 2)
    expect(refusal(m, { type: 'endActivation', teamId: 'b' })?.clause).toBe('SMLE-OPT-07')
    const r = must(m, { type: 'fallBack', teamId: 'b' })
    for (const id of ['b1', 'b2', 'b3']) {
      const before = m.state.figures[id]?.position
      const after = r.match.state.figures[id]?.position
      if (!before || !after) throw new Error(id)
      const d = Math.hypot(after.x - before.x, after.z - before.z)
      expect(d, id).toBeCloseTo(4, 1)
      // farther from the nearest enemy figure (Red is north: smaller z)
      expect(after.z, id).toBeGreaterThan(before.z)
    }
    expect(refusal(r.match, { type: 'endActivation', teamId: 'b' })).toBeNull()
  })

  it('SMLE-OPT-07: B2 may not choose a full move back; B1 may', () => {
    expect(
      refusal(inTurn(newMatch(1, facing()), 'b', 2), { type: 'fallBack', teamId: 'b', distance: 'full' })?.clause,
    ).toBe('SMLE-OPT-07')
    expect(
      refusal(inTurn(newMatch(1, facing()), 'b', 1), { type: 'fallBack', teamId: 'b', distance: 'full' }),
    ).toBeNull()
  })

  it('SMLE-OPT-07 / SMLE-COMBAT-13: B2 may Panic Fire; B1 may not fire at all', () => {
    expect(refusal(inTurn(newMatch(1, facing()), 'b', 2), { type: 'panicFire', teamId: 'b' })).toBeNull()
    const b1 = inTurn(newMatch(1, facing()), 'b', 1)
    expect(refusal(b1, { type: 'panicFire', teamId: 'b' })?.clause).toMatch(/SMLE-(COMBAT-13|OPT-07|ACT-06)/)
    const b1f = firedOnLastRound(b1)
    expect(refusal(b1f, { type: 'returnFire', teamId: 'b', targetTeamId: 'r', figureId: 'b2' })).not.toBeNull()
    expect(legalCommands(b1.state, b1.world, 'blue').some((c) => /Fire/.test(c.type))).toBe(false)
  })

  /** A Blue team sure to roll B0 (Untrained, 3 casualties, under direct and explosive fire last round). */
  function doomed(breaks = 0) {
    const sc = field([
      team(
        'b',
        'blue',
        [
          fig('b1', 10, 30, { weapon: 'lmg' }),
          fig('b2', 12, 30),
          fig('b3', 14, 30),
          fig('b4', 16, 30),
          fig('b5', 18, 30),
        ],
        {
          quality: 'untrained',
        },
      ),
      team('b-far', 'blue', [fig('bf1', 46, 46), fig('bf2', 44, 46)]),
      team('r', 'red', [fig('r1', 10, 14), fig('r2', 12, 14)]),
      team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
    ])
    let m = newMatch(1, sc)
    for (const id of ['b3', 'b4', 'b5']) m = withFigure(m, id, { status: 'dead' })
    const fire = { direct: true, auto: false, explosive: true, flank: false, rear: false, byTeams: ['r'] }
    return withTeam(m, 'b', { fresh: false, breaks, fire: { thisRound: quiet, lastRound: fire } })
  }

  it('SMLE-OPT-08: a B0 team drops its heavy weapons and runs toward its base line at least one and at most two full moves; it gains a Break', () => {
    const m0 = doomed()
    const { match, events } = finishRound(m0)
    const t = teamOf(match.state, 'b')
    expect(t.breaks).toBe(1)
    expect(match.state.items.some((i) => i.weapon === 'lmg')).toBe(true)
    expect(match.state.figures.b1?.weapons.includes('lmg')).toBe(false)
    for (const id of ['b1', 'b2']) {
      const a = m0.state.figures[id]?.position
      const f = match.state.figures[id]
      if (!a || !f) throw new Error(id)
      if (f.offTable) continue
      const moved = Math.hypot(f.position.x - a.x, f.position.z - a.z)
      expect(moved, id).toBeGreaterThanOrEqual(8 - 1e-6)
      expect(moved, id).toBeLessThanOrEqual(16 + 1e-6)
      expect(f.position.z, id).toBeGreaterThan(a.z) // toward the south base line
    }
    // while fleeing it may do nothing else: the engine played it without a command
    expect(events.some((e) => e.type === 'AttackMade' && e.teamId === 'b')).toBe(false)
  })

  it('SMLE-ACT-15: a unit with two Break results leaves the battlefield', () => {
    const { match } = finishRound(doomed(1))
    const t = teamOf(match.state, 'b')
    expect(t.breaks).toBeGreaterThanOrEqual(2)
    expect(t.gone).not.toBeNull()
  })

  it('SMLE-ACT-15 / Table 1a: a broken unit rolls at −2 ("Broken troops")', () => {
    const m = withTeam(newMatch(1, facing()), 'b', { breaks: 1 })
    const r = must(m, { type: 'rollActivation', sideId: 'blue' })
    const a = r.events.find((e) => e.type === 'ActivationSet' && e.teamId === 'b')
    expect(a?.type === 'ActivationSet' && a.activation.modifiers.find((x) => /broken/i.test(x.label))?.value).toBe(-2)
  })
})

describe('SMLE-OPT-02 Double Move', () => {
  it('SMLE-OPT-02: in the second turn the unit may move again but may attack only if it made no attack in the first', () => {
    // find a seed where Blue's team rolls B10 and Red's does not interfere
    for (let seed = 1; seed <= 60; seed++) {
      const sc = field([
        team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30), fig('b3', 14, 30)], { quality: 'veteran' }),
        team('r', 'red', [fig('r1', 10, 10), fig('r2', 12, 10), fig('r3', 14, 10), fig('r4', 16, 10)], {
          quality: 'untrained',
        }),
        team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)], { quality: 'untrained' }),
      ])
      const m = newMatch(seed, sc)
      let secondSeen = false
      let attacked = false
      finishRound(m, (mm, id, turn) => {
        if (id !== 'b') return []
        if (turn === 'first') {
          if ((teamOf(mm.state, 'b').activation?.band ?? 0) !== 10) return []
          attacked = true
          return [{ type: 'directFire', teamId: 'b', targetTeamId: 'r' }]
        }
        secondSeen = true
        expect(refusal(mm, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })?.clause).toBe('SMLE-TURN-07')
        const moved = refusal(mm, { type: 'moveFigure', figureId: 'b2', to: { x: 12, z: 31 } })
        expect(moved).toBeNull()
        return []
      })
      if (attacked && secondSeen) return
    }
    throw new Error('no B10 found')
  })
})

describe('SMLE §7 combat options', () => {
  it('SMLE-COMBAT-02: a team that Direct Fires may not Opportunity Fire later in the round', () => {
    let m = inTurn(newMatch(2, facing()), 'b', 8, 8)
    m = must(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' }).match
    if (m.state.phase !== 'play') return
    // later in the round Red's far team acts (b waits at B8 with its attack spent)
    m = inTurn(m, 'r-far', 9, 8)
    m = withTeam(m, 'b', { attack: 'direct', turn: 'done' })
    if (m.state.pending?.kind === 'opportunity') expect(m.state.pending.eligibleTeamIds).not.toContain('b')
    m = must(m, { type: 'moveFigure', figureId: 'rf1', to: { x: 40, z: 4 } }).match
    const q = m.state.pending
    expect(q?.kind === 'opportunity' ? q.eligibleTeamIds : []).not.toContain('b')
    if (q?.kind === 'opportunity')
      expect(refusal(m, { type: 'opportunityFire', sideId: 'blue', teamId: 'b' })).not.toBeNull()
  })

  it('SMLE-COMBAT-04: only B5+ units are eligible for Opportunity Fire (a B4 team is not offered)', () => {
    const b5 = inTurn(newMatch(1, facing()), 'r', 8, 5)
    const p5 = b5.state.pending
    const m5 =
      p5?.kind === 'opportunity' ? b5 : must(b5, { type: 'moveFigure', figureId: 'r1', to: { x: 9, z: 16 } }).match
    expect(m5.state.pending?.kind === 'opportunity' && m5.state.pending.eligibleTeamIds).toContain('b')
    const b4 = inTurn(newMatch(1, facing()), 'r', 8, 4)
    const m4 = must(b4, { type: 'moveFigure', figureId: 'r1', to: { x: 9, z: 16 } }).match
    const q = m4.state.pending
    expect(q?.kind === 'opportunity' ? q.eligibleTeamIds : []).not.toContain('b')
  })

  it('SMLE-COMBAT-04: a team that Opportunity Fired may not Direct Fire or take an Other option in its own turn, but may move', () => {
    let m = inTurn(newMatch(3, facing()), 'r', 8, 6)
    if (m.state.pending?.kind !== 'opportunity')
      m = must(m, { type: 'moveFigure', figureId: 'r1', to: { x: 9, z: 16 } }).match
    m = must(m, { type: 'opportunityFire', sideId: 'blue', teamId: 'b' }).match
    if (m.state.pending?.kind === 'fireReaction') m = must(m, { type: 'reactToFire', sideId: 'red', prone: [] }).match
    expect(teamOf(m.state, 'b').opportunityFired).toBe(true)
    // Blue's own turn, later this round, at B8
    const t = teamOf(m.state, 'b')
    let n = inTurn(m, 'b', 8)
    n = withTeam(n, 'b', { opportunityFired: true, attack: t.attack })
    n = withFigure(n, 'b2', { weapons: ['rifle', 'bazooka'], weaponState: { bazooka: 'needsReload' } })
    expect(refusal(n, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })?.clause).toMatch(
      /SMLE-(COMBAT-04|TURN-07)/,
    )
    expect(refusal(n, { type: 'reload', teamId: 'b' })?.clause).toMatch(/SMLE-(COMBAT-04|TURN-07|TURN-10)/)
    expect(refusal(n, { type: 'moveFigure', figureId: 'b3', to: { x: 15, z: 30 } })).toBeNull()
  })

  it('SMLE-COMBAT-05: interrupt points before the first step (the turn’s opening window), after each 1" step and at the end of a 3" move', () => {
    // a real round: Red's team r is the first to act, at B6+, and Blue's team may fire (B5+)
    const { value } = findSeed(
      300,
      (seed) => rollBoth(newMatch(seed, facing())).match,
      (mm) =>
        actingId(mm) === 'r' &&
        (teamOf(mm.state, 'r').activation?.band ?? 0) >= 6 &&
        mm.state.pending?.kind === 'opportunity' &&
        mm.state.pending.eligibleTeamIds.includes('b'),
    )
    let m = value
    const seenAt: number[] = []
    expect(m.state.pending?.kind).toBe('opportunity')
    seenAt.push(m.state.figures.r1?.position.z ?? NaN)
    m = must(m, { type: 'holdFire', sideId: 'blue', until: 'point' }).match
    let r = dispatch(m, { type: 'moveFigure', figureId: 'r1', to: { x: 10, z: 13 } })
    expect(r.decision.ok).toBe(true)
    let windows = 0
    m = r.match
    while (m.state.pending?.kind === 'opportunity' && windows < 20) {
      windows++
      seenAt.push(m.state.figures.r1?.position.z ?? NaN)
      r = dispatch(m, { type: 'holdFire', sideId: 'blue', until: 'point' })
      expect(r.decision.ok).toBe(true)
      m = r.match
    }
    expect(m.state.figures.r1?.position.z).toBeCloseTo(13)
    // z 16 → 13: windows at 16 (before the first step), 15, 14 and 13 (end)
    expect(seenAt.map((z) => Math.round(z * 10) / 10)).toEqual([16, 15, 14, 13])
  })

  it('SMLE-COMBAT-05 / SMLE-MOVE-05: a target figure may drop prone when Opportunity Fire is declared; its move ends there', () => {
    let m = inTurn(newMatch(1, facing()), 'r', 9, 6)
    if (m.state.pending?.kind === 'opportunity') m = must(m, { type: 'holdFire', sideId: 'blue', until: 'point' }).match
    m = must(m, { type: 'moveFigure', figureId: 'r1', to: { x: 10, z: 12 } }).match
    // the first point of the move: r1 at 15
    expect(m.state.pending?.kind).toBe('opportunity')
    m = must(m, { type: 'opportunityFire', sideId: 'blue', teamId: 'b' }).match
    expect(m.state.pending?.kind).toBe('fireReaction')
    m = must(m, { type: 'reactToFire', sideId: 'red', prone: ['r1'] }).match
    for (let i = 0; i < 10 && m.state.pending?.kind === 'opportunity'; i++)
      m = must(m, { type: 'holdFire', sideId: 'blue', until: 'move' }).match
    const r1 = m.state.figures.r1
    if (r1?.status === 'dead') return
    expect(r1?.prone).toBe(true)
    expect(r1?.position.z).toBeCloseTo(15)
    expect(refusal(m, { type: 'moveFigure', figureId: 'r1', to: { x: 10, z: 14 } })).not.toBeNull()
  })

  it('SMLE-COMBAT-07: Return Fire is refused against a team that has not fired on this one (this round or last)', () => {
    const m = inTurn(newMatch(1, facing()), 'b', 4)
    expect(refusal(m, { type: 'returnFire', teamId: 'b', targetTeamId: 'r', figureId: 'b2' })?.clause).toBe(
      'SMLE-COMBAT-07',
    )
    // fired on by r-far only: still no return fire at r
    const other = withTeam(m, 'b', {
      fresh: false,
      fire: { thisRound: quiet, lastRound: { ...fired, byTeams: ['r-far'] } },
    })
    expect(refusal(other, { type: 'returnFire', teamId: 'b', targetTeamId: 'r', figureId: 'b2' })?.clause).toBe(
      'SMLE-COMBAT-07',
    )
  })

  it('SMLE-COMBAT-07: Return Fire with an autofire weapon makes one roll and at most one hit', () => {
    let successes = 0
    for (let seed = 1; seed <= 30; seed++) {
      const m = firedOnLastRound(inTurn(newMatch(seed, facing(3)), 'b', 4))
      const { events } = must(m, { type: 'returnFire', teamId: 'b', targetTeamId: 'r', figureId: 'b1' })
      const hitRolls = events.filter((e) => e.type === 'DiceRolled' && /to hit/.test(e.purpose))
      expect(hitRolls.length).toBe(1)
      const shot = events.find((e) => e.type === 'ShotResolved')
      if (shot?.type === 'ShotResolved') {
        expect(shot.hits).toBeLessThanOrEqual(1)
        if (shot.success) {
          expect(shot.hits).toBe(1)
          successes++
        }
      }
    }
    expect(successes).toBeGreaterThan(0)
  })

  it('SMLE-COMBAT-09 / -10 / -12: Panic Fire aims itself at the nearest known enemy, at −4, without the close-range bonus, and scores no hits', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 30, { weapon: 'smg' }), fig('b2', 12, 30)]),
      team('r', 'red', [fig('r1', 10, 27), fig('r2', 12, 27), fig('r3', 14, 27)]),
      team('r-2', 'red', [fig('s1', 30, 20), fig('s2', 32, 20)]),
    ])
    let successes = 0
    for (let seed = 1; seed <= 20; seed++) {
      const m = inTurn(newMatch(seed, sc), 'b', 2)
      const p = previewFire(m.state, m.world, { type: 'panicFire', teamId: 'b', figureId: 'b1' } as never)
      if (!p.ok) throw new Error(p.reason.clause)
      expect(p.value.targetTeamId).toBe('r')
      const mods = (p.value.firers[0]?.modifiers ?? []) as { label: string; value: number; clause: string }[]
      expect(mods.find((x) => x.clause === 'SMLE-COMBAT-12')?.value).toBe(-4)
      expect(mods.some((x) => /close/i.test(x.label))).toBe(false)
      const { events } = must(m, { type: 'panicFire', teamId: 'b', figureId: 'b1' })
      expect(events.filter((e) => e.type === 'DiceRolled' && /to hit/.test(e.purpose)).length).toBe(1)
      const shot = events.find((e) => e.type === 'ShotResolved')
      expect(shot?.type === 'ShotResolved' && shot.hits).toBe(0)
      expect(events.some((e) => e.type === 'FigureStatusChanged')).toBe(false)
      // success: the target counts as under fire (and takes no hits)
      const rec = events.find((e) => e.type === 'FireReceived')
      if (shot?.type === 'ShotResolved' && shot.success) {
        expect(rec?.type === 'FireReceived' && rec.teamId).toBe('r')
        successes++
      }
    }
    expect(successes).toBeGreaterThan(0)
  })

  it('SMLE-COMBAT-12: Panic Fire ignores the extreme-range ban but not 2× effective range (rifle at 30" may; at 50" may not hit)', () => {
    const at = (gap: number) => {
      // Blue farther back than in `facing`, so Red stays on the table at this gap.
      const sc = field([
        team('b', 'blue', [fig('b1', 10, 44, { weapon: 'smg' }), fig('b2', 12, 44), fig('b3', 14, 44)]),
        team('r', 'red', [fig('r1', 10, 44 - gap - 1), fig('r2', 12, 44 - gap - 1), fig('r3', 14, 44 - gap - 1)]),
        team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
      ])
      const m = inTurn(newMatch(1, sc), 'b', 2)
      const p = previewFire(m.state, m.world, { type: 'panicFire', teamId: 'b', figureId: 'b2' } as never)
      return p
    }
    const p30 = at(30)
    expect(p30.ok && p30.value.firers[0]?.cannotHit).toBe(false)
    const p30mods = p30.ok ? (p30.value.firers[0]?.modifiers ?? []) : []
    expect(p30mods.some((x) => /beyond/i.test(x.label))).toBe(false)
    const sc = field([
      team('b', 'blue', [fig('b1', 2, 47, { weapon: 'smg' }), fig('b2', 3.5, 47)]),
      team('r', 'red', [fig('r1', 46, 1), fig('r2', 44.5, 1)]),
    ])
    const m = inTurn(newMatch(1, sc), 'b', 2)
    const p = previewFire(m.state, m.world, { type: 'panicFire', teamId: 'b', figureId: 'b2' } as never)
    // ~60": beyond 2× the rifle's 24"
    if (p.ok) expect(p.value.firers.find((f) => f.firerId === 'b2')?.cannotHit).toBe(true)
  })

  it('SMLE-COMBAT-11: Panic Fire counts as the one attack of the round', () => {
    let m = inTurn(newMatch(1, facing()), 'b', 2)
    m = must(m, { type: 'panicFire', teamId: 'b' }).match
    expect(teamOf(m.state, 'b').attack).toBe('panic')
    expect(refusal(m, { type: 'panicFire', teamId: 'b' })?.clause).toBe('SMLE-TURN-07')
  })
})

describe('SMLE-COMBAT-06 and Stand', () => {
  const close = () =>
    field([
      team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30)]),
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

  /** Holds every ordinary window of the assault move; returns the game at the defensive one (or where it stopped). */
  function toDefensiveWindow(m0: Match): Match {
    let m = m0
    for (let i = 0; i < 30; i++) {
      const p = m.state.pending
      if (p?.kind !== 'opportunity' || p.defensive) break
      m = must(m, { type: 'holdFire', sideId: p.sideId, until: 'point' }).match
    }
    return m
  }

  it('SMLE-COMBAT-06: before contact, the defender that has not attacked this round may Opportunity Fire', () => {
    let m = inTurn(newMatch(1, close()), 'b', 9, 6)
    if (m.state.pending) m = must(m, { type: 'holdFire', sideId: 'red', until: 'point' }).match
    m = toDefensiveWindow(must(m, assault).match)
    const p = m.state.pending
    expect(p?.kind === 'opportunity' && p.defensive).toBe(true)
    expect(p?.kind === 'opportunity' && p.eligibleTeamIds).toEqual(['r'])
    // nobody has touched yet: the assault is not resolved before the window closes
    expect(m.entries.at(-1)?.events.some((e) => e.type === 'ContactMade')).toBe(false)
  })

  it('SMLE-COMBAT-06: a defender that already attacked this round gets no defensive fire', () => {
    let m = inTurn(newMatch(1, close()), 'b', 9, 6)
    m = withTeam(m, 'r', { attack: 'direct' })
    if (m.state.pending) m = must(m, { type: 'holdFire', sideId: 'red', until: 'point' }).match
    m = toDefensiveWindow(must(m, assault).match)
    const p = m.state.pending
    expect(p?.kind === 'opportunity' && p.defensive && p.eligibleTeamIds.includes('r')).toBeFalsy()
  })

  /** In a real round (the lie-down happens as the turn starts), the figures of an Untrained team in the open when it acts at `bands`. */
  function proneAtTurn(bands: number[]): { band: number; prone: boolean[] } {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30), fig('b3', 14, 30)], { quality: 'untrained' }),
      team('r', 'red', [fig('r1', 10, 14), fig('r2', 12, 14), fig('r3', 14, 14)]),
    ])
    for (let seed = 1; seed <= 200; seed++) {
      let found: { band: number; prone: boolean[] } | null = null
      finishRound(newMatch(seed, sc), (m, id, turn) => {
        const band = teamOf(m.state, 'b').activation?.band ?? -1
        if (id === 'b' && turn === 'first' && bands.includes(band))
          found = { band, prone: ['b1', 'b2', 'b3'].map((f) => m.state.figures[f]?.prone === true) }
        return []
      })
      if (found) return found
    }
    throw new Error('no seed')
  }

  it('SMLE-OPT-05: a Stand team (B5/B4) with no cover within a half move lies down where it is when its turn starts', () => {
    const r = proneAtTurn([4, 5])
    expect(r.prone).toEqual([true, true, true])
  })

  it('SMLE-OPT-06: a Pinned team (B3) caught in the open drops prone', () => {
    const r = proneAtTurn([3])
    expect(r.prone).toEqual([true, true, true])
  })

  it('SMLE-OPT-04: an Advance team (B6/B7) in the open does not lie down by itself', () => {
    const r = proneAtTurn([6, 7])
    expect(r.prone).toEqual([false, false, false])
  })
})

describe('SMLE-ACT-16 / SMLE-SHOOT-20 across turns', () => {
  const pair = () =>
    field([
      team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30)]),
      team('r', 'red', [fig('r1', 10, 14), fig('r2', 12, 14), fig('r3', 14, 14), fig('r4', 16, 14)]),
      team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
    ])

  it('SMLE-ACT-16: fire taken during its own turn counts once the turn is over (AL recomputed with the under-fire modifier)', () => {
    let m = inTurn(newMatch(3, pair()), 'r', 8, 6)
    m = must(m, { type: 'moveFigure', figureId: 'r1', to: { x: 10, z: 15 } }).match
    m = must(m, { type: 'opportunityFire', sideId: 'blue', teamId: 'b' }).match
    if (m.state.pending?.kind === 'fireReaction') m = must(m, { type: 'reactToFire', sideId: 'red', prone: [] }).match
    for (let i = 0; i < 10 && m.state.pending?.kind === 'opportunity'; i++)
      m = must(m, { type: 'holdFire', sideId: m.state.pending.sideId, until: 'move' }).match
    const during = m.state.teams.r?.activation?.al
    const { match } = must(m, { type: 'endActivation', teamId: 'r' })
    const a = match.state.teams.r?.activation
    expect(a?.modifiers.find((x) => /direct/i.test(x.label))?.value).toBe(-1)
    expect(a?.al as number).toBeLessThan(during as number)
  })

  it('SMLE-COMBAT-04: a team that has had its turn (without attacking) may still Opportunity Fire later in the round', () => {
    let m = inTurn(newMatch(1, pair()), 'b', 8, 6)
    m = must(m, { type: 'endActivation', teamId: 'b' }).match
    m = inTurn(m, 'r', 8, 6)
    m = withTeam(m, 'b', { turn: 'done' })
    m = must(m, { type: 'moveFigure', figureId: 'r1', to: { x: 10, z: 15 } }).match
    const p = m.state.pending
    expect(p?.kind === 'opportunity' && p.eligibleTeamIds).toContain('b')
  })

  it('SMLE-SHOOT-20: moving in its own turn does not count against Opportunity Fire made in a later enemy turn', () => {
    let m = inTurn(newMatch(1, pair()), 'b', 9, 6)
    for (let i = 0; i < 10 && m.state.pending?.kind === 'opportunity'; i++)
      m = must(m, { type: 'holdFire', sideId: m.state.pending.sideId, until: 'move' }).match
    m = must(m, { type: 'moveFigure', figureId: 'b1', to: { x: 6, z: 30 } }).match
    for (let i = 0; i < 10 && m.state.pending?.kind === 'opportunity'; i++)
      m = must(m, { type: 'holdFire', sideId: m.state.pending.sideId, until: 'move' }).match
    m = must(m, { type: 'endActivation', teamId: 'b' }).match
    m = inTurn(m, 'r', 8, 6)
    m = must(m, { type: 'moveFigure', figureId: 'r1', to: { x: 10, z: 15 } }).match
    const p = previewFire(m.state, m.world, {
      type: 'opportunityFire',
      sideId: 'blue',
      teamId: 'b',
      targetTeamId: 'r',
    } as never)
    if (!p.ok) throw new Error(p.reason.clause)
    for (const f of p.value.firers) expect(f.modifiers.some((x) => /moved/i.test(x.label))).toBe(false)
  })
})

describe('SMLE-OPT-07 fall back over difficult ground', () => {
  /** Blue at z 30, rough ground (2" per 1", SMLE-MOVE-04) from z 31.5 to 40 behind it. */
  const rough = () =>
    field(
      [
        team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30)]),
        team('r', 'red', [fig('r1', 10, 16), fig('r2', 12, 16), fig('r3', 14, 16)]),
        team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
      ],
      {
        terrain: {
          areas: [
            {
              id: 'rough',
              kind: 'rough',
              polygon: [
                { x: 5, z: 31.5 },
                { x: 17, z: 31.5 },
                { x: 17, z: 40 },
                { x: 5, z: 40 },
              ],
            },
          ],
        },
      },
    )

  it('SMLE-MOVE-04: an ordinary half move into rough ground is charged 2" per 1" (4" of move reaches 2.75" on)', () => {
    const m = inTurn(newMatch(1, rough()), 'b', 7)
    expect(refusal(m, { type: 'moveFigure', figureId: 'b1', to: { x: 10, z: 32.75 } })).toBeNull()
    expect(refusal(m, { type: 'moveFigure', figureId: 'b1', to: { x: 10, z: 34 } })?.clause).toBe('SMLE-MOVE-01')
  })

  it('SMLE-OPT-07 / SMLE-MOVE-04: a B2 fall back is a half move of allowance: through rough ground it costs at most 4"', () => {
    const m = inTurn(newMatch(1, rough()), 'b', 2)
    const { events } = must(m, { type: 'fallBack', teamId: 'b' })
    const cost = events
      .filter((e) => e.type === 'FigureMoved' && e.figureId === 'b1')
      .reduce((s, e) => s + (e.type === 'FigureMoved' ? e.distanceIn : 0), 0)
    expect(cost).toBeLessThanOrEqual(4 + 1e-6)
  })

  it('SMLE-OPT-07 / SMLE-MOVE-04: a B1 full fall back costs at most a full move (8") through rough ground', () => {
    const m = inTurn(newMatch(1, rough()), 'b', 1)
    const { events } = must(m, { type: 'fallBack', teamId: 'b', distance: 'full' })
    const cost = events
      .filter((e) => e.type === 'FigureMoved' && e.figureId === 'b1')
      .reduce((s, e) => s + (e.type === 'FigureMoved' ? e.distanceIn : 0), 0)
    expect(cost).toBeLessThanOrEqual(8 + 1e-6)
  })
})

describe('SMLE-OPT-08 break over difficult ground', () => {
  it('SMLE-OPT-08 / SMLE-MOVE-04: a Break move is at most two full moves of allowance: through rough ground it costs at most 16"', () => {
    const sc = field(
      [
        team(
          'b',
          'blue',
          [
            fig('b1', 10, 26, { weapon: 'lmg' }),
            fig('b2', 12, 26),
            fig('b3', 14, 26),
            fig('b4', 16, 26),
            fig('b5', 18, 26),
          ],
          {
            quality: 'untrained',
          },
        ),
        team('b-far', 'blue', [fig('bf1', 46, 46), fig('bf2', 44, 46)]),
        team('r', 'red', [fig('r1', 10, 14), fig('r2', 12, 14)]),
        team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
      ],
      {
        terrain: {
          areas: [
            {
              id: 'rough',
              kind: 'rough',
              polygon: [
                { x: 0, z: 27 },
                { x: 30, z: 27 },
                { x: 30, z: 48 },
                { x: 0, z: 48 },
              ],
            },
          ],
        },
      },
    )
    let m = newMatch(1, sc)
    for (const id of ['b3', 'b4', 'b5']) m = withFigure(m, id, { status: 'dead' })
    const fire = { direct: true, auto: false, explosive: true, flank: false, rear: false, byTeams: ['r'] }
    m = withTeam(m, 'b', { fresh: false, fire: { thisRound: quiet, lastRound: fire } })
    const { events } = finishRound(m)
    for (const id of ['b1', 'b2']) {
      const cost = events
        .filter((e) => e.type === 'FigureMoved' && e.figureId === id)
        .reduce((s, e) => s + (e.type === 'FigureMoved' ? e.distanceIn : 0), 0)
      expect(cost, id).toBeGreaterThanOrEqual(8 - 1e-6)
      expect(cost, id).toBeLessThanOrEqual(16 + 1e-6)
    }
  })

  it('SMLE-OPT-08 / SMLE-DMG-06: a Break leaves no one where he lay: the seriously wounded, who cannot run a full move, are captured; his helper lets go and runs', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 26), fig('b2', 12, 26), fig('b3', 14, 26), fig('b4', 16, 26)], {
        quality: 'untrained',
      }),
      team('b-far', 'blue', [fig('bf1', 46, 46), fig('bf2', 44, 46)]),
      team('r', 'red', [fig('r1', 10, 14), fig('r2', 12, 14)]),
      team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
    ])
    const fire = { direct: true, auto: false, explosive: true, flank: false, rear: false, byTeams: ['r'] }
    let broke = 0
    for (let seed = 1; seed <= 60 && broke < 3; seed++) {
      let m = newMatch(seed, sc)
      m = withFigure(m, 'b3', { status: 'seriousWound', prone: true })
      m = withFigure(m, 'b4', { status: 'dead' })
      m = withFigure(m, 'b2', { helping: 'b3' })
      m = withTeam(m, 'b', { fresh: false, fire: { thisRound: quiet, lastRound: fire } })
      const { match, events } = finishRound(m)
      if (!events.some((e) => e.type === 'TeamBroke' && e.teamId === 'b')) continue
      if (events.some((e) => e.type === 'TeamGone' && e.teamId === 'b')) continue
      broke++
      expect(events.some((e) => e.type === 'FigureLeftTable' && e.figureId === 'b3' && e.reason === 'captured')).toBe(
        true,
      )
      expect(match.state.figures.b2?.helping ?? null).toBeNull()
      for (const id of ['b1', 'b2'])
        expect(
          events.some((e) => e.type === 'FigureMoved' && e.figureId === id),
          id,
        ).toBe(true)
    }
    expect(broke).toBeGreaterThan(0)
  })
})
