import { describe, expect, it } from 'vitest'
import { hutTurn, play, refusedClause } from '../../tests/fixtures/play'
import { yardScenario } from '../../tests/fixtures/world-tables'

/** The yard with its door open and Blue's figure indoors at the foot of the stairs, unarmoured (10" move), its team acting at B9. */
function indoors() {
  const s = yardScenario()
  s.buildings[0]!.doors[0]!.state = 'open'
  s.teams[0]!.figures[0]!.position = { x: 11.2, z: 13.5 }
  s.teams[0]!.figures[0]!.armour = 'none'
  return hutTurn(1, 9, 'b', s)
}

describe('moves use the world\u2019s routes (SMLE-GEN-05, SMLE-MOVE-01)', () => {
  it('up the stairs: the figure ends on the upper floor, having paid the climb; it stays upstairs moving about there', () => {
    const up = play(indoors(), [{ type: 'moveFigure', figureId: 'b1', to: { x: 15.2, z: 11.2 }, level: 1 }])
    const b1 = up.state.figures.b1!
    expect(b1.position).toEqual({ x: 15.2, y: 2.5, z: 11.2 })
    // Round the stair end, up the flight (2.5" climbed) and off it: more than the 4" straight line plus the climb.
    expect(b1.movedIn).toBeGreaterThan(4 + 2.5)
    expect(b1.movedIn).toBeLessThan(10)
    const across = play(up, [{ type: 'moveFigure', figureId: 'b1', to: { x: 15.8, z: 11.6 } }])
    expect(across.state.figures.b1!.position.y).toBe(2.5)
  })

  it('round a wall: a move the straight line cannot make is made the long way, and costs the long way', () => {
    const s = yardScenario()
    s.teams[0]!.figures[0]!.position = { x: 16, z: 8.5 }
    // From north of the house to its east side: straight through the north-east corner is blocked.
    const m = play(hutTurn(1, 9, 'b', s), [{ type: 'moveFigure', figureId: 'b1', to: { x: 19.2, z: 12 } }])
    expect(m.state.figures.b1!.movedIn).toBeGreaterThan(Math.hypot(3.2, 3.5) + 0.1)
    // Facing follows the last leg of the route (south along the east wall).
    expect(m.state.figures.b1!.facingDeg).toBeGreaterThan(90)
  })

  it('CORE-TABLE-02: no floor to stand on, or no way there, is still refused', () => {
    expect(refusedClause(indoors(), { type: 'moveFigure', figureId: 'b1', to: { x: 22, z: 13 }, level: 1 })).toBe(
      'CORE-TABLE-02',
    )
    const shut = yardScenario()
    shut.teams[0]!.figures[0]!.position = { x: 14, z: 18 }
    expect(refusedClause(hutTurn(1, 9, 'b', shut), { type: 'moveFigure', figureId: 'b1', to: { x: 14, z: 13 } })).toBe(
      'CORE-TABLE-02',
    )
  })
})
