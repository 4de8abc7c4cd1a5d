import { describe, expect, it } from 'vitest'
import type { Vec2 } from '../util/geometry'
import { arcOf } from './facing'
import {
  baseCorners,
  baseGapIn,
  basesAcross,
  basesOverlap,
  basesTouch,
  circleFootprint,
  circumRadiusIn,
  firstContactAlong,
  frontCorner,
  inRadiusIn,
  pointToBaseIn,
  rectFootprintMm,
  rotatedAbout,
  segmentCrossesBase,
  turnPoses,
} from './footprint'
import type { BasePose, Body, Footprint } from './types'

/** SMR-GEN-06: foot on 20 mm squares, cavalry on 25×50 mm. */
const FOOT = rectFootprintMm(20, 20)
const HORSE = rectFootprintMm(25, 50)
const S = 20 / 25.4 // 0.7874": a foot base's side
const HALF_DIAG = S / Math.SQRT2 // 0.5568": half a foot base's diagonal
const HW = 12.5 / 25.4 // 0.4921": half a horse base's width
const HD = 25 / 25.4 // 0.9843": half its depth
const pose = (x: number, z: number, facingDeg: number, footprint: Footprint = FOOT): BasePose => ({
  position: { x, z },
  facingDeg,
  footprint,
})
const body = (id: string, x: number, z: number, facingDeg = 0, footprint: Footprint = FOOT, y = 0): Body => ({
  id,
  position: { x, y, z },
  baseRadiusIn: 0.5,
  prone: false,
  facingDeg,
  footprint,
})
const close = (p: Vec2, x: number, z: number): void => {
  expect(p.x).toBeCloseTo(x, 9)
  expect(p.z).toBeCloseTo(z, 9)
}

describe('footprints: sizes and corners (SMR-GEN-06, SMR-GEOM-01)', () => {
  it('20 mm is 0.787", 25×50 mm is 0.984" across the front and 1.969" deep', () => {
    expect(FOOT).toEqual({ kind: 'rect', widthIn: S, depthIn: S })
    expect(HORSE.kind === 'rect' && HORSE.widthIn).toBeCloseTo(0.98425, 5)
    expect(HORSE.kind === 'rect' && HORSE.depthIn).toBeCloseTo(1.9685, 4)
    expect(circumRadiusIn(FOOT)).toBeCloseTo(HALF_DIAG, 12)
    expect(inRadiusIn(HORSE)).toBeCloseTo(0.492126, 6)
    expect(circumRadiusIn(circleFootprint(0.5))).toBe(0.5)
  })

  it('corners run front left, front right, rear right, rear left; the front edge faces the facing', () => {
    // A horse facing north at (10,10): front edge toward −Z.
    const [fl, fr, rr, rl] = baseCorners(pose(10, 10, 0, HORSE))
    close(fl!, 10 - HW, 10 - HD)
    close(fr!, 10 + HW, 10 - HD)
    close(rr!, 10 + HW, 10 + HD)
    close(rl!, 10 - HW, 10 + HD)
    // Turned to face east (90°): the front edge is the east side, its left end to the north.
    const east = baseCorners(pose(10, 10, 90, HORSE))
    close(east[0]!, 10 + HD, 10 - HW)
    close(east[1]!, 10 + HD, 10 + HW)
    // At 45° a square stands on a corner: its front-left corner due north, front-right due east of the centre.
    const diamond = baseCorners(pose(0, 0, 45))
    close(diamond[0]!, 0, -HALF_DIAG)
    close(diamond[1]!, HALF_DIAG, 0)
  })
})

