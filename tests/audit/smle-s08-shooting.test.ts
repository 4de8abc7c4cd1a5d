/**
 * Audit of SMLE §8 Shooting (SMLE-SHOOT-*, Table 3), black-box, mostly
 * through `previewFire` (the to-hit numbers and every modifier with its
 * clause, before the roll) and through the dice of `directFire`.
 */
import { describe, expect, it } from 'vitest'
import { type Match, previewFire, type ScenarioInput } from '../../src-engine/index'
import { holdAll, inTurn, newMatch, nextRound, withFigure, withTeam } from '../fixtures/play'
import { field, fig, findSeed, type FigureInput, must, refusal, team, teamOf, type TeamInput } from './helpers'

type Firer = {
  firerId: string
  toHit: number
  rangeIn: number
  cover: string
  needs: number
  cannotHit: boolean
  modifiers: { label: string; value: number; clause: string }[]
}

function preview(m: Match, extra: object = {}, teamId = 'b', target = 'r'): Firer[] {
  const p = previewFire(m.state, m.world, { type: 'directFire', teamId, targetTeamId: target, ...extra } as never)
  if (!p.ok) throw new Error(`${p.reason.clause}: ${p.reason.message}`)
  return p.value.firers as unknown as Firer[]
}
const labels = (f: Firer | undefined) => (f?.modifiers ?? []).map((m) => `${m.label}=${m.value}`)
const has = (f: Firer | undefined, re: RegExp) => (f?.modifiers ?? []).find((m) => re.test(m.label))

/** One Blue firer at (10,30) and a Red team of two with edges `gap` inches away (bases 0.5"). */
function duel(
  gap: number,
  firer: Partial<FigureInput> = {},
  target: Partial<TeamInput> = {},
  extra: Partial<ScenarioInput> = {},
) {
  // Past 28" of gap the table grows toward Blue's edge, so the target stays on it.
  const grow = Math.max(0, Math.ceil(gap - 27.5))
  const z = 30 + grow - gap - 1
  return field(
    [
      team('b', 'blue', [fig('b1', 10, 30 + grow, firer)]),
      team('r', 'red', [fig('r1', 10, z), fig('r2', 12, z)], target),
      team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
    ],
    grow > 0 ? { table: { widthIn: 48, depthIn: 48 + grow }, ...extra } : extra,
  )
}
const turn = (sc: ReturnType<typeof field>, band: Parameters<typeof inTurn>[2] = 9, seed = 1) =>
  inTurn(newMatch(seed, sc), 'b', band)

