/**
 * Audit of SMLE §6 Movement (Table 2, SMLE-MOVE-*, doors SMLE-DOOR-*,
 * vehicles SMLE-MOVE-10/11), black-box.
 */
import { describe, expect, it } from 'vitest'
import { type Match } from '../../src-engine/index'
import { convoyScenario, hutScenario } from '../fixtures/scenarios'
import { hutTurn, inTurn, newMatch, nextRound, withFigure } from '../fixtures/play'
import { field, fig, type FigureInput, finishRound, must, refusal, team, teamOf } from './helpers'

/** One Blue team of two at (10,30)/(12,30) with far-away Red behind a wall (no interrupts). */
function alone(f: Partial<FigureInput> = {}, extra: object = {}, teamExtra: object = {}) {
  return field(
    [
      team('b', 'blue', [fig('b1', 30, 30, f), fig('b2', 32, 30, f)], teamExtra),
      team('r', 'red', [fig('r1', 10, 2), fig('r2', 12, 2)]),
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
      ...extra,
    },
  )
}
const west = (m: Match, id: string, d: number, pace?: 'tactical' | 'run' | 'crawl') => {
  const p = m.state.figures[id]?.position ?? { x: 0, z: 0 }
  return { type: 'moveFigure' as const, figureId: id, to: { x: p.x - d, z: p.z }, ...(pace ? { pace } : {}) }
}
/** Moves b1 west: accepted at `ok`", refused just beyond. */
function reach(m: Match, ok: number, pace?: 'tactical' | 'run' | 'crawl', id = 'b1') {
  expect(refusal(m, west(m, id, ok, pace)), `${ok}" accepted`).toBeNull()
  expect(refusal(m, west(m, id, ok + 0.1, pace))?.clause, `${ok + 0.1}" refused`).toMatch(/^SMLE-/)
}

describe('SMLE §6.1 Table 2 full and half moves', () => {
  it('SMLE-MOVE-01: full move by armour: none 10", light 8", body 6", heavy 6"', () => {
    for (const [armour, full] of [
      ['none', 10],
      ['light', 8],
      ['body', 6],
      ['heavy', 6],
    ] as const) {
      reach(inTurn(newMatch(1, alone({ armour })), 'b', 9), full)
    }
  })

  it('SMLE-MOVE-02: a half move (B5–B8) is half the full move: light 4", none 5", body 3"', () => {
    for (const [armour, half] of [
      ['light', 4],
      ['none', 5],
      ['body', 3],
    ] as const) {
      reach(inTurn(newMatch(1, alone({ armour })), 'b', 7), half)
    }
  })

  it('SMLE-MOVE-01: the allowance is per figure and split moves add up (3" + 5" = 8", then nothing)', () => {
    let m = inTurn(newMatch(1, alone()), 'b', 9)
    m = must(m, west(m, 'b1', 3)).match
    m = must(m, west(m, 'b1', 5)).match
    expect(refusal(m, west(m, 'b1', 0.1))?.clause).toBe('SMLE-MOVE-01')
    // b2 still has its whole move
    reach(m, 8, undefined, 'b2')
  })

  it('SMLE-MOVE-07 / SMLE-MOVE-E04: Bren gunner (LMG, heavy) 7"; medium mortar (very heavy) 6"', () => {
    reach(inTurn(newMatch(1, alone({ weapon: 'lmg' })), 'b', 9), 7)
    reach(inTurn(newMatch(1, alone({ weapon: 'medium-mortar' })), 'b', 9), 6)
  })

  it('SMLE-MOVE-03: the Elite/Fanatic +2" bonus applies only when the option is on', () => {
    reach(inTurn(newMatch(1, alone({}, {}, { motivation: 'elite' })), 'b', 9), 8)
    const on = alone({}, { settings: { optional: { eliteFanaticMoveBonus: true } } }, { motivation: 'elite' })
    reach(inTurn(newMatch(1, on), 'b', 9), 10)
  })

  it('SMLE-MOT-07 / Table 2: Warriors move +2" (light 10")', () => {
    reach(inTurn(newMatch(1, alone({}, {}, { motivation: 'warriors' })), 'b', 9), 10)
  })

  it('Table 1: B3 Pinned has no movement', () => {
    const m = inTurn(newMatch(1, alone()), 'b', 3)
    expect(refusal(m, west(m, 'b1', 0.5))).not.toBeNull()
  })
})