describe('distances between bases, edge to edge (SMR-GEN-05)', () => {
  it('from a point: 0 inside or on the edge, straight to an edge, diagonally to a corner', () => {
    const p = pose(0, 0, 0)
    expect(pointToBaseIn({ x: 0.2, z: 0.3 }, p)).toBe(0)
    expect(pointToBaseIn({ x: S / 2, z: 0 }, p)).toBe(0)
    expect(pointToBaseIn({ x: 2, z: 0 }, p)).toBeCloseTo(2 - S / 2, 12)
    expect(pointToBaseIn({ x: S / 2 + 3, z: -S / 2 - 4 }, p)).toBeCloseTo(5, 12)
    // Turned 45°: the nearest point due east is the corner.
    expect(pointToBaseIn({ x: 2, z: 0 }, pose(0, 0, 45))).toBeCloseTo(2 - HALF_DIAG, 12)
  })

  it('two squares side by side, one turned 45° (corner to edge), corner to corner, a square and a circle', () => {
    expect(baseGapIn(pose(10, 10, 0), pose(11, 10, 0))).toBeCloseTo(1 - S, 12)
    expect(baseGapIn(pose(10, 10, 0), pose(11, 10, 45))).toBeCloseTo(1 - S / 2 - HALF_DIAG, 12)
    expect(baseGapIn(pose(10, 10, 0), pose(12, 12, 0))).toBeCloseTo(Math.SQRT2 * (2 - S), 12)
    expect(
      baseGapIn(pose(10, 10, 0), { position: { x: 12, z: 10 }, facingDeg: 0, footprint: circleFootprint(0.5) }),
    ).toBeCloseTo(2 - S / 2 - 0.5, 12)
    expect(baseGapIn(pose(10, 10, 0), pose(10.5, 10, 30))).toBe(0)
    // Two circles: SMLE's centre distance less both radii, unchanged.
    expect(
      baseGapIn(
        { position: { x: 0, z: 0 }, facingDeg: 0, footprint: circleFootprint(0.5) },
        { position: { x: 3, z: 4 }, facingDeg: 0, footprint: circleFootprint(0.5) },
      ),
    ).toBe(4)
  })

  it('bases flush edge to edge touch but do not overlap; a hair closer they overlap', () => {
    expect(basesOverlap(pose(10, 10, 0), pose(10 + S, 10, 0))).toBe(false)
    expect(basesOverlap(pose(10, 10, 0), pose(10 + S - 0.001, 10, 0))).toBe(true)
    // A diamond's corner on a square's edge.
    expect(basesOverlap(pose(10, 10, 0), pose(10 + S / 2 + HALF_DIAG, 10, 45))).toBe(false)
    expect(basesOverlap(pose(10, 10, 0), pose(10 + S / 2 + HALF_DIAG - 0.001, 10, 45))).toBe(true)
    // A horse side-on beside a square, against a round base.
    expect(
      basesOverlap(pose(10, 10, 90, HORSE), {
        position: { x: 10, z: 10 + HW + 0.5 },
        facingDeg: 0,
        footprint: circleFootprint(0.5),
      }),
    ).toBe(false)
    expect(
      basesOverlap(pose(10, 10, 90, HORSE), {
        position: { x: 10, z: 10 + 0.49 + 0.5 },
        facingDeg: 0,
        footprint: circleFootprint(0.5),
      }),
    ).toBe(true)
  })

  it('SMR-GEOM-02: touching is a gap of at most 0.1" at the same level (heights within 0.5")', () => {
    const tol = { gapIn: 0.1, levelIn: 0.5 }
    expect(basesTouch(body('a', 10, 10), body('b', 10 + S + 0.1, 10), tol)).toBe(true)
    expect(basesTouch(body('a', 10, 10), body('b', 10 + S + 0.1001, 10), tol)).toBe(false)
    expect(basesTouch(body('a', 10, 10), body('b', 10 + S, 10, 0, FOOT, 0.5), tol)).toBe(true)
    expect(basesTouch(body('a', 10, 10), body('b', 10 + S, 10, 0, FOOT, 0.51), tol)).toBe(false)
  })
})

describe('SMR-GEOM-06: where a moving base first touches another', () => {
  it('straight at a square: where the edges meet; with a tolerance, that much sooner; already touching: 0', () => {
    const mover = pose(0, 0, 90)
    expect(firstContactAlong(mover, { x: 10, z: 0 }, pose(5, 0, 0))).toBeCloseTo((5 - S) / 10, 9)
    expect(firstContactAlong(mover, { x: 10, z: 0 }, pose(5, 0, 0), 0.1)).toBeCloseTo((5 - S - 0.1) / 10, 9)
    expect(firstContactAlong(mover, { x: 10, z: 0 }, pose(S, 0, 0))).toBe(0)
  })

  it('at a square turned 45°: its corner first; passing beside it: never; stopping short: never', () => {
    expect(firstContactAlong(pose(0, 0, 90), { x: 10, z: 0 }, pose(5, 0, 45))).toBeCloseTo(
      (5 - HALF_DIAG - S / 2) / 10,
      9,
    )
    expect(firstContactAlong(pose(0, 0, 90), { x: 10, z: 0 }, pose(5, S + 0.01, 0))).toBeNull()
    expect(firstContactAlong(pose(0, 0, 90), { x: 3, z: 0 }, pose(5, 0, 0))).toBeNull()
  })
})

