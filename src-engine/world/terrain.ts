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
