import { describe, expect, it } from 'vitest'
import { bodyAt, yardScenario } from '../../tests/fixtures/world-tables'
import { bodySamplePoints } from './sample-points'
import {
  buildBasicWorld,
  buildWorld,
  circleFootprint,
  circumRadiusIn,
  frontCorner,
  rectFootprintMm,
  type BasePose,
  type Footprint,
  type World,
} from './world'

const closed = { 'house-door': { state: 'closed' as const } }
const open = { 'house-door': { state: 'open' as const } }
const LIGHT = { armour: 'light' as const }
/** SMR-GEN-06: foot on 20 mm squares, cavalry on 25×50 mm. */
const FOOT = rectFootprintMm(20, 20)
const HORSE = rectFootprintMm(25, 50)
const S = 20 / 25.4
const HALF_DIAG = S / Math.SQRT2
const HD = 25 / 25.4
const pose = (x: number, z: number, facingDeg: number, footprint: Footprint = FOOT): BasePose => ({
  position: { x, z },
  facingDeg,
  footprint,
})

/**
 * The yard (tests/fixtures/world-tables): the wreck is the box x 33–35,
 * z 17.25–20.75; the house's east wall has its outer face at x = 18; its
 * south wall has a doorway whose clear opening is x 13.325–14.675 (1.35")
 * at z ≈ 15.875; the stone wall's west face is at x = 24.825.
 */
const worlds: [string, (s: ReturnType<typeof yardScenario>) => World][] = [
  ['BVH world', buildWorld],
  ['oracle', buildBasicWorld],
]

describe.each(worlds)('%s: where a rectangular base may stand', (_, build) => {
  const w = build(yardScenario())
  const wreck = { kind: 'obstacle', id: 'wreck' }

  it('a square flush against the wreck is clear; a thousandth closer it overlaps', () => {
    expect(w.footprintBlocker({ x: 33 - S / 2, z: 19 }, FOOT, closed)).toBeNull()
    expect(w.footprintBlocker({ x: 33 - S / 2 + 0.001, z: 19 }, FOOT, closed)).toMatchObject(wreck)
  })

  it('turned 45° it reaches further: its corner touches at half the diagonal', () => {
    expect(w.footprintBlocker({ x: 33 - HALF_DIAG, z: 19 }, FOOT, closed, 45)).toBeNull()
    expect(w.footprintBlocker({ x: 33 - HALF_DIAG + 0.001, z: 19 }, FOOT, closed, 45)).toMatchObject(wreck)
    // Square to it, that spot is clear.
    expect(w.footprintBlocker({ x: 33 - HALF_DIAG + 0.001, z: 19 }, FOOT, closed, 0)).toBeNull()
  })

  it('a horse facing east reaches half its depth toward the wreck; facing north only half its width', () => {
    expect(w.footprintBlocker({ x: 33 - HD, z: 19 }, HORSE, closed, 90)).toBeNull()
    expect(w.footprintBlocker({ x: 33 - HD + 0.001, z: 19 }, HORSE, closed, 90)).toMatchObject(wreck)
    expect(w.footprintBlocker({ x: 33 - HD + 0.001, z: 19 }, HORSE, closed, 0)).toBeNull()
  })

  it('flush against the house wall, on the stone wall, at the table edge', () => {
    expect(w.footprintBlocker({ x: 18 + S / 2, z: 13 }, FOOT, closed)).toBeNull()
    expect(w.footprintBlocker({ x: 18 + S / 2 - 0.001, z: 13 }, FOOT, closed)).toMatchObject({
      kind: 'wall',
      id: 'house',
    })
    expect(w.footprintBlocker({ x: 24.825 - S / 2, z: 10 }, FOOT, closed)).toBeNull()
    expect(w.footprintBlocker({ x: 24.825 - S / 2 + 0.001, z: 10 }, FOOT, closed)).toMatchObject({
      kind: 'feature',
      id: 'stone',
    })
    expect(w.footprintBlocker({ x: S / 2, z: 8 }, FOOT, closed)).toBeNull()
    expect(w.footprintBlocker({ x: S / 2 - 0.001, z: 8 }, FOOT, closed)).toMatchObject({ kind: 'tableEdge' })
  })

  it('a round base given as a circle footprint answers exactly as its radius', () => {
    for (const x of [32.4, 32.5, 32.6])
      expect(w.footprintBlocker({ x, z: 19 }, circleFootprint(0.5), closed)).toEqual(
        w.footprintBlocker({ x, z: 19 }, 0.5, closed),
      )
  })
})

