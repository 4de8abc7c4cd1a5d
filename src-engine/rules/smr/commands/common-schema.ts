import { z } from 'zod'
import { quantize } from '../../../util/geometry'

// The commands' shared schemas, kept apart from the rules' helpers in `common.ts`: code that uses only the
// rules (the renderer's previews) does not then load zod.

/** A point on the table, quantized where it enters the engine (STYLE §2). */
export const PointSchema = z.object({ x: z.number().transform(quantize), z: z.number().transform(quantize) })

/** A facing in degrees clockwise from north, kept in 0..360. */
export const FacingSchema = z
  .number()
  .finite()
  .transform((d) => Math.round((((d % 360) + 360) % 360) * 100) / 100)
