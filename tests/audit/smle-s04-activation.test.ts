/**
 * Audit of SMLE §4 Activation (Table 1, Table 1a, SMLE-ACT-*), black-box:
 * every expectation comes from shared/rules/smle.md, not from the engine.
 */
import { describe, expect, it } from 'vitest'
import { newMatch, withFigure, withTeam } from '../fixtures/play'
import { activationOf, bandOf, field, fig, findSeed, mod, rollBoth, sum, team } from './helpers'

const LOW: Record<number, number> = { 0: 0, 1: 1, 2: 2, 3: 3, 4: 5, 5: 6, 6: 7, 7: 8, 8: 9, 9: 11, 10: 13 }
const HIGH: Record<number, number> = { 0: 0, 1: 1, 2: 2, 3: 4, 4: 5, 5: 6, 6: 7, 7: 8, 8: 10, 9: 12, 10: 13 }

/** SMLE-ACT-05, SMLE-MOT-03/05/06: the band and AL after the motivation's shift. */
function expected(score: number, motivation: string): { band: number; al: number } {
  const band = bandOf(score)
  const up = (b: number) => (b >= 10 ? { band: b, al: score } : { band: b + 1, al: LOW[b + 1] as number })
  const down = (b: number) => (b <= 0 ? { band: b, al: score } : { band: b - 1, al: HIGH[b - 1] as number })
  if (motivation === 'elite') return up(band)
  if (motivation === 'reluctant') return down(band)
  if (motivation === 'steady') {
    if (band > 6) return down(band)
    if (band < 6) return up(band)
  }
  return { band, al: score }
}

const open = (motivation: string, quality = 'trained') =>
  field([
    team('b', 'blue', [fig('b1', 10, 44), fig('b2', 12, 44)], {
      motivation: motivation as never,
      quality: quality as never,
    }),
    team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)], { quality: 'green' }),
  ])

