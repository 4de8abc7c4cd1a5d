import { describe, expect, it } from 'vitest'
import { allowsCombat, allowsOther, bandOf, rowOf, shiftBand, steadyDelta, TABLE_1 } from './bands'

describe('Table 1 bands', () => {
  it('SMLE-ACT-01 / SMLE-ACT-03: score → band with no caps', () => {
    const cases: [number, number][] = [
      [-5, 0],
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 3],
      [5, 4],
      [6, 5],
      [7, 6],
      [8, 7],
      [9, 8],
      [10, 8],
      [11, 9],
      [12, 9],
      [13, 10],
      [20, 10],
    ]
    for (const [score, band] of cases) expect(bandOf(score), `score ${score}`).toBe(band)
  })
  it('SMLE-ACT-02: bands B0..B10 are the rows of Table 1 with their actions', () => {
    expect(TABLE_1.map((r) => r.action)).toEqual([
      'Break',
      'Fall Back',
      'Fall Back',
      'Pinned',
      'Stand',
      'Stand',
      'Advance',
      'Advance',
      'Close',
      'Close',
      'Double Move',
    ])
    expect(rowOf(6).other).toBe('observe')
  })
  it('SMLE-ACT-05: a shift up lands on the lowest score of the new band, down on the highest; beyond the ends nothing changes', () => {
    expect(shiftBand(6, 1)).toEqual({ al: 7, band: 6 })
    expect(shiftBand(10, 1)).toEqual({ al: 11, band: 9 })
    expect(shiftBand(12, 1)).toEqual({ al: 13, band: 10 })
    expect(shiftBand(9, -1)).toEqual({ al: 8, band: 7 })
    expect(shiftBand(11, -1)).toEqual({ al: 10, band: 8 })
    expect(shiftBand(5, -1)).toEqual({ al: 4, band: 3 })
    expect(shiftBand(1, -1)).toEqual({ al: 0, band: 0 })
    expect(shiftBand(14, 1)).toEqual({ al: 14, band: 10 })
    expect(shiftBand(-3, -1)).toEqual({ al: -3, band: 0 })
    expect(shiftBand(6, 2)).toEqual({ al: 8, band: 7 })
  })
  it('SMLE-MOT-06: Steady moves one band toward B6', () => {
    expect(steadyDelta(9)).toBe(-1)
    expect(steadyDelta(3)).toBe(1)
    expect(steadyDelta(6)).toBe(0)
  })
  it('SMLE-ACT-06: options of the own band or any lower band (Close Assault 9, Direct 7, Opportunity 5, Return 3, Panic 2)', () => {
    expect(allowsCombat(10, 'closeAssault')).toBe(true)
    expect(allowsCombat(8, 'closeAssault')).toBe(false)
    expect(allowsCombat(7, 'directFire')).toBe(true)
    expect(allowsCombat(6, 'directFire')).toBe(false)
    expect(allowsCombat(9, 'panicFire')).toBe(true)
    expect(allowsCombat(2, 'panicFire')).toBe(true)
  })
  it('SMLE-COMBAT-13: B1 may not fire at all, B0 may not attack', () => {
    for (const option of ['closeAssault', 'directFire', 'opportunityFire', 'returnFire', 'panicFire'] as const) {
      expect(allowsCombat(1, option)).toBe(false)
      expect(allowsCombat(0, option)).toBe(false)
    }
  })
  it('SMLE-OPT-10: Other options by band (traps 8, observe 6, de-bus 5, recover 4, reload 3)', () => {
    expect(allowsOther(8, 'deactivateTraps')).toBe(true)
    expect(allowsOther(7, 'deactivateTraps')).toBe(false)
    expect(allowsOther(6, 'observe')).toBe(true)
    expect(allowsOther(5, 'observe')).toBe(false)
    expect(allowsOther(5, 'debus')).toBe(true)
    expect(allowsOther(4, 'recoverCasualties')).toBe(true)
    expect(allowsOther(3, 'reload')).toBe(true)
    expect(allowsOther(2, 'reload')).toBe(false)
  })
})
