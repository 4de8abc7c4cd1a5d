/**
 * A recorded throw: where every die was, and how it was turned, 60 times a
 * second from release to rest. Compact: one Float32Array of
 * `frames × dice × 7` numbers (x, y, z, qx, qy, qz, qw), 28 bytes per die and
 * frame (a 2D6 throw of 1.5 s is about 5 KB).
 */
export interface Trajectory {
  readonly dice: number
  readonly frames: number
  readonly data: Float32Array
}

/** Frames per second of a trajectory. */
export const FRAME_HZ = 60

/** Numbers per die per frame. */
export const FRAME_STRIDE = 7

/** One die in one frame of a trajectory. */
export interface DiePose {
  readonly x: number
  readonly y: number
  readonly z: number
  readonly qx: number
  readonly qy: number
  readonly qz: number
  readonly qw: number
}

/** The pose of die `die` at `frame` (clamped to the last frame: the dice rest there). */
export function poseAt(t: Trajectory, frame: number, die: number): DiePose {
  const f = Math.max(0, Math.min(t.frames - 1, Math.floor(frame)))
  const o = (f * t.dice + die) * FRAME_STRIDE
  const d = t.data
  return { x: d[o]!, y: d[o + 1]!, z: d[o + 2]!, qx: d[o + 3]!, qy: d[o + 4]!, qz: d[o + 5]!, qw: d[o + 6]! }
}

/**
 * A 64-bit fingerprint (two FNV-1a lanes over the float bits, as 16 hex
 * digits) of a trajectory. The event records it, so a replay can prove it
 * shows exactly the throw that decided the roll.
 */
export function hashTrajectory(t: Trajectory): string {
  const words = new Uint32Array(t.data.buffer, t.data.byteOffset, t.data.length)
  let a = 0x811c9dc5 ^ t.dice
  let b = 0x050c5d1f ^ t.frames
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!
    a = Math.imul(a ^ (w & 0xffff), 0x01000193)
    a = Math.imul(a ^ (w >>> 16), 0x01000193)
    b = Math.imul(b ^ w, 0x01000193)
    b ^= b >>> 13
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0')
}
