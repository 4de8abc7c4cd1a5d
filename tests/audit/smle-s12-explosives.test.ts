/** Audit of SMLE §12 (explosives) and the explosive rows of Table 6, from shared/rules/smle.md alone. */
import { describe, expect, it } from 'vitest'
import { type GameEvent, type Match } from '../../src-engine/index'
import { inTurn, withFigure } from '../fixtures/play'
import {
  act,
  clauseOf,
  fig,
  flat,
  modSum,
  ofType,
  type Rolled,
  reseed,
  rolls,
  start,
  sum,
} from './smle-s09-s16-helpers'

const EX: Record<string, { dice: number; plus: number; radius: number }> = {
  'hand-grenade': { dice: 2, plus: 0, radius: 2 },
  'rifle-grenade': { dice: 2, plus: 0, radius: 2 },
  bazooka: { dice: 2, plus: 2, radius: 2 },
  panzerfaust: { dice: 2, plus: 2, radius: 2 },
  'at-gun-37': { dice: 1, plus: 1, radius: 1 },
  'at-gun-57': { dice: 2, plus: 2, radius: 2 },
  'gun-75': { dice: 3, plus: 0, radius: 3 },
  'gun-88': { dice: 4, plus: 4, radius: 4 },
}
const ARMOUR = { B: 0, E: -1 } // Light, Trained defenders

/** Blue's firer b1 at (20, 27) with `weapon`; a friend b2 near the target; Red in a line at z 20. */
function range(weapon: string): Match {
  const sc = flat([
    {
      id: 'b',
      name: 'B',
      sideId: 'blue',
      ammo: { [weapon]: 5 },
      figures: [
        fig('b1', 20, 27, {
          weapon: weapon === 'hand-grenade' ? 'rifle' : weapon,
          otherWeapons: weapon === 'hand-grenade' ? ['hand-grenade'] : [],
        }),
        fig('b2', 18.3, 19.2),
      ],
    },
    {
      id: 'r',
      name: 'R',
      sideId: 'red',
      figures: [
        fig('r1', 20, 20),
        fig('r2', 21.3, 20),
        fig('r3', 22.5, 20.4),
        fig('r4', 23.6, 20.6),
        fig('r5', 25, 20),
        fig('r6', 26.5, 20),
      ],
    },
  ])
  const m = inTurn(start(sc), 'b', 9)
  return withFigure(m, 'b1', { braced: true })
}
const fire = (weapon: string) => ({
  type: 'directFire' as const,
  teamId: 'b',
  targetTeamId: 'r',
  firerIds: ['b1'],
  weapons: { b1: weapon },
  aimAt: 'r1',
})

/** The attacks of each explosion: per figure, the damage rolls it defended against. */
function explosionAttacks(events: readonly GameEvent[]) {
  const out: {
    at: { x: number; z: number }
    impact: string | null
    deviated: boolean
    attacks: { d: string; dmg: Rolled; def: Rolled }[]
  }[] = []
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!
    if (e.type === 'Explosion') out.push({ at: e.at, impact: e.impactFigureId, deviated: e.deviated, attacks: [] })
    if (e.type === 'DiceRolled' && e.purpose === 'damage') {
      const def = events[i + 1] as Rolled
      out[out.length - 1]?.attacks.push({ d: def.figureId!, dmg: e, def })
    }
  }
  return out
}

