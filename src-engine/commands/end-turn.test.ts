import { describe, expect, it } from 'vitest'
import { hutMatch, play, refusedClause } from '../../tests/fixtures/play'
import { hutScenario } from '../../tests/fixtures/scenarios'

describe('endTurn', () => {
  it('passes the turn to the other side; a new round begins when it returns to the first side', () => {
    const m1 = play(hutMatch(), [{ type: 'endTurn', sideId: 'blue' }])
    expect(m1.state.activeSideId).toBe('red')
    expect(m1.state.round).toBe(1)
    const m2 = play(m1, [{ type: 'endTurn', sideId: 'red' }])
    expect(m2.state.activeSideId).toBe('blue')
    expect(m2.state.round).toBe(2)
  })
  it('a new turn gives the side its full move again', () => {
    const m = play(hutMatch(), [
      { type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 27 } },
      { type: 'endTurn', sideId: 'blue' },
      { type: 'endTurn', sideId: 'red' },
    ])
    expect(m.state.figures.b2?.movedIn).toBe(0)
  })
  it('set-up ends when both sides are ready; play starts in round 1 with the first side', () => {
    const m = play(hutMatch(1, hutScenario({ deployment: 'free' })), [
      { type: 'endTurn', sideId: 'blue' },
      { type: 'endTurn', sideId: 'red' },
    ])
    expect(m.state.phase).toBe('play')
    expect(m.state.round).toBe(1)
    expect(m.state.activeSideId).toBe('blue')
  })
  it('CORE-TURN-01: only the active side can end its turn', () => {
    expect(refusedClause(hutMatch(), { type: 'endTurn', sideId: 'red' })).toBe('CORE-TURN-01')
  })
  it('CORE-CMD-01: the side must exist', () => {
    expect(refusedClause(hutMatch(), { type: 'endTurn', sideId: 'green' })).toBe('CORE-CMD-01')
  })
})
