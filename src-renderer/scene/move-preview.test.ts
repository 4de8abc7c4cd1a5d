import { describe, expect, it } from 'vitest'
import { buildWorld } from '../../src-engine/index'
import { hutMatch, play } from '../../tests/fixtures/play'
import { movePreview, rangeRings } from './move-preview'

describe('move preview (the same path query the move command uses)', () => {
  const m = hutMatch()
  const world = buildWorld(m.header.scenario)
  const b2 = m.state.figures.b2!
  it('a clear move within reach is ok, with inches used and left', () => {
    const p = movePreview(world, m.state, b2, { x: 20, y: 0, z: 26 })
    expect(p.verdict).toBe('ok')
    expect(p.costIn).toBeCloseTo(4)
    expect(p.label).toBe('4.0" of 8.0" left')
  })
  it('a clear move longer than what is left is too far', () => {
    expect(movePreview(world, m.state, b2, { x: 20, y: 0, z: 10 }).verdict).toBe('tooFar')
  })
  it('a move through a wall is blocked, naming the wall', () => {
    const p = movePreview(world, m.state, m.state.figures.b1!, { x: 13, y: 0, z: 13 })
    expect(p.verdict).toBe('blocked')
    expect(p.label).toMatch(/closed door of the Hut/)
  })
  it('range rings shrink as the figure moves (SMLE-MOVE-02 half move)', () => {
    expect(rangeRings(b2)).toEqual({ halfIn: 4, fullIn: 8 })
    const moved = play(m, [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 25 } }])
    expect(rangeRings(moved.state.figures.b2!)).toEqual({ halfIn: 1, fullIn: 5 })
  })
})
