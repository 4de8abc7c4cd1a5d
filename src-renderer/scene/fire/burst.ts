import type { BurstMark } from '../../state/stores'

type P3 = [number, number, number]

/** Drawn above the ground so the template is not lost in it. */
export const BURST_LIFT_IN = 0.08
/** Closer than this, aim and landing are the same point (no deviation drawn). */
const SAME_POINT_IN = 0.05

/** A burst template as drawable shapes: its circle, and the deviation arrow when it strayed (SMLE-EXP-11..14). */
export interface BurstShape {
  readonly centre: P3
  readonly radiusIn: number
  /** The circle, closed (first point repeated last). */
  readonly ring: readonly P3[]
  /** From the aim point to where it landed, with its length; null when it landed where aimed. */
  readonly deviation: {
    readonly from: P3
    readonly to: P3
    readonly lengthIn: number
    readonly bearingDeg: number
  } | null
}

/**
 * The shapes of a burst template, laid on the ground (`groundAt`: the table's
 * height at a point; a point given below the ground is raised onto it).
 */
export function burstShape(
  b: BurstMark,
  groundAt: (x: number, z: number) => number = () => -Infinity,
  segments = 64,
): BurstShape {
  const y = Math.max(b.at.y, groundAt(b.at.x, b.at.z)) + BURST_LIFT_IN
  const aimY = Math.max(b.aim.y, groundAt(b.aim.x, b.aim.z)) + BURST_LIFT_IN * 2
  const ring: P3[] = []
  for (let i = 0; i <= segments; i++) {
    const a = (i / segments) * Math.PI * 2
    ring.push([b.at.x + Math.cos(a) * b.radiusIn, y, b.at.z + Math.sin(a) * b.radiusIn])
  }
  const dx = b.at.x - b.aim.x
  const dz = b.at.z - b.aim.z
  const lengthIn = Math.hypot(dx, dz)
  // Bearings as on the table: degrees clockwise from north (−Z).
  const bearingDeg = ((Math.atan2(dx, -dz) * 180) / Math.PI + 360) % 360
  return {
    centre: [b.at.x, y, b.at.z],
    radiusIn: b.radiusIn,
    ring,
    deviation:
      lengthIn < SAME_POINT_IN
        ? null
        : { from: [b.aim.x, aimY, b.aim.z], to: [b.at.x, y + BURST_LIFT_IN, b.at.z], lengthIn, bearingDeg },
  }
}