describe('SMLE-MOVE-05 prone', () => {
  it('SMLE-MOVE-E01: a prone Light rifleman: standing costs 1", full move leaves 7"', () => {
    let m = withFigure(inTurn(newMatch(1, alone()), 'b', 9), 'b1', { prone: true })
    m = must(m, { type: 'standUp', figureId: 'b1' }).match
    reach(m, 7)
  })

  it('SMLE-MOVE-E01: a prone Light rifleman on a half move: standing leaves 3"', () => {
    let m = withFigure(inTurn(newMatch(1, alone()), 'b', 7), 'b1', { prone: true })
    m = must(m, { type: 'standUp', figureId: 'b1' }).match
    reach(m, 3)
  })

  it('SMLE-MOVE-E01: going prone after 2" ends the move', () => {
    let m = inTurn(newMatch(1, alone()), 'b', 9)
    m = must(m, west(m, 'b1', 2)).match
    m = must(m, { type: 'goProne', figureId: 'b1' }).match
    expect(m.state.figures.b1?.prone).toBe(true)
    expect(refusal(m, west(m, 'b1', 0.5))?.clause).toBe('SMLE-MOVE-05')
    expect(refusal(m, { type: 'standUp', figureId: 'b1' })?.clause).toBe('SMLE-MOVE-05')
  })

  it('SMLE-MOVE-05: a prone figure may crawl 2" (and no more)', () => {
    const m = withFigure(inTurn(newMatch(1, alone()), 'b', 9), 'b1', { prone: true })
    reach(m, 2, 'crawl')
  })

  it('SMLE-MOVE-05: crawling is movement: a Pinned (B3) team may not crawl', () => {
    const m = withFigure(inTurn(newMatch(1, alone()), 'b', 3), 'b1', { prone: true })
    expect(refusal(m, west(m, 'b1', 1, 'crawl'))).not.toBeNull()
  })

  it('SMLE-OPT-06: a Pinned (B3) figure may go prone (costs nothing)', () => {
    const m = inTurn(newMatch(1, alone()), 'b', 3)
    expect(refusal(m, { type: 'goProne', figureId: 'b1' })).toBeNull()
  })
})

describe('SMLE-MOVE-08 running', () => {
  it('SMLE-MOVE-E03: a Light team at B7 that runs moves 8" (double its half move)', () => {
    reach(inTurn(newMatch(1, alone()), 'b', 7), 8, 'run')
  })

  it('SMLE-MOVE-08: running at B9 doubles the full move (16")', () => {
    reach(inTurn(newMatch(1, alone()), 'b', 9), 16, 'run')
  })

  it('SMLE-MOVE-E03: a running team may not Direct Fire, only Panic Fire', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30)]),
      team('r', 'red', [fig('r1', 10, 12), fig('r2', 12, 12), fig('r3', 14, 12)]),
      team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
    ])
    let m = inTurn(newMatch(1, sc), 'b', 8)
    m = must(m, { type: 'moveFigure', figureId: 'b1', to: { x: 4, z: 30 }, pace: 'run' }).match
    expect(refusal(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })?.clause).toBe('SMLE-MOVE-08')
    expect(refusal(m, { type: 'panicFire', teamId: 'b' })).toBeNull()
  })

  it('SMLE-MOVE-08: once one figure runs, the whole team’s Move option is running (no tactical mix)', () => {
    let m = inTurn(newMatch(1, alone()), 'b', 7)
    m = must(m, west(m, 'b1', 6, 'run')).match
    expect(teamOf(m.state, 'b').moveOption?.kind).toBe('run')
    // b2 moving "tactically" is either refused or still limited to the running allowance (8")
    const r = refusal(m, west(m, 'b2', 4.5, 'tactical'))
    if (r === null) expect(refusal(m, west(m, 'b2', 8.1, 'run'))).not.toBeNull()
  })
})

