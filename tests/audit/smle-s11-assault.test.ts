/** Audit of SMLE §11 (close assault), from shared/rules/smle.md alone, through the public API. */
import { describe, expect, it } from 'vitest'
import { dispatch, type GameEvent, legalCommands, type Match } from '../../src-engine/index'
import type { CommandInput } from '../../src-engine/rules/smle/commands/index'
import { inTurn, withFigure, withTeam } from '../fixtures/play'
import { act, clauseOf, fig, flat, modSum, ofType, reseed, rolls, start } from './smle-s09-s16-helpers'

type TeamInput = Parameters<typeof flat>[0][number]

/** Blue assaults from 3" south of Red; each attacker ends in base contact (gap 0.05") with the Red figure in front. */
function assaultTable(blue: Partial<TeamInput>, red: Partial<TeamInput>, more: Parameters<typeof flat>[1] = {}) {
  return flat(
    [
      { id: 'b', name: 'B', sideId: 'blue', figures: [fig('b1', 20, 22), fig('b2', 23, 22)], ...blue },
      { id: 'r', name: 'R', sideId: 'red', figures: [fig('r1', 20, 18), fig('r2', 23, 18)], ...red },
    ],
    more,
  )
}
const contact = (id: string, x: number): { figureId: string; to: { x: number; z: number } } => ({
  figureId: id,
  to: { x, z: 19.05 },
})
const assault = (moves: ReturnType<typeof contact>[]): CommandInput => ({
  type: 'closeAssault',
  teamId: 'b',
  targetTeamId: 'r',
  moves,
})

/** The close-combat rolls, paired attacker → defender as rolled. */
function pairs(events: readonly GameEvent[]): { a: string; d: string; A: number; D: number }[] {
  const rs = rolls(events, /^close assault/)
  const out: { a: string; d: string; A: number; D: number }[] = []
  for (let i = 0; i + 1 < rs.length; i += 2) {
    const a = rs[i]!
    const d = rs[i + 1]!
    expect(a.purpose).toBe('close assault')
    expect(d.purpose).toBe('close assault (defence)')
    out.push({ a: a.figureId!, d: d.figureId!, A: a.total, D: d.total })
  }
  return out
}