describe('SMLE §4 activation', () => {
  it('SMLE-ACT-01 / SMLE-ACT-03: AL = die + Table 1a modifiers, band from Table 1 (many rolls, no shifts)', () => {
    const qualities = ['untrained', 'green', 'trained', 'veteran']
    let checked = 0
    for (let seed = 1; seed <= 12; seed++) {
      for (const q of qualities) {
        const { events } = rollBoth(newMatch(seed, open('none', q)))
        for (const id of ['b', 'r']) {
          const a = activationOf(events, id)
          expect(a.al).toBe(a.die + sum(a.modifiers))
          expect(a.band).toBe(bandOf(a.al))
          expect(a.shifts).toEqual([])
          checked++
        }
      }
    }
    expect(checked).toBe(96)
  })

  it('SMLE-QUAL-01 / Table 1a: base values Untrained 0, Green 2, Trained 4, Veteran 6, each listed with a clause', () => {
    const base: Record<string, number> = { untrained: 0, green: 2, trained: 4, veteran: 6 }
    for (const [q, v] of Object.entries(base)) {
      const { events } = rollBoth(newMatch(1, open('none', q)))
      const a = activationOf(events, 'b')
      const b = mod(a.modifiers, /base/i)
      expect(b?.value, q).toBe(v)
      expect(b?.clause).toMatch(/^SMLE-/)
    }
  })

  for (const motivation of ['elite', 'reluctant', 'steady']) {
    it(`SMLE-ACT-05 / SMLE-MOT-0${motivation === 'elite' ? 3 : motivation === 'reluctant' ? 5 : 6}: ${motivation} band shift moves the AL to the ${motivation === 'elite' ? 'lowest' : 'nearest'} score of the new band, every die face`, () => {
      const seen = new Set<number>()
      for (const quality of ['untrained', 'green', 'trained']) {
        for (let seed = 1; seed <= 40; seed++) {
          const { events } = rollBoth(newMatch(seed, open(motivation, quality)))
          const a = activationOf(events, 'b')
          const score = a.die + sum(a.modifiers)
          const e = expected(score, motivation)
          seen.add(score)
          expect({ score, band: a.band, al: a.al }).toEqual({ score, band: e.band, al: e.al })
        }
      }
      // scores from 4 (untrained, die 1) to 13 (trained, die 6): both ends of the shifts were met
      expect(seen.has(13)).toBe(true)
      expect(seen.has(4)).toBe(true)
    })
  }

  it('SMLE-ACT-E04: Reluctant Green team at score 0 stays B0 at AL 0 (no band below B0)', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 44), fig('b2', 12, 44), fig('b3', 14, 44)], {
        motivation: 'reluctant',
        quality: 'green',
      }),
      team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)]),
    ])
    // die 1 + green 2 − one casualty 2 − direct 1 = 0 (not fresh: it was fired on last round)
    const build = (seed: number) => {
      let m = newMatch(seed, sc)
      m = withFigure(m, 'b3', { status: 'dead' })
      const fire = { direct: true, auto: false, explosive: false, flank: false, rear: false, byTeams: ['r'] }
      const none = { direct: false, auto: false, explosive: false, flank: false, rear: false, byTeams: [] }
      m = withTeam(m, 'b', { fresh: false, fire: { thisRound: none, lastRound: fire } })
      return activationOf(rollBoth(m).events, 'b')
    }
    const { value: a } = findSeed(200, build, (a) => a.die === 1)
    expect(sum(a.modifiers)).toBe(-1)
    expect(a.band).toBe(0)
    expect(a.al).toBe(0)
  })

  it('SMLE-ACT-E06: Elite team scoring 14 stays B10 with AL 14', () => {
    const sc = field(
      [
        team('b', 'blue', [fig('b1', 10, 44), fig('b2', 12, 44)], { motivation: 'elite', groupId: 'bs' }),
        team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)]),
      ],
      { groups: [{ id: 'bs', name: 'Blue section', sideId: 'blue', leaderFigureId: 'b1' }] },
    )
    const { value: a } = findSeed(
      200,
      (s) => activationOf(rollBoth(newMatch(s, sc)).events, 'b'),
      (a) => a.die === 6,
    )
    // trained 4 + leader 1 + fresh 2 + not under fire 1 + die 6 = 14
    expect(a.die + sum(a.modifiers)).toBe(14)
    expect(a.band).toBe(10)
    expect(a.al).toBe(14)
  })

  it('SMLE-MOT-04 / SMLE-ACT-E07: Fanatic base 6 replaces the quality base', () => {
    const { events } = rollBoth(newMatch(3, open('fanatic', 'green')))
    const a = activationOf(events, 'b')
    const bases = a.modifiers.filter((m) => /base|fanatic/i.test(m.label))
    expect(bases.map((m) => m.value)).toEqual([6])
    expect(a.modifiers.some((m) => /green/i.test(m.label))).toBe(false)
  })

  it('SMLE-MOT-07: Warriors +2 to activation', () => {
    const { events } = rollBoth(newMatch(3, open('warriors')))
    const a = activationOf(events, 'b')
    expect(mod(a.modifiers, /warrior/i)?.value).toBe(2)
  })

  it('SMLE-ACT-E02: Trained team, fresh, not under fire, leader with group, die 3 → 11 → B9', () => {
    const sc = field(
      [
        team('b', 'blue', [fig('b1', 10, 44), fig('b2', 12, 44)], { groupId: 'bs' }),
        team('b-2', 'blue', [fig('b3', 16, 44), fig('b4', 18, 44)], { groupId: 'bs' }),
        team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)]),
      ],
      { groups: [{ id: 'bs', name: 'Blue section', sideId: 'blue', leaderFigureId: 'b1' }] },
    )
    const { value: a } = findSeed(
      200,
      (s) => activationOf(rollBoth(newMatch(s, sc)).events, 'b-2'),
      (a) => a.die === 3,
    )
    expect(a.al).toBe(11)
    expect(a.band).toBe(9)
    expect(mod(a.modifiers, /leader/i)?.value).toBe(1)
    expect(mod(a.modifiers, /fresh/i)?.value).toBe(2)
    expect(mod(a.modifiers, /not under fire/i)?.value).toBe(1)
  })

  it('SMLE-ACT-E09 / SMLE-ACT-09: one dead figure −2 and one untreated light wound −1; a treated wound costs nothing', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 10, 44), fig('b2', 12, 44), fig('b3', 14, 44), fig('b4', 16, 44)]),
      team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)]),
    ])
    let m = newMatch(1, sc)
    m = withFigure(m, 'b1', { status: 'dead' })
    m = withFigure(m, 'b2', { status: 'lightWound' })
    m = withTeam(m, 'b', { fresh: false })
    const a = activationOf(rollBoth(m).events, 'b')
    expect(sum(a.modifiers)).toBe(2) // 4 − 2 − 1 + 1
    expect(mod(a.modifiers, /casualt/i)?.value).toBe(-2)
    expect(mod(a.modifiers, /wound/i)?.value).toBe(-1)
    // treated: the −1 goes
    const t = activationOf(rollBoth(withFigure(m, 'b2', { status: 'lightWound', treated: true })).events, 'b')
    expect(sum(t.modifiers)).toBe(3)
    // a seriously wounded figure counts as a casualty (−2)
    const s = activationOf(rollBoth(withFigure(m, 'b2', { status: 'seriousWound' })).events, 'b')
    expect(sum(s.modifiers)).toBe(4 - 2 - 2 + 1)
  })

  it('SMLE-ACT-12: Fresh (+2) and Not under fire (+1) add together; fire last round removes both +1 and (for good) +2', () => {
    const sc = open('none')
    const fire = { direct: true, auto: false, explosive: false, flank: false, rear: false, byTeams: ['r'] }
    const none = { direct: false, auto: false, explosive: false, flank: false, rear: false, byTeams: [] }
    const m = withTeam(newMatch(1, sc), 'b', { fresh: false, fire: { thisRound: none, lastRound: fire } })
    const a = activationOf(rollBoth(m).events, 'b')
    expect(mod(a.modifiers, /not under fire/i)).toBeUndefined()
    expect(mod(a.modifiers, /fresh/i)).toBeUndefined()
    expect(mod(a.modifiers, /direct/i)?.value).toBe(-1)
  })

  it('SMLE-ACT-04: under-fire categories are cumulative, each once (direct + auto + explosive + rear = −5)', () => {
    const fire = { direct: true, auto: true, explosive: true, flank: false, rear: true, byTeams: ['r', 'x'] }
    const none = { direct: false, auto: false, explosive: false, flank: false, rear: false, byTeams: [] }
    const m = withTeam(newMatch(1, open('none')), 'b', { fresh: false, fire: { thisRound: none, lastRound: fire } })
    const a = activationOf(rollBoth(m).events, 'b')
    expect(sum(a.modifiers)).toBe(4 - 1 - 1 - 2 - 2)
    // both rounds under direct fire: still −1
    const m2 = withTeam(newMatch(1, open('none')), 'b', { fresh: false, fire: { thisRound: fire, lastRound: fire } })
    expect(sum(activationOf(rollBoth(m2).events, 'b').modifiers)).toBe(4 - 1 - 1 - 2 - 2)
  })
})