describe('SMLE §8.2 to-hit numbers and §8.3 Table 3', () => {
  it('SMLE-SHOOT-03 / §8.2: to-hit by firer quality: Untrained 9, Green 8, Trained 7, Veteran 6', () => {
    const want: Record<string, number> = { untrained: 9, green: 8, trained: 7, veteran: 6 }
    for (const [q, n] of Object.entries(want)) {
      const sc = field([
        team('b', 'blue', [fig('b1', 10, 30)], { quality: q as never }),
        team('r', 'red', [fig('r1', 10, 19), fig('r2', 12, 19)]),
      ])
      const f = preview(turn(sc))[0]
      expect(f?.toHit, q).toBe(n)
    }
  })

  it('SMLE-SHOOT-10: the firing figure’s own quality sets the to-hit (Veteran figure in a Trained team → 6)', () => {
    const f = preview(turn(duel(10, { quality: 'veteran' })))[0]
    expect(f?.toHit).toBe(6)
  })

  it('SMLE-SHOOT-10 / Table 3: Elite does not change the to-hit number but adds +1 as a firer modifier', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 30)], { motivation: 'elite' }),
      team('r', 'red', [fig('r1', 10, 19), fig('r2', 12, 19)]),
    ])
    const f = preview(turn(sc))[0]
    expect(f?.toHit).toBe(7)
    expect(has(f, /elite/i)?.value).toBe(1)
  })

  it('SMLE-SHOOT-10: Fanatic does not change the to-hit number nor add a firer bonus', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 30)], { motivation: 'fanatic' }),
      team('r', 'red', [fig('r1', 10, 19), fig('r2', 12, 19)]),
    ])
    const f = preview(turn(sc))[0]
    expect(f?.toHit).toBe(7)
    expect(has(f, /fanatic|elite/i)).toBeUndefined()
  })

  it('Table 3: target quality: Untrained +2, Green +1, Trained 0, Veteran −1', () => {
    const want: Record<string, number> = { untrained: 2, green: 1, trained: 0, veteran: -1 }
    for (const [q, n] of Object.entries(want)) {
      const f = preview(turn(duel(10, {}, { quality: q as never })))[0]
      expect(has(f, /^target (untrained|green|trained|veteran)/i)?.value ?? 0, q).toBe(n)
    }
  })

  it('Table 3: firer team not under fire +2; gone once the team was fired on last round', () => {
    expect(has(preview(turn(duel(10)))[0], /not under fire/i)?.value).toBe(2)
    const fire = { direct: true, auto: false, explosive: false, flank: false, rear: false, byTeams: ['r'] }
    const m = withTeam(turn(duel(10)), 'b', {
      fire: { thisRound: teamOf(turn(duel(10)).state, 'b').fire.thisRound, lastRound: fire },
    })
    expect(has(preview(m)[0], /not under fire/i)).toBeUndefined()
  })

  it('Table 3: firer prone +1, braced +1, untreated light wound −2 (all cumulative, SMLE-SHOOT-09)', () => {
    const m = withFigure(turn(duel(10)), 'b1', { prone: true, braced: true, status: 'lightWound' })
    const f = preview(m)[0]
    expect(has(f, /prone/i)?.value).toBe(1)
    expect(has(f, /brace/i)?.value).toBe(1)
    expect(has(f, /wound/i)?.value).toBe(-2)
    // treated: no −2
    const t = preview(withFigure(turn(duel(10)), 'b1', { status: 'lightWound', treated: true }))[0]
    expect(has(t, /wound/i)).toBeUndefined()
  })

  it('SMLE-SHOOT-27 / SMLE-SHOOT-E06: aiming at one specific figure −3', () => {
    const f = preview(turn(duel(10)), { aimAt: 'r2' })[0]
    expect(has(f, /specific/i)?.value).toBe(-3)
    expect(has(f, /specific/i)?.clause).toBe('SMLE-SHOOT-27')
  })
})

describe('SMLE §8.1 range bands', () => {
  it('SMLE-SHOOT-07 / SMLE-GEN-06: close range is "within 4"": at exactly 4.0" the Close factor applies, at 4.05" not', () => {
    expect(has(preview(turn(duel(4)))[0], /close/i)?.value).toBe(1)
    expect(has(preview(turn(duel(4.05)))[0], /close/i)).toBeUndefined()
    expect(has(preview(turn(duel(4, { weapon: 'smg' })))[0], /close/i)?.value).toBe(3)
    expect(has(preview(turn(duel(4, { weapon: 'pistol' })))[0], /close/i)?.value).toBe(2)
  })

  it('SMLE-SHOOT-08 / SMLE-SHOOT-E05: rifle (24") at exactly 24" no penalty; beyond: −4; at 48" may hit; beyond 48" cannot', () => {
    expect(has(preview(turn(duel(24)))[0], /beyond/i)).toBeUndefined()
    expect(has(preview(turn(duel(24.05)))[0], /beyond/i)?.value).toBe(-4)
    const at48 = preview(turn(duel(48 - 1e-9)))[0]
    expect(at48?.cannotHit).toBe(false)
    const over = preview(turn(duel(48.05)))[0]
    expect(over?.cannotHit).toBe(true)
  })

  it('SMLE-SHOOT-08: SMG (12") beyond 12" is −4 and beyond 24" cannot hit; LMG (30") at 30" has no penalty', () => {
    expect(has(preview(turn(duel(12.05, { weapon: 'smg' })))[0], /beyond/i)?.value).toBe(-4)
    expect(preview(turn(duel(24.05, { weapon: 'smg' })))[0]?.cannotHit).toBe(true)
    expect(has(preview(turn(duel(30, { weapon: 'lmg' })))[0], /beyond/i)).toBeUndefined()
  })

  it('SMLE-SHOOT-E03: Veteran SMG at 3" on a Veteran team, not under fire, stationary: +3 +2 −1 (needs 2, i.e. anything but a natural 2)', () => {
    const f = preview(turn(duel(3, { weapon: 'smg', quality: 'veteran' }, { quality: 'veteran' })))[0]
    expect(f?.toHit).toBe(6)
    expect(f?.modifiers.reduce((a, m) => a + m.value, 0)).toBe(4)
  })
})

