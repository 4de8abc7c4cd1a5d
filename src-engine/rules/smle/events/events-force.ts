import { z } from 'zod'
import { FigureStatusSchema } from '../scenario/schema'
import { Vec3Schema } from './event-parts'

/** SMLE-OPT-08 / SMLE-CA-11: the team broke; it gains a Break result and drops its heavy weapons where they stood. */
export const TeamBrokeSchema = z.object({
  type: z.literal('TeamBroke'),
  teamId: z.string(),
  dropped: z.array(z.object({ itemId: z.string(), figureId: z.string(), weapon: z.string(), at: Vec3Schema })),
})

/** SMLE-ACT-15 / SMLE-OPT-08 / SMLE-CA-13: the team left the battlefield (two Breaks, captured on contact, wiped out). */
export const TeamGoneSchema = z.object({
  type: z.literal('TeamGone'),
  teamId: z.string(),
  reason: z.enum(['fled', 'captured', 'wipedOut']),
})

/** SMLE-OPT-09: a figure picked up an abandoned weapon; SMLE-SCEN-06: or a cache. */
export const ItemPickedUpSchema = z.object({
  type: z.literal('ItemPickedUp'),
  figureId: z.string(),
  itemId: z.string(),
  weapon: z.string(),
  cache: z.boolean(),
})

/** SMLE-TURN-10 / SMLE-OPT-10: the team took an Other option (it replaces Move and Combat). */
export const OtherOptionTakenSchema = z.object({
  type: z.literal('OtherOptionTaken'),
  teamId: z.string(),
  option: z.enum(['deactivateTraps', 'observe', 'debus', 'recoverCasualties', 'reload', 'pickUp', 'demolish']),
})

/** SMLE-DMG-12: first aid treated a light wound. */
export const FirstAidGivenSchema = z.object({
  type: z.literal('FirstAidGiven'),
  figureId: z.string(),
  byFigureId: z.string(),
})

/** SMLE-DMG-12: a figure helps a seriously wounded one along (or lets go). */
export const HelpingSchema = z.object({
  type: z.literal('Helping'),
  figureId: z.string(),
  woundedId: z.string().nullable(),
})

/** SMLE-SHOOT-28 / SMLE-OPT-10: the team's jammed and reload weapons are ready again. */
export const WeaponsReloadedSchema = z.object({
  type: z.literal('WeaponsReloaded'),
  teamId: z.string(),
  figureIds: z.array(z.string()),
})

/** A weapon's readiness changed after firing (SMLE-WPN-01 reload, SMLE-SHOOT-28 jam, single shot spent). */
export const WeaponStateChangedSchema = z.object({
  type: z.literal('WeaponStateChanged'),
  figureId: z.string(),
  weapon: z.string(),
  state: z.enum(['ready', 'needsReload', 'jammed', 'spent']),
})

/** SMLE-VEH-15: the crew repaired a light wound on its vehicle (Recover casualties option). */
export const VehicleRepairedSchema = z.object({ type: z.literal('VehicleRepaired'), vehicleId: z.string() })

/** A figure's wound state changed (hits, revivals, Camera Fodder getting up). */
export const FigureStatusChangedSchema = z.object({
  type: z.literal('FigureStatusChanged'),
  figureId: z.string(),
  status: FigureStatusSchema,
  cause: z.string(),
  /** Set for a light wound that does not disable (a Tough hero's, SMLE-HERO-04). */
  treated: z.boolean().optional(),
})

/** SMLE-DMG-07 / SMLE-DMG-08: the figure can take no further action this round. */
export const FigureSpentSchema = z.object({
  type: z.literal('FigureSpent'),
  figureId: z.string(),
  why: z.enum(['lightWound', 'shaken', 'transferred']),
})

export const FORCE_EVENT_SCHEMAS = [
  TeamBrokeSchema,
  TeamGoneSchema,
  ItemPickedUpSchema,
  OtherOptionTakenSchema,
  FirstAidGivenSchema,
  HelpingSchema,
  WeaponsReloadedSchema,
  WeaponStateChangedSchema,
  VehicleRepairedSchema,
  FigureStatusChangedSchema,
  FigureSpentSchema,
] as const
