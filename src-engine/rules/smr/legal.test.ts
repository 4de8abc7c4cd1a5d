import { describe, expect, it } from 'vitest'
import { dispatch } from '../../core/match'
import { inStep, smrScenario, startSmr, unit, withUnits } from '../../../tests/fixtures/smr'
import { hypot } from '../../util/geometry'
import type { SmrCommandInput } from './commands/index'
import { pointAlong, unitMoveCandidates } from './legal'
import { moveAllowanceIn } from './profile'

describe('the moves offered to a player who picks from a list (the computer, the random player)', () => {
  it('SMR-MOVE-04: a full move toward the enemy is offered at the allowance or a hair under, never a hair over it', () => {
    // A unit standing off the hundredth-of-an-inch grid (where a contact stopped it): its full move, rounded to the
    // grid, could end a few thousandths beyond its allowance.
    const sc = smrScenario([unit('A', 'a', 'L', 20, 10), unit('B', 'b', 'L', 27, 30)])
    let m = inStep(startSmr(sc), 'movement', 'a')
    m = withUnits(m, { A: { position: { x: 20.001, y: 0, z: 10.001 } } })
    const u = m.state.units.A!
    const reach = moveAllowanceIn(u.profile)
    const moves = unitMoveCandidates(m.state, m.world, u).filter(
      (c): c is Extract<SmrCommandInput, { type: 'moveUnit' }> => c.type === 'moveUnit',
    )
    const lengths = moves.map((c) => hypot(c.path[0]!.x - u.position.x, c.path[0]!.z - u.position.z))
    expect(Math.max(...lengths)).toBeLessThanOrEqual(reach)
    expect(Math.max(...lengths)).toBeGreaterThan(reach - 0.02)
    for (const c of moves) {
      const d = dispatch(m, c).decision
      expect(d.ok ? '' : d.reason.clause).not.toBe('SMR-MOVE-04')
    }
  })

  it('pointAlong: on the 0.01" grid, no farther than asked, and within 0.02" of it, whichever way', () => {
    for (let b = 0; b < 360; b += 7.3) {
      const p = { x: 10.0037, z: 20.0061 }
      const q = pointAlong(p, b, 4)
      expect(Math.round(q.x * 100) / 100).toBe(q.x)
      expect(Math.round(q.z * 100) / 100).toBe(q.z)
      const d = hypot(q.x - p.x, q.z - p.z)
      expect(d).toBeLessThanOrEqual(4 + 1e-9)
      expect(d).toBeGreaterThan(3.98)
    }
  })
})