describe('SMLE-SHOOT-20 / SMLE-COMBAT-03 firer moved', () => {
  const moved = (dist: number) => {
    let m = turn(duel(12))
    m = must(m, { type: 'moveFigure', figureId: 'b1', to: { x: 10 - dist, z: 30 } }).match
    return preview(m)[0]
  }
  it('SMLE-SHOOT-20: stationary → no modifier', () => {
    expect(has(preview(turn(duel(12)))[0], /moved/i)).toBeUndefined()
  })
  it('SMLE-SHOOT-20: moved less than half its move (3.9" of 8") → −2', () => {
    expect(has(moved(3.9), /moved/i)?.value).toBe(-2)
  })
  it('SMLE-SHOOT-20: moved exactly half its move (4") → −4', () => {
    expect(has(moved(4), /moved/i)?.value).toBe(-4)
  })
  it('SMLE-SHOOT-20: a first inch moved already counts (−2)', () => {
    expect(has(moved(1), /moved/i)?.value).toBe(-2)
  })
  it('SMLE-SHOOT-20: crawling while prone counts as moving', () => {
    let m = withFigure(turn(duel(12)), 'b1', { prone: true })
    m = must(m, { type: 'moveFigure', figureId: 'b1', to: { x: 9, z: 30 }, pace: 'crawl' }).match
    expect(has(preview(m)[0], /moved/i)?.value).toBe(-2)
  })
  it('SMLE-SHOOT-20: an LMG gunner (7" move) who moved 3.5" has moved half → −4', () => {
    let m = turn(duel(12, { weapon: 'lmg' }))
    m = must(m, { type: 'moveFigure', figureId: 'b1', to: { x: 6.5, z: 30 } }).match
    expect(has(preview(m)[0], /moved/i)?.value).toBe(-4)
  })
})

describe('SMLE §8 cover', () => {
  const wall = {
    linearFeatures: [
      {
        id: 'w',
        kind: 'stoneWall' as const,
        points: [
          { x: 0, z: 18 },
          { x: 30, z: 18 },
        ],
      },
    ],
  }
  const behind = (extra: Partial<ScenarioInput>) =>
    field(
      [
        team('b', 'blue', [fig('b1', 10, 30), fig('b2', 14, 30)]),
        team('r', 'red', [fig('r1', 10, 17.3), fig('r2', 12, 17.3)]),
      ],
      extra,
    )

  it('SMLE-SHOOT-21 / -23: behind a stone wall → hard cover −3', () => {
    const f = preview(turn(behind(wall)))[0]
    expect(f?.cover).toBe('hard')
    expect(has(f, /cover/i)?.value).toBe(-3)
  })

  it('SMLE-MOVE-06: prone in the open counts as soft cover −1', () => {
    let m = turn(duel(10))
    m = withFigure(withFigure(m, 'r1', { prone: true }), 'r2', { prone: true })
    const f = preview(m)[0]
    expect(has(f, /cover/i)?.value).toBe(-1)
  })

  it('SMLE-SHOOT-22 / SMLE-SHOOT-E01: in woods and behind a wall: only the best cover (−3), not −4', () => {
    const sc = behind({
      ...wall,
      terrain: {
        areas: [
          {
            id: 'wood',
            kind: 'woods',
            polygon: [
              { x: 6, z: 16 },
              { x: 16, z: 16 },
              { x: 16, z: 18.6 },
              { x: 6, z: 18.6 },
            ],
          },
        ],
      },
    })
    const f = preview(turn(sc))[0]
    const cover = (f?.modifiers ?? []).filter((m) => /cover|position|sight/i.test(m.label))
    expect(cover.map((m) => m.value)).toEqual([-3])
  })

  it('SMLE-SHOOT-E02: Trained rifleman, team not under fire, stationary, Green target in soft cover at 12": 2 + 1 − 1 → needs 5 on 2D6', () => {
    const sc = duel(
      12,
      {},
      { quality: 'green' },
      {
        terrain: {
          areas: [
            {
              id: 'wood',
              kind: 'woods',
              polygon: [
                { x: 6, z: 15 },
                { x: 16, z: 15 },
                { x: 16, z: 18 },
                { x: 6, z: 18 },
              ],
            },
          ],
        },
      },
    )
    const f = preview(turn(sc))[0]
    expect(f?.toHit).toBe(7)
    expect(labels(f).sort()).toEqual(
      ['Firing team not under fire=2', 'Target green=1', 'Target in soft cover=-1'].sort(),
    )
    expect(f?.needs).toBe(5)
  })
})

