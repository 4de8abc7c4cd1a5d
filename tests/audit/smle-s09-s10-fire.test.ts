/**
 * Audit of SMLE §9 (weapons) and §10 (effect of fire), written from shared/rules/smle.md alone.
 * Black-box: scenarios, commands and events of the public API.
 */
import { describe, expect, it } from 'vitest'
import { figureFullMoveIn, type GameEvent, type Match, previewFire } from '../../src-engine/index'
import { inTurn, withFigure, withTeam } from '../fixtures/play'
import {
  act,
  clauseOf,
  fig,
  flat,
  modSum,
  ofType,
  playToRound,
  type Rolled,
  reseed,
  rolls,
  start,
  sum,
} from './smle-s09-s16-helpers'

/** Table 6 rows: close factor, effective range, damage dice and plus, type, autofire, must brace. */
const TABLE6: Record<
  string,
  { close: number; range: number; dice: number; plus: number; type: 'B' | 'E'; auto: boolean; brace: boolean }
> = {
  pistol: { close: 2, range: 6, dice: 1, plus: 0, type: 'B', auto: false, brace: false },
  'machine-pistol': { close: 2, range: 6, dice: 1, plus: 0, type: 'B', auto: true, brace: false },
  smg: { close: 3, range: 12, dice: 1, plus: 0, type: 'B', auto: true, brace: false },
  rifle: { close: 1, range: 24, dice: 1, plus: 0, type: 'B', auto: false, brace: false },
  'semi-auto-rifle': { close: 1, range: 24, dice: 1, plus: 0, type: 'B', auto: false, brace: false },
  carbine: { close: 2, range: 18, dice: 1, plus: 0, type: 'B', auto: false, brace: false },
  'assault-rifle': { close: 2, range: 18, dice: 1, plus: 0, type: 'B', auto: true, brace: false },
  shotgun: { close: 3, range: 6, dice: 1, plus: 1, type: 'B', auto: false, brace: false },
  'sniper-rifle': { close: 0, range: 36, dice: 1, plus: 1, type: 'B', auto: false, brace: true },
  lmg: { close: 0, range: 30, dice: 1, plus: 1, type: 'B', auto: true, brace: false },
  mmg: { close: -1, range: 36, dice: 1, plus: 2, type: 'B', auto: true, brace: true },
  hmg: { close: -1, range: 48, dice: 2, plus: 0, type: 'E', auto: true, brace: true },
  'at-rifle': { close: -1, range: 30, dice: 2, plus: 0, type: 'E', auto: false, brace: true },
  flamethrower: { close: 2, range: 6, dice: 2, plus: 0, type: 'E', auto: false, brace: false },
}

/** One firer (Trained, braced) at an edge-to-edge range from one Trained target in the open. */
function duel(weapon: string, rangeIn: number): Match {
  // A long table, so the longest range tried (past twice the HMG's 48") still has both figures on it.
  const sc = flat(
    [
      { id: 'b', name: 'B', sideId: 'blue', figures: [fig('b1', 24, 118, { weapon })] },
      { id: 'r', name: 'R', sideId: 'red', figures: [fig('r1', 24, 118 - rangeIn - 1)] },
    ],
    { table: { widthIn: 48, depthIn: 120 } },
  )
  return withFigure(inTurn(start(sc), 'b', 9), 'b1', { braced: true })
}

