import { describe, expect, it } from 'vitest'
import { hutMatch, play, refusedClause } from '../../../../tests/fixtures/play'
import { hutScenario } from '../../../../tests/fixtures/scenarios'

describe('moveFigure', () => {
  it('SMLE-MOVE-01: a Light figure moves up to 8" in a turn, in several steps', () => {
    const m = play(hutMatch(), [
      { type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 27 } },
      { type: 'moveFigure', figureId: 'b2', to: { x: 23, z: 27 } },
    ])
    expect(m.state.figures.b2?.movedIn).toBeCloseTo(8)
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b2', to: { x: 23, z: 26.9 } })).toBe('SMLE-MOVE-01')
  })

  it('SMLE-MOVE-01: a figure with no armour moves 10"', () => {
    const s = hutScenario()
    s.teams[0]!.figures[1]!.armour = 'none'
    expect(() => play(hutMatch(1, s), [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 12 } }])).not.toThrow()
  })

  it('SMLE-GEN-05: climbing a hill costs its height on top of the distance', () => {
    const s = hutScenario({ terrain: { hills: [{ id: 'h', x: 24, z: 24, radiusIn: 4, heightIn: 2 }] } })
    const m = play(hutMatch(1, s), [{ type: 'moveFigure', figureId: 'b2', to: { x: 24, z: 24 } }])
    // From (20,22), just outside the hill's 4" radius (height 0), to its 2" top.
    expect(m.state.figures.b2?.movedIn).toBeCloseTo(Math.hypot(4, 2) + 2, 2)
    expect(m.state.figures.b2?.position.y).toBeCloseTo(2)
  })

  it('CORE-TABLE-02: walls and closed doors block the way; an open door does not', () => {
    const m = hutMatch()
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 14 } })).toBe('CORE-TABLE-02')
    const opened = play(m, [{ type: 'openDoor', figureId: 'b1', doorId: 'hut-door' }])
    expect(() => play(opened, [{ type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 15.2 } }])).not.toThrow()
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b1', to: { x: 15, z: 16.3 } })).toBe('CORE-TABLE-02')
  })

  it('CORE-TABLE-01: a base may not leave the table', () => {
    expect(refusedClause(hutMatch(), { type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 29.8 } })).toBe(
      'CORE-TABLE-01',
    )
  })

  it('CORE-TABLE-03: bases may not overlap', () => {
    const m = play(hutMatch(), [{ type: 'moveFigure', figureId: 'b2', to: { x: 14, z: 18 } }])
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b1', to: { x: 14, z: 17.5 } })).toBe('CORE-TABLE-03')
  })

  it('CORE-TURN-01, CORE-CMD-01: only the active side, only real figures', () => {
    expect(refusedClause(hutMatch(), { type: 'moveFigure', figureId: 'r1', to: { x: 5, z: 5 } })).toBe('CORE-TURN-01')
    expect(refusedClause(hutMatch(), { type: 'moveFigure', figureId: 'nobody', to: { x: 5, z: 5 } })).toBe(
      'CORE-CMD-01',
    )
  })

  it('positions are quantized to 1/100 inch where the command enters', () => {
    const m = play(hutMatch(), [{ type: 'moveFigure', figureId: 'b2', to: { x: 20.123456, z: 22.0049 } }])
    expect(m.state.figures.b2?.position.x).toBe(20.12)
    expect(m.state.figures.b2?.position.z).toBe(22)
  })

  it('facing follows the direction of the move (degrees clockwise from north)', () => {
    const m = play(hutMatch(), [{ type: 'moveFigure', figureId: 'b2', to: { x: 23, z: 22 } }])
    expect(m.state.figures.b2?.facingDeg).toBe(90)
  })
})
