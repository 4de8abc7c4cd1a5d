import { z } from 'zod'
import { Vec3Schema } from '../events/event-parts'

/**
 * The part of a move still to be made when it stopped at an interrupt point
 * (SMLE-COMBAT-05): one leg per figure or vehicle, each with the rest of its
 * route, executed in steps of at most 1".
 */
export const MoveLegSchema = z.object({
  figureId: z.string().nullable(),
  vehicleId: z.string().nullable(),
  /** The remaining corners of its route, the next one first. */
  route: z.array(Vec3Schema),
  /** What kind of move it is (costs and restrictions differ). */
  kind: z.enum(['move', 'run', 'crawl', 'fallBack', 'break', 'vehicle', 'road', 'assault']),
  /** Where the mover began this move (SMLE-SHOOT-21: a target seen for only part of its move). */
  start: Vec3Schema.optional(),
})
export type MoveLeg = z.infer<typeof MoveLegSchema>

/** A close assault declared by the active team (SMLE-COMBAT-01, SMLE-CA-01). */
export const AssaultPlanSchema = z.object({
  attackerTeamId: z.string(),
  defenderTeamId: z.string(),
  /** Where each attacker stood when the round began (a fall-back result returns it there, Table 11.2). */
  starts: z.record(z.string(), Vec3Schema),
  /** Defenders who saw no attacker when the attackers' move began, or whose attackers were hidden then (SMLE-CA-08). */
  surprised: z.array(z.string()),
})
export type AssaultPlan = z.infer<typeof AssaultPlanSchema>

/** What happens once an interrupt window closes. */
export const AfterWindowSchema = z.discriminatedUnion('kind', [
  /** Go on with the move; `quiet`: no more interrupt points in it; with `assault`, the close assault follows. */
  z.object({
    kind: z.literal('move'),
    legs: z.array(MoveLegSchema),
    quiet: z.boolean(),
    assault: AssaultPlanSchema.nullable().default(null),
  }),
  /** The active team's turn goes on (the window was at its start). */
  z.object({ kind: z.literal('turn') }),
  /** Resolve the close assault now (after the defender's opportunity fire, SMLE-COMBAT-06). */
  z.object({ kind: z.literal('assault'), assault: AssaultPlanSchema }),
])
export type AfterWindow = z.infer<typeof AfterWindowSchema>

/**
 * A chance for the opposing side to make Opportunity Fire (SMLE-COMBAT-04,
 * SMLE-COMBAT-05, SMLE-COMBAT-06) at this moment of the active team's turn.
 */
export const OpportunityWindowSchema = z.object({
  kind: z.literal('opportunity'),
  /** The side that may fire. */
  sideId: z.string(),
  /** The team that may be fired at (the active team, or the assaulting team). */
  targetTeamId: z.string(),
  /** Teams of `sideId` that may fire here. */
  eligibleTeamIds: z.array(z.string()),
  /** A defensive window before a close assault (only the defender may fire, SMLE-COMBAT-06). */
  defensive: z.boolean(),
  /** The figure moving when the window opened and where its move began (SMLE-SHOOT-21 in and out of sight). */
  mover: z.object({ figureId: z.string(), at: Vec3Schema }).nullable(),
  then: AfterWindowSchema,
})
export type OpportunityWindow = z.infer<typeof OpportunityWindowSchema>

/** Opportunity Fire was declared: the targets may drop prone before the dice (SMLE-COMBAT-05). */
export const FireReactionSchema = z.object({
  kind: z.literal('fireReaction'),
  /** The side whose figures may drop prone. */
  sideId: z.string(),
  firerTeamId: z.string(),
  targetTeamId: z.string(),
  /** The fire as declared: which figures, what weapons, a figure picked out. */
  firerIds: z.array(z.string()).nullable(),
  weapons: z.record(z.string(), z.string()),
  aimAt: z.string().nullable(),
  atVehicle: z.boolean(),
  /** The window this fire was declared in; it reopens after the fire. */
  window: OpportunityWindowSchema,
})
export type FireReaction = z.infer<typeof FireReactionSchema>

/** SMLE-TURN-12: before a unit becomes active, the other side may interrupt with a higher-AL unit. */
export const InterruptOfferSchema = z.object({
  kind: z.literal('interrupt'),
  sideId: z.string(),
  /** The unit about to become active. */
  nextTeamIds: z.array(z.string()),
  eligibleTeamIds: z.array(z.string()),
})
export type InterruptOffer = z.infer<typeof InterruptOfferSchema>

/** A decision some side must take before play goes on. */
export const PendingSchema = z.discriminatedUnion('kind', [
  OpportunityWindowSchema,
  FireReactionSchema,
  InterruptOfferSchema,
])
export type Pending = z.infer<typeof PendingSchema>
