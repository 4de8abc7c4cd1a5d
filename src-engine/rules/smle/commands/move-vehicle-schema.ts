import { z } from 'zod'

// The command's schema, kept apart from its rules: code that uses only the rules (the renderer's previews)
// does not then load zod.

const PointSchema = z.object({ x: z.number(), z: z.number() })

export const MoveVehicleSchema = z.object({
  type: z.literal('moveVehicle'),
  vehicleId: z.string(),
  to: PointSchema,
  via: z.array(PointSchema).max(16).default([]),
})
export type MoveVehicle = z.infer<typeof MoveVehicleSchema>
