import { z } from 'zod'

/**
 * SMR settings: every tunable `[decision]` parameter of `shared/rules/smr.md`
 * §0.3 and every optional rule of §9, in one place (SMR-SETUP-01: the
 * battle conditions and optional rules are agreed before play). A scenario
 * may override any of them; the defaults are the reference's.
 */
// SMR-SCEN-03 (Greatheart campaign): door bashing (§9.4) and giant lizards (§9.5) are optional rules here;
// SMR-GH-02 (a random encounter table) was never published: nothing to implement.
export const SmrOptionalRulesSchema = z.object({
  /** SMR-OPT-01..05: Battle Rage (and heroes). */
  battleRage: z.boolean().default(false),
  /** SMR-OPT-10/11: No-Leader Morale Check. */
  noLeaderMorale: z.boolean().default(false),
  /** SMR-OPT-12: with the morale check, an honoured leader's death gives +1 on 4–6. */
  honouredLeader: z.boolean().default(false),
  /** SMR-OPT-20/21: The Standard. */
  standard: z.boolean().default(false),
  /** SMR-OPT-30/31: Bashing down doors. */
  doorBashing: z.boolean().default(false),
  /** SMR-GH-01: Greatheart creatures (giant lizards). */
  creatures: z.boolean().default(false),
})
export type SmrOptionalRules = z.infer<typeof SmrOptionalRulesSchema>

export const SmrSettingsSchema = z.object({
  /** SMR-GEOM-02: base gap that still counts as touching, inches. */
  touchTolerance: z.number().nonnegative().max(1).default(0.1),
  /** SMR-GEOM-02: bases touch only at the same level (height difference at most this), inches. */
  levelTolerance: z.number().nonnegative().default(0.5),
  /** SMR-GEOM-03: half-angles of the front and rear arcs, degrees. */
  frontArcHalfAngle: z.number().positive().max(90).default(45),
  rearArcHalfAngle: z.number().positive().max(90).default(45),
  /** SMR-ROUT-02: who routs on a natural 2/3/4. */
  routRollAppliesTo: z.enum(['target', 'roller']).default('target'),
  /** SMR-MISS-09: missile bonus from behind (+2 rear) or +1 flank / +3 rear. */
  missileSideBonus: z.enum(['backOnly', 'flankRear']).default('backOnly'),
  /** SMR-MISS-06: the only resolution implemented: declare all, roll all, apply together. */
  missileResolution: z.literal('simultaneous').default('simultaneous'),
  /** SMR-RALLY-04: the only timing implemented. */
  selfRallyTiming: z.literal('afterNextMovement').default('afterNextMovement'),
  /** SMR-PTS-06: XHC priced by its class (7) or its rider's armour (6). */
  xhcPointsBasis: z.enum(['unitClass', 'riderArmour']).default('unitClass'),
  /** SMR-SETUP-06: depth of the default deployment zone from a side's own edge, inches. */
  deployDepth: z.number().positive().default(6),
  /** SMR-OPT-…: optional rules in force (all off by default). */
  optional: SmrOptionalRulesSchema.prefault({}),
})
export type SmrSettings = z.infer<typeof SmrSettingsSchema>

/** The settings when a scenario says nothing. */
export const DEFAULT_SMR_SETTINGS: SmrSettings = SmrSettingsSchema.parse({})
