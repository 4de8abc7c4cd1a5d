/**
 * Audit of SMLE-ACT-19 (flank and rear) and SMLE-ACT-E01, black-box: the
 * target team moves north in its own turn (its facing becomes north, the
 * direction of its last move), then a Blue SMG fires on it from a bearing.
 */
import { describe, expect, it } from 'vitest'
import { holdAll, inTurn, newMatch } from '../fixtures/play'
import { field, fig, must, team } from './helpers'

/** Where the fire comes from, as the FireReceived event says. */
function arcOfFire(dx: number, dz: number, twoFigures = false): string {
  // the target team ends its move at (24, 24) (centroid), having moved 1" north
  const figs = twoFigures ? [fig('r1', 23.4, 25), fig('r2', 24.6, 25)] : [fig('r1', 24, 25)]
  const sc = field([
    team('b', 'blue', [fig('b1', 24 + dx, 24 + dz, { weapon: 'smg' })]),
    team('r', 'red', figs),
    team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
  ])
  let m = inTurn(newMatch(1, sc), 'r', 9, 4)
  for (const f of figs)
    m = holdAll(
      must(holdAll(m), { type: 'moveFigure', figureId: f.id, to: { x: f.position.x, z: f.position.z - 1 } }).match,
    )
  m = must(m, { type: 'endActivation', teamId: 'r' }).match
  m = inTurn(m, 'b', 9)
  const e = must(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' }).events.find(
    (x) => x.type === 'FireReceived',
  )
  if (e?.type !== 'FireReceived') throw new Error('no FireReceived')
  expect(e.direct).toBe(true)
  return e.rear ? 'rear' : e.flank ? 'flank' : 'front'
}
const at = (deg: number, r = 12): [number, number] => [
  r * Math.sin((deg * Math.PI) / 180),
  -r * Math.cos((deg * Math.PI) / 180),
]

describe('SMLE-ACT-19 flank and rear', () => {
  it('SMLE-ACT-19: straight ahead is the front; straight behind is the rear; abeam is the flank', () => {
    expect(arcOfFire(0, -12)).toBe('front')
    expect(arcOfFire(0, 12)).toBe('rear')
    expect(arcOfFire(12, 0)).toBe('flank')
    expect(arcOfFire(-12, 0)).toBe('flank')
  })

  it('SMLE-ACT-19: 44° off the facing is front; 46° is flank', () => {
    expect(arcOfFire(...at(44))).toBe('front')
    expect(arcOfFire(...at(46))).toBe('flank')
  })

  it('SMLE-ACT-19: 134° is flank; 136° is rear', () => {
    expect(arcOfFire(...at(134))).toBe('flank')
    expect(arcOfFire(...at(136))).toBe('rear')
  })

  it('SMLE-ACT-19 / SMLE-GEN-06: exactly 45° is front (≤ 45°) and exactly 135° is rear (≥ 135°)', () => {
    expect(arcOfFire(10, -10)).toBe('front')
    expect(arcOfFire(10, 10)).toBe('rear')
  })

  it('SMLE-ACT-19: the angle is taken between team centroids (a two-figure team, 46° from its centroid → flank; 134° → flank)', () => {
    expect(arcOfFire(...at(46), true)).toBe('flank')
    expect(arcOfFire(...at(134), true)).toBe('flank')
    expect(arcOfFire(...at(40), true)).toBe('front')
    expect(arcOfFire(...at(140), true)).toBe('rear')
  })

  it('SMLE-ACT-E01: direct, automatic fire from the flank: the target rolls at −3 for it (−1 direct, −1 auto, −1 flank)', () => {
    const sc = field([
      team('b', 'blue', [fig('b1', 36, 24, { weapon: 'smg' })]),
      team('r', 'red', [fig('r1', 24, 25), fig('r2', 25.2, 25)]),
      team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
    ])
    let m = inTurn(newMatch(1, sc), 'r', 9, 4)
    m = holdAll(must(holdAll(m), { type: 'moveFigure', figureId: 'r1', to: { x: 24, z: 24 } }).match)
    m = holdAll(must(m, { type: 'moveFigure', figureId: 'r2', to: { x: 25.2, z: 24 } }).match)
    m = must(m, { type: 'endActivation', teamId: 'r' }).match
    m = inTurn(m, 'b', 9)
    const { match } = must(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' })
    const fire = match.state.teams.r?.fire.thisRound
    expect(fire && { direct: fire.direct, auto: fire.auto, flank: fire.flank, rear: fire.rear }).toEqual({
      direct: true,
      auto: true,
      flank: true,
      rear: false,
    })
    const a = match.state.teams.r?.activation
    const underFire = (a?.modifiers ?? []).filter((x) => /direct|auto|flank|rear/i.test(x.label))
    expect(underFire.reduce((s, x) => s + x.value, 0)).toBe(-3)
  })

  it('SMLE-ACT-19: a team that has not moved this game faces the nearest known enemy (fire from abeam of it is flank, from behind it rear)', () => {
    const unmoved = (bx: number, bz: number) => {
      const sc = field([
        team('near', 'blue', [fig('n1', 24, 14), fig('n2', 25, 14)]),
        team('b', 'blue', [fig('b1', bx, bz, { weapon: 'smg' })]),
        team('r', 'red', [fig('r1', 24, 24)]),
        team('r-far', 'red', [fig('rf1', 46, 2), fig('rf2', 44, 2)]),
      ])
      const m = inTurn(newMatch(1, sc), 'b', 9)
      const e = must(m, { type: 'directFire', teamId: 'b', targetTeamId: 'r' }).events.find(
        (x) => x.type === 'FireReceived',
      )
      if (e?.type !== 'FireReceived') throw new Error('no FireReceived')
      return e.rear ? 'rear' : e.flank ? 'flank' : 'front'
    }
    expect(unmoved(38, 24)).toBe('flank')
    expect(unmoved(24, 40)).toBe('rear')
    expect(unmoved(28, 10)).toBe('front')
  })
})