describe('SMLE-MOVE-09 breath', () => {
  /** Plays rounds 1..n; in each, the Blue team tries to run each figure 1" west on its first turn. */
  function runRounds(n: number, armour: 'light' | 'body', runUntil: number) {
    const sc = field(
      [
        team('b', 'blue', [fig('b1', 40, 30, { armour }), fig('b2', 42, 30, { armour })], {
          quality: 'veteran',
          motivation: 'elite',
        }),
        team('r', 'red', [fig('r1', 10, 2), fig('r2', 12, 2)]),
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
    let m = newMatch(1, sc)
    const results: (string | null)[] = []
    for (let round = 1; round <= n; round++) {
      const r = finishRound(m, (mm, id, turn) => {
        if (id !== 'b' || turn !== 'first') return []
        const pace = round <= runUntil ? 'run' : 'tactical'
        const cmd = west(mm, 'b1', 1, pace)
        const ref = refusal(mm, cmd)
        results.push(ref?.clause ?? null)
        return ref ? [] : [cmd, west(mm, 'b2', 1, pace)]
      })
      m = r.match
    }
    return results
  }

  it('SMLE-MOVE-E02: a Light team that runs in rounds 1–3 must halt in round 4 and may move in round 5', () => {
    const r = runRounds(5, 'light', 3)
    expect(r.slice(0, 3)).toEqual([null, null, null])
    expect(r[3]).toBe('SMLE-MOVE-09')
    expect(r[4]).toBeNull()
  })

  it('SMLE-MOVE-E02: a heavily equipped team (body armour) that runs in rounds 1–3 halts in rounds 4 and 5', () => {
    const r = runRounds(6, 'body', 3)
    expect(r.slice(0, 3)).toEqual([null, null, null])
    expect(r[3]).toBe('SMLE-MOVE-09')
    expect(r[4]).toBe('SMLE-MOVE-09')
    expect(r[5]).toBeNull()
  })

  it('SMLE-MOVE-09: a break in the running resets the count (run, run, walk, run, run → never halted)', () => {
    const sc = field(
      [
        team('b', 'blue', [fig('b1', 40, 30), fig('b2', 42, 30)], { quality: 'veteran', motivation: 'elite' }),
        team('r', 'red', [fig('r1', 10, 2), fig('r2', 12, 2)]),
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
    let m = newMatch(1, sc)
    const paces = ['run', 'run', 'tactical', 'run', 'run', 'tactical'] as const
    const results: (string | null)[] = []
    for (const pace of paces) {
      m = finishRound(m, (mm, id, turn) => {
        if (id !== 'b' || turn !== 'first') return []
        const cmd = west(mm, 'b1', 1, pace)
        const ref = refusal(mm, cmd)
        results.push(ref?.clause ?? null)
        return ref ? [] : [cmd]
      }).match
    }
    expect(results).toEqual([null, null, null, null, null, null])
  })
})

describe('SMLE §6.2 doors (hut: door at (13, 15.9) in the south wall)', () => {
  /** b1 placed `d`" south of its spot at the door, moves up to the door, then tries to open it. */
  const toDoor = (band: 9 | 7, d: number) => {
    let m = hutTurn(1, band)
    m = withFigure(m, 'b1', { position: { x: 13, y: 0, z: 17 + d } })
    if (d > 0) m = must(m, { type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 17 } }).match
    return m
  }

  it('SMLE-DOOR-E01: reaching a closed door after 3" of an 8" move: it opens it, steps through and stops', () => {
    let m = toDoor(9, 3)
    m = must(m, { type: 'openDoor', figureId: 'b1', doorId: 'hut-door' }).match
    expect(m.state.doors['hut-door']?.state).toBe('open')
    m = must(m, { type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 15.2 } }).match
    // stops just beyond: no further move this turn
    expect(refusal(m, { type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 13 } })).not.toBeNull()
  })

  it('SMLE-DOOR-E01: reaching it after exactly 4" (= half): must stop at the door', () => {
    const m = toDoor(9, 4)
    expect(refusal(m, { type: 'openDoor', figureId: 'b1', doorId: 'hut-door' })?.clause).toBe('SMLE-DOOR-01')
  })

  it('SMLE-DOOR-01: …and goes through next round', () => {
    let m = toDoor(9, 4)
    m = nextRound(m, 'blue-1', 9)
    m = must(m, { type: 'openDoor', figureId: 'b1', doorId: 'hut-door' }).match
    expect(m.state.doors['hut-door']?.state).toBe('open')
  })

  it('SMLE-DOOR-01: the half-move test uses the figure’s own move: on a half move (B7) 3.9" is still "less than half" of 8"', () => {
    const m = toDoor(7, 3.9)
    expect(refusal(m, { type: 'openDoor', figureId: 'b1', doorId: 'hut-door' })).toBeNull()
  })

  it('SMLE-DOOR-02: once one figure has opened the door, a team-mate passes freely (its move is not stopped)', () => {
    let m = toDoor(9, 0)
    m = must(m, { type: 'openDoor', figureId: 'b1', doorId: 'hut-door' }).match
    m = must(m, { type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 15.2 } }).match
    m = withFigure(m, 'b2', { position: { x: 12, y: 0, z: 18 } })
    m = must(m, { type: 'moveFigure', figureId: 'b2', to: { x: 13.6, z: 17 }, via: [] }).match
    m = must(m, { type: 'moveFigure', figureId: 'b2', to: { x: 13.6, z: 14 } }).match
    m = must(m, { type: 'moveFigure', figureId: 'b2', to: { x: 13.6, z: 12 } }).match
    expect(m.state.figures.b2?.position.z).toBeCloseTo(12)
  })

  it('SMLE-DOOR-03: forcing a door needs an Advance or Close Assault move (B6+): refused at B5', () => {
    let m = hutTurn(1, 5)
    expect(refusal(m, { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })?.clause).toBe('SMLE-DOOR-03')
    m = hutTurn(1, 6)
    expect(refusal(m, { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })).toBeNull()
  })

  it('SMLE-DOOR-03 / -05: a failed kick ends the figure’s move at the door; success puts it just beyond; natural 1 fails, natural 6 succeeds', () => {
    let fails = 0
    let wins = 0
    for (let seed = 1; seed <= 30; seed++) {
      const m0 = hutTurn(seed, 9)
      const { match, events } = must(m0, { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })
      const roll = events.find((e) => e.type === 'DiceRolled')
      const forced = events.find((e) => e.type === 'DoorForced')
      if (roll?.type !== 'DiceRolled' || forced?.type !== 'DoorForced') throw new Error('no roll')
      const face = roll.faces[0] as number
      const expectOk = face === 6 ? true : face === 1 ? false : face + 0 >= 4
      expect(forced.success, `face ${face}`).toBe(expectOk)
      const f = match.state.figures.b1
      if (forced.success) {
        expect(f?.position.z as number).toBeLessThan(15.9)
        wins++
      } else {
        expect(f?.position.z as number).toBeGreaterThan(15.9)
        expect(refusal(match, { type: 'moveFigure', figureId: 'b1', to: { x: 14, z: 18 } })).not.toBeNull()
        fails++
      }
    }
    expect(fails).toBeGreaterThan(0)
    expect(wins).toBeGreaterThan(0)
  })

  it('SMLE-DOOR-05: modifiers: Door Breakers +2, Warriors/Fanatic +1, light wound −2', () => {
    const sc = hutScenario()
    const teams = sc.teams.map((t) => (t.id === 'blue-1' ? { ...t, motivation: 'warriors' as const } : t))
    let m = hutTurn(1, 9, 'blue-1', { ...sc, teams })
    m = withFigure(m, 'b1', { kit: ['doorBreakers'], status: 'lightWound' })
    const { events } = must(m, { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })
    const roll = events.find((e) => e.type === 'DiceRolled')
    const mods = roll?.type === 'DiceRolled' ? roll.modifiers.map((x) => x.value).sort() : []
    expect(mods).toEqual([-2, 1, 2].sort())
  })

  it('SMLE-DOOR-04: one forcing attempt per team per door per round', () => {
    const { seed } = (() => {
      for (let s = 1; s < 60; s++) {
        const r = must(hutTurn(s, 9), { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })
        const f = r.events.find((e) => e.type === 'DoorForced')
        if (f?.type === 'DoorForced' && !f.success) return { seed: s }
      }
      throw new Error('no failing kick')
    })()
    let m = must(hutTurn(seed, 9), { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' }).match
    m = withFigure(m, 'b2', { position: { x: 14, y: 0, z: 17 } })
    expect(refusal(m, { type: 'kickDoor', figureId: 'b2', doorId: 'hut-door' })?.clause).toBe('SMLE-DOOR-04')
  })

  it('SMLE-DOOR-E03: a failed rush: the whole team ends just beyond the door, prone, and may not fire this activation', () => {
    for (let s = 1; s < 80; s++) {
      let m = hutTurn(s, 9)
      m = withFigure(m, 'b2', { position: { x: 14.5, y: 0, z: 18 } })
      m = must(m, { type: 'rushDoor', teamId: 'blue-1', doorId: 'hut-door' }).match
      const r = must(m, { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })
      const f = r.events.find((e) => e.type === 'DoorForced')
      if (f?.type !== 'DoorForced' || f.success) continue
      expect(f.rushed).toBe(true)
      for (const id of ['b1', 'b2']) {
        const fig = r.match.state.figures[id]
        expect(fig?.prone, id).toBe(true)
        expect(fig?.position.z as number, id).toBeLessThan(15.9)
      }
      expect(refusal(r.match, { type: 'directFire', teamId: 'blue-1', targetTeamId: 'red-1' })).not.toBeNull()
      return
    }
    throw new Error('no failing rush')
  })
})

describe('SMLE §6.3 vehicles', () => {
  it('SMLE-MOVE-11 / SMLE-OPT-10: leaving a vehicle is De-bus (B5+): refused at B4, accepted at B5 and the team ends prone', () => {
    const m4 = inTurn(newMatch(1, convoyScenario()), 'b-rifles', 4)
    expect(refusal(m4, { type: 'debus', teamId: 'b-rifles' })).not.toBeNull()
    const m5 = inTurn(newMatch(1, convoyScenario()), 'b-rifles', 5)
    const r = must(m5, { type: 'debus', teamId: 'b-rifles' })
    for (const id of ['b-1', 'b-2', 'b-3']) {
      expect(r.match.state.figures[id]?.vehicleId).toBeNull()
      expect(r.match.state.figures[id]?.prone).toBe(true)
    }
  })

  it('SMLE-MOVE-11: a debussing figure may end at most half a move from the vehicle', () => {
    const m = inTurn(newMatch(1, convoyScenario()), 'b-rifles', 9)
    // vehicle at (24,40), 3" long: 6" away from its centre is more than 4" from its hull
    const far = { 'b-1': { x: 30.5, z: 40 }, 'b-2': { x: 24, z: 43.5 }, 'b-3': { x: 23, z: 43.5 } }
    expect(refusal(m, { type: 'debus', teamId: 'b-rifles', positions: far })?.clause).toBe('SMLE-MOVE-11')
  })

  it('SMLE-MOVE-10: boarding needs the whole team within half its move of a stationary vehicle', () => {
    let m = inTurn(newMatch(1, convoyScenario()), 'b-rifles', 5)
    m = must(m, { type: 'debus', teamId: 'b-rifles' }).match
    // next round, the team boards again (each figure ≤ 4" from the hull)
    m = nextRound(m, 'b-rifles', 6)
    expect(refusal(m, { type: 'board', teamId: 'b-rifles', vehicleId: 'ht' })).toBeNull()
    // one figure too far: refused
    const far = withFigure(m, 'b-3', { position: { x: 24, y: 0, z: 30 }, prone: false })
    expect(refusal(far, { type: 'board', teamId: 'b-rifles', vehicleId: 'ht' })?.clause).toBe('SMLE-MOVE-10')
  })
})

describe('SMLE-MOVE-10 moving off after boarding', () => {
  it('SMLE-MOVE-10: passengers board (crew aboard): the vehicle may not move that round, may move the next', () => {
    let m = inTurn(newMatch(1, convoyScenario()), 'b-rifles', 5)
    m = must(m, { type: 'debus', teamId: 'b-rifles' }).match
    m = nextRound(m, 'b-rifles', 6)
    m = must(m, { type: 'board', teamId: 'b-rifles', vehicleId: 'ht' }).match
    expect(
      refusal(inTurn(m, 'b-crew', 9), { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 36 } })?.clause,
    ).toBe('SMLE-MOVE-10')
    expect(
      refusal(nextRound(m, 'b-crew', 9), { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 36 } }),
    ).toBeNull()
  })

  it('SMLE-MOVE-10: the driver and commander just boarded: one more round before moving', () => {
    let m = inTurn(newMatch(1, convoyScenario()), 'b-crew', 5)
    m = must(m, { type: 'debus', teamId: 'b-crew' }).match
    m = nextRound(m, 'b-crew', 6)
    m = must(m, { type: 'board', teamId: 'b-crew', vehicleId: 'ht' }).match
    const r1 = nextRound(m, 'b-crew', 9)
    expect(refusal(r1, { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 38 } })?.clause).toBe('SMLE-MOVE-10')
    expect(
      refusal(nextRound(r1, 'b-crew', 9), { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 38 } }),
    ).toBeNull()
  })
})

describe('SMLE-DOOR-03 door kinds', () => {
  it('SMLE-DOOR-03: a strong door (bulkhead, strong-room) cannot be forced', () => {
    const sc = hutScenario({
      buildings: [
        {
          id: 'hut',
          name: 'Hut',
          x: 10,
          z: 10,
          widthIn: 6,
          depthIn: 6,
          doors: [{ id: 'hut-door', wall: 'south', offsetIn: 3, state: 'closed', kind: 'strong' }],
        },
      ],
    })
    const m = hutTurn(1, 9, 'blue-1', sc)
    expect(refusal(m, { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })?.clause).toBe('SMLE-DOOR-03')
    expect(refusal(m, { type: 'rushDoor', teamId: 'blue-1', doorId: 'hut-door' })?.clause).toBe('SMLE-DOOR-03')
  })
})
