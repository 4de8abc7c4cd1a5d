import { Body, Vec3 } from 'cannon-es'
import { RngCursor, type RngState } from '../rng/sfc32'
import { DIE_HALF_IN, readFace } from './die'
import { drawThrow } from './throw-conditions'
import { substepsFor } from './stepping'
import { buildTrayWorld, makeDieBody } from './tray'
import { FRAME_HZ, FRAME_STRIDE, hashTrajectory, type Trajectory } from './trajectory'

/**
 * A die is read only when it lies flat on the felt. One resting more than
 * this far from flat (propped on a wall's foot, on another die, on an edge)
 * is cocked and thrown again...
 */
export const COCKED_TILT_DEG = 10

/**
 * ...and so is one tilted more than this: on a flat felt floor nothing but
 * another die can hold a die even slightly tilted, so it is leaning on one.
 * (Dice at rest on the felt lie within a fraction of a degree of flat.)
 */
export const LEANING_TILT_DEG = 2

const FLAT_COS = Math.cos((COCKED_TILT_DEG * Math.PI) / 180)
const LEVEL_COS = Math.cos((LEANING_TILT_DEG * Math.PI) / 180)

/** A die whose centre rests higher than this is lying on another die, however flat. */
const ON_FLOOR_MAX_Y = DIE_HALF_IN + 0.06

/** A throw still moving after this long is abandoned: its moving dice count as cocked. */
export const MAX_THROW_S = 5

/**
 * Why a die was not read: `tilted` more than 10°, `leaning` on another die
 * (2°..10°), lying flat but `on-die` (on top of another), or still `moving`
 * when the throw was given up.
 */
export type CockedReason = 'tilted' | 'leaning' | 'on-die' | 'moving'

/** How one die of a throw came to rest. */
export interface DieRest {
  /** The face on top (for a cocked die: the face nearest the top, not counted). */
  readonly face: number
  /** Degrees from flat of the top face. */
  readonly tiltDeg: number
  /** Set when the die cannot be read and must be thrown again. */
  readonly cocked: CockedReason | null
}

/** One physics throw: how the dice rested and how they got there. */
export interface ThrowOutcome {
  readonly dice: readonly DieRest[]
  /** Position and rotation of every die at 60 Hz, from release to rest. */
  readonly trajectory: Trajectory
  /** The trajectory's fingerprint (see `hashTrajectory`). */
  readonly trajectoryHash: string
  /** The generator after the throw's draws. */
  readonly rng: RngState
}

/** Options of a throw; the game never uses them. */
export interface ThrowOptions {
  /**
   * Loads every die: its centre of mass moves this far (inches) from the
   * centre towards face 1, so face 6 comes up too often. Only for proving
   * that the fairness test catches a crooked die.
   */
  readonly loadIn?: number
}

const MAX_FRAMES = MAX_THROW_S * FRAME_HZ

/**
 * Throws `count` dice (1..12) in a fresh tray from initial conditions drawn
 * from the generator, runs cannon-es until every die is at rest (or
 * `MAX_THROW_S` passes), and reads the dice as they lie. The faces are
 * whatever the physics left on top: nothing is chosen beforehand and nothing
 * is turned afterwards. A pure function of `(rng, count)`: the renderer calls
 * it again to replay a recorded throw and gets the same bits.
 */
