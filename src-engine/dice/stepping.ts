import { Body } from 'cannon-es'
import { DIE_HALF_IN } from './die'
import { TRAY } from './tray'

/** Physics steps per 60 Hz frame while a die is touching something, at the least (1/120 s)... */
export const MIN_CONTACT_SUBSTEPS = 2
/** ...and at the most (1/720 s), for the hardest impacts. */
export const MAX_SUBSTEPS = 12
/**
 * The most a die's corner may close on the felt, a wall or another die in one
 * step (inches). A small die hitting the felt at 50 in/s would otherwise sink
 * a quarter of its size into it between two 1/120 s steps.
 */
export const MAX_APPROACH_PER_STEP_IN = 0.05

const CORNER_IN = DIE_HALF_IN * Math.sqrt(3)
const SIGNS = [-1, 1] as const

/**
 * How many physics steps the next 1/60 s needs. Far from everything a die
 * flies in one step; near the felt, a wall or another die the frame is cut
 * so that no corner closes more than `MAX_APPROACH_PER_STEP_IN` per step.
 * Sliding and rolling along the felt do not count, only closing speed, so a
 * die rolling fast but flat is not stepped finer than it needs. A pure
 * function of the bodies' state: the same throw is always stepped the same.
 */
export function substepsFor(bodies: readonly Body[], frameHz: number): number {
  let closing = 0
  let near = false
  for (let i = 0; i < bodies.length; i++) {
    const b = bodies[i]!
    if (b.sleepState === Body.SLEEPING) continue
    const speed = b.velocity.length() + b.angularVelocity.length() * CORNER_IN
    const lookahead = speed / frameHz + 0.05
    const walls = wallClosing(b, lookahead)
    const dice = diceClosing(bodies, i, lookahead)
    if (walls < 0 && dice < 0) continue
    near = true
    closing = Math.max(closing, walls, dice)
  }
  if (!near) return 1
  const n = Math.ceil(closing / (frameHz * MAX_APPROACH_PER_STEP_IN))
  return Math.min(MAX_SUBSTEPS, Math.max(MIN_CONTACT_SUBSTEPS, n))
}

/**
 * The fastest a corner of `b` within `lookahead` of the felt or a wall closes
 * on it (in/s), or −1 when no corner is that near.
 */
function wallClosing(b: Body, lookahead: number): number {
  const { x: qx, y: qy, z: qz, w: qw } = b.quaternion
  // The die's axes in the tray's frame (columns of its rotation), scaled to the half-edge.
  const h = DIE_HALF_IN
  const ax = [h * (1 - 2 * (qy * qy + qz * qz)), h * 2 * (qx * qy + qw * qz), h * 2 * (qx * qz - qw * qy)] as const
  const ay = [h * 2 * (qx * qy - qw * qz), h * (1 - 2 * (qx * qx + qz * qz)), h * 2 * (qy * qz + qw * qx)] as const
  const az = [h * 2 * (qx * qz + qw * qy), h * 2 * (qy * qz - qw * qx), h * (1 - 2 * (qx * qx + qy * qy))] as const
  const p = b.position
  const v = b.velocity
  const w = b.angularVelocity
  const hx = TRAY.lengthIn / 2
  const hz = TRAY.widthIn / 2
  let best = -1
  for (const sx of SIGNS) {
    for (const sy of SIGNS) {
      for (const sz of SIGNS) {
        const rx = sx * ax[0] + sy * ay[0] + sz * az[0]
        const ry = sx * ax[1] + sy * ay[1] + sz * az[1]
        const rz = sx * ax[2] + sy * ay[2] + sz * az[2]
        // Velocity of the corner: v + ω × r.
        const cx = v.x + w.y * rz - w.z * ry
        const cy = v.y + w.z * rx - w.x * rz
        const cz = v.z + w.x * ry - w.y * rx
        if (p.y + ry < lookahead) best = Math.max(best, -cy, 0)
        if (p.x + rx < -hx + lookahead) best = Math.max(best, -cx, 0)
        if (p.x + rx > hx - lookahead) best = Math.max(best, cx, 0)
        if (p.z + rz < -hz + lookahead) best = Math.max(best, -cz, 0)
        if (p.z + rz > hz - lookahead) best = Math.max(best, cz, 0)
      }
    }
  }
  return best
}

/** How fast die `i` may close on another die within reach (a bound: relative speed plus both spins), or −1. */
function diceClosing(bodies: readonly Body[], i: number, lookahead: number): number {
  const a = bodies[i]!
  let best = -1
  for (let j = 0; j < bodies.length; j++) {
    if (j === i) continue
    const b = bodies[j]!
    const dx = b.position.x - a.position.x
    const dy = b.position.y - a.position.y
    const dz = b.position.z - a.position.z
    const reach = 2 * CORNER_IN + lookahead
    if (dx * dx + dy * dy + dz * dz > reach * reach) continue
    const d = Math.sqrt(dx * dx + dy * dy + dz * dz) || 1
    // Closing speed of the centres along the line between them. Corners swinging in from the spin are
    // left out: dice flying side by side would otherwise be stepped finely all the way, and a brief
    // overlap of two tumbling dice is not seen.
    const along =
      ((a.velocity.x - b.velocity.x) * dx + (a.velocity.y - b.velocity.y) * dy + (a.velocity.z - b.velocity.z) * dz) / d
    best = Math.max(best, along)
  }
  return best
}