describe.each(worlds)('%s: a rectangular base moving straight and turning', (_, build) => {
  const w = build(yardScenario())
  const wreck = { kind: 'obstacle', id: 'wreck' }

  it('sliding north flush along the wreck is clear; a thousandth closer it scrapes it', () => {
    expect(w.pathBlocker({ x: 33 - S / 2, z: 23 }, { x: 33 - S / 2, z: 14 }, FOOT, closed)).toBeNull()
    expect(
      w.pathBlocker({ x: 33 - S / 2 + 0.001, z: 23 }, { x: 33 - S / 2 + 0.001, z: 14 }, FOOT, closed),
    ).toMatchObject(wreck)
  })

  it('the same slide facing 45° needs half a diagonal of room', () => {
    expect(w.pathBlocker({ x: 33 - HALF_DIAG, z: 23 }, { x: 33 - HALF_DIAG, z: 14 }, FOOT, closed, 45)).toBeNull()
    expect(
      w.pathBlocker({ x: 33 - HALF_DIAG + 0.001, z: 23 }, { x: 33 - HALF_DIAG + 0.001, z: 14 }, FOOT, closed, 45),
    ).toMatchObject(wreck)
  })

  it('both ends clear, the way between through the wreck: blocked; off the table: the edge', () => {
    expect(w.pathBlocker({ x: 31, z: 19 }, { x: 37, z: 19 }, HORSE, closed, 90)).toMatchObject(wreck)
    expect(w.pathBlocker({ x: 5, z: 8 }, { x: 0.3, z: 8 }, FOOT, closed)).toMatchObject({ kind: 'tableEdge' })
  })

  it('turning on the spot sweeps half the diagonal: flush against the wreck it cannot; with room it can', () => {
    const flush = pose(33 - S / 2, 19, 0)
    expect(w.turnBlocker(flush, flush.position, 90, closed)).toMatchObject(wreck)
    // Half a diagonal away less a margin larger than the sampling's: clear; reaching in further than it: blocked.
    const clear = pose(33 - HALF_DIAG - 0.006, 19, 0)
    expect(w.turnBlocker(clear, clear.position, 90, closed)).toBeNull()
    const into = pose(33 - HALF_DIAG + 0.006, 19, 0)
    expect(w.turnBlocker(into, into.position, 90, closed)).toMatchObject(wreck)
  })

  it('flush against the wreck on its right: it wheels right about its front-right corner, not left', () => {
    const flush = pose(33 - S / 2, 19, 0)
    expect(w.turnBlocker(flush, frontCorner(flush, 'right'), 90, closed)).toBeNull()
    expect(w.turnBlocker(flush, frontCorner(flush, 'right'), -90, closed)).toMatchObject(wreck)
    // A horse wheeling left about its front-left corner in the open.
    const horse = pose(25, 24, 0, HORSE)
    expect(w.turnBlocker(horse, frontCorner(horse, 'left'), -90, closed)).toBeNull()
  })
})