export function simulateThrow(rng: RngState, count: number, options: ThrowOptions = {}): ThrowOutcome {
  const cursor = new RngCursor(rng)
  const launches = drawThrow(cursor, count)
  const { world, dieMaterial } = buildTrayWorld()
  const bodies = launches.map((l) => {
    const b = makeDieBody(dieMaterial, options.loadIn ?? 0)
    b.position.set(l.position.x, l.position.y, l.position.z)
    b.quaternion.set(l.orientation.x, l.orientation.y, l.orientation.z, l.orientation.w)
    b.velocity.set(l.velocity.x, l.velocity.y, l.velocity.z)
    b.angularVelocity.set(l.spin.x, l.spin.y, l.spin.z)
    world.addBody(b)
    return b
  })

  const buffer = new Float32Array((MAX_FRAMES + 1) * count * FRAME_STRIDE)
  record(buffer, 0, bodies)
  let frames = 1
  let resting = bodies.map(() => false)
  while (frames <= MAX_FRAMES && !resting.every(Boolean)) {
    const steps = substepsFor(bodies, FRAME_HZ)
    for (let s = 0; s < steps; s++) world.step(1 / (FRAME_HZ * steps))
    record(buffer, frames, bodies)
    resting = bodies.map((b, i) => b.sleepState === Body.SLEEPING || isCreeping(buffer, frames, count, i))
    frames++
  }
  const trajectory: Trajectory = { dice: count, frames, data: buffer.slice(0, frames * count * FRAME_STRIDE) }
  return {
    dice: bodies.map((b, i) => restOf(b, resting[i]!)),
    trajectory,
    trajectoryHash: hashTrajectory(trajectory),
    rng: cursor.state(),
  }
}

/** Frames over which a die that never falls asleep is watched. */
const CREEP_FRAMES = 30
/** Over them a die at rest moves less than this (inches)... */
const CREEP_IN = 0.03
/** ...and turns less than 2° (the cosine of half that angle, for quaternions). */
const CREEP_COS_HALF = Math.cos((2 * Math.PI) / 360)

/**
 * A die in a heap can shiver for ever in the physics (contacts between boxes
 * never quite come to rest), so cannon-es never puts it to sleep. It counts
 * as at rest once it has gone nowhere for half a second.
 */
function isCreeping(buffer: Float32Array, frame: number, count: number, die: number): boolean {
  if (frame < CREEP_FRAMES) return false
  for (const back of [CREEP_FRAMES, CREEP_FRAMES / 2]) {
    const a = (frame * count + die) * FRAME_STRIDE
    const b = ((frame - back) * count + die) * FRAME_STRIDE
    const moved = Math.hypot(buffer[a]! - buffer[b]!, buffer[a + 1]! - buffer[b + 1]!, buffer[a + 2]! - buffer[b + 2]!)
    const dot = Math.abs(
      buffer[a + 3]! * buffer[b + 3]! +
        buffer[a + 4]! * buffer[b + 4]! +
        buffer[a + 5]! * buffer[b + 5]! +
        buffer[a + 6]! * buffer[b + 6]!,
    )
    if (moved > CREEP_IN || dot < CREEP_COS_HALF) return false
  }
  return true
}

function record(buffer: Float32Array, frame: number, bodies: readonly Body[]): void {
  let o = frame * bodies.length * FRAME_STRIDE
  for (const b of bodies) {
    buffer[o++] = b.position.x
    buffer[o++] = b.position.y
    buffer[o++] = b.position.z
    buffer[o++] = b.quaternion.x
    buffer[o++] = b.quaternion.y
    buffer[o++] = b.quaternion.z
    buffer[o++] = b.quaternion.w
  }
}

const _centre = new Vec3()

/** Reads one die where it lies. */
function restOf(b: Body, resting: boolean): DieRest {
  const { face, flatness } = readFace(b.quaternion)
  const tiltDeg = Math.round((Math.acos(flatness) * 180 * 10) / Math.PI) / 10
  // The cube's centre (the body's origin is its centre of mass, off-centre only for a loaded die).
  const centreY = b.pointToWorldFrame(b.shapeOffsets[0]!, _centre).y
  const cocked: CockedReason | null = !resting
    ? 'moving'
    : flatness < FLAT_COS
      ? 'tilted'
      : flatness < LEVEL_COS
        ? 'leaning'
        : centreY > ON_FLOOR_MAX_Y
          ? 'on-die'
          : null
  return { face, tiltDeg, cocked }
}