function previewOf(m: Match) {
  const p = previewFire(m.state, m.world, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
  if (!p.ok) throw new Error(JSON.stringify(p))
  const f = p.value.firers[0]
  if (!f) throw new Error('no firer')
  return f
}

describe('§9 Table 6 — ranges and close factors (SMLE-WPN-01, SMLE-SHOOT-07, SMLE-SHOOT-08)', () => {
  for (const [weapon, row] of Object.entries(TABLE6)) {
    it(`SMLE-WPN-01 ${weapon}: effective range ${row.range}", −4 beyond, no hit beyond ${2 * row.range}", Close ${row.close} within 4"`, () => {
      const inside = previewOf(duel(weapon, row.range - 0.5))
      expect(inside.modifiers.some((x) => x.clause === 'SMLE-SHOOT-08')).toBe(false)
      expect(inside.cannotHit).toBe(false)
      const beyond = previewOf(duel(weapon, row.range + 0.5))
      expect(beyond.modifiers.filter((x) => x.clause === 'SMLE-SHOOT-08').map((x) => x.value)).toEqual([-4])
      expect(beyond.cannotHit).toBe(false)
      const tooFar = previewOf(duel(weapon, 2 * row.range + 0.5))
      expect(tooFar.cannotHit).toBe(true)
      if (row.range > 4) {
        const close = previewOf(duel(weapon, 3))
        const closeMods = close.modifiers.filter((x) => x.clause === 'SMLE-SHOOT-07').map((x) => x.value)
        expect(closeMods).toEqual(row.close === 0 ? [] : [row.close])
      }
    })
  }

  it('SMLE-SHOOT-25 / SMLE-WPN-01 must-brace weapons (sniper rifle, MMG, HMG, AT rifle) cannot fire unbraced', () => {
    for (const weapon of ['sniper-rifle', 'mmg', 'hmg', 'at-rifle']) {
      const m = withFigure(duel(weapon, 10), 'b1', { braced: false })
      const c = clauseOf(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
      expect(c, weapon).not.toBe('accepted')
    }
  })

  it('SMLE-WPN-01 / SMLE-MOVE-07 heavy weapon −1" (LMG), very heavy −2" (MMG, AT rifle, flamethrower) for the carrier', () => {
    const sc = flat([
      {
        id: 'b',
        name: 'B',
        sideId: 'blue',
        figures: [
          fig('b-rifle', 10, 40),
          fig('b-lmg', 12, 40, { weapon: 'lmg' }),
          fig('b-mmg', 14, 40, { weapon: 'mmg' }),
          fig('b-atr', 16, 40, { weapon: 'at-rifle' }),
          fig('b-flame', 18, 40, { weapon: 'flamethrower' }),
          fig('b-lmortar', 20, 40, { weapon: 'light-mortar' }),
        ],
      },
      { id: 'r', name: 'R', sideId: 'red', figures: [fig('r1', 24, 4)] },
    ])
    const m = start(sc)
    const full = (id: string) => figureFullMoveIn(m.state, m.state.figures[id]!)
    expect(full('b-rifle')).toBe(8)
    expect(full('b-lmg')).toBe(7)
    expect(full('b-mmg')).toBe(6)
    expect(full('b-atr')).toBe(6)
    expect(full('b-flame')).toBe(6)
    expect(full('b-lmortar')).toBe(7)
  })
})

/** Expected wound after a hit (Table 10.4 with SMLE-DMG-09 escalation and SMLE-DMG-10). */
function expectedResult(firer: number, defender: number): 'kill' | 'serious' | 'light' | 'miss' {
  if (defender <= 0) return firer > 0 ? 'kill' : 'miss'
  if (firer >= 2 * defender) return 'kill'
  if (firer > defender) return 'serious'
  if (firer === defender) return 'light'
  return 'miss'
}
function escalate(before: string, r: 'kill' | 'serious' | 'light' | 'miss'): string {
  if (r === 'miss') return before
  if (r === 'kill') return 'dead'
  if (before === 'seriousWound') return 'dead'
  if (r === 'serious') return 'seriousWound'
  return before === 'lightWound' ? 'seriousWound' : 'lightWound'
}

/**
 * Walks the events of an attack: each `damage` roll and its `damage defence` roll, then the status the
 * defender ends with before the next pair. Returns what was checked.
 */
function checkDamagePairs(
  before: Match,
  events: readonly GameEvent[],
  defenderMods: (figureId: string, weaponType: 'B' | 'E') => number,
  firerDamage: (figureId: string) => { dice: number; plus: number; type: 'B' | 'E' },
): number {
  const status: Record<string, string> = Object.fromEntries(
    Object.values(before.state.figures).map((f) => [f.id, f.status]),
  )
  let checked = 0
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!
    if (e.type !== 'DiceRolled' || e.purpose !== 'damage') continue
    const d = events[i + 1] as Rolled
    expect(d.type).toBe('DiceRolled')
    expect(d.purpose).toBe('damage defence')
    const w = firerDamage(e.figureId!)
    expect(e.faces.length, `damage dice of ${e.figureId}`).toBe(w.dice)
    expect(e.total, `damage total of ${e.figureId}`).toBe(sum(e.faces) + w.plus)
    expect(d.faces.length).toBe(1)
    expect(modSum(d), `defender modifiers of ${d.figureId} vs ${w.type}`).toBe(defenderMods(d.figureId!, w.type))
    expect(d.total).toBe(d.faces[0]! + modSum(d))
    const want = escalate(status[d.figureId!]!, expectedResult(e.total, d.total))
    // The status the figure has once this pair is settled (before the next damage roll).
    let j = i + 2
    let got = status[d.figureId!]!
    let shaken = false
    for (; j < events.length; j++) {
      const n = events[j]!
      if (
        n.type === 'DiceRolled' &&
        (n.purpose === 'damage' || n.purpose === 'hit allotment' || /^to hit/.test(n.purpose))
      )
        break
      if (n.type === 'FigureStatusChanged' && n.figureId === d.figureId) got = n.status
      if (n.type === 'FigureSpent' && n.figureId === d.figureId && n.why === 'shaken') shaken = true
    }
    expect(got, `${e.total} vs ${d.total} on ${d.figureId} (was ${status[d.figureId!]})`).toBe(want)
    if (expectedResult(e.total, d.total) === 'miss') expect(shaken, 'SMLE-DMG-08 near miss shakes').toBe(true)
    status[d.figureId!] = got
    checked++
  }
  return checked
}

describe('§10 Effect of fire', () => {
  // Red: a Trained figure in Light armour, a Veteran in no armour, an Untrained in Body armour, a Green in Heavy.
  const target = (motivation: 'none' | 'elite' | 'fanatic' = 'none') =>
    flat([
      {
        id: 'b',
        name: 'B',
        sideId: 'blue',
        quality: 'veteran',
        figures: [
          fig('b-rifle', 16, 24),
          fig('b-lmg', 18, 24, { weapon: 'lmg' }),
          fig('b-mmg', 20, 24, { weapon: 'mmg' }),
          fig('b-hmg', 22, 24, { weapon: 'hmg' }),
          fig('b-shot', 24, 24, { weapon: 'shotgun' }),
        ],
      },
      {
        id: 'r',
        name: 'R',
        sideId: 'red',
        motivation,
        figures: [
          fig('r-tr', 16, 21),
          fig('r-vet', 18, 21, { quality: 'veteran', armour: 'none' }),
          fig('r-un', 20, 21, { quality: 'untrained', armour: 'body' }),
          fig('r-gr', 22, 21, { quality: 'green', armour: 'heavy' }),
        ],
      },
    ])
  const ARMOUR: Record<string, { B: number; E: number }> = {
    'r-tr': { B: 0, E: -1 },
    'r-vet': { B: -1, E: -2 },
    'r-un': { B: 1, E: 0 },
    'r-gr': { B: 1, E: 1 },
  }
  const QUALITY: Record<string, number> = { 'r-tr': 0, 'r-vet': 1, 'r-un': -1, 'r-gr': 0 }
  const WEAPON: Record<string, string> = {
    'b-rifle': 'rifle',
    'b-lmg': 'lmg',
    'b-mmg': 'mmg',
    'b-hmg': 'hmg',
    'b-shot': 'shotgun',
  }

  for (const motivation of ['none', 'elite', 'fanatic'] as const) {
    it(`SMLE-DMG-04 / SMLE-DMG-05 / Table 10.4 / SMLE-DMG-09: every hit's damage, defence and result (defenders' motivation ${motivation})`, () => {
      let base = inTurn(start(target(motivation)), 'b', 9)
      for (const id of ['b-mmg', 'b-hmg']) base = withFigure(base, id, { braced: true })
      let checked = 0
      for (let seed = 1; seed <= 25; seed++) {
        const m = reseed(base, seed)
        const r = act(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
        checked += checkDamagePairs(
          m,
          r.events,
          (id, t) => ARMOUR[id]![t] + QUALITY[id]! + (motivation === 'none' ? 0 : 1),
          (id) => TABLE6[WEAPON[id]!]!,
        )
      }
      expect(checked).toBeGreaterThan(40)
    })
  }

  it('SMLE-DMG-09: a figure already lightly wounded that takes a light wound becomes seriously wounded; a seriously wounded one hit again dies', () => {
    let base = inTurn(start(target()), 'b', 9)
    base = withFigure(base, 'r-tr', { status: 'lightWound' })
    base = withFigure(base, 'r-vet', { status: 'seriousWound', prone: true })
    base = withFigure(base, 'r-un', { status: 'lightWound' })
    base = withFigure(base, 'r-gr', { status: 'seriousWound', prone: true })
    for (const id of ['b-mmg', 'b-hmg']) base = withFigure(base, id, { braced: true })
    let checked = 0
    for (let seed = 1; seed <= 20; seed++) {
      const m = reseed(base, seed)
      const r = act(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
      checked += checkDamagePairs(
        m,
        r.events,
        (id, t) => ARMOUR[id]![t] + QUALITY[id]!,
        (id) => TABLE6[WEAPON[id]!]!,
      )
    }
    expect(checked).toBeGreaterThan(20)
  })

  it('SMLE-DMG-03 / SMLE-ACT-18: an attack that scores no hits still puts the target under fire', () => {
    // A rifle at extreme range with every shot missing.
    const sc = flat([
      { id: 'b', name: 'B', sideId: 'blue', quality: 'untrained', figures: [fig('b1', 24, 44)] },
      { id: 'r', name: 'R', sideId: 'red', quality: 'veteran', figures: [fig('r1', 24, 4)] },
    ])
    const base = inTurn(start(sc), 'b', 9)
    let found = false
    for (let seed = 1; seed <= 40 && !found; seed++) {
      const r = act(reseed(base, seed), { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
      const shots = ofType(r.events, 'ShotResolved')
      if (shots.every((s) => !s.success)) {
        found = true
        expect(ofType(r.events, 'FireReceived').map((f) => [f.teamId, f.direct])).toEqual([['r', true]])
        expect(r.match.state.teams.r!.fire.thisRound.direct).toBe(true)
      }
    }
    expect(found).toBe(true)
  })

  it('SMLE-DMG-06: a seriously wounded figure falls prone and may not shoot', () => {
    const sc = flat([
      { id: 'b', name: 'B', sideId: 'blue', figures: [fig('b1', 20, 30), fig('b2', 22, 30)] },
      { id: 'r', name: 'R', sideId: 'red', figures: [fig('r1', 20, 18)] },
    ])
    let m = inTurn(start(sc), 'b', 9)
    m = withFigure(m, 'b1', { status: 'seriousWound', prone: true })
    expect(clauseOf(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r', firerIds: ['b1'] })).not.toBe('accepted')
    const r = act(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
    expect(ofType(r.events, 'AttackMade')[0]!.firerIds).toEqual(['b2'])
    // A fresh serious wound leaves the figure prone.
    const shooter = flat([
      {
        id: 'b',
        name: 'B',
        sideId: 'blue',
        quality: 'veteran',
        figures: [fig('b1', 20, 22, { weapon: 'smg' }), fig('b2', 22, 22, { weapon: 'smg' })],
      },
      { id: 'r', name: 'R', sideId: 'red', figures: [fig('r1', 20, 19), fig('r2', 22, 19), fig('r3', 24, 19)] },
    ])
    const base = inTurn(start(shooter), 'b', 9)
    let seen = 0
    for (let seed = 1; seed <= 40; seed++) {
      const x = act(reseed(base, seed), { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
      for (const f of Object.values(x.match.state.figures))
        if (f.sideId === 'red' && f.status === 'seriousWound') {
          expect(f.prone, f.id).toBe(true)
          seen++
        }
    }
    expect(seen).toBeGreaterThan(0)
  })

  it('SMLE-DMG-06: a seriously wounded figure moves at most half its usual distance', () => {
    const sc = flat([
      { id: 'b', name: 'B', sideId: 'blue', figures: [fig('b1', 10, 40), fig('b2', 12, 40)] },
      { id: 'r', name: 'R', sideId: 'red', figures: [fig('r1', 40, 4)] },
    ])
    let m = inTurn(start(sc), 'b', 9)
    m = withFigure(m, 'b1', { status: 'seriousWound', prone: false })
    // Full move 8": a serious wound allows 4" at most (B9 would allow a full move otherwise).
    expect(clauseOf(m, { type: 'moveFigure', figureId: 'b1', to: { x: 10, z: 34.5 } })).not.toBe('accepted')
    expect(clauseOf(m, { type: 'moveFigure', figureId: 'b1', to: { x: 10, z: 36.5 } })).toBe('accepted')
  })

  it("SMLE-DMG-07: a light wound costs −2 on the figure's to-hit roll (not on its damage defence) until treated", () => {
    const sc = flat([
      { id: 'b', name: 'B', sideId: 'blue', figures: [fig('b1', 20, 30), fig('b2', 22, 30)] },
      { id: 'r', name: 'R', sideId: 'red', figures: [fig('r1', 20, 18), fig('r2', 22, 18)] },
    ])
    let m = inTurn(start(sc), 'b', 9)
    m = withFigure(m, 'b1', { status: 'lightWound' })
    const p = previewFire(m.state, m.world, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
    if (!p.ok) throw new Error('refused')
    const b1 = p.value.firers.find((f) => f.firerId === 'b1')!
    const b2 = p.value.firers.find((f) => f.firerId === 'b2')!
    expect(sum(b1.modifiers.map((x) => x.value)) - sum(b2.modifiers.map((x) => x.value))).toBe(-2)
    const treated = withFigure(m, 'b1', { treated: true })
    const q = previewFire(treated.state, treated.world, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
    if (!q.ok) throw new Error('refused')
    const t1 = q.value.firers.find((f) => f.firerId === 'b1')!
    expect(sum(t1.modifiers.map((x) => x.value))).toBe(sum(b2.modifiers.map((x) => x.value)))
    // Its damage defence has no −2: Red shoots at the wounded Blue figure.
    let red = inTurn(m, 'r', 9)
    red = withFigure(red, 'b2', { status: 'lightWound' })
    for (let seed = 1; seed <= 20; seed++) {
      const r = act(reseed(red, seed), { type: 'directFire', teamId: 'r', targetTeamId: 'b' })
      for (const d of rolls(r.events, 'damage defence')) expect(modSum(d), d.figureId).toBe(0)
    }
  })

  it('SMLE-DMG-07: a figure lightly wounded before it acts loses any further action this round', () => {
    const sc = flat([
      {
        id: 'b',
        name: 'B',
        sideId: 'blue',
        quality: 'veteran',
        figures: [fig('b1', 20, 21, { weapon: 'smg' }), fig('b2', 22, 21, { weapon: 'smg' })],
      },
      { id: 'r', name: 'R', sideId: 'red', figures: [fig('r1', 20, 18), fig('r2', 22, 18), fig('r3', 24, 18)] },
    ])
    const base = inTurn(start(sc), 'b', 9)
    for (let seed = 1; seed <= 60; seed++) {
      const r = act(reseed(base, seed), { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
      const lw = Object.values(r.match.state.figures).find((f) => f.sideId === 'red' && f.status === 'lightWound')
      if (!lw) continue
      let m = act(r.match, { type: 'endActivation', teamId: 'b' }).match
      m = inTurn(m, 'r', 9)
      // It may not move or fire for the rest of the round.
      expect(
        clauseOf(m, { type: 'moveFigure', figureId: lw.id, to: { x: lw.position.x, z: lw.position.z - 1 } }),
      ).not.toBe('accepted')
      expect(clauseOf(m, { type: 'directFire', teamId: 'r', targetTeamId: 'b', firerIds: [lw.id] })).not.toBe(
        'accepted',
      )
      // Next round it acts again (with its −2).
      const next = inTurn(playToRound(m, 2), 'r', 9)
      expect(next.state.figures[lw.id]!.spent).toBeNull()
      expect(
        clauseOf(next, { type: 'moveFigure', figureId: lw.id, to: { x: lw.position.x, z: lw.position.z - 1 } }),
      ).toBe('accepted')
      return
    }
    throw new Error('no light wound in 60 seeds')
  })

  it('SMLE-DMG-08: a near miss shakes the figure for the rest of this round (no move, no fire); next round it acts normally', () => {
    const sc = flat([
      { id: 'b', name: 'B', sideId: 'blue', quality: 'veteran', figures: [fig('b1', 20, 21), fig('b2', 22, 21)] },
      {
        id: 'r',
        name: 'R',
        sideId: 'red',
        figures: [fig('r1', 20, 18, { armour: 'armoured' }), fig('r2', 22, 18, { armour: 'armoured' })],
      },
    ])
    const base = inTurn(start(sc), 'b', 9)
    for (let seed = 1; seed <= 60; seed++) {
      const r = act(reseed(base, seed), { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
      const shaken = ofType(r.events, 'FigureSpent').find((e) => e.why === 'shaken')
      if (!shaken) continue
      const f = r.match.state.figures[shaken.figureId]!
      if (f.status !== 'ok') continue
      let m = act(r.match, { type: 'endActivation', teamId: 'b' }).match
      m = inTurn(m, 'r', 9)
      expect(
        clauseOf(m, { type: 'moveFigure', figureId: f.id, to: { x: f.position.x, z: f.position.z - 1 } }),
      ).not.toBe('accepted')
      expect(clauseOf(m, { type: 'directFire', teamId: 'r', targetTeamId: 'b', firerIds: [f.id] })).not.toBe('accepted')
      const next = inTurn(playToRound(m, 2), 'r', 9)
      expect(next.state.figures[f.id]!.spent).toBeNull()
      expect(clauseOf(next, { type: 'moveFigure', figureId: f.id, to: { x: f.position.x, z: f.position.z - 1 } })).toBe(
        'accepted',
      )
      return
    }
    throw new Error('no near miss in 60 seeds')
  })

  it('SMLE-DMG-12: first aid in base contact during Recover casualties treats a light wound', () => {
    const sc = flat([
      { id: 'b', name: 'B', sideId: 'blue', figures: [fig('b1', 20, 40), fig('b2', 21.05, 40)] },
      { id: 'r', name: 'R', sideId: 'red', figures: [fig('r1', 20, 4)] },
    ])
    let m = inTurn(start(sc), 'b', 4)
    m = withFigure(m, 'b1', { status: 'lightWound' })
    const r = act(m, {
      type: 'recoverCasualties',
      teamId: 'b',
      firstAid: [{ figureId: 'b2', woundedId: 'b1' }],
      help: [],
    })
    expect(r.match.state.figures.b1!.treated).toBe(true)
    expect(ofType(r.events, 'FirstAidGiven').map((e) => e.figureId)).toEqual(['b1'])
  })
})

void withTeam
