import { z } from 'zod'
import { Vec2Schema } from './table-schema'

/** The forces: sides, teams and figures. */

/** Armour classes of Table 2 / Table 4 (SMLE-MOVE-01, SMLE-DMG-04). */
export const ArmourClassSchema = z.enum(['none', 'light', 'body', 'heavy', 'armoured', 'aliens', 'monsters'])
export type ArmourClass = z.infer<typeof ArmourClassSchema>

/** Troop quality (SMLE-QUAL-01). */
export const QualitySchema = z.enum(['untrained', 'green', 'trained', 'veteran'])
export type Quality = z.infer<typeof QualitySchema>

/** Wound state of a figure (§0.3). */
export const FigureStatusSchema = z.enum(['ok', 'lightWound', 'seriousWound', 'dead', 'playingDead'])
export type FigureStatus = z.infer<typeof FigureStatusSchema>

const positive = z.number().positive()

export const FigureSpecSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  position: Vec2Schema,
  armour: ArmourClassSchema.default('light'),
  quality: QualitySchema.optional(),
  weapon: z.string().default('rifle'),
  isLeader: z.boolean().default(false),
  baseRadiusIn: positive.default(0.5),
})

export const TeamSpecSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  sideId: z.string().min(1),
  quality: QualitySchema.default('trained'),
  figures: z.array(FigureSpecSchema).min(1),
})

export const SideSpecSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** CSS colour for bases and HUD. */
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** Where this side deploys during set-up: a rectangle on the table. */
  deploymentZone: z.object({ minX: z.number(), minZ: z.number(), maxX: z.number(), maxZ: z.number() }),
})