describe('turning and wheeling', () => {
  it('a wheel about the front-right corner by 90° right ends facing east, the corner where it was', () => {
    const p = pose(10, 10, 0)
    const pivot = frontCorner(p, 'right')
    close(pivot, 10 + S / 2, 10 - S / 2)
    const after = rotatedAbout(p, pivot, 90)
    expect(after.facingDeg).toBe(90)
    close(after.position, 10, 10 - S)
    close(frontCorner(after, 'right'), pivot.x, pivot.z)
    // Turning on the spot by −45° keeps the centre and faces north-west.
    const spun = rotatedAbout(p, p.position, -45)
    expect(spun.facingDeg).toBe(315)
    close(spun.position, 10, 10)
  })

  it('the poses of a turn are so close that no point of the base moves more than the step between two', () => {
    const p = pose(10, 10, 0, HORSE)
    const poses = turnPoses(p, frontCorner(p, 'left'), -90, 0.01)
    close(poses[0]!.position, 10, 10)
    expect(poses[poses.length - 1]!.facingDeg).toBeCloseTo(270, 9)
    let worst = 0
    for (let i = 1; i < poses.length; i++) {
      const a = baseCorners(poses[i - 1]!)
      const b = baseCorners(poses[i]!)
      for (let k = 0; k < 4; k++) worst = Math.max(worst, Math.hypot(a[k]!.x - b[k]!.x, a[k]!.z - b[k]!.z))
    }
    expect(worst).toBeLessThanOrEqual(0.01)
  })
})

describe('SMR-MISS-05: bases across the line between two centres', () => {
  it('a base the line cuts is across it; one the line only grazes is not', () => {
    expect(segmentCrossesBase({ x: 0, z: 0 }, { x: 10, z: 0 }, pose(5, S / 2 - 0.01, 0))).toBe(true)
    expect(segmentCrossesBase({ x: 0, z: 0 }, { x: 10, z: 0 }, pose(5, S / 2, 0))).toBe(false)
    expect(segmentCrossesBase({ x: 0, z: 0 }, { x: 10, z: 0 }, pose(5, HALF_DIAG - 0.01, 45))).toBe(true)
    expect(segmentCrossesBase({ x: 0, z: 0 }, { x: 10, z: 0 }, pose(12, 0, 0))).toBe(false)
  })

  it('lists them nearest the firer first, leaving out the firer and the target', () => {
    const firer = body('f', 0, 0)
    const target = body('t', 10, 0)
    const others = [body('far', 7, 0.2), body('near', 3, -0.2), body('aside', 5, 2), target, firer]
    expect(basesAcross(firer, target, others)).toEqual(['near', 'far'])
  })
})

describe('SMR-GEOM-03: arcs of a rectangular base are angles from its centre', () => {
  // SMR-GEOM-E01: the target faces north; 45° boundary is front.
  const at = { x: 10, z: 10 }
  it('east: flank; south-south-west (202.5°): rear; north-east (45°): front; south-east (135°): rear', () => {
    expect(arcOf(0, at, { x: 20, z: 10 }, 45)).toBe('flank')
    const ssw = (202.5 * Math.PI) / 180
    expect(arcOf(0, at, { x: 10 + Math.sin(ssw) * 5, z: 10 - Math.cos(ssw) * 5 }, 45)).toBe('rear')
    expect(arcOf(0, at, { x: 15, z: 5 }, 45)).toBe('front')
    expect(arcOf(0, at, { x: 15, z: 15 }, 45)).toBe('rear')
  })

  it('the rear half-angle is its own setting (SMR §0.3 rearArcHalfAngle); a hair past 45° is flank', () => {
    expect(arcOf(0, at, { x: 15, z: 15 }, 45, 30)).toBe('flank')
    expect(arcOf(0, at, { x: 15.01, z: 5 }, 45)).toBe('flank')
    // A horse facing east: an attacker level with its front corner but beside it is in its flank.
    expect(arcOf(90, at, { x: 10 + 0.984, z: 12 }, 45)).toBe('flank')
  })
})
