import { z } from 'zod'

/** A point in the table's 3D space, inches. */
export const Vec3Schema = z.object({ x: z.number(), y: z.number(), z: z.number() })

export { RollModifierSchema, type RollModifier } from '../../../dice/dice-event'
