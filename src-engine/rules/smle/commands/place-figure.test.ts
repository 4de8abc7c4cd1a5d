import { describe, expect, it } from 'vitest'
import { hutMatch, newMatch, play, refusedClause } from '../../../../tests/fixtures/play'
import { hutScenario } from '../../../../tests/fixtures/scenarios'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseScenario, type Scenario } from '../../../index'
import { newHeader, startMatch } from '../match'

const freeSetup = (): ReturnType<typeof hutMatch> => newMatch(1, hutScenario({ deployment: 'free' }))

describe('placeFigure (set-up)', () => {
  it('places a figure inside its deployment zone', () => {
    const m = play(freeSetup(), [{ type: 'placeFigure', figureId: 'b2', at: { x: 3, z: 25 }, facingDeg: 10 }])
    expect(m.state.figures.b2?.position).toEqual({ x: 3, y: 0, z: 25 })
    expect(m.state.figures.b2?.facingDeg).toBe(10)
  })
  it('CORE-DEPLOY-01: not outside the zone', () => {
    expect(refusedClause(freeSetup(), { type: 'placeFigure', figureId: 'b2', at: { x: 3, z: 19 } })).toBe(
      'CORE-DEPLOY-01',
    )
  })
  it('CORE-TABLE-03: not on top of another base', () => {
    expect(refusedClause(freeSetup(), { type: 'placeFigure', figureId: 'b1', at: { x: 20.5, z: 22 } })).toBe(
      'CORE-TABLE-03',
    )
  })
  it('CORE-PHASE-01: only during set-up', () => {
    expect(refusedClause(hutMatch(), { type: 'placeFigure', figureId: 'b2', at: { x: 3, z: 25 } })).toBe(
      'CORE-PHASE-01',
    )
  })
  it('set-up ends when both sides are done; round 1 begins with phase 1 (activation rolls) for the first side', () => {
    const m = play(freeSetup(), [
      { type: 'endSetup', sideId: 'blue' },
      { type: 'endSetup', sideId: 'red' },
    ])
    expect(m.state.phase).toBe('activation')
    expect(m.state.round).toBe(1)
    expect(m.state.activeSideId).toBe('blue')
    expect(refusedClause(freeSetup(), { type: 'endSetup', sideId: 'red' })).toBe('CORE-TURN-01')
    expect(refusedClause(freeSetup(), { type: 'endSetup', sideId: 'green' })).toBe('CORE-CMD-01')
  })
  it('CORE-TURN-01: each side places its own figures in its own set-up turn', () => {
    expect(refusedClause(freeSetup(), { type: 'placeFigure', figureId: 'r1', at: { x: 3, z: 3 } })).toBe('CORE-TURN-01')
    const m = play(freeSetup(), [
      { type: 'endSetup', sideId: 'blue' },
      { type: 'placeFigure', figureId: 'r1', at: { x: 3, z: 3 } },
    ])
    expect(m.state.figures.r1?.position.x).toBe(3)
  })
  it('CORE-DEPLOY-02: a fixed deployment moves no figure, even in the set-up phase a raid holds for its choice', () => {
    const file = join(import.meta.dirname, '..', '..', '..', '..', 'assets', 'scenarios', 'smle-commando.json')
    const parsed = parseScenario(JSON.parse(readFileSync(file, 'utf8')))
    if (!parsed.ok) throw new Error(parsed.message)
    const commando = parsed.scenario as Scenario
    expect(commando.deployment).toBe('fixed')
    const m = startMatch(newHeader(commando, 1, 'quick'))
    expect(m.state.phase).toBe('setup')
    const before = m.state.figures['cm-capt']?.position
    // Inside the commandos' zone (z 42–48), free ground: refused only because the deployment is fixed.
    expect(refusedClause(m, { type: 'placeFigure', figureId: 'cm-capt', at: { x: 10, z: 45 } })).toBe('CORE-DEPLOY-02')
    const chosen = play(m, [
      { type: 'chooseObjective', sideId: 'commandos', objectiveId: 'bridge' },
      { type: 'endSetup', sideId: 'commandos' },
    ])
    expect(refusedClause(chosen, { type: 'placeFigure', figureId: 'grd-1', at: { x: 20, z: 5 } })).toBe(
      'CORE-DEPLOY-02',
    )
    expect(chosen.state.figures['cm-capt']?.position).toEqual(before)
    // The same place in a free deployment is taken.
    const free = startMatch(newHeader({ ...commando, deployment: 'free' }, 1, 'quick'))
    expect(
      play(free, [{ type: 'placeFigure', figureId: 'cm-capt', at: { x: 10, z: 45 } }]).state.figures['cm-capt']
        ?.position.x,
    ).toBe(10)
  })
})
