import { z } from 'zod'
import { LeaderGradeSchema, QualitySchema } from '../scenario/schema'
import { RollModifierSchema } from './event-parts'
import { PendingSchema } from '../state/pending'

/** A team's activation this round (SMLE-ACT-01, SMLE-ACT-16). */
export const TeamActivationSchema = z.object({
  die: z.number().int(),
  al: z.number(),
  band: z.number().int().min(0).max(10),
  modifiers: z.array(RollModifierSchema),
  shifts: z.array(z.string()),
  blockId: z.string(),
})

/** A side finished its set-up; when both have, round 1 begins. */
export const SetupEndedSchema = z.object({
  type: z.literal('SetupEnded'),
  sideId: z.string(),
  nextSideId: z.string(),
  started: z.boolean(),
})

/** SMLE-SCEN-04: the raider recorded its objective before set-up. */
export const ObjectiveChosenSchema = z.object({
  type: z.literal('ObjectiveChosen'),
  sideId: z.string(),
  objectiveId: z.string(),
})

/** SMLE-QUAL-05: random quality was rolled for these figures. */
export const QualityRolledSchema = z.object({
  type: z.literal('QualityRolled'),
  figureIds: z.array(z.string()),
  quality: QualitySchema,
})

/** SMLE-QUAL-06: a leader's grade was rolled. */
export const LeaderGradedSchema = z.object({
  type: z.literal('LeaderGraded'),
  groupId: z.string(),
  grade: LeaderGradeSchema,
})

/** Reinforcements came onto the table (§16). */
export const ReinforcementsArrivedSchema = z.object({
  type: z.literal('ReinforcementsArrived'),
  teamIds: z.array(z.string()),
})

/** A team's activation was set: rolled in phase 1, or recomputed when its modifiers changed (SMLE-ACT-16). */
export const ActivationSetSchema = z.object({
  type: z.literal('ActivationSet'),
  teamId: z.string(),
  activation: TeamActivationSchema,
  reason: z.enum(['rolled', 'changed']),
})

/** A side has rolled activation for all its units; when both have, play starts. */
export const ActivationRolledSchema = z.object({
  type: z.literal('ActivationRolled'),
  sideId: z.string(),
  nextSideId: z.string(),
  started: z.boolean(),
})

/** SMLE-TURN-03: roll-off results that set the order of tied units (lower goes first). */
export const RolloffSetSchema = z.object({ type: z.literal('RolloffSet'), ranks: z.record(z.string(), z.number()) })

/** A team's turn began (Phase 2, or Phase 6 for the second turn of a Double Move). */
export const TurnStartedSchema = z.object({
  type: z.literal('TurnStarted'),
  sideId: z.string(),
  /** The unit: one team, or a block of teams sharing one AL (SMLE-TURN-06). */
  teamIds: z.array(z.string()).min(1),
  index: z.number().int().nonnegative(),
  turn: z.enum(['first', 'second']),
  /** Taken as an early interrupt (SMLE-TURN-12). */
  interrupt: z.boolean().default(false),
  /** A first turn at B10: the team will take a second turn in phase 6 (SMLE-OPT-02). */
  doubleMove: z.boolean().default(false),
})

/** The active team's turn is over. */
export const TurnEndedSchema = z.object({
  type: z.literal('TurnEnded'),
  teamId: z.string(),
  turn: z.enum(['first', 'second']),
})

/**
 * End of round bookkeeping (SMLE-TURN-11): fire received moves to "last
 * round", running counters advance, per-round flags clear. The figures that
 * braced (SMLE-SHOOT-25) and the Camera Fodder that got up (SMLE-FODDER-03)
 * are named, because those need the table to decide.
 */
export const RoundEndedSchema = z.object({
  type: z.literal('RoundEnded'),
  round: z.number().int(),
  braced: z.array(z.string()),
  recovered: z.array(z.string()),
  /** SMLE-MOVE-09: each team's running rounds and rounds still to halt, from next round. */
  breath: z.record(z.string(), z.object({ runningRounds: z.number().int(), haltRounds: z.number().int() })),
  nextSideId: z.string(),
})

/** A side must decide something before play goes on (an interrupt window, SMLE-COMBAT-05). */
export const PendingSetSchema = z.object({ type: z.literal('PendingSet'), pending: PendingSchema })
export const PendingClearedSchema = z.object({ type: z.literal('PendingCleared') })

/** A concealed prepared position was found by a side that did not know it (SMLE-SHOOT-26 `[decision]`). */
export const PositionFoundSchema = z.object({
  type: z.literal('PositionFound'),
  positionId: z.string(),
  sideId: z.string(),
  reason: z.string(),
})

/**
 * Bookkeeping at the end of a command's events: how many of its rolls each
 * side made with teams still hidden (SMLE-SCEN-05), never shown to the other
 * sides. A seat's roll ids and count run on without them (see `viewEvents`).
 */
export const RollsHiddenSchema = z.object({ type: z.literal('RollsHidden'), bySide: z.record(z.string(), z.number()) })

/** A hidden team was revealed (SMLE-SCEN-05, SMLE-SHOOT-26). */
export const TeamRevealedSchema = z.object({ type: z.literal('TeamRevealed'), teamId: z.string(), reason: z.string() })

/** The game is over. */
export const GameEndedSchema = z.object({
  type: z.literal('GameEnded'),
  winnerSideId: z.string().nullable(),
  reason: z.string(),
  round: z.number().int(),
})

/** SMLE-SCEN-04: the raider holds its objective (or lost it). */
export const RaidHoldSchema = z.object({
  type: z.literal('RaidHold'),
  heldSince: z.number().int().nullable(),
  held: z.boolean(),
  /** The raiding side: only its seats see a hold still being made (the objective is its secret until held). */
  sideId: z.string().optional(),
  /**
   * Once held: how many of the raiders were already off by their own base edge, who do not count toward getting
   * half of them away ("and then exiting", SMLE-SCEN-04).
   */
  exitedBefore: z.number().int().nonnegative().optional(),
})

export const ROUND_EVENT_SCHEMAS = [
  SetupEndedSchema,
  ObjectiveChosenSchema,
  QualityRolledSchema,
  LeaderGradedSchema,
  ReinforcementsArrivedSchema,
  ActivationSetSchema,
  ActivationRolledSchema,
  RolloffSetSchema,
  TurnStartedSchema,
  TurnEndedSchema,
  RoundEndedSchema,
  PendingSetSchema,
  PendingClearedSchema,
  TeamRevealedSchema,
  PositionFoundSchema,
  RollsHiddenSchema,
  GameEndedSchema,
  RaidHoldSchema,
] as const
