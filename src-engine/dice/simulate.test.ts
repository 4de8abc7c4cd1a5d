import { describe, expect, it } from 'vitest'
import { RngCursor, seedRng } from '../rng/sfc32'
import { DIE_HALF_IN, readFace } from './die'
import { MAX_THROW_S, simulateThrow } from './simulate'
import { drawThrow, MAX_DICE_PER_THROW, splitPool } from './throw-conditions'
import { FRAME_HZ, FRAME_STRIDE, hashTrajectory, poseAt } from './trajectory'
import { TRAY } from './tray'

const bytes = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)

describe('a physics throw', () => {
  it('determinism: the same generator state gives byte-identical faces and trajectory, even after other throws', () => {
    const rng = seedRng(20240501)
    const a = simulateThrow(rng, 3)
    // Other throws in between leave cannon-es's shared pools and id counters in another state.
    simulateThrow(seedRng(9), 12)
    simulateThrow(seedRng(10), 1)
    const b = simulateThrow(rng, 3)
    expect(b.dice).toEqual(a.dice)
    expect(b.trajectory.frames).toBe(a.trajectory.frames)
    expect(bytes(b.trajectory.data).equals(bytes(a.trajectory.data))).toBe(true)
    expect(b.trajectoryHash).toBe(a.trajectoryHash)
    expect(b.rng).toEqual(a.rng)
  })

  it('another generator state gives another throw', () => {
    const a = simulateThrow(seedRng(1), 2)
    const b = simulateThrow(seedRng(2), 2)
    expect(b.trajectoryHash).not.toBe(a.trajectoryHash)
  })

  it('starts from the drawn initial conditions and takes exactly their draws from the generator', () => {
    const rng = seedRng(77)
    const cursor = new RngCursor(rng)
    const launch = drawThrow(cursor, 2)
    const outcome = simulateThrow(rng, 2)
    expect(outcome.rng).toEqual(cursor.state())
    for (let d = 0; d < 2; d++) {
      const p = poseAt(outcome.trajectory, 0, d)
      expect(p.x).toBeCloseTo(launch[d]!.position.x, 5)
      expect(p.y).toBeCloseTo(launch[d]!.position.y, 5)
      expect(p.qw).toBeCloseTo(launch[d]!.orientation.w, 5)
    }
  })

  it('the faces are read from the dice as they rest in the last frame of the trajectory', () => {
    for (let seed = 0; seed < 8; seed++) {
      const o = simulateThrow(seedRng(seed), 4)
      const last = o.trajectory.frames - 1
      o.dice.forEach((d, i) => {
        const p = poseAt(o.trajectory, last, i)
        expect(readFace({ x: p.qx, y: p.qy, z: p.qz, w: p.qw }).face).toBe(d.face)
        if (!d.cocked) expect(p.y).toBeCloseTo(DIE_HALF_IN, 1)
      })
      // At rest: over the last tenth of a second no die moves more than a hair.
      for (let i = 0; i < 4; i++) {
        const a = poseAt(o.trajectory, last - 6, i)
        const b = poseAt(o.trajectory, last, i)
        expect(Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)).toBeLessThan(0.01)
      }
    }
  })

  it('records 60 Hz frames of 7 numbers per die, compactly, and stays in the tray', () => {
    const o = simulateThrow(seedRng(5), 6)
    expect(o.trajectory.data).toBeInstanceOf(Float32Array)
    expect(o.trajectory.data.length).toBe(o.trajectory.frames * 6 * FRAME_STRIDE)
    expect(o.trajectory.frames).toBeLessThanOrEqual(MAX_THROW_S * FRAME_HZ + 1)
    for (let f = 0; f < o.trajectory.frames; f++) {
      for (let d = 0; d < 6; d++) {
        const p = poseAt(o.trajectory, f, d)
        expect(Math.abs(p.x)).toBeLessThan(TRAY.lengthIn / 2)
        expect(Math.abs(p.z)).toBeLessThan(TRAY.widthIn / 2)
        expect(p.y).toBeGreaterThan(0)
        expect(Math.hypot(p.qx, p.qy, p.qz, p.qw)).toBeCloseTo(1, 4)
      }
    }
  })

  it('tumbles, bounces and settles: throws of 2D6 come to rest in about one second', () => {
    let total = 0
    let faceChanges = 0
    const n = 30
    let rng = seedRng(42)
    for (let t = 0; t < n; t++) {
      const o = simulateThrow(rng, 2)
      rng = o.rng
      total += (o.trajectory.frames - 1) / FRAME_HZ
      let last = 0
      for (let f = 0; f < o.trajectory.frames; f++) {
        const p = poseAt(o.trajectory, f, 0)
        const face = readFace({ x: p.qx, y: p.qy, z: p.qz, w: p.qw }).face
        if (face !== last) faceChanges++
        last = face
      }
    }
    expect(total / n).toBeGreaterThan(0.6)
    expect(total / n).toBeLessThan(2)
    // A die turns over many times before it rests, not once.
    expect(faceChanges / n).toBeGreaterThan(5)
  })

  it('throws 1 to 12 dice at once, and no other number', () => {
    expect(simulateThrow(seedRng(3), 1).dice).toHaveLength(1)
    expect(() => simulateThrow(seedRng(3), 0)).toThrow(RangeError)
    expect(() => simulateThrow(seedRng(3), MAX_DICE_PER_THROW + 1)).toThrow(RangeError)
    expect(splitPool(30)).toEqual([12, 12, 6])
    expect(splitPool(12)).toEqual([12])
    expect(() => splitPool(0)).toThrow(RangeError)
  })

  it('the trajectory hash sees a single changed number', () => {
    const o = simulateThrow(seedRng(8), 2)
    const copy = { ...o.trajectory, data: o.trajectory.data.slice() }
    expect(hashTrajectory(copy)).toBe(o.trajectoryHash)
    copy.data[copy.data.length - 1] = Math.fround(copy.data[copy.data.length - 1]! + 1e-6)
    expect(hashTrajectory(copy)).not.toBe(o.trajectoryHash)
  })
})
