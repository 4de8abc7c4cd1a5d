import { describe, expect, it } from 'vitest'
import {
  DICE_LAND_MS,
  pacedLengthMs,
  PLAY_DICE_STEP_MS,
  PLAY_STEP_MS,
  renderFrom,
  renderProgress,
  stepPauseMs,
} from './pacing'

describe('replay pacing', () => {
  it('pauses as Play does at rate 1, longer for a step that throws dice', () => {
    expect(stepPauseMs(false)).toBe(PLAY_STEP_MS)
    expect(stepPauseMs(true)).toBe(PLAY_DICE_STEP_MS)
    expect(stepPauseMs(false, 1)).toBe(700)
    expect(stepPauseMs(true, 1)).toBe(2600)
  })

  it('a faster rate shortens the pauses, but a throw keeps the time to land', () => {
    expect(stepPauseMs(false, 2)).toBe(350)
    expect(stepPauseMs(false, 4)).toBe(175)
    expect(stepPauseMs(true, 2)).toBe(DICE_LAND_MS)
    expect(stepPauseMs(true, 4)).toBe(DICE_LAND_MS)
    // A rate of nothing is Play's pace.
    expect(stepPauseMs(false, 0)).toBe(PLAY_STEP_MS)
  })

  it("a render's length is its steps' pauses", () => {
    expect(pacedLengthMs([])).toBe(0)
    expect(pacedLengthMs([true, false, false, false, false])).toBe(2600 + 4 * 700)
    expect(pacedLengthMs([true, false], 2)).toBe(2000 + 350)
  })

  it('starts at the step shown, or at the start from the end', () => {
    expect(renderFrom(3, 10)).toBe(3)
    expect(renderFrom(0, 10)).toBe(0)
    expect(renderFrom(10, 10)).toBe(0)
    expect(renderFrom(0, 0)).toBe(0)
  })

  it('counts the commands moved on from where the render started', () => {
    expect(renderProgress(0, 12, 40)).toEqual({
      done: 12,
      total: 40,
      percent: 30,
      text: 'Rendering video: command 12 of 40 (30%)',
    })
    expect(renderProgress(2, 2, 6)).toMatchObject({ done: 0, total: 4, percent: 0 })
    expect(renderProgress(2, 4, 6)).toMatchObject({ done: 2, total: 4, percent: 50 })
    expect(renderProgress(2, 6, 6)).toMatchObject({ done: 4, total: 4, percent: 100 })
    // Out of range (a step not yet shown) stays within the bar.
    expect(renderProgress(2, 1, 6).done).toBe(0)
    expect(renderProgress(2, 9, 6).done).toBe(4)
    // A replay of no commands: its start alone, done at once.
    expect(renderProgress(0, 0, 0)).toMatchObject({ done: 1, total: 1, percent: 100 })
  })
})
