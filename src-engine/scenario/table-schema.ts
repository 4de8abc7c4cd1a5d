import { z } from 'zod'

/** The table: its size, terrain and buildings. What the world is built from. */

/** A point on the table plane, in inches (X east, Z south). */
export const Vec2Schema = z.object({ x: z.number(), z: z.number() })

/** Door states: closed doors block sight and movement; broken ones are open for good. */
export const DoorStateSchema = z.enum(['open', 'closed', 'locked', 'broken'])
export type DoorState = z.infer<typeof DoorStateSchema>

/** SMLE-DOOR-03: only household and interior doors can be forced; strong doors cannot. */
export const DoorKindSchema = z.enum(['household', 'interior', 'strong'])
export type DoorKind = z.infer<typeof DoorKindSchema>

/** Which wall of a rectangular building a doorway is in. */
export const WallSideSchema = z.enum(['north', 'south', 'east', 'west'])
export type WallSide = z.infer<typeof WallSideSchema>

const positive = z.number().positive()

export const HillSchema = z.object({
  id: z.string().min(1),
  x: z.number(),
  z: z.number(),
  radiusIn: positive,
  heightIn: positive,
})

export const DoorSpecSchema = z.object({
  id: z.string().min(1),
  wall: WallSideSchema,
  /** Centre of the doorway along its wall, from the wall's west or north end. */
  offsetIn: z.number(),
  widthIn: positive.default(1.6),
  kind: DoorKindSchema.default('household'),
  state: DoorStateSchema.default('closed'),
})
export type DoorSpec = z.infer<typeof DoorSpecSchema>

/** An axis-aligned rectangular building: `x`,`z` is its north-west outer corner. */
export const BuildingSchema = z.object({
  id: z.string().min(1),
  name: z.string().default('Building'),
  x: z.number(),
  z: z.number(),
  widthIn: positive,
  depthIn: positive,
  wallHeightIn: positive.default(2.5),
  wallThicknessIn: positive.default(0.25),
  doors: z.array(DoorSpecSchema).default([]),
})
export type BuildingSpec = z.infer<typeof BuildingSchema>

/** Table size in inches (1 unit = 1 inch). */
export const TableSchema = z.object({ widthIn: positive.default(72), depthIn: positive.default(48) })

/** Terrain of the table. */
export const TerrainSchema = z.object({ hills: z.array(HillSchema).default([]) }).default({ hills: [] })
