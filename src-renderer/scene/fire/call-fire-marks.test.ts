import { describe, expect, it } from 'vitest'
import { previewCallFire } from '../../../src-engine/index'
import { inTurn, newMatch, withFigure } from '../../../tests/fixtures/play'
import { sectionScenario } from '../../../tests/fixtures/scenarios'
import { callFireMarks } from './call-fire-marks'

/** Blue's sergeant observes for a light mortar (2") at (10, 31); Red's team in a row at z 14, a Blue rifleman 4" short of the point. */
function mortar() {
  let m = newMatch(1, sectionScenario())
  m = withFigure(m, 'b-lmg', { weapons: ['light-mortar'], position: { x: 10, y: 0, z: 31 } })
  for (const [id, x, z] of [
    ['b-sgt', 4, 30],
    ['b-r1', 6, 30],
    ['b-r2', 7, 18],
    ['r-cpl', 4, 14],
    ['r-a1', 6, 14],
    ['r-a2', 8, 14],
  ] as const)
    m = withFigure(m, id, { position: { x, y: 0, z } })
  return inTurn(m, 'b-hq', 6)
}
const call = { type: 'callFire' as const, observerId: 'b-sgt', firingTeamId: 'b-bren', point: { x: 6, z: 14 } }

describe('a planned call for fire on the table', () => {
  it('the point and its template, six stray landings along the gun line, the figures ringed, and the words', () => {
    const m = mortar()
    const marks = callFireMarks(previewCallFire(m.state, m.world, call), m.state, 'blue')
    expect(marks.point[0]).toBe(6)
    expect(marks.radiusIn).toBe(2)
    expect(marks.landings.map((l) => l.face)).toEqual([1, 2, 3, 4, 5, 6])
    expect(marks.axis?.[0]).toEqual([10, 0.1, 31])
    const caught = new Map(marks.caught.map((c) => [c.figureId, c]))
    expect(caught.get('r-a1')).toMatchObject({ attacks: 2, friendly: false })
    expect(caught.get('b-r2')).toMatchObject({ attacks: 0, friendly: true })
    expect(marks.label).toBe(
      'Light mortar: 2" burst, lands round 2 (SMLE-IND-03) · a miss strays up to 8" (doubled, SMLE-IND-04) · 3 under it, 1 more if it strays',
    )
  })

  it('a refused call: its point and the refusal with its clause, nothing else', () => {
    const m = withFigure(mortar(), 'b-lmg', { status: 'seriousWound', prone: true })
    const marks = callFireMarks(previewCallFire(m.state, m.world, call), m.state, 'blue')
    expect(marks.radiusIn).toBe(0)
    expect(marks.landings).toEqual([])
    expect(marks.caught).toEqual([])
    expect(marks.label).toMatch(/seriously wounded.*\(SMLE-DMG-06\)$/)
  })
})
