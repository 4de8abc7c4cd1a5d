import { z } from 'zod'

/**
 * SMLE settings: every `[decision]` parameter of `shared/rules/smle.md` §0.4
 * and every optional rule of §14 (SMLE-GEN-09), in one place. A scenario may
 * override any of them; the defaults are the reference's.
 */
export const SmleSettingsSchema = z.object({
  /** SMLE-GEN-06: tolerance for "contact", inches. */
  contactTolerance: z.number().nonnegative().default(0.1),
  /** SMLE-ACT-19: half-angle of the front arc, degrees. */
  frontArcHalfAngle: z.number().positive().max(90).default(45),
  /** SMLE-SHOOT-21: target in soft cover. */
  softCoverToHit: z.number().int().default(-1),
  /** SMLE-SHOOT-21: target moving in and out of sight. */
  inOutOfSightToHit: z.number().int().default(-2),
  /** SMLE-SHOOT-21: target in a prepared position. */
  preparedPositionToHit: z.number().int().default(-3),
  /** SMLE-COMBAT-12: panic fire's "reduced effect". */
  panicFireModifier: z.number().int().default(-4),
  /** SMLE-DOOR-05: 1D6 score needed to kick a door in. */
  doorKickTarget: z.number().int().min(1).max(7).default(4),
  /** SMLE-VEH-12: vehicle armour values by class. */
  vehicleArmourValues: z
    .object({
      none: z.number().int(),
      bp: z.number().int(),
      light: z.number().int(),
      medium: z.number().int(),
      heavy: z.number().int(),
    })
    .default({ none: 3, bp: 6, light: 8, medium: 10, heavy: 12 }),
  /** SMLE-TURN-12: optional early interrupt (SMLE-OPTR-04). */
  allowEarlyInterrupt: z.boolean().default(false),
  /** SMLE-DMG-02: how hits are given out. */
  hitDistribution: z.enum(['spread', 'random']).default('spread'),
  /** Optional rules of §14 (all off unless a scenario turns them on). */
  optional: z
    .object({
      /** SMLE-MOVE-03 / SMLE-OPTR-01: Elite or Fanatic troops +2". */
      eliteFanaticMoveBonus: z.boolean().default(false),
      /** SMLE-SHOOT-28 / SMLE-OPTR-02: unreliable weapons. */
      unreliableWeapons: z.boolean().default(false),
      /** SMLE-QUAL-06 / SMLE-OPTR-03: superior leaders rolled at the start. */
      superiorLeaders: z.boolean().default(false),
      /** SMLE-OPTR-05 / SMLE-VEH-17: vehicle damage capacity. */
      vehicleDamageCapacity: z.boolean().default(false),
      /** §14.1: heroes and Hollywood rules. */
      heroes: z.boolean().default(false),
      /** §14.2: Camera Fodder. */
      cameraFodder: z.boolean().default(false),
      /** §14.3: Monsters. */
      monsters: z.boolean().default(false),
    })
    .default({
      eliteFanaticMoveBonus: false,
      unreliableWeapons: false,
      superiorLeaders: false,
      vehicleDamageCapacity: false,
      heroes: false,
      cameraFodder: false,
      monsters: false,
    }),
})

/** The SMLE settings of one game. */
export type SmleSettings = z.infer<typeof SmleSettingsSchema>

/** The reference's defaults. */
export const DEFAULT_SMLE_SETTINGS: SmleSettings = SmleSettingsSchema.parse({})