describe('SMLE §8 the roll', () => {
  /** Veteran SMG 2" from Untrained targets: needs a 2 or more before the natural-2 rule. */
  const sure = () =>
    field([
      team('b', 'blue', [fig('b1', 10, 30, { weapon: 'smg', quality: 'veteran' })]),
      team('r', 'red', [fig('r1', 10, 27), fig('r2', 12, 27), fig('r3', 14, 27), fig('r4', 8, 27)], {
        quality: 'untrained',
      }),
      team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
    ])

  it('SMLE-SHOOT-04 / SMLE-SHOOT-E04: a natural 2 misses whatever the modifiers', () => {
    const { value } = findSeed(
      400,
      (seed) =>
        must(inTurn(newMatch(seed, sure()), 'b', 9), { type: 'directFire', teamId: 'b', targetTeamId: 'r' }).events,
      (ev) => ev.some((e) => e.type === 'DiceRolled' && /to hit/.test(e.purpose) && e.faces.join() === '1,1'),
    )
    const roll = value.find((e) => e.type === 'DiceRolled' && /to hit/.test(e.purpose))
    expect(roll?.type === 'DiceRolled' && roll.success).toBe(false)
    const shot = value.find((e) => e.type === 'ShotResolved')
    expect(shot?.type === 'ShotResolved' && shot.hits).toBe(0)
  })

  it('SMLE-SHOOT-05: a natural 12 is not an automatic hit', () => {
    // Untrained firer (9) at 30" with a rifle (−4), target Veteran (−1), team under fire: 12 − 5 = 7 < 9
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 40)], { quality: 'untrained' }),
      team('r', 'red', [fig('r1', 10, 9), fig('r2', 12, 9)], { quality: 'veteran' }),
      team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
    ])
    const fire = { direct: true, auto: false, explosive: false, flank: false, rear: false, byTeams: ['r'] }
    const build = (seed: number) => {
      const m = withTeam(inTurn(newMatch(seed, sc), 'b', 9), 'b', {
        fire: { thisRound: fire, lastRound: fire },
      })
      return must(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' }).events
    }
    const { value } = findSeed(400, build, (ev) =>
      ev.some((e) => e.type === 'DiceRolled' && /to hit/.test(e.purpose) && e.faces.join() === '6,6'),
    )
    const roll = value.find((e) => e.type === 'DiceRolled' && /to hit/.test(e.purpose))
    expect(roll?.type === 'DiceRolled' && roll.total).toBe(7)
    expect(roll?.type === 'DiceRolled' && roll.success).toBe(false)
  })

  it('SMLE-SHOOT-06: autofire hits = total − to-hit + 1; single-shot weapons 1 hit', () => {
    let auto = 0
    let single = 0
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 30, { weapon: 'smg' }), fig('b2', 12, 30)]),
      team('r', 'red', [fig('r1', 10, 24), fig('r2', 12, 24), fig('r3', 14, 24), fig('r4', 8, 24)], {
        quality: 'green',
      }),
      team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
    ])
    for (let seed = 1; seed <= 40; seed++) {
      const { events } = must(inTurn(newMatch(seed, sc), 'b', 9), {
        type: 'directFire',
        teamId: 'b',
        targetTeamId: 'r',
      })
      for (let i = 0; i < events.length; i++) {
        const e = events[i]
        if (e?.type !== 'DiceRolled' || !/to hit/.test(e.purpose)) continue
        const shot = events.slice(i + 1).find((x) => x.type === 'ShotResolved')
        if (shot?.type !== 'ShotResolved' || !e.success || e.target === undefined) continue
        if (shot.weapon === 'smg') {
          expect(shot.hits).toBe(e.total - e.target + 1)
          auto++
        } else {
          expect(shot.hits).toBe(1)
          single++
        }
      }
    }
    expect(auto).toBeGreaterThan(3)
    expect(single).toBeGreaterThan(3)
  })

  it('SMLE-SHOOT-27: hits from a roll aimed at one figure go to that figure', () => {
    const sc = sure()
    let checked = 0
    for (let seed = 1; seed <= 30; seed++) {
      const { events } = must(inTurn(newMatch(seed, sc), 'b', 9), {
        type: 'directFire',
        teamId: 'b',
        targetTeamId: 'r',
        aimAt: 'r3',
      })
      const defences = events.filter((e) => e.type === 'DiceRolled' && e.purpose === 'damage defence')
      for (const d of defences) {
        expect(d.type === 'DiceRolled' && d.figureId).toBe('r3')
        checked++
      }
      const dead = events.filter((e) => e.type === 'FigureStatusChanged' && e.figureId !== 'r3')
      expect(dead).toEqual([])
    }
    expect(checked).toBeGreaterThan(0)
  })
})

