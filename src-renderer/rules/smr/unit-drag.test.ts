import { describe, expect, it } from 'vitest'
import { inStep, smrScenario, startSmr, unit } from '../../../tests/fixtures/smr'
import { planView, planWords } from './plan-preview'
import type { SmrView } from './smr-game'
import { dragPlan, enemyUnder, mayDragUnit } from './unit-drag'

/** Two foot units facing each other 6" apart; a routed one of side a; in side a's Movement Event. */
function game(step: 'movement' | 'missiles' = 'movement'): SmrView {
  const scenario = smrScenario([unit('A', 'a', 'L', 20, 20), unit('A2', 'a', 'L', 30, 20), unit('B', 'b', 'L', 20, 26)])
  const m = inStep(startSmr(scenario), step, 'a')
  const routed = { ...m.state.units.A2!, routed: true }
  return { scenario, state: { ...m.state, units: { ...m.state.units, A2: routed } }, world: m.world }
}

describe('dragging a unit to plan its order', () => {
  it('lets the side to act drag only units the rules let move now (SMR-MOVE-03, SMR-MOVE-08), and only in its Movement Event', () => {
    const g = game()
    expect(mayDragUnit(g, 'A', true)).toBe(true)
    expect(mayDragUnit(g, 'A', false)).toBe(false)
    expect(mayDragUnit(g, 'A2', true)).toBe(false)
    expect(mayDragUnit(g, 'B', true)).toBe(false)
    expect(mayDragUnit(game('missiles'), 'A', true)).toBe(false)
  })

  it('plans a move to the pointer, measured by the engine; beyond Table V the plan is refused with its clause (SMR-MOVE-04)', () => {
    const g = game()
    const near = dragPlan(g, 'A', { x: 20, y: 0, z: 17 }, null)
    expect(near).toMatchObject({ kind: 'move', unitId: 'A', facingDeg: null })
    const v = planView(g.state, g.world, near)!
    expect(v.ok).toBe(true)
    expect(planWords(g.state, v, near.kind).text).toMatch(/^A moves 3\.0" of 4\.0"/)
    const far = dragPlan(g, 'A', { x: 20, y: 0, z: 10 }, near)
    const refused = planWords(g.state, planView(g.state, g.world, far)!, far.kind)
    expect(refused.ok).toBe(false)
    expect(refused.clause).toBe('SMR-MOVE-04')
  })

  it('keeps a facing turned during the drag as the pointer goes on, and becomes a charge over an enemy base', () => {
    const g = game()
    const turned = { kind: 'move' as const, unitId: 'A', to: { x: 20, y: 0, z: 17 }, facingDeg: 90 }
    expect(dragPlan(g, 'A', { x: 21, y: 0, z: 17 }, turned).facingDeg).toBe(90)
    expect(enemyUnder(g, 'A', { x: 20.3, z: 25.7 })).toBe('B')
    expect(enemyUnder(g, 'A', { x: 20, z: 24 })).toBeNull()
    expect(dragPlan(g, 'A', { x: 20.3, z: 25.7, y: 0 }, turned)).toMatchObject({ kind: 'charge', targetId: 'B' })
  })
})
