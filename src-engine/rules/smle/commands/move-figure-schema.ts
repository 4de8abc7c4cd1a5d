import { z } from 'zod'

// The command's schema, kept apart from its rules: code that uses only the rules (the renderer's previews)
// does not then load zod.

const PointSchema = z.object({ x: z.number(), z: z.number() })

export const MoveFigureSchema = z.object({
  type: z.literal('moveFigure'),
  figureId: z.string(),
  to: PointSchema,
  /** Corners to pass on the way (the route is straight between them). */
  via: z.array(PointSchema).max(16).default([]),
  pace: z.enum(['tactical', 'run', 'crawl']).default('tactical'),
  /** The floor to end on (0 = the ground); by default the floor it is on when it stays in the same building, else the ground. */
  level: z.number().int().nonnegative().optional(),
})
export type MoveFigure = z.infer<typeof MoveFigureSchema>
