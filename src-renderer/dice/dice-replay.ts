import {
  DICE_PHYSICS_VERSION,
  type DiceThrow,
  FRAME_HZ,
  FRAME_STRIDE,
  type GameEventOf,
  simulateThrow,
  type Trajectory,
} from '../../src-engine/index'

type DiceRolled = GameEventOf<'DiceRolled'>

/** One throw ready to play: its record and the trajectory recomputed from it. */
export interface ReplayThrow {
  readonly record: DiceThrow
  readonly trajectory: Trajectory
  /** The recomputed throw has exactly the recorded faces and trajectory fingerprint. */
  readonly verified: boolean
  /** Impacts worth a sound: frame, strength 0..1 and where across the tray (−1 left .. 1 right). */
  readonly impacts: readonly Impact[]
}

/** A die striking the felt, a wall or another die. */
export interface Impact {
  readonly frame: number
  readonly strength: number
  readonly pan: number
}

/** A physics roll ready to replay. */
export interface RollReplay {
  readonly event: DiceRolled
  readonly throws: readonly ReplayThrow[]
  /** Every throw replays exactly as recorded. */
  readonly verified: boolean
  /** Why the replay cannot be shown (another tray version, or a mismatch). */
  readonly problem: string | null
}

/**
 * Rebuilds the throws of a physics roll from what the event recorded: each
 * throw's generator state and dice count give its initial conditions, and the
 * engine's own `simulateThrow` runs it again. The result is checked against
 * the recorded faces and trajectory fingerprint, so what the tray shows is the
 * throw that decided, or nothing at all. Returns null for quick dice.
 */
export function replayRoll(event: DiceRolled): RollReplay | null {
  const physics = event.physics
  if (event.method !== 'physics' || !physics) return null
  if (physics.version !== DICE_PHYSICS_VERSION) {
    return {
      event,
      throws: [],
      verified: false,
      problem: `These dice were thrown in an older dice tray (version ${physics.version}); the result stands, but the throw cannot be replayed here.`,
    }
  }
  const throws = physics.throws.map((record): ReplayThrow => {
    const outcome = simulateThrow(record.rng, record.dice.length)
    const verified =
      outcome.trajectoryHash === record.trajectoryHash &&
      outcome.trajectory.frames === record.frames &&
      outcome.dice.every((d, i) => d.face === record.faces[i])
    return { record, trajectory: outcome.trajectory, verified, impacts: impactsOf(outcome.trajectory) }
  })
  const verified = throws.every((t) => t.verified)
  return {
    event,
    throws,
    verified,
    problem: verified
      ? null
      : 'This computer replays the throw differently from the one that decided it; the recorded result stands.',
  }
}

/** A change of velocity (in/s) within one frame above this is an impact (gravity alone adds 6.4). */
const IMPACT_DV = 14
/** A change this large or more is a full-strength impact. */
const LOUD_DV = 90
/** Impacts closer together than this (frames) sound as one. */
const IMPACT_GAP = 3

/**
 * Finds the impacts of a trajectory from the dice's velocity changes between
 * frames (finite differences at 60 Hz), for the tray's sounds.
 */
export function impactsOf(t: Trajectory): Impact[] {
  const impacts: Impact[] = []
  const lastAt = new Array<number>(t.dice).fill(-IMPACT_GAP)
  const d = t.data
  for (let f = 2; f < t.frames; f++) {
    let loudest: Impact | null = null
    for (let die = 0; die < t.dice; die++) {
      const o2 = (f * t.dice + die) * FRAME_STRIDE
      const o1 = ((f - 1) * t.dice + die) * FRAME_STRIDE
      const o0 = ((f - 2) * t.dice + die) * FRAME_STRIDE
      const ax = d[o2]! - 2 * d[o1]! + d[o0]!
      const ay = d[o2 + 1]! - 2 * d[o1 + 1]! + d[o0 + 1]!
      const az = d[o2 + 2]! - 2 * d[o1 + 2]! + d[o0 + 2]!
      const dv = Math.hypot(ax, ay, az) * FRAME_HZ
      if (dv < IMPACT_DV || f - lastAt[die]! < IMPACT_GAP) continue
      lastAt[die] = f
      const strength = Math.min(1, (dv - IMPACT_DV) / (LOUD_DV - IMPACT_DV) + 0.15)
      const pan = Math.max(-1, Math.min(1, d[o1]! / 5.5))
      if (!loudest || strength > loudest.strength) loudest = { frame: f, strength, pan }
    }
    if (loudest) impacts.push(loudest)
  }
  return impacts
}

/** Seconds of pause between the throws of one roll (a cocked die picked up and thrown again). */
export const PAUSE_BETWEEN_THROWS_S = 0.7

/** Where a replay stands at a time: which throw, which frame, or finished. */
export function replayPosition(
  replay: RollReplay,
  elapsedS: number,
): { throwIndex: number; frame: number; done: boolean } {
  let t = elapsedS
  for (let i = 0; i < replay.throws.length; i++) {
    const frames = replay.throws[i]!.trajectory.frames
    const length = (frames - 1) / FRAME_HZ
    const isLast = i === replay.throws.length - 1
    if (t <= length || isLast)
      return { throwIndex: i, frame: Math.min(frames - 1, t * FRAME_HZ), done: isLast && t >= length }
    t -= length + PAUSE_BETWEEN_THROWS_S
    if (t < 0) return { throwIndex: i, frame: frames - 1, done: false }
  }
  return { throwIndex: 0, frame: 0, done: true }
}

/** Total seconds a replay takes, pauses included. */
export function replayDurationS(replay: RollReplay): number {
  const frames = replay.throws.reduce((s, t) => s + (t.trajectory.frames - 1) / FRAME_HZ, 0)
  return frames + PAUSE_BETWEEN_THROWS_S * Math.max(0, replay.throws.length - 1)
}
