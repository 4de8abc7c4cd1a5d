import { describe, expect, it } from 'vitest'
import { hutTurn, play, withFigure } from '../../../../tests/fixtures/play'
import { moveReach } from './move-reach'

describe('moveReach (§6)', () => {
  it('SMLE-MOVE-02: at a full-move band a Light figure has 8" and a half move of 4"; after 3" it has 5" and 1"', () => {
    const m = hutTurn(1, 9)
    expect(moveReach(m.state, 'b2')).toEqual({ leftIn: 8, halfMoveLeftIn: 4 })
    const moved = play(m, [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 25 } }])
    const r = moveReach(moved.state, 'b2')!
    expect(r.leftIn + moved.state.figures.b2!.movedIn).toBeCloseTo(8, 6)
    expect(r.halfMoveLeftIn).toBeCloseTo(Math.max(0, 4 - moved.state.figures.b2!.movedIn), 6)
  })
  it('SMLE-MOVE-02 / SMLE-ACT-06: at a half-move band both rings are the half move; at B3 (no movement) both are 0', () => {
    expect(moveReach(hutTurn(1, 7).state, 'b2')).toEqual({ leftIn: 4, halfMoveLeftIn: 4 })
    expect(moveReach(hutTurn(1, 3).state, 'b2')).toEqual({ leftIn: 0, halfMoveLeftIn: 0 })
  })
  it('SMLE-MOVE-05: a prone figure pays 1" to stand, and the half-move ring never exceeds what is left', () => {
    const prone = withFigure(hutTurn(1, 7), 'b2', { prone: true })
    expect(moveReach(prone.state, 'b2')).toEqual({ leftIn: 3, halfMoveLeftIn: 3 })
    expect(moveReach(prone.state, 'nobody')).toBeNull()
  })
})