/** Two teams a side for the leader's +1 / −2 (SMLE-ACT-10, SMLE-ACT-14). */
function leaderTable(otherAt: { x: number; z: number }[], extra: object = {}) {
  return field(
    [
      team('hq', 'blue', [fig('ldr', 10, 44), fig('h2', 8, 44)], { groupId: 'bs' }),
      team(
        't',
        'blue',
        otherAt.map((p, i) => fig(`t${i}`, p.x, p.z)),
        { groupId: 'bs' },
      ),
      team('r', 'red', [fig('r1', 40, 4), fig('r2', 42, 4)]),
    ],
    { groups: [{ id: 'bs', name: 'Blue section', sideId: 'blue', leaderFigureId: 'ldr' }], ...extra },
  )
}

describe('SMLE §4 leader and separation', () => {
  it('SMLE-ACT-10: the leader’s own team gets +1', () => {
    const a = activationOf(
      rollBoth(
        newMatch(
          1,
          leaderTable([
            { x: 14, z: 44 },
            { x: 16, z: 44 },
          ]),
        ),
      ).events,
      'hq',
    )
    expect(mod(a.modifiers, /leader/i)?.value).toBe(1)
    expect(mod(a.modifiers, /leader/i)?.clause).toBe('SMLE-ACT-10')
  })

  it('SMLE-ACT-10 / SMLE-GEN-06: another team exactly one full move (8") from the leader’s team, in sight, gets +1', () => {
    // nearest edges: centres 9" apart, bases 0.5" radius → 8.0"
    const a = activationOf(
      rollBoth(
        newMatch(
          1,
          leaderTable([
            { x: 19, z: 44 },
            { x: 21, z: 44 },
          ]),
        ),
      ).events,
      't',
    )
    expect(mod(a.modifiers, /leader/i)?.value).toBe(1)
    expect(mod(a.modifiers, /separat/i)).toBeUndefined()
  })

  it('SMLE-ACT-14(b): a team just beyond one full move of the leader’s team gets −2 and no +1', () => {
    const a = activationOf(
      rollBoth(
        newMatch(
          1,
          leaderTable([
            { x: 19.3, z: 44 },
            { x: 21.3, z: 44 },
          ]),
        ),
      ).events,
      't',
    )
    expect(mod(a.modifiers, /leader with/i)).toBeUndefined()
    expect(mod(a.modifiers, /separat/i)?.value).toBe(-2)
  })

  it('SMLE-ACT-10: within one full move but out of sight of the leader’s team → no +1 (and no −2: it is within a move)', () => {
    // a tall wall between the two teams
    const sc = leaderTable(
      [
        { x: 16, z: 44 },
        { x: 16, z: 46 },
      ],
      {
        linearFeatures: [
          {
            id: 'wall',
            kind: 'stoneWall',
            points: [
              { x: 13, z: 40 },
              { x: 13, z: 48 },
            ],
            heightIn: 6,
          },
        ],
      },
    )
    const a = activationOf(rollBoth(newMatch(1, sc)).events, 't')
    expect(mod(a.modifiers, /leader with/i)).toBeUndefined()
    expect(mod(a.modifiers, /separat/i)).toBeUndefined()
  })

  it('SMLE-ACT-14: a team whose leader is dead gets neither +1 nor −2 from the leader', () => {
    let m = newMatch(
      1,
      leaderTable([
        { x: 40, z: 44 },
        { x: 42, z: 44 },
      ]),
    )
    m = withFigure(m, 'ldr', { status: 'dead' })
    const a = activationOf(rollBoth(m).events, 't')
    expect(mod(a.modifiers, /leader/i)).toBeUndefined()
    expect(mod(a.modifiers, /separat/i)).toBeUndefined()
  })

  it('SMLE-ORG-05 / SMLE-ACT-14(a): team-mates exactly half a move (4") apart are not separated; just over is −2', () => {
    const two = (dx: number) =>
      field([
        team('b', 'blue', [fig('b1', 10, 44), fig('b2', 10 + dx, 44)]),
        team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)]),
      ])
    const ok = activationOf(rollBoth(newMatch(1, two(5))).events, 'b')
    expect(mod(ok.modifiers, /separat/i)).toBeUndefined()
    const split = activationOf(rollBoth(newMatch(1, two(5.3))).events, 'b')
    expect(mod(split.modifiers, /separat/i)?.value).toBe(-2)
  })

  it('SMLE-ORG-05: a civilian (no armour, 10" move) team’s cohesion distance is 5"', () => {
    const two = (dx: number) =>
      field([
        team('b', 'blue', [fig('b1', 10, 44, { armour: 'none' }), fig('b2', 10 + dx, 44, { armour: 'none' })]),
        team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)]),
      ])
    expect(mod(activationOf(rollBoth(newMatch(1, two(5.9))).events, 'b').modifiers, /separat/i)).toBeUndefined()
    expect(mod(activationOf(rollBoth(newMatch(1, two(6.2))).events, 'b').modifiers, /separat/i)?.value).toBe(-2)
  })
})