describe('SMLE-SHOOT-01 sight', () => {
  it('SMLE-SHOOT-01: only figures that can see the target fire', () => {
    const sc = field(
      [
        team('b', 'blue', [fig('b1', 10, 30), fig('b2', 30, 30)]),
        team('r', 'red', [fig('r1', 10, 14), fig('r2', 12, 14)]),
      ],
      // a building hides r from b2 only
      { buildings: [{ id: 'h', name: 'H', x: 20, z: 18, widthIn: 8, depthIn: 8, doors: [] }] },
    )
    const firers = preview(turn(sc)).map((f) => f.firerId)
    expect(firers).toEqual(['b1'])
    expect(refusal(turn(sc), { type: 'directFire', teamId: 'b', targetTeamId: 'r', firerIds: ['b2'] })?.clause).toBe(
      'SMLE-SHOOT-01',
    )
  })

  it('SMLE-SHOOT-01: hits fall only on the exposed figures of the target', () => {
    // r3 and r4 stand behind a building, out of b's sight
    const sc = field(
      [
        team('b', 'blue', [
          fig('b1', 10, 30, { weapon: 'smg', quality: 'veteran' }),
          fig('b2', 12, 30, { weapon: 'smg', quality: 'veteran' }),
        ]),
        team('r', 'red', [fig('r1', 10, 26), fig('r2', 12, 26), fig('r3', 22, 12), fig('r4', 23, 12)], {
          quality: 'untrained',
        }),
        team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
      ],
      { buildings: [{ id: 'h', name: 'H', x: 16, z: 14, widthIn: 10, depthIn: 6, doors: [] }] },
    )
    let checked = 0
    for (let seed = 1; seed <= 25; seed++) {
      const { events } = must(inTurn(newMatch(seed, sc), 'b', 9), {
        type: 'directFire',
        teamId: 'b',
        targetTeamId: 'r',
      })
      for (const e of events) {
        if (e.type === 'DiceRolled' && e.purpose === 'damage defence') {
          expect(['r1', 'r2']).toContain(e.figureId)
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(5)
  })
})

describe('SMLE-SHOOT-25 bracing', () => {
  it('SMLE-SHOOT-25: a must-brace weapon (sniper rifle) cannot fire unbraced; braced it fires with +1', () => {
    const m = turn(duel(10, { weapon: 'sniper-rifle' }))
    expect(refusal(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })?.clause).toBe('SMLE-SHOOT-25')
    const f = preview(withFigure(m, 'b1', { braced: true }))[0]
    expect(has(f, /brace/i)?.value).toBe(1)
  })

  it('SMLE-SHOOT-25: a figure that spends a round stationary without firing is braced at the round’s end', () => {
    const sc = duel(30)
    let m = inTurn(newMatch(1, sc), 'b', 9)
    m = must(m, { type: 'endActivation', teamId: 'b' }).match
    // play the round out
    for (let i = 0; i < 40 && m.state.phase === 'play'; i++) {
      const s = m.state
      if (s.pending?.kind === 'opportunity')
        m = must(m, { type: 'holdFire', sideId: s.pending.sideId, until: 'move' }).match
      else {
        const u = s.activeUnit
        const id = u?.teamIds[u.index] as string
        const r = must(m, { type: 'endActivation', teamId: id })
        m = r.match
      }
    }
    expect(m.state.figures.b1?.braced).toBe(true)
  })

  it('SMLE-SHOOT-25: going prone (or standing up) loses the brace', () => {
    let m = withFigure(turn(duel(10)), 'b1', { braced: true })
    m = must(m, { type: 'goProne', figureId: 'b1' }).match
    expect(m.state.figures.b1?.braced).toBe(false)
    let n = withFigure(turn(duel(10)), 'b1', { braced: true, prone: true })
    n = must(n, { type: 'standUp', figureId: 'b1' }).match
    expect(n.state.figures.b1?.braced).toBe(false)
  })

  it('SMLE-SHOOT-25: a figure that fired this round does not brace at the round’s end', () => {
    const sc = duel(10)
    let m = inTurn(newMatch(1, sc), 'b', 9)
    m = must(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' }).match
    if (m.state.phase !== 'play') return
    m = must(m, { type: 'endActivation', teamId: 'b' }).match
    for (let i = 0; i < 40 && m.state.phase === 'play'; i++) {
      const s = m.state
      if (s.pending?.kind === 'opportunity')
        m = must(m, { type: 'holdFire', sideId: s.pending.sideId, until: 'move' }).match
      else {
        const u = s.activeUnit
        m = must(m, { type: 'endActivation', teamId: u?.teamIds[u.index] as string }).match
      }
    }
    expect(m.state.figures.b1?.braced).toBe(false)
  })
})

describe('SMLE-SHOOT-26 prepared positions', () => {
  const pit = (arcDeg: number, targetAt: { x: number; z: number }) =>
    field(
      [
        team('b', 'blue', [fig('b1', 24, 40), fig('b2', 24.8, 40)], { preparedPositionId: 'pit' }),
        team('r', 'red', [fig('r1', targetAt.x, targetAt.z), fig('r2', targetAt.x + 1.5, targetAt.z)]),
        team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
      ],
      { positions: [{ id: 'pit', kind: 'weaponPit', x: 24.4, z: 40, arcDeg, widthIn: 4, depthIn: 3 }] },
    )

  it('SMLE-SHOOT-26: occupants may fire into the 90° arc', () => {
    const m = inTurn(newMatch(1, pit(0, { x: 24, z: 25 })), 'b', 9)
    expect(refusal(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })).toBeNull()
  })

  it('SMLE-SHOOT-26: occupants cannot fire outside the arc', () => {
    // target due east, arc facing north
    const m = inTurn(newMatch(1, pit(0, { x: 40, z: 40 })), 'b', 9)
    expect(refusal(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })?.clause).toBe('SMLE-SHOOT-26')
  })

  it('SMLE-SHOOT-21: a target in a prepared position is −3 to hit', () => {
    const sc = pit(180, { x: 24, z: 28 })
    const m = inTurn(newMatch(1, sc), 'r', 9)
    const f = preview(m, {}, 'r', 'b')[0]
    const cover = (f?.modifiers ?? []).filter((x) => /cover|position/i.test(x.label))
    expect(cover.map((x) => x.value)).toEqual([-3])
  })
})

describe('SMLE-SHOOT-21 in and out of sight', () => {
  const corner = () =>
    field(
      [
        team('b', 'blue', [fig('b1', 10, 30), fig('b2', 11.5, 30)]),
        team('r', 'red', [fig('r1', 20, 15), fig('r2', 21.5, 15)]),
        team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
      ],
      { buildings: [{ id: 'h', name: 'H', x: 14, z: 16, widthIn: 5, depthIn: 5, doors: [] }] },
    )

  it('SMLE-SHOOT-21: a target that came out from behind a building during its move (seen for part of it) is −2 for Opportunity Fire', () => {
    let m = inTurn(newMatch(1, corner()), 'r', 9, 6)
    m = must(m, { type: 'moveFigure', figureId: 'r1', to: { x: 12, z: 15 } }).match
    expect(m.state.pending?.kind).toBe('opportunity')
    const p = previewFire(m.state, m.world, {
      type: 'opportunityFire',
      sideId: 'blue',
      teamId: 'b',
      targetTeamId: 'r',
    } as never)
    if (!p.ok) throw new Error(p.reason.clause)
    const f = p.value.firers[0] as unknown as Firer
    expect(has(f, /sight/i)?.value).toBe(-2)
  })

  it('SMLE-SHOOT-21: a mover seen all along gets no in/out-of-sight modifier', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 30), fig('b2', 11.5, 30)]),
      team('r', 'red', [fig('r1', 20, 15), fig('r2', 21.5, 15)]),
      team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
    ])
    let m = inTurn(newMatch(1, sc), 'r', 9, 6)
    m = must(m, { type: 'moveFigure', figureId: 'r1', to: { x: 17, z: 15 } }).match
    expect(m.state.pending?.kind).toBe('opportunity')
    const p = previewFire(m.state, m.world, {
      type: 'opportunityFire',
      sideId: 'blue',
      teamId: 'b',
      targetTeamId: 'r',
    } as never)
    if (!p.ok) throw new Error(p.reason.clause)
    expect(has(p.value.firers[0] as unknown as Firer, /sight/i)).toBeUndefined()
  })
})

