import { describe, expect, it } from 'vitest'
import { inTurn, newMatch, play, refusedClause, withTeam } from '../../../tests/fixtures/play'
import { sectionScenario } from '../../../tests/fixtures/scenarios'
import type { Match } from './match'

/** Blue's Bren team starts in a weapon pit round (29, 43) whose 90° arc faces `arcDeg`. */
function inPit(arcDeg: number): Match {
  const s = sectionScenario({
    positions: [{ id: 'pit', kind: 'weaponPit', x: 29, z: 43, arcDeg, widthIn: 5, depthIn: 3, sideId: 'blue' }],
  })
  const bren = s.teams.find((t) => t.id === 'b-bren')
  if (!bren) throw new Error('no Bren team')
  bren.preparedPositionId = 'pit'
  return newMatch(1, s)
}

describe('prepared positions (SMLE-SHOOT-26)', () => {
  it('SMLE-SHOOT-26: a team in its position fires only into the position\u2019s arc', () => {
    expect(
      refusedClause(inTurn(inPit(180), 'b-bren', 7), { type: 'directFire', teamId: 'b-bren', targetTeamId: 'r-b' }),
    ).toBe('SMLE-SHOOT-26')
    const fired = play(inTurn(inPit(0), 'b-bren', 7), [{ type: 'directFire', teamId: 'b-bren', targetTeamId: 'r-b' }])
    expect(fired.state.teams['b-bren']?.attack).toBe('direct')
  })

  it('SMLE-SHOOT-26: a team that only got into its position this round may not fire from it until the next', () => {
    const m = withTeam(inTurn(inPit(0), 'b-bren', 7), 'b-bren', { preparedSince: 1 })
    expect(refusedClause(m, { type: 'directFire', teamId: 'b-bren', targetTeamId: 'r-b' })).toBe('SMLE-SHOOT-26')
  })

  it('SMLE-ACT-11 / SMLE-SHOOT-26: the team in its position activates with +3 for it', () => {
    const m = play(inPit(0), [{ type: 'rollActivation', sideId: 'blue' }])
    expect(m.state.teams['b-bren']?.activation?.modifiers).toContainEqual({
      label: 'in prepared position',
      value: 3,
      clause: 'SMLE-ACT-11',
    })
  })

  it('SMLE-SHOOT-21 / SMLE-SHOOT-26: fire at a team in its prepared position is at −3 (the prepared-position modifier)', () => {
    const m = play(inTurn(inPit(0), 'r-b', 7), [{ type: 'directFire', teamId: 'r-b', targetTeamId: 'b-bren' }])
    const rolls = m.entries[0]?.events.filter((e) => e.type === 'DiceRolled') ?? []
    expect(rolls.length).toBeGreaterThan(0)
    for (const r of rolls)
      if (r.type === 'DiceRolled')
        expect(r.modifiers).toContainEqual({
          label: 'Target in a prepared position',
          value: -3,
          clause: 'SMLE-SHOOT-21',
        })
  })
})