describe('§11 Close assault', () => {
  it('SMLE-COMBAT-01: a close assault needs B9; at B8 it is refused and not offered', () => {
    const m8 = inTurn(start(assaultTable({}, {})), 'b', 8)
    expect(clauseOf(m8, assault([contact('b1', 20), contact('b2', 23)]))).not.toBe('accepted')
    expect(legalCommands(m8.state, m8.world, 'blue').some((c) => c.type === 'closeAssault')).toBe(false)
    const m9 = inTurn(start(assaultTable({}, {})), 'b', 9)
    expect(legalCommands(m9.state, m9.world, 'blue').some((c) => c.type === 'closeAssault')).toBe(true)
    expect(clauseOf(m9, assault([contact('b1', 20), contact('b2', 23)]))).toBe('accepted')
  })

  it('SMLE-COMBAT-01 / legalCommands: every close assault offered is accepted by dispatch', () => {
    const m = inTurn(start(assaultTable({}, {})), 'b', 10)
    const offered = legalCommands(m.state, m.world, 'blue').filter((c) => c.type === 'closeAssault')
    expect(offered.length).toBeGreaterThan(0)
    for (const c of offered) expect(dispatch(m, c).decision.ok, JSON.stringify(c)).toBe(true)
  })

  it('SMLE-MOVE-08: a running team may not start a close combat', () => {
    let m = inTurn(start(assaultTable({}, {}, {})), 'b', 9)
    m = act(m, { type: 'moveFigure', figureId: 'b2', to: { x: 23, z: 23 }, pace: 'run' }).match
    expect(clauseOf(m, assault([contact('b1', 20)]))).not.toBe('accepted')
  })

  it('SMLE-CA-03: contact means at least one attacker ends in base contact; an assault that stops short is no assault', () => {
    const m = inTurn(start(assaultTable({}, {})), 'b', 9)
    const short = {
      type: 'closeAssault',
      teamId: 'b',
      targetTeamId: 'r',
      moves: [
        { figureId: 'b1', to: { x: 20, z: 19.8 } },
        { figureId: 'b2', to: { x: 23, z: 19.8 } },
      ],
    } as CommandInput
    const r = dispatch(m, short)
    if (r.decision.ok) expect(rolls(r.decision.events, /^close assault/)).toEqual([])
  })

  it('SMLE-CA-03: an attacker that ends more than 1" from every defender takes no part', () => {
    const sc = assaultTable({ figures: [fig('b1', 20, 22), fig('b2', 30, 22)] }, {})
    const m = inTurn(start(sc), 'b', 9)
    const r = act(m, {
      type: 'closeAssault',
      teamId: 'b',
      targetTeamId: 'r',
      moves: [contact('b1', 20), { figureId: 'b2', to: { x: 30, z: 21 } }],
    })
    const who = rolls(r.events, /^close assault/).map((x) => x.figureId)
    expect(who).toContain('b1')
    expect(who).not.toContain('b2')
    // r2 (3" from b1) is not within 1" of any attacker either.
    expect(who).not.toContain('r2')
  })

  it("SMLE-CA-05 / Table 5: each roll is 1D6 + the weapon's Close factor + the figure's own modifiers", () => {
    // Blue: Veteran Elite, an SMG (+3) and a rifle (+1). Red: Green Warriors, a pistol (+2) and a rifle (+1), Heavy armour... no: armoured infantry +1.
    const sc = assaultTable(
      { quality: 'veteran', motivation: 'elite', figures: [fig('b1', 20, 22, { weapon: 'smg' }), fig('b2', 23, 22)] },
      {
        quality: 'green',
        motivation: 'warriors',
        figures: [fig('r1', 20, 18, { weapon: 'pistol' }), fig('r2', 23, 18, { armour: 'armoured' })],
      },
    )
    const base = inTurn(start(sc), 'b', 9)
    const want: Record<string, number> = { b1: 3 + 1 + 1, b2: 1 + 1 + 1, r1: 2 - 1 + 2, r2: 1 - 1 + 2 + 1 }
    for (let seed = 1; seed <= 5; seed++) {
      const r = act(reseed(base, seed), assault([contact('b1', 20), contact('b2', 23)]))
      const rs = rolls(r.events, /^close assault/)
      expect(rs.length).toBe(4)
      for (const x of rs) {
        expect(x.faces.length).toBe(1)
        expect(modSum(x), `${x.figureId}: ${JSON.stringify(x.modifiers)}`).toBe(want[x.figureId!])
        expect(x.total).toBe(x.faces[0]! + modSum(x))
      }
    }
  })

  it('SMLE-CA-05 / Table 5: Untrained −2 and Fanatic +1', () => {
    const sc = assaultTable({ quality: 'untrained', motivation: 'fanatic' }, {})
    const r = act(inTurn(start(sc), 'b', 9), assault([contact('b1', 20), contact('b2', 23)]))
    for (const x of rolls(r.events, 'close assault')) expect(modSum(x)).toBe(1 - 2 + 1)
  })

  it("SMLE-CA-07 / SMLE-WPN-10: a melee weapon gives +3 instead of the gun's Close factor (the better one, not both); a bayonet +1 on a rifle", () => {
    const sc = assaultTable(
      { figures: [fig('b1', 20, 22, { otherWeapons: ['sword'] }), fig('b2', 23, 22, { kit: ['bayonet'] })] },
      {
        figures: [
          fig('r1', 20, 18, { weapon: 'smg', otherWeapons: ['club'] }),
          fig('r2', 23, 18, { otherWeapons: ['club'] }),
        ],
      },
    )
    const r = act(inTurn(start(sc), 'b', 9), assault([contact('b1', 20), contact('b2', 23)]))
    const by = Object.fromEntries(rolls(r.events, /^close assault/).map((x) => [x.figureId, modSum(x)]))
    expect(by).toEqual({ b1: 3, b2: 2, r1: 3, r2: 1 })
  })

  it('SMLE-CA-09 / SMLE-CA-E05: one Veteran defender faced by three attackers rolls three dice, each +1 −2', () => {
    const sc = flat([
      { id: 'b', name: 'B', sideId: 'blue', figures: [fig('b1', 19, 22), fig('b2', 20.5, 22), fig('b3', 22, 22)] },
      { id: 'r', name: 'R', sideId: 'red', quality: 'veteran', figures: [fig('r1', 20.5, 18, { weapon: 'pistol' })] },
    ])
    const m = inTurn(start(sc), 'b', 9)
    // All three end within 1" of r1, the middle one in base contact.
    const r = act(m, {
      type: 'closeAssault',
      teamId: 'b',
      targetTeamId: 'r',
      moves: [
        { figureId: 'b1', to: { x: 19.6, z: 19.2 } },
        { figureId: 'b2', to: { x: 20.5, z: 19.05 } },
        { figureId: 'b3', to: { x: 21.4, z: 19.2 } },
      ],
    })
    const def = rolls(r.events, 'close assault (defence)')
    expect(def.map((x) => x.figureId)).toEqual(['r1', 'r1', 'r1'])
    for (const x of def) expect(modSum(x)).toBe(2 + 1 - 2)
    for (const x of rolls(r.events, 'close assault')) expect(modSum(x)).toBe(1)
  })

  it('SMLE-CA-14 / Table 5: a seriously wounded defender is paired and gets −2; a light wound −2 too', () => {
    let m = inTurn(start(assaultTable({}, {})), 'b', 9)
    m = withFigure(m, 'r1', { status: 'seriousWound', prone: true })
    m = withFigure(m, 'r2', { status: 'lightWound' })
    const r = act(m, assault([contact('b1', 20), contact('b2', 23)]))
    const def = Object.fromEntries(rolls(r.events, 'close assault (defence)').map((x) => [x.figureId, modSum(x)]))
    expect(def).toEqual({ r1: 1 - 2, r2: 1 - 2 })
  })

  it("SMLE-CA-08: a hidden team's assault finds its defenders surprised (−2)", () => {
    const sc = assaultTable({ hidden: true }, {})
    const m = inTurn(start(sc), 'b', 9)
    const r = act(m, assault([contact('b1', 20), contact('b2', 23)]))
    for (const x of rolls(r.events, 'close assault (defence)'))
      expect(modSum(x), JSON.stringify(x.modifiers)).toBe(1 - 2)
  })

  it('Table 11.2: each pairing\'s result (killed, pushed back beyond 4", fallen back to its start, defender killed; any A ≥ 2D breaks the defenders)', () => {
    const sc = assaultTable(
      { figures: [fig('b1', 20, 22), fig('b2', 26, 22)] },
      { figures: [fig('r1', 20, 18), fig('r2', 26, 18)] },
    )
    const base = inTurn(start(sc), 'b', 9)
    const seen = new Set<string>()
    for (let seed = 1; seed <= 80; seed++) {
      const r = act(reseed(base, seed), assault([contact('b1', 20), contact('b2', 26)]))
      const ps = pairs(r.events)
      expect(ps.length).toBe(2)
      const broke = ps.some((p) => p.A >= 2 * p.D)
      expect(ofType(r.events, 'TeamBroke').length, `seed ${seed}`).toBe(broke ? 1 : 0)
      if (broke) {
        seen.add('break')
        continue
      }
      const s = r.match.state
      for (const p of ps) {
        const a = s.figures[p.a]!
        const d = s.figures[p.d]!
        const start0 = base.state.figures[p.a]!.position
        if (p.A > p.D) {
          seen.add('defender killed')
          expect(d.status, `seed ${seed} ${JSON.stringify(p)}`).toBe('dead')
        } else if (p.A === p.D) {
          seen.add('pushed back')
          expect(a.status).toBe('ok')
          for (const id of ['r1', 'r2']) {
            const other = s.figures[id]!
            if (other.status === 'dead') continue
            const gap = Math.hypot(a.position.x - other.position.x, a.position.z - other.position.z) - 1
            expect(gap, `seed ${seed}: ${p.a} pushed back beyond 4" of ${id}`).toBeGreaterThan(4)
          }
        } else if (p.D < 2 * p.A) {
          seen.add('attacker killed')
          expect(a.status, `seed ${seed} ${JSON.stringify(p)}`).toBe('dead')
        } else {
          seen.add('fall back')
          expect(a.status).toBe('ok')
          expect([a.position.x, a.position.z]).toEqual([start0.x, start0.z])
        }
      }
    }
    expect([...seen].sort()).toEqual(['attacker killed', 'break', 'defender killed', 'fall back', 'pushed back'])
  })

  it('SMLE-CA-11: a Break result on any defending figure breaks the whole team (a Break result counted)', () => {
    const base = inTurn(start(assaultTable({}, {})), 'b', 9)
    for (let seed = 1; seed <= 80; seed++) {
      const r = act(reseed(base, seed), assault([contact('b1', 20), contact('b2', 23)]))
      if (!pairs(r.events).some((p) => p.A >= 2 * p.D)) continue
      expect(r.match.state.teams.r!.breaks).toBe(1)
      return
    }
    throw new Error('no break in 80 seeds')
  })

  it('SMLE-CA-13: an enemy that reaches a broken unit captures or destroys it, with no dice', () => {
    let m = inTurn(start(assaultTable({}, {})), 'b', 9)
    m = withTeam(m, 'r', { breaks: 1 })
    const r = act(m, assault([contact('b1', 20), contact('b2', 23)]))
    expect(rolls(r.events, /^close assault/)).toEqual([])
    expect(r.match.state.teams.r!.gone).not.toBeNull()
  })

  it('SMLE-COMBAT-06 / SMLE-CA-02: a defender able to (B5+) may opportunity fire before contact; its casualties are removed before the assault', () => {
    const sc = assaultTable({}, {})
    let m = inTurn(start(sc), 'b', 9, 6)
    const r = act(m, assault([contact('b1', 20), contact('b2', 23)]))
    m = r.match
    // A window opens for Red before the dice of the assault.
    let guard = 0
    while (m.state.pending && m.state.pending.kind === 'opportunity' && !m.state.pending.defensive && guard++ < 20)
      m = act(m, { type: 'holdFire', sideId: 'red', until: 'point' }).match
    expect(m.state.pending?.kind).toBe('opportunity')
    if (m.state.pending?.kind !== 'opportunity') return
    expect(m.state.pending.defensive).toBe(true)
    expect(m.state.pending.eligibleTeamIds).toEqual(['r'])
    expect(rolls(r.events, /^close assault/)).toEqual([])
  })
})

void withTeam
type _M = Match
