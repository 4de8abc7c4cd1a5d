import { describe, expect, it } from 'vitest'
import { newMatch, withFigure } from '../../../tests/fixtures/play'
import { yardScenario } from '../../../tests/fixtures/world-tables'
import type { Match } from './match'
import { activationModifiers } from './activation-modifiers'
import { activationSituation } from './situation'

/** The yard made 60" deep: the wood (x 2–8, z 18–28) stands between Red's rifleman at (5, 15) and Blue's figure. */
function yardWith(blueAt: { x: number; z: number }, redAt = { x: 5, z: 15 }): Match {
  let m = newMatch(1, yardScenario({ table: { widthIn: 40, depthIn: 60 } }))
  m = withFigure(m, 'b1', { position: { ...blueAt, y: m.world.groundHeightAt(blueAt.x, blueAt.z) } })
  return withFigure(m, 'r1', { position: { ...redAt, y: m.world.groundHeightAt(redAt.x, redAt.z) } })
}

const coverOf = (m: Match) => activationSituation(m.state, m.world, ['b'], 'b').cover

describe('activation cover (SMLE-ACT-11, judged as SMLE-SHOOT-24)', () => {
  it('SMLE-ACT-11: a team in the open 18" behind a wood, unseen by the enemy, is in no cover: no +2 hard cover', () => {
    const m = yardWith({ x: 5, z: 46 })
    expect(m.world.sight(m.state.figures['r1']!, m.state.figures['b1']!, m.state.doors).visiblePoints).toBe(0)
    expect(coverOf(m)).toBe('none')
    const mods = activationModifiers(activationSituation(m.state, m.world, ['b'], 'b'))
    expect(mods.filter((x) => x.clause === 'SMLE-ACT-11')).toEqual([])
  })

  it('SMLE-ACT-11: the same team just inside the wood is in cover (+1), not hard cover', () => {
    const m = yardWith({ x: 5, z: 27 })
    expect(coverOf(m)).toBe('soft')
    const mods = activationModifiers(activationSituation(m.state, m.world, ['b'], 'b'))
    expect(mods.filter((x) => x.clause === 'SMLE-ACT-11').map((x) => x.value)).toEqual([1])
  })

  it('SMLE-ACT-11: right behind a stone wall (within 2") it is in hard cover (+2)', () => {
    const m = yardWith({ x: 25.8, z: 10 }, { x: 18, z: 10 })
    expect(coverOf(m)).toBe('hard')
  })

  it('SMLE-ACT-11: 18" behind the house, wholly out of the enemy’s sight, it is still in the open; prone there it is in soft cover (SMLE-MOVE-06)', () => {
    const m = yardWith({ x: 14, z: 34 }, { x: 14, z: 5 })
    expect(m.world.sight(m.state.figures['r1']!, m.state.figures['b1']!, m.state.doors).visiblePoints).toBe(0)
    expect(coverOf(m)).toBe('none')
    expect(coverOf(withFigure(m, 'b1', { prone: true }))).toBe('soft')
  })
})
