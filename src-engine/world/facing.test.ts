import { describe, expect, it } from 'vitest'
import { DEFAULT_SMLE_SETTINGS } from '../rules/smle/settings'
import { arcOf, bearingDeg, inFiringArc, vehicleFace } from './facing'

const HALF = DEFAULT_SMLE_SETTINGS.frontArcHalfAngle
const at = { x: 10, z: 10 }

describe('facing and arcs', () => {
  it('bearings are degrees clockwise from north (−Z)', () => {
    expect(bearingDeg(at, { x: 10, z: 0 })).toBeCloseTo(0)
    expect(bearingDeg(at, { x: 20, z: 10 })).toBeCloseTo(90)
    expect(bearingDeg(at, { x: 10, z: 20 })).toBeCloseTo(180)
    expect(bearingDeg(at, { x: 0, z: 10 })).toBeCloseTo(270)
  })

  it('SMLE-ACT-19: within 45° of the facing is front, within 45° of behind is rear, the rest flank', () => {
    // Facing north.
    expect(arcOf(0, at, { x: 10, z: 2 }, HALF)).toBe('front')
    expect(arcOf(0, at, { x: 15, z: 4.99 }, HALF)).toBe('front')
    expect(arcOf(0, at, { x: 15, z: 5.2 }, HALF)).toBe('flank')
    expect(arcOf(0, at, { x: 18, z: 10 }, HALF)).toBe('flank')
    expect(arcOf(0, at, { x: 15, z: 14.9 }, HALF)).toBe('flank')
    expect(arcOf(0, at, { x: 15, z: 15.1 }, HALF)).toBe('rear')
    expect(arcOf(0, at, { x: 10, z: 30 }, HALF)).toBe('rear')
    // Facing east; the half-angle comes from the settings.
    expect(arcOf(90, at, { x: 20, z: 12 }, HALF)).toBe('front')
    expect(arcOf(90, at, { x: 20, z: 16 }, 30)).toBe('flank')
  })

  it('SMLE-SHOOT-26: a prepared position fires only into its 90° arc', () => {
    const pos = { centre: at, arcDeg: 180, arcWidthDeg: 90 }
    expect(inFiringArc(pos, { x: 10, z: 20 })).toBe(true)
    expect(inFiringArc(pos, { x: 14.9, z: 15 })).toBe(true)
    expect(inFiringArc(pos, { x: 15.1, z: 15 })).toBe(false)
    expect(inFiringArc(pos, { x: 10, z: 0 })).toBe(false)
  })

  it('SMLE-VEH-14: the face struck: front, side, rear by the arcs; top from indirect fire or from high above', () => {
    const tank = { position: { x: 10, y: 0, z: 10 }, facingDeg: 90, heightIn: 2 }
    expect(vehicleFace(tank, { x: 30, y: 1, z: 11 }, HALF)).toBe('front')
    expect(vehicleFace(tank, { x: 10, y: 1, z: 30 }, HALF)).toBe('side')
    expect(vehicleFace(tank, { x: -5, y: 1, z: 10 }, HALF)).toBe('rear')
    expect(vehicleFace(tank, { x: 30, y: 1, z: 11 }, HALF, { indirect: true })).toBe('top')
    // A firer in an upper window 3" away and 5" up: more than 45° above the horizontal.
    expect(vehicleFace(tank, { x: 13, y: 5, z: 10 }, HALF)).toBe('top')
    expect(vehicleFace(tank, { x: 16, y: 5, z: 10 }, HALF)).toBe('front')
  })
})
