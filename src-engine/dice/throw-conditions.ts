import type { RngCursor } from '../rng/sfc32'
import { type DieQuat, type DieVec } from './die'
import { TRAY } from './tray'

/** The most dice thrown at once; larger pools are thrown in several throws. */
export const MAX_DICE_PER_THROW = 12

/** Where and how one die leaves the hand. */
export interface DieLaunch {
  readonly position: DieVec
  readonly orientation: DieQuat
  /** in/s */
  readonly velocity: DieVec
  /** rad/s, in the tray's frame */
  readonly spin: DieVec
}

/** Centre spacing of the dice in the hand: more than a die's diagonal, so none start overlapping. */
const HAND_SPACING_IN = 1.35

/**
 * A direction drawn uniformly from the unit ball by rejection, then scaled to
 * unit length: no trigonometry, so every engine computes the same bits.
 */
function unitVector(rng: RngCursor): DieVec {
  for (;;) {
    const x = rng.range(-1, 1)
    const y = rng.range(-1, 1)
    const z = rng.range(-1, 1)
    const s = x * x + y * y + z * z
    if (s <= 1 && s > 1e-6) {
      const k = 1 / Math.sqrt(s)
      return { x: x * k, y: y * k, z: z * k }
    }
  }
}

/**
 * An orientation drawn uniformly from all rotations (a point uniform in the
 * 4-ball, normalised). Uniform orientation is what makes the physics fair:
 * turning every start by one of the cube's symmetries only relabels faces.
 */
function uniformRotation(rng: RngCursor): DieQuat {
  for (;;) {
    const x = rng.range(-1, 1)
    const y = rng.range(-1, 1)
    const z = rng.range(-1, 1)
    const w = rng.range(-1, 1)
    const s = x * x + y * y + z * z + w * w
    if (s <= 1 && s > 1e-6) {
      const k = 1 / Math.sqrt(s)
      return { x: x * k, y: y * k, z: z * k, w: w * k }
    }
  }
}

/** Slots of the hand: up to three rows along the throw, up to four dice across. */
function handSlots(count: number): { dx: number; dz: number }[] {
  const rows = count <= 4 ? 1 : count <= 8 ? 2 : 3
  const cols = Math.ceil(count / rows)
  const slots: { dx: number; dz: number }[] = []
  for (let i = 0; i < count; i++) {
    const r = Math.floor(i / cols)
    const c = i % cols
    slots.push({ dx: -r * HAND_SPACING_IN, dz: (c - (cols - 1) / 2) * HAND_SPACING_IN })
  }
  return slots
}

/**
 * Draws a throw from the generator: the hand's place over the near end of the
 * tray, the common throw (forward, mostly down, some sideways), and for each
 * die its own small variation, a uniformly random orientation, a forward roll
 * and a tumble about a random axis. The draws come in a fixed order, so the
 * same generator state always gives the same throw.
 */
export function drawThrow(rng: RngCursor, count: number): DieLaunch[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_DICE_PER_THROW) {
    throw new RangeError(`a throw is 1 to ${MAX_DICE_PER_THROW} dice, not ${count}`)
  }
  const slots = handSlots(count)
  // The hand is over the near end of the tray, its front row a little past the near wall.
  const backRow = Math.min(...slots.map((s) => s.dx))
  const handX = -TRAY.lengthIn / 2 + 1 - backRow + rng.range(0, 0.4)
  const handZ = rng.range(-0.8, 0.8)
  const handY = rng.range(3, 4.5)
  const throwV = { x: rng.range(35, 60), y: rng.range(-12, 2), z: rng.range(-10, 10) }
  return slots.map((slot) => {
    const position = {
      x: handX + slot.dx + rng.range(-0.05, 0.05),
      y: handY + rng.range(-0.1, 0.1),
      z: handZ + slot.dz + rng.range(-0.05, 0.05),
    }
    const orientation = uniformRotation(rng)
    const velocity = { x: throwV.x + rng.range(-3, 3), y: throwV.y + rng.range(-3, 3), z: throwV.z + rng.range(-3, 3) }
    // A hand throw rolls the dice forward (spin about −z for a throw along +x) and adds a tumble about a random axis.
    const roll = -rng.range(30, 70)
    const axis = unitVector(rng)
    const tumble = rng.range(5, 25)
    return {
      position,
      orientation,
      velocity,
      spin: { x: axis.x * tumble, y: axis.y * tumble, z: roll + axis.z * tumble },
    }
  })
}

/** Throws of a pool: 1..12 dice each, in order. */
export function splitPool(count: number): number[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`cannot throw ${count} dice`)
  const sizes: number[] = []
  for (let left = count; left > 0; left -= MAX_DICE_PER_THROW) sizes.push(Math.min(MAX_DICE_PER_THROW, left))
  return sizes
}