describe('SMLE-SHOOT-07 close range per firer', () => {
  it('SMLE-SHOOT-07: measured to the nearest visible figure: a target figure 3" away behind a wall does not give close range', () => {
    const sc = field(
      [
        team('b', 'blue', [fig('b1', 10, 30)]),
        team('r', 'red', [fig('r1', 10, 26), fig('r2', 16, 24)]),
        team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
      ],
      {
        linearFeatures: [
          {
            id: 'w',
            kind: 'stoneWall',
            points: [
              { x: 8, z: 27.2 },
              { x: 12, z: 27.2 },
            ],
            heightIn: 4,
          },
        ],
      },
    )
    const f = preview(turn(sc))[0]
    expect(f?.rangeIn as number).toBeGreaterThan(4)
    expect(has(f, /close/i)).toBeUndefined()
  })
})

describe('SMLE-SHOOT-26 first round in a position', () => {
  it('SMLE-SHOOT-26: on first moving into a prepared position the team may not fire that round; next round it may', () => {
    const sc = field(
      [
        team('b', 'blue', [fig('b1', 24, 44), fig('b2', 25, 44)]),
        team('r', 'red', [fig('r1', 24, 25), fig('r2', 25.5, 25)]),
        team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
      ],
      { positions: [{ id: 'pit', kind: 'weaponPit', x: 24.5, z: 41, arcDeg: 0, widthIn: 4, depthIn: 3 }] },
    )
    let m = inTurn(newMatch(1, sc), 'b', 9)
    m = holdAll(must(m, { type: 'moveFigure', figureId: 'b1', to: { x: 24, z: 41 } }).match)
    m = holdAll(must(m, { type: 'moveFigure', figureId: 'b2', to: { x: 25, z: 41 } }).match)
    expect(m.state.teams.b?.preparedPositionId).toBe('pit')
    expect(refusal(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })?.clause).toBe('SMLE-SHOOT-26')
    const n = nextRound(m, 'b', 9)
    expect(refusal(n, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })).toBeNull()
  })
})