describe.each(worlds)('%s: measured paths for rectangular bases', (_, build) => {
  const w = build(yardScenario())

  it('a horse rides straight through the open doorway (0.98" wide in a 1.35" gap) facing north, not side-on', () => {
    const p = w.path({ x: 14, z: 19 }, { x: 14, z: 14 }, HORSE, open, LIGHT, { facingDeg: 0 })
    expect(p).toMatchObject({ ok: true, lengthIn: 5 })
    expect(p.ok && p.points).toHaveLength(2)
    expect(w.path({ x: 14, z: 19 }, { x: 14, z: 14 }, HORSE, open, LIGHT, { facingDeg: 90 })).toMatchObject({
      ok: false,
      blocker: { kind: 'wall', id: 'house' },
    })
    expect(w.path({ x: 14, z: 19 }, { x: 14, z: 14 }, HORSE, closed, LIGHT, { facingDeg: 0 })).toMatchObject({
      ok: false,
    })
  })

  it('a foot square is routed round the corner of the house as its circumscribed circle', () => {
    const from = { x: 20, z: 8 }
    const to = { x: 20, z: 18 }
    // Straight south at x 20 clears the house; from further west the straight line is through the wall.
    expect(w.path(from, to, FOOT, closed, LIGHT)).toMatchObject({ ok: true, lengthIn: 10 })
    const round = w.path({ x: 16, z: 8 }, { x: 16, z: 18 }, FOOT, closed, LIGHT)
    expect(round.ok).toBe(true)
    if (!round.ok) return
    expect(round.lengthIn).toBeGreaterThan(10)
    // It is the route of the circumscribed circle, which clears the house whichever way the square faces.
    const circle = w.path({ x: 16, z: 8 }, { x: 16, z: 18 }, circumRadiusIn(FOOT), closed, LIGHT)
    expect(round).toEqual(circle)
  })

  it('reach along a straight move stops where the budget runs out', () => {
    const r = w.reach({ x: 14, z: 19 }, { x: 14, z: 14 }, 2.5, HORSE, open, LIGHT, { facingDeg: 0 })
    expect(r).toMatchObject({ ok: true, complete: false })
    if (r.ok) expect(r.point.z).toBeCloseTo(16.5, 6)
  })

  it('circles are unchanged: a radius and a circle footprint give the same path', () => {
    expect(w.path({ x: 16, z: 8 }, { x: 16, z: 18 }, circleFootprint(0.5), closed, LIGHT)).toEqual(
      w.path({ x: 16, z: 8 }, { x: 16, z: 18 }, 0.5, closed, LIGHT),
    )
  })
})

describe.each(worlds)('%s: sight and distance for rectangular bases', (_, build) => {
  const w = build(yardScenario())

  it('a rectangular target is seen at six points: the head over its centre, its front edge, its four corners', () => {
    const t = { ...bodyAt('t', 10, 5, { facingDeg: 90 }), footprint: HORSE, heightIn: 1.6 }
    const pts = bodySamplePoints(t)
    expect(pts).toHaveLength(6)
    expect(pts[0]).toEqual({ x: 10, y: 1.6 * 0.95, z: 5 })
    // Facing east: the front edge is 0.9 × half the depth east of the centre, at chest height.
    expect(pts[1]!.x).toBeCloseTo(10 + HD * 0.9, 9)
    expect(pts[1]!.y).toBeCloseTo(1.6 * 0.75, 9)
    expect(w.sight(bodyAt('f', 10, 1), t, closed)).toMatchObject({ fraction: 1, totalPoints: 6 })
    // Prone on it: two points along its depth, 0.45 of half the depth ahead of and behind the centre.
    const prone = bodySamplePoints({ ...t, prone: true })
    expect(prone).toHaveLength(2)
    expect(prone[0]!.x).toBeCloseTo(10 + HD * 0.45, 9)
    expect(prone[1]!.x).toBeCloseTo(10 - HD * 0.45, 9)
  })

  it('just behind the 0.9" stone wall a foot square shows only its head', () => {
    const t = { ...bodyAt('t', 25.8, 7, { facingDeg: 270 }), footprint: FOOT }
    expect(w.sight(bodyAt('f', 5, 7), t, closed)).toMatchObject({
      visiblePoints: 1,
      totalPoints: 6,
      blocker: { kind: 'feature', id: 'stone' },
    })
  })

  it('distance between rectangles is edge to edge, height included; a circle body is measured as before', () => {
    const a = { ...bodyAt('a', 10, 10), footprint: FOOT }
    const b = { ...bodyAt('b', 11, 10, { facingDeg: 45 }), footprint: FOOT }
    expect(w.distanceIn(a, b)).toBeCloseTo(1 - S / 2 - HALF_DIAG, 12)
    expect(w.distanceIn(a, { ...b, position: { x: 11, y: 0.5, z: 10 } })).toBeCloseTo(
      Math.hypot(1 - S / 2 - HALF_DIAG, 0.5),
      12,
    )
    expect(w.distanceIn(bodyAt('c', 10, 10), bodyAt('d', 13, 14))).toBe(4)
    expect(w.withinRadius({ x: 10, y: 0, z: 12 }, 1.7, [a])).toEqual([
      { id: 'a', distanceIn: expect.closeTo(2 - S / 2, 12) },
    ])
  })
})
