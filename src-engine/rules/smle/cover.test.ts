import { describe, expect, it } from 'vitest'
import { majorityCover, preparedPositionState, targetCoverModifier, withinPreparedArc } from './cover'
import { DEFAULT_SMLE_SETTINGS as S } from './settings'

describe('cover (SMLE-SHOOT-21..26)', () => {
  it('SMLE-SHOOT-24: a unit’s cover from a firer is the grade of most of the figures it sees', () => {
    expect(majorityCover(['hard', 'hard', 'none'])).toBe('hard')
    expect(majorityCover(['none', 'none', 'soft'])).toBe('none')
    expect(majorityCover(['soft', 'hard', 'none', 'hard', 'soft', 'soft'])).toBe('soft')
  })

  it('SMLE-SHOOT-24: a tie goes to the better cover; no visible figure means no cover', () => {
    expect(majorityCover(['soft', 'hard'])).toBe('hard')
    expect(majorityCover(['none', 'prepared'])).toBe('prepared')
    expect(majorityCover([])).toBe('none')
  })

  it('SMLE-MOVE-06: a prone target in the open has soft cover, −1', () => {
    expect(targetCoverModifier({ cover: 'soft' }, S)).toMatchObject({ value: -1, clause: 'SMLE-SHOOT-21' })
  })

  it('SMLE-SHOOT-23: soft cover hides (−1), hard cover protects (−3)', () => {
    expect(targetCoverModifier({ cover: 'soft' }, S)?.value).toBe(-1)
    expect(targetCoverModifier({ cover: 'hard' }, S)?.value).toBe(-3)
  })

  it('SMLE-SHOOT-26: the round of moving in is spent without firing; benefits start the round after', () => {
    expect(preparedPositionState({ enteredRound: 3, round: 3 })).toEqual({ benefits: false, mayFire: false })
    expect(preparedPositionState({ enteredRound: 3, round: 4 })).toEqual({ benefits: true, mayFire: true })
    expect(preparedPositionState({ enteredRound: 0, round: 1 })).toEqual({ benefits: true, mayFire: true })
  })

  it('SMLE-SHOOT-26: occupants fire only inside the 90° arc chosen at set-up', () => {
    expect(withinPreparedArc(45, 0)).toBe(true)
    expect(withinPreparedArc(-45, 0)).toBe(true)
    expect(withinPreparedArc(46, 0)).toBe(false)
    expect(withinPreparedArc(350, 20)).toBe(true)
    expect(withinPreparedArc(180, 0)).toBe(false)
    expect(withinPreparedArc(10, 350)).toBe(true)
  })
})
