import { describe, expect, it } from 'vitest'
import type { ReplayMark } from '../../src-engine/index'
import { roundJump, roundStarts } from './ReplayBar'

/** A 40-command game's timeline: set-up, then rounds 2 and 3 marked where they start, activations between. */
const MARKS: ReplayMark[] = [
  { index: 3, kind: 'activation', label: 'British' },
  { index: 12, kind: 'round', label: 'Round 2' },
  { index: 14, kind: 'activation', label: 'German' },
  { index: 27, kind: 'round', label: 'Round 3' },
  { index: 30, kind: 'activation', label: 'British' },
]
const LENGTH = 40

describe('the replay timeline by rounds (issue: "jump to a round")', () => {
  it('lists the start and each round where it begins, not the activations', () => {
    expect(roundStarts(MARKS)).toEqual([
      { label: 'Start', index: 0 },
      { index: 12, kind: 'round', label: 'Round 2' },
      { index: 27, kind: 'round', label: 'Round 3' },
    ])
  })

  it('next round: from inside a round to the next one, from the last round to the end', () => {
    expect(roundJump(MARKS, 0, LENGTH, 1)).toBe(12)
    expect(roundJump(MARKS, 5, LENGTH, 1)).toBe(12)
    // On a round's first step, the next is the round after, not itself.
    expect(roundJump(MARKS, 12, LENGTH, 1)).toBe(27)
    expect(roundJump(MARKS, 30, LENGTH, 1)).toBe(LENGTH)
  })

  it('previous round: back to the start of the round before the step, the start at the first', () => {
    expect(roundJump(MARKS, 30, LENGTH, -1)).toBe(27)
    expect(roundJump(MARKS, 27, LENGTH, -1)).toBe(12)
    expect(roundJump(MARKS, 13, LENGTH, -1)).toBe(12)
    expect(roundJump(MARKS, 12, LENGTH, -1)).toBe(0)
    expect(roundJump(MARKS, 0, LENGTH, -1)).toBe(0)
  })
})
