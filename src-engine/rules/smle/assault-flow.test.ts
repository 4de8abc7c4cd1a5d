import { describe, expect, it } from 'vitest'
import { holdAll, inTurn, play, sectionsFacing, withFigure, withTeam } from '../../../tests/fixtures/play'
import type { GameEvent } from './events/events'
import type { Match } from './match'

const events = (m: Match, from = 0): GameEvent[] => m.entries.slice(from).flatMap((e) => e.events)

/**
 * Blue HQ 3" south of Red A (Red's base line is the north edge). Blue R1,
 * a Veteran Warrior with a sword (1D6 + 6), assaults Red A1; Red A are
 * Untrained, lightly wounded riflemen (1D6 − 3), so every fight ends A ≥ 2D:
 * the defender breaks, whatever the dice.
 */
function rout(seed = 1): Match {
  let m = sectionsFacing(seed)
  for (const [id, x] of [
    ['b-sgt', 4],
    ['b-r1', 6],
    ['b-r2', 8],
  ] as const)
    m = withFigure(m, id, { position: { x, y: 0, z: 17 } })
  m = withFigure(m, 'b-r1', { quality: 'veteran', weapons: ['sword'] })
  m = withTeam(m, 'b-hq', { motivation: 'warriors' })
  for (const id of ['r-cpl', 'r-a1', 'r-a2'])
    m = withFigure(m, id, { quality: 'untrained', status: 'lightWound', treated: false, weapons: ['rifle'] })
  // Red A2 is 7" from the fight and takes no part in it.
  m = withFigure(m, 'r-a2', { position: { x: 12, y: 0, z: 10 } })
  return inTurn(m, 'b-hq', 9, 4)
}
const assault = {
  type: 'closeAssault' as const,
  teamId: 'b-hq',
  targetTeamId: 'r-a',
  moves: [{ figureId: 'b-r1', to: { x: 6, z: 15.02 } }],
}

describe('close assault results (§11.2, SMLE-CA-10/11)', () => {
  it('SMLE-CA-11: a defender that breaks runs a full move away, every figure of its team, and is not captured for the contact it broke from', () => {
    for (const seed of [1, 2, 3]) {
      const m = rout(seed)
      const done = holdAll(play(m, [assault]))
      const es = events(done, m.entries.length)
      expect(es.some((e) => e.type === 'TeamBroke' && e.teamId === 'r-a')).toBe(true)
      expect(es.some((e) => e.type === 'TeamGone')).toBe(false)
      const team = done.state.teams['r-a']!
      expect(team.gone).toBeNull()
      expect(team.breaks).toBe(1)
      for (const id of ['r-cpl', 'r-a1', 'r-a2']) {
        const before = m.state.figures[id]!
        const after = done.state.figures[id]!
        expect(after.offTable).toBeNull()
        expect(after.status).not.toBe('dead')
        // Away from the attackers, toward Red's (north) base line, a full move (8").
        const moved = Math.hypot(after.position.x - before.position.x, after.position.z - before.position.z)
        expect(moved).toBeGreaterThan(7.5)
        expect(after.position.z).toBeLessThan(before.position.z)
      }
    }
  })
  it('SMLE-CA-11 / SMLE-OPT-08: a breaking figure that reaches its base line leaves the table (fled), the rest run on', () => {
    const m = withFigure(rout(), 'r-a2', { position: { x: 12, y: 0, z: 4 } })
    const done = holdAll(play(m, [assault]))
    expect(done.state.figures['r-a2']?.offTable).toBe('fled')
    expect(done.state.figures['r-a1']?.offTable).toBeNull()
    expect(done.state.teams['r-a']?.gone).toBeNull()
  })
  it('SMLE-CA-13: a team already broken once is captured when reached, no dice (the second Break is never fought)', () => {
    const m = withTeam(rout(), 'r-a', { breaks: 1 })
    const done = holdAll(play(m, [assault]))
    expect(done.state.teams['r-a']?.gone).toBe('captured')
  })
})
