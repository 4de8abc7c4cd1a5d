import { z } from 'zod'

// The command's schema, kept apart from its rules: code that uses only the rules (the renderer's previews)
// does not then load zod.

export const CallFireSchema = z.object({
  type: z.literal('callFire'),
  /** The observer: a command or specialist figure of the active team. */
  observerId: z.string(),
  firingTeamId: z.string(),
  /** The figure with the indirect weapon; left out, the first that has one. */
  firingFigureId: z.string().optional(),
  weapon: z.string().optional(),
  point: z.object({ x: z.number(), z: z.number() }),
})
export type CallFire = z.infer<typeof CallFireSchema>
