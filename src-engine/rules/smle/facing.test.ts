import { describe, expect, it } from 'vitest'
import { newMatch, withFigure, withTeam } from '../../../tests/fixtures/play'
import { attackArc, teamFacingDeg } from './facing'

describe('SMLE-ACT-19 facing and arcs', () => {
  it('SMLE-ACT-19: a team that has not moved faces the nearest known enemy', () => {
    const m = newMatch()
    // Blue stands south of Red: it faces north-west-ish toward the red figures.
    const facing = teamFacingDeg(m.state, m.world, m.state.teams['blue-1']!)
    expect(facing).toBeGreaterThan(270)
  })
  it('SMLE-ACT-19: after moving, a team faces the way it last moved', () => {
    const m = withTeam(newMatch(), 'blue-1', { facingDeg: 90 })
    expect(teamFacingDeg(m.state, m.world, m.state.teams['blue-1']!)).toBe(90)
  })
  it('SMLE-ACT-19: front within 45°, rear beyond 135°, flank between', () => {
    const m = withTeam(newMatch(), 'blue-1', { facingDeg: 0 })
    const team = m.state.teams['blue-1']!
    // Blue's centre is (16.5, 19.5); north is −Z.
    expect(attackArc(m.state, m.world, team, { x: 16.5, z: 5 })).toBe('front')
    expect(attackArc(m.state, m.world, team, { x: 30, z: 19.5 })).toBe('flank')
    expect(attackArc(m.state, m.world, team, { x: 16.5, z: 29 })).toBe('rear')
    expect(attackArc(m.state, m.world, team, { x: 27, z: 9 })).toBe('front')
    expect(attackArc(m.state, m.world, team, { x: 28, z: 9 })).toBe('flank')
  })
  it('SMLE-ACT-19 / SMLE-OPT-05: a team lying prone faces the nearest known enemy, whatever its last move', () => {
    let m = withTeam(newMatch(), 'blue-1', { facingDeg: 180 })
    m = withFigure(withFigure(m, 'b1', { prone: true }), 'b2', { prone: true })
    expect(teamFacingDeg(m.state, m.world, m.state.teams['blue-1']!)).not.toBe(180)
  })
})