describe('§12 Explosives', () => {
  for (const [weapon, w] of Object.entries(EX)) {
    it(`SMLE-EXP-02 / SMLE-EXP-03 / SMLE-EXP-04 / SMLE-EXP-06: ${weapon} (${w.dice}D${w.plus ? `+${w.plus}` : ''}, ${w.radius}" burst): impact E attack, burst B 1D attacks N − ⌈d⌉ + 1, friend and foe`, () => {
      const base = range(weapon)
      let checked = 0
      for (let seed = 1; seed <= 30; seed++) {
        const m = reseed(base, seed)
        const r = act(m, fire(weapon))
        for (const x of explosionAttacks(r.events)) {
          const counts: Record<string, number> = {}
          const killed = new Set<string>()
          for (const a of x.attacks) {
            expect(killed.has(a.d), `${a.d} attacked after it died`).toBe(false)
            const after = r.events.indexOf(a.def)
            const next = r.events
              .slice(after + 1)
              .find((e) => e.type === 'DiceRolled' || (e.type === 'FigureStatusChanged' && e.figureId === a.d))
            if (next?.type === 'FigureStatusChanged' && next.status === 'dead') killed.add(a.d)
            const isImpact = a.d === x.impact && a.dmg.faces.length === w.dice && counts[a.d] === undefined
            if (isImpact) {
              expect(a.dmg.total, `${weapon} impact damage`).toBe(sum(a.dmg.faces) + w.plus)
              expect(modSum(a.def), 'impact uses vs E').toBe(ARMOUR.E)
              counts[a.d] = -1000
              continue
            }
            expect(a.dmg.faces.length, `${weapon} burst attack on ${a.d} is 1D`).toBe(1)
            expect(a.dmg.total).toBe(a.dmg.faces[0])
            expect(modSum(a.def), 'burst uses vs B').toBe(ARMOUR.B)
            counts[a.d] = (counts[a.d] ?? 0) + 1
          }
          if (x.impact) expect(counts[x.impact], `${weapon}: impact figure takes only the E attack`).toBe(-1000)
          // Expected burst attacks for every other figure on the table (friend or foe).
          for (const f of Object.values(m.state.figures)) {
            if (f.id === x.impact) continue
            const d = Math.hypot(f.position.x - x.at.x, f.position.z - x.at.z) - f.baseRadiusIn
            const want = d <= 0 ? w.dice : d <= w.dice ? w.dice - Math.ceil(d - 1e-9) + 1 : 0
            // A figure killed by an earlier attack of the burst takes no more.
            if (killed.has(f.id)) expect(counts[f.id] ?? 0).toBeLessThanOrEqual(want)
            else
              expect(counts[f.id] ?? 0, `${weapon} seed ${seed}: ${f.id} at ${d.toFixed(2)}" from the burst`).toBe(want)
          }
          checked++
        }
      }
      expect(checked).toBeGreaterThan(10)
    })
  }

  it('SMLE-EXP-10: a team whose figure takes burst attacks is under explosive fire, whether hurt or not (friends too)', () => {
    const base = range('hand-grenade')
    for (let seed = 1; seed <= 20; seed++) {
      const r = act(reseed(base, seed), fire('hand-grenade'))
      const burned = new Set(
        explosionAttacks(r.events).flatMap((x) => x.attacks.map((a) => r.match.state.figures[a.d]!.teamId)),
      )
      for (const t of burned)
        expect(r.match.state.teams[t]!.fire.thisRound.explosive, `seed ${seed} team ${t}`).toBe(true)
    }
  })

  it('SMLE-EXP-12 / SMLE-EXP-13 / SMLE-EXP-14 / SMLE-EXP-E04: a missed grenade deviates along the firer→target line, halved', () => {
    const base = range('hand-grenade')
    // Firer at (20, 27) throwing at r1 (20, 20): "long" is −z (north), "right" as the firer sees it is +x.
    const table: Record<number, [number, number]> = {
      1: [-2, 0],
      2: [0, -1],
      3: [0, 1],
      4: [2, -1],
      5: [2, 1],
      6: [4, 0],
    }
    const seen = new Set<number>()
    for (let seed = 1; seed <= 200 && seen.size < 6; seed++) {
      const r = act(reseed(base, seed), fire('hand-grenade'))
      const dev = rolls(r.events, 'deviation')[0]
      if (!dev) continue
      const face = dev.faces[0]!
      seen.add(face)
      const [long, right] = table[face]!
      const x = ofType(r.events, 'Explosion')[0]!
      expect([x.at.x, x.at.z], `deviation ${face}`).toEqual([20 + right / 2, 20 - long / 2])
      expect(x.deviated).toBe(true)
      expect(x.impactFigureId).toBeNull()
    }
    expect(seen.size).toBe(6)
  })

  it('SMLE-EXP-14: direct fire beyond effective range doubles the deviation (rifle grenade, effective 18", at 20")', () => {
    const sc = flat([
      {
        id: 'b',
        name: 'B',
        sideId: 'blue',
        ammo: { 'rifle-grenade': 9 },
        figures: [fig('b1', 20, 41, { weapon: 'rifle-grenade' })],
      },
      { id: 'r', name: 'R', sideId: 'red', figures: [fig('r1', 20, 20)] },
    ])
    const base = inTurn(start(sc), 'b', 9)
    const table: Record<number, [number, number]> = {
      1: [-2, 0],
      2: [0, -1],
      3: [0, 1],
      4: [2, -1],
      5: [2, 1],
      6: [4, 0],
    }
    let n = 0
    for (let seed = 1; seed <= 60; seed++) {
      const r = act(reseed(base, seed), {
        type: 'directFire',
        teamId: 'b',
        targetTeamId: 'r',
        weapons: { b1: 'rifle-grenade' },
      })
      const dev = rolls(r.events, 'deviation')[0]
      if (!dev) continue
      const [long, right] = table[dev.faces[0]!]!
      const x = ofType(r.events, 'Explosion')[0]!
      expect([x.at.x, x.at.z], `deviation ${dev.faces[0]}`).toEqual([20 + right * 2, 20 - long * 2])
      n++
    }
    expect(n).toBeGreaterThan(5)
  })

  it('SMLE-WPN-11: explosive rounds are counted off; a team with none left cannot throw', () => {
    let m = range('hand-grenade')
    m = {
      ...m,
      state: { ...m.state, teams: { ...m.state.teams, b: { ...m.state.teams.b!, ammo: { 'hand-grenade': 1 } } } },
    }
    const r = act(m, fire('hand-grenade'))
    expect(r.match.state.teams.b!.ammo['hand-grenade']).toBe(0)
    let next = inTurn(
      {
        ...r.match,
        state: {
          ...r.match.state,
          round: 2,
          teams: { ...r.match.state.teams, b: { ...r.match.state.teams.b!, attack: null, attackedThisTurn: false } },
        },
      },
      'b',
      9,
    )
    next = withFigure(next, 'b1', { firedThisRound: false })
    expect(clauseOf(next, fire('hand-grenade'))).not.toBe('accepted')
  })

  it('SMLE-WPN-01 reload: a bazooka that fired needs the Reload option before it fires again; a Panzerfaust is single shot', () => {
    for (const weapon of ['bazooka', 'panzerfaust']) {
      const r = act(range(weapon), fire(weapon))
      const state = r.match.state.figures.b1!.weaponState[weapon]
      expect(state, weapon).toBe(weapon === 'bazooka' ? 'needsReload' : 'spent')
      const s = r.match.state
      let next = inTurn(
        {
          ...r.match,
          state: { ...s, round: 2, teams: { ...s.teams, b: { ...s.teams.b!, attack: null, attackedThisTurn: false } } },
        },
        'b',
        9,
      )
      next = withFigure(next, 'b1', { firedThisRound: false, braced: true })
      expect(clauseOf(next, fire(weapon)), weapon).not.toBe('accepted')
      if (weapon === 'bazooka') {
        const reloaded = act(next, { type: 'reload', teamId: 'b' }).match
        expect(reloaded.state.figures.b1!.weaponState.bazooka).toBeUndefined()
      } else {
        expect(clauseOf(next, { type: 'reload', teamId: 'b' })).not.toBe('accepted')
      }
    }
  })
})
