import { z } from 'zod'

/** A point in the table's 3D space, inches. */
export const Vec3Schema = z.object({ x: z.number(), y: z.number(), z: z.number() })

/** One modifier of a roll, with the clause it comes from (shown to the player). */
export const RollModifierSchema = z.object({ label: z.string(), value: z.number().int(), clause: z.string() })
export type RollModifier = z.infer<typeof RollModifierSchema>
