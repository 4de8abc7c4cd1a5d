import type { z } from 'zod'
import type { HillSchema } from '../scenario/schema'

type Hill = z.infer<typeof HillSchema>

/**
 * Ground height at a point: each hill is a smooth cosine bump of its height
 * over its radius; where hills overlap the higher one wins.
 */
export function terrainHeightAt(hills: readonly Hill[], x: number, z: number): number {
  let h = 0
  for (const hill of hills) {
    const d = Math.hypot(x - hill.x, z - hill.z)
    if (d < hill.radiusIn) h = Math.max(h, hill.heightIn * 0.5 * (1 + Math.cos((Math.PI * d) / hill.radiusIn)))
  }
  return h
}

/** Step used to sample climbs along a straight move. */
const CLIMB_SAMPLE_IN = 0.25

/**
 * SMLE-GEN-05: the cost of a straight move over the ground is its horizontal
 * length plus the height it climbs (descents are free). Obstacles are not
 * looked at here.
 */
export function straightMoveCostIn(heightAt: (x: number, z: number) => number, a: { x: number; z: number }, b: { x: number; z: number }): number {
  const horizontal = Math.hypot(b.x - a.x, b.z - a.z)
  const steps = Math.max(1, Math.ceil(horizontal / CLIMB_SAMPLE_IN))
  let climb = 0
  let prev = heightAt(a.x, a.z)
  for (let i = 1; i <= steps; i++) {
    const t = i / steps
    const h = heightAt(a.x + (b.x - a.x) * t, a.z + (b.z - a.z) * t)
    if (h > prev) climb += h - prev
    prev = h
  }
  return Math.round((horizontal + climb) * 1000) / 1000
}
