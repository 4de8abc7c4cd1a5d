import type { Vec2, Vec3 } from '../../util/geometry'
import { baseCorners, circumRadiusIn, grown, movedTo, TURN_STEP_IN, turnPoses } from '../footprint'
import type { DoorMask } from '../los/sight'
import type { BasePose, Blocker, Footprint, Mover, PathOptions, Reach } from '../types'
import { polygonBlocker, sweptPolygonBlocker } from './base-clearance'
import type { Found, Movement } from './movement'
import type { NavSpace } from './nav-space'
import { TOUCH_EPS } from './shapes'

const LIGHT: Mover = { armour: 'light' }

/** The radius of the nav space a footprint is routed in: a circle's own; a rectangle's circumscribed circle. */
export function navRadiusIn(f: Footprint): number {
  return f.kind === 'circle' ? f.radiusIn : circumRadiusIn(f)
}

/** A straight move found for a rectangular base, with the test of where it may stop along it. */
type BaseFound = { readonly found: Found; readonly standsFree?: (level: number, p: Vec2) => boolean }

/**
 * Moves, stops and turns of bases of any footprint over the table. Circles
 * go exactly as `Movement` always took them; rectangles are checked with
 * their true outline where they stand and where they move straight, and
 * routed round obstacles in the nav space of their circumscribed circle.
 */
export class BaseMoves {
  constructor(private readonly movement: Movement) {}

  /** The nav space a footprint is checked in, for a kind of mover. */
  space(f: Footprint, mover: Mover = LIGHT): NavSpace {
    return this.movement.finder(mover, navRadiusIn(f)).space
  }

  /** The level a point is on in a space (from its height, when it has one). */
  levelOf(space: NavSpace, p: Vec2 | Vec3): number {
    return space.levelAt(p, this.movement.standing(p).level) ?? 0
  }

  /** What a base standing as `pose` on a level overlaps (features it may not stand on included unless `withFeatures` is false). */
  blockerAt(
    pose: BasePose,
    level: number,
    doors: DoorMask | null,
    mover: Mover = LIGHT,
    withFeatures = true,
  ): Blocker | null {
    const space = this.space(pose.footprint, mover)
    if (pose.footprint.kind === 'circle') return space.footprintBlocker(level, pose.position, doors, withFeatures)
    return polygonBlocker(
      space,
      level,
      baseCorners({ ...pose, footprint: grown(pose.footprint, -TOUCH_EPS) }),
      doors,
      withFeatures,
    )
  }

  /** The nearest obstacle a base sweeps over moving straight from where it stands to `b`, facing unchanged. */
  sweepBlocker(pose: BasePose, b: Vec2, level: number, doors: DoorMask | null, mover: Mover = LIGHT): Blocker | null {
    const space = this.space(pose.footprint, mover)
    const a = { x: pose.position.x, z: pose.position.z }
    if (pose.footprint.kind === 'circle') return space.sweepBlocker(level, a, b, doors)
    const inner = { ...pose, footprint: grown(pose.footprint, -TOUCH_EPS) }
    return sweptPolygonBlocker(space, level, a, b, baseCorners(inner), baseCorners(movedTo(inner, b)), doors)
  }

  /**
   * What a base turning `turnDeg` (clockwise positive) about `pivot` runs
   * into, or null: its centre to turn on the spot, a front corner to wheel.
   * Checked at poses no further apart than `stepIn` at any point of the
   * base (see `turnPoses`): an obstacle reaching less than `stepIn / 2`
   * into the swept area between two poses can be missed. It may turn over a
   * hedge or low wall but not end standing on one.
   */
  turnBlocker(pose: BasePose, pivot: Vec2, turnDeg: number, doors: DoorMask, stepIn = TURN_STEP_IN): Blocker | null {
    const level = this.levelOf(this.space(pose.footprint), pose.position)
    const poses = turnPoses(pose, pivot, turnDeg, stepIn)
    for (let i = 0; i < poses.length; i++) {
      const hit = this.blockerAt(poses[i]!, level, doors, LIGHT, i === poses.length - 1)
      if (hit) return hit
    }
    return null
  }

  /**
   * The cheapest move of a base from `from` to `to`. A circle is routed as
   * ever. A rectangle, facing `options.facingDeg` (default 0):
   * - moving straight without turning, checked exactly (its outline where it
   *   stops and the area it sweeps);
   * - routed round obstacles as its circumscribed circle: turning is free
   *   (SMR-MOVE-05) and a route may need it to turn at every corner, and
   *   the circumscribed circle is exactly what it sweeps turning on its
   *   centre, so a route clear for that circle is clear for the rectangle
   *   whichever way it faces along it. The price: gaps narrower than its
   *   diagonal (and stopping places near walls) are found only by the
   *   straight move.
   * The cheaper of the two that succeed is taken.
   */
  find(from: Vec2 | Vec3, to: Vec2, f: Footprint, doors: DoorMask, mover: Mover, options: PathOptions = {}): BaseFound {
    if (f.kind === 'circle') return { found: this.movement.find(from, to, f.radiusIn, doors, mover, options) }
    const routed = (): Found => this.movement.find(from, to, navRadiusIn(f), doors, mover, options)
    const finder = this.movement.finder(mover, navRadiusIn(f))
    const space = finder.space
    const standing = this.movement.standing(from)
    const level = space.levelAt(from, standing.level) ?? 0
    const goalLevel = space.levelAt(to, this.movement.goalLevel(standing, to, options))
    if (goalLevel !== level) return { found: routed() }
    const pose: BasePose = { position: from, facingDeg: options.facingDeg ?? 0, footprint: f }
    const atGoal = this.blockerAt(movedTo(pose, to), level, doors, mover)
    if (atGoal) return { found: { ok: false, blocker: atGoal } }
    const across = this.sweepBlocker(pose, to, level, doors, mover)
    if (across) {
      const found = routed()
      return { found: found.ok ? found : { ok: false, blocker: across } }
    }
    const a = { x: from.x, z: from.z }
    const b = { x: to.x, z: to.z }
    const costIn = finder.legCost(level, a, b)
    // A plain straight leg costs its length, which no route can beat; otherwise a route round dear going may.
    const found = finder.legIsPlain(level, a, b) ? null : routed()
    if (found?.ok && found.route.costIn < costIn - 1e-9) return { found }
    const straight: Found = {
      ok: true,
      finder,
      route: {
        spots: [
          { p: a, level },
          { p: b, level },
        ],
        legCosts: [costIn],
        costIn,
      },
    }
    return { found: straight, standsFree: (l, p) => !this.blockerAt(movedTo(pose, p), l, doors, mover) }
  }

  /** How far along the move toward `to` a budget of inches takes a base (see `find` and `Movement.reach`). */
  reach(
    from: Vec2 | Vec3,
    to: Vec2,
    budgetIn: number,
    f: Footprint,
    doors: DoorMask,
    mover: Mover,
    options: PathOptions = {},
  ): ({ readonly ok: true } & Reach) | { readonly ok: false; readonly blocker: Blocker } {
    const { found, standsFree } = this.find(from, to, f, doors, mover, options)
    if (!found.ok) return found
    return { ok: true, ...this.movement.reach(found, budgetIn, doors, standsFree) }
  }
}
