import { z } from 'zod'
import { Vec3Schema } from './event-parts'

/**
 * A team was fired on (SMLE-ACT-04, SMLE-ACT-17, SMLE-ACT-18): the categories
 * it is now under, whatever the hits. It is no longer fresh (SMLE-ACT-07).
 */
export const FireReceivedSchema = z.object({
  type: z.literal('FireReceived'),
  teamId: z.string(),
  fromTeamId: z.string(),
  direct: z.boolean(),
  auto: z.boolean(),
  explosive: z.boolean(),
  flank: z.boolean(),
  rear: z.boolean(),
})

/** A team used its one attack of the round (SMLE-TURN-07). */
export const AttackMadeSchema = z.object({
  type: z.literal('AttackMade'),
  teamId: z.string(),
  kind: z.enum(['direct', 'opportunity', 'return', 'panic', 'assault', 'indirect']),
  targetTeamId: z.string().nullable(),
  /** Figures that fired (they lose their brace, SMLE-SHOOT-25). */
  firerIds: z.array(z.string()),
})

/** One roll to hit was settled (SMLE-SHOOT-03): who fired what, and the hits it scored. */
export const ShotResolvedSchema = z.object({
  type: z.literal('ShotResolved'),
  figureId: z.string(),
  weapon: z.string(),
  kind: z.enum(['direct', 'opportunity', 'return', 'panic', 'observer']),
  targetTeamId: z.string().nullable(),
  success: z.boolean(),
  hits: z.number().int().nonnegative(),
})

/** Explosive rounds counted off (SMLE-WPN-11). */
export const AmmoSpentSchema = z.object({
  type: z.literal('AmmoSpent'),
  teamId: z.string(),
  weapon: z.string(),
  left: z.number().int().nonnegative(),
})

/** An explosive round burst here (SMLE-EXP-01..05): the point, the round and whether it hit its figure. */
export const ExplosionSchema = z.object({
  type: z.literal('Explosion'),
  at: Vec3Schema,
  weapon: z.string(),
  radiusIn: z.number(),
  impactFigureId: z.string().nullable(),
  deviated: z.boolean(),
})

/** A vehicle took a hit (SMLE-VEH-13..15). */
export const VehicleDamagedSchema = z.object({
  type: z.literal('VehicleDamaged'),
  vehicleId: z.string(),
  face: z.enum(['front', 'side', 'rear', 'top', 'turret']),
  result: z.enum(['kill', 'VSW', 'VLW', 'noEffect']),
  status: z.enum(['ok', 'VLW', 'VSW', 'killed']),
  vswCount: z.number().int().nonnegative(),
  stopped: z.boolean(),
})

/** SMLE-IND-03 / SMLE-IND-06: an observer called indirect fire; it arrives next round in the firing unit's turn. */
export const MissionCalledSchema = z.object({
  type: z.literal('MissionCalled'),
  mission: z.object({
    id: z.string(),
    observerTeamId: z.string(),
    observerFigureId: z.string(),
    firingTeamId: z.string(),
    firingFigureId: z.string(),
    weaponId: z.string(),
    point: z.object({ x: z.number(), z: z.number() }),
    calledRound: z.number().int(),
    arrivesRound: z.number().int(),
    rounds: z.number().int().positive(),
  }),
})

/** A fire mission landed or was cancelled (SMLE-IND-03, SMLE-IND-06). */
export const MissionEndedSchema = z.object({
  type: z.literal('MissionEnded'),
  missionId: z.string(),
  outcome: z.enum(['landed', 'cancelled']),
})

/** SMLE-IND-04 / SMLE-IND-05: the team's observation of a point, round after round (null: it stopped). */
export const ObservationSetSchema = z.object({
  type: z.literal('ObservationSet'),
  teamId: z.string(),
  observing: z
    .object({ x: z.number(), z: z.number(), rounds: z.number().int().positive(), round: z.number().int() })
    .nullable(),
})

/** SMLE-MONSTER-02/03: a "killed" monster plays dead where it fell, or vanishes to return later, or comes back. */
export const MonsterStateSchema = z.object({
  type: z.literal('MonsterState'),
  figureId: z.string(),
  lurking: z.enum(['playingDead', 'vanished']).nullable(),
  returnsRound: z.number().int().nullable(),
  at: Vec3Schema.nullable(),
})

/** Contact with the enemy ends freshness (SMLE-ACT-07). */
export const ContactMadeSchema = z.object({ type: z.literal('ContactMade'), teamIds: z.array(z.string()) })

export const FIGHT_EVENT_SCHEMAS = [
  FireReceivedSchema,
  AttackMadeSchema,
  ShotResolvedSchema,
  AmmoSpentSchema,
  ExplosionSchema,
  VehicleDamagedSchema,
  MissionCalledSchema,
  MissionEndedSchema,
  ObservationSetSchema,
  MonsterStateSchema,
  ContactMadeSchema,
] as const