describe('SMLE-ACT-18 / SMLE-SHOOT-08 under fire without hits', () => {
  it('SMLE-ACT-18 / SMLE-DMG-03: a Direct Fire attack in range whose every roll misses still puts the target under fire', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 40), fig('b2', 12, 40)], { quality: 'green' }),
      team('r', 'red', [fig('r1', 10, 15), fig('r2', 12, 15)], { quality: 'veteran' }),
      team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
    ])
    const { value } = findSeed(
      200,
      (seed) => must(inTurn(newMatch(seed, sc), 'b', 9), { type: 'directFire', teamId: 'b', targetTeamId: 'r' }).events,
      (ev) => ev.filter((e) => e.type === 'ShotResolved').every((e) => e.type === 'ShotResolved' && !e.success),
    )
    const rec = value.find((e) => e.type === 'FireReceived')
    expect(rec?.type === 'FireReceived' && rec.teamId).toBe('r')
    expect(rec?.type === 'FireReceived' && rec.direct).toBe(true)
  })

  it('SMLE-SHOOT-08: fire beyond 2× effective range hits nothing but puts the target under fire when a roll would have succeeded', () => {
    const far = field([
      team('b', 'blue', [fig('b1', 2, 47), fig('b2', 3.5, 47)]),
      team('r', 'red', [fig('r1', 46, 1), fig('r2', 44.5, 1)]),
      team('r2t', 'red', [fig('x1', 2, 2), fig('x2', 4, 2)]),
    ])
    let under = 0
    let quiet = 0
    for (let seed = 1; seed <= 12; seed++) {
      const { events } = must(inTurn(newMatch(seed, far), 'b', 9), {
        type: 'directFire',
        teamId: 'b',
        targetTeamId: 'r',
      })
      const shots = events.filter((e) => e.type === 'ShotResolved')
      for (const s of shots) expect(s.type === 'ShotResolved' && s.hits).toBe(0)
      const wouldHit = events.some((e) => e.type === 'DiceRolled' && /to hit/.test(e.purpose) && e.success === true)
      const fire = events.some((e) => e.type === 'FireReceived')
      expect(fire, `seed ${seed}`).toBe(wouldHit)
      if (fire) under++
      else quiet++
    }
    expect(under).toBeGreaterThan(0)
    expect(quiet).toBeGreaterThan(0)
  })
})