describe('SMLE §4 cover for activation', () => {
  it('SMLE-ACT-11: a team 1" inside a shallow wood (soft cover, still seen) gets +1 "in cover"', () => {
    const sc = field(
      [
        team('b', 'blue', [fig('b1', 10, 44), fig('b2', 12, 44)]),
        team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)]),
      ],
      {
        terrain: {
          areas: [
            {
              id: 'wood',
              kind: 'woods',
              polygon: [
                { x: 6, z: 43 },
                { x: 16, z: 43 },
                { x: 16, z: 45 },
                { x: 6, z: 45 },
              ],
            },
          ],
        },
      },
    )
    const a = activationOf(rollBoth(newMatch(1, sc)).events, 'b')
    const cover = a.modifiers.filter((m) => /cover|position/i.test(m.label))
    expect(cover.map((m) => m.value)).toEqual([1])
  })

  it('SMLE-ACT-11 / SMLE-SHOOT-23: a team deep inside woods (soft cover) gets +1 "in cover", not the hard-cover +2', () => {
    const sc = field(
      [
        team('b', 'blue', [fig('b1', 10, 44), fig('b2', 12, 44)]),
        team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)]),
      ],
      {
        terrain: {
          areas: [
            {
              id: 'wood',
              kind: 'woods',
              polygon: [
                { x: 6, z: 41 },
                { x: 16, z: 41 },
                { x: 16, z: 47 },
                { x: 6, z: 47 },
              ],
            },
          ],
        },
      },
    )
    const a = activationOf(rollBoth(newMatch(1, sc)).events, 'b')
    const cover = a.modifiers.filter((m) => /cover|position/i.test(m.label))
    expect(cover.map((m) => m.value)).toEqual([1])
  })

  it('SMLE-ACT-11 / SMLE-SHOOT-24: a team in the open 20" behind a wall that hides it is not "in cover"', () => {
    const sc = field(
      [
        team('b', 'blue', [fig('b1', 10, 30), fig('b2', 12, 30)]),
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
    const a = activationOf(rollBoth(newMatch(1, sc)).events, 'b')
    expect(a.modifiers.filter((m) => /cover|position/i.test(m.label))).toEqual([])
  })

  it('SMLE-ACT-11: a team in a prepared position gets +3 only (cover grades do not add)', () => {
    const sc = field(
      [
        team('b', 'blue', [fig('b1', 24, 44), fig('b2', 24.6, 44.4)], { preparedPositionId: 'pit' }),
        team('r', 'red', [fig('r1', 10, 4), fig('r2', 12, 4)]),
      ],
      { positions: [{ id: 'pit', kind: 'weaponPit', x: 24, z: 44, arcDeg: 0, widthIn: 4, depthIn: 3 }] },
    )
    const a = activationOf(rollBoth(newMatch(1, sc)).events, 'b')
    const cover = a.modifiers.filter((m) => /cover|position/i.test(m.label))
    expect(cover.map((m) => m.value)).toEqual([3])
  })
})
