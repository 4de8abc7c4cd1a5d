import { z } from 'zod'

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

/** Contact with the enemy ends freshness (SMLE-ACT-07). */
export const ContactMadeSchema = z.object({ type: z.literal('ContactMade'), teamIds: z.array(z.string()) })

export const FIGHT_EVENT_SCHEMAS = [FireReceivedSchema, AttackMadeSchema, ContactMadeSchema] as const
