import { describe, expect, it } from 'vitest'
import { DiceRoller, FRAME_HZ, type GameEventOf, poseAt, seedRng } from '../../src-engine/index'
import { hutMatch } from '../../tests/fixtures/play'
import { impactsOf, PAUSE_BETWEEN_THROWS_S, replayDurationS, replayPosition, replayRoll } from './dice-replay'
import { rollText } from './roll-text'
import { admitRolls } from './use-roll-queue'

type DiceRolled = GameEventOf<'DiceRolled'>

const roll = (dice: number, seed = 3, method: 'physics' | 'quick' = 'physics'): DiceRolled =>
  new DiceRoller({ rng: seedRng(seed), rollCount: 0, dice: method }).roll({
    purpose: 'force door',
    dice,
    figureId: 'b1',
    modifiers: [{ label: 'light wound', value: -2, clause: 'SMLE-DMG-07' }],
    target: 4,
  })

describe('replaying a physics roll in the renderer', () => {
  it('recomputes each throw from the event and proves it is the throw that decided (faces and fingerprint)', () => {
    const event = roll(3)
    const replay = replayRoll(event)
    expect(replay?.verified).toBe(true)
    expect(replay?.problem).toBeNull()
    expect(replay?.throws).toHaveLength(event.physics!.throws.length)
    replay?.throws.forEach((t, i) => expect(t.trajectory.frames).toBe(event.physics!.throws[i]!.frames))
  })

  it('a record that does not match its throw is not replayed (no other throw is ever shown)', () => {
    const event = roll(2)
    const t0 = event.physics!.throws[0]!
    const forged = {
      ...event,
      physics: { ...event.physics!, throws: [{ ...t0, faces: t0.faces.map((f) => (f % 6) + 1) }] },
    }
    const replay = replayRoll(forged)
    expect(replay?.verified).toBe(false)
    expect(replay?.problem).toMatch(/recorded result stands/)
    const otherHash = {
      ...event,
      physics: { ...event.physics!, throws: [{ ...t0, trajectoryHash: '0123456789abcdef' }] },
    }
    expect(replayRoll(otherHash)?.verified).toBe(false)
  })

  it('a roll from another version of the tray is not replayed; quick dice have nothing to replay', () => {
    const event = roll(1)
    const old = replayRoll({ ...event, physics: { ...event.physics!, version: 999 } })
    expect(old?.verified).toBe(false)
    expect(old?.throws).toHaveLength(0)
    expect(replayRoll(roll(2, 3, 'quick'))).toBeNull()
  })

  it('steps through the throws in time, pausing between a throw and the re-throw of a cocked die', () => {
    const replay = replayRoll(roll(2))!
    const single = { ...replay, throws: [replay.throws[0]!, replay.throws[0]!] }
    const len = (single.throws[0]!.trajectory.frames - 1) / FRAME_HZ
    expect(replayPosition(single, 0)).toEqual({ throwIndex: 0, frame: 0, done: false })
    expect(replayPosition(single, len / 2).frame).toBeCloseTo((len / 2) * FRAME_HZ, 9)
    expect(replayPosition(single, len + PAUSE_BETWEEN_THROWS_S / 2)).toMatchObject({ throwIndex: 0, done: false })
    expect(replayPosition(single, len + PAUSE_BETWEEN_THROWS_S + 0.1).throwIndex).toBe(1)
    expect(replayPosition(single, replayDurationS(single) + 1).done).toBe(true)
    expect(replayDurationS(single)).toBeCloseTo(2 * len + PAUSE_BETWEEN_THROWS_S, 9)
  })

  it('hears the dice land: the first impact comes when a die first reaches the felt', () => {
    const replay = replayRoll(roll(2, 8))!
    const t = replay.throws[0]!.trajectory
    const impacts = impactsOf(t)
    expect(impacts.length).toBeGreaterThan(1)
    for (const im of impacts) {
      expect(im.strength).toBeGreaterThan(0)
      expect(im.strength).toBeLessThanOrEqual(1)
    }
    // The first impact is heard when the lowest die is down at the felt, and not before.
    const first = impacts[0]!.frame
    const lowest = (f: number) => Math.min(...[0, 1].map((d) => poseAt(t, f, d).y))
    expect(lowest(first)).toBeLessThan(0.8)
    for (let f = 0; f < first - 1; f++) expect(lowest(f)).toBeGreaterThan(0.55)
    expect(impacts.every((im) => im.frame < t.frames)).toBe(true)
  })
})

describe('the words under the tray', () => {
  it('say who rolled for what, the dice, each modifier with its clause, and the outcome', () => {
    const event = roll(1)
    const text = rollText(event, hutMatch().state)
    expect(text.title).toBe(`${hutMatch().state.figures.b1!.name}: force door`)
    expect(text.dice).toBe(`1D6: ${event.faces[0]}`)
    expect(text.modifiers).toEqual([{ text: '−2 light wound', clause: 'SMLE-DMG-07' }])
    expect(text.outcome).toBe(`Total ${event.total} against 4: ${event.success ? 'success' : 'failure'}`)
  })

  it('name each die that was cocked and thrown again', () => {
    const event = roll(2)
    const t0 = event.physics!.throws[0]!
    const withCocked = {
      ...event,
      physics: {
        ...event.physics!,
        throws: [{ ...t0, cocked: [{ die: 1, reason: 'tilted' as const, tiltDeg: 23.4 }] }, t0],
      },
    }
    expect(rollText(withCocked, null).notes).toEqual(['Die 2 was cocked (tilted 23°) and was thrown again.'])
    expect(rollText(roll(2, 3, 'quick'), null).notes[0]).toMatch(/Quick dice/)
  })
})

describe('the tray keeps up with play', () => {
  it('keeps only the newest rolls waiting, in order, when play runs ahead of the tray', () => {
    expect(admitRolls([1, 2], [3], 3)).toEqual([1, 2, 3])
    expect(admitRolls([1, 2, 3], [4, 5], 3)).toEqual([3, 4, 5])
    expect(admitRolls([], [1, 2, 3, 4, 5, 6], 3)).toEqual([4, 5, 6])
    expect(admitRolls([7], [], 3)).toEqual([7])
  })
})
