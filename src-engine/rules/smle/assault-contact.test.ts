import { describe, expect, it } from 'vitest'
import { newMatch } from '../../../tests/fixtures/play'
import { sectionScenario } from '../../../tests/fixtures/scenarios'
import { assaultGapIn, inBaseContact } from './assault-contact'

/** A foxhole at (6, 14) and a 5" × 3" weapon pit at (30, 14), both arcs to the south. */
const world = newMatch(
  1,
  sectionScenario({
    positions: [
      { id: 'fox', kind: 'foxhole', x: 6, z: 14, arcDeg: 180 },
      { id: 'pit', kind: 'weaponPit', x: 30, z: 14, arcDeg: 180, widthIn: 5, depthIn: 3 },
    ],
  }),
).world
const at = (id: string, x: number, z: number) => ({
  id,
  position: { x, y: 0, z },
  baseRadiusIn: 0.5,
  prone: false,
  facingDeg: 0,
})

describe('close-assault contact over a parapet (SMLE-CA-03 [decision])', () => {
  it('SMLE-CA-03: the man in a foxhole is in base contact with an attacker touching the outside of its parapet, not with one short of it', () => {
    const defender = at('d', 6, 14)
    expect(world.distanceIn(at('a', 6, 15.67), defender)).toBeGreaterThan(0.6)
    expect(assaultGapIn(world, at('a', 6, 15.67), defender)).toBeLessThanOrEqual(0.1)
    expect(inBaseContact(world, defender, at('a', 6, 15.67), 0.1)).toBe(true)
    expect(assaultGapIn(world, at('a', 6, 16.2), defender)).toBeGreaterThan(0.1)
    // Within 1" of him: an attacker a little way back still takes part (SMLE-CA-03).
    expect(assaultGapIn(world, at('a', 6, 16.5), defender)).toBeLessThanOrEqual(1)
  })
  it('SMLE-CA-03: in a wide weapon pit only the occupants near the attacker\u2019s side are in reach; the far wall is not', () => {
    // The pit is 3" deep north–south: its south parapet's outside is at z = 15.85.
    const lip = at('a', 30, 16.37)
    expect(assaultGapIn(world, lip, at('near', 30, 15))).toBeLessThanOrEqual(0.1)
    expect(assaultGapIn(world, lip, at('far', 30, 13))).toBeGreaterThan(1)
  })
  it('SMLE-CA-03: figures on open ground, or both in the same pit, are measured edge to edge', () => {
    expect(assaultGapIn(world, at('a', 12, 30), at('d', 14, 30))).toBeCloseTo(
      world.distanceIn(at('a', 12, 30), at('d', 14, 30)),
    )
    expect(assaultGapIn(world, at('a', 29, 14), at('d', 31, 14))).toBeCloseTo(1)
  })
})
