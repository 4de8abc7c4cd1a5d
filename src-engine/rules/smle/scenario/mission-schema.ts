import { z } from 'zod'
import { EdgeSchema } from './forces-schema'
import { ObjectiveSchema } from '../../../scenario/table-schema'

/** What a scenario asks of each side (§16): objectives and victory. */

/**
 * An objective (SMLE-SCEN-01..06): the table's objective marker (where it
 * stands and the radius within which a figure is on it, SMLE-SCEN-01 "within
 * 2"") with what the mission makes of it.
 */
export const ObjectiveSpecSchema = ObjectiveSchema.extend({
  /** `area`: a zone to hold; `cache`: a weapon cache a figure picks up with an Other option (SMLE-SCEN-06). */
  kind: z.enum(['marker', 'area', 'cache']).default('marker'),
  /** For a cache: the weapon it holds (a Table 6 key). */
  weapon: z.string().optional(),
})
export type ObjectiveSpec = z.infer<typeof ObjectiveSpecSchema>

/**
 * One way to win (§16). Checked after every command (`eliminate`,
 * `killFigures`, `exit`, `raid`) or at the end of the last round (`control`,
 * `occupy`).
 */
export const VictoryConditionSchema = z.discriminatedUnion('kind', [
  /** The side controlling the objective at the end wins: a non-broken team within its radius and no enemy team there (SMLE-SCEN-01, -02). */
  z.object({ kind: z.literal('control'), objectiveId: z.string(), sideIds: z.array(z.string()).min(1) }),
  /** `sideId` wins if any of its figures is in the objective area at the end (SMLE-SCEN-03). */
  z.object({ kind: z.literal('occupy'), objectiveId: z.string(), sideId: z.string() }),
  /** `sideId` wins at once when every figure of `targetSideId` is dead or gone (SMLE-SCEN-06). */
  z.object({ kind: z.literal('eliminate'), sideId: z.string(), targetSideId: z.string() }),
  /** `sideId` wins at once when all these figures are dead for good (SMLE-SCEN-06: the monster, after its revivals). */
  z.object({ kind: z.literal('killFigures'), sideId: z.string(), figureIds: z.array(z.string()).min(1) }),
  /** `sideId` wins at once when this fraction of its figures has left by `edge` (SMLE-SCEN-05). */
  z.object({
    kind: z.literal('exit'),
    sideId: z.string(),
    edge: EdgeSchema,
    fraction: z.number().positive().max(1).default(0.5),
  }),
  /**
   * SMLE-SCEN-04: `sideId` picks one of `objectiveIds` before set-up, must hold
   * it for `holdRounds` full rounds (or demolish it) and then get `fraction`
   * of its figures off by its own base edge.
   */
  z.object({
    kind: z.literal('raid'),
    sideId: z.string(),
    objectiveIds: z.array(z.string()).min(1),
    holdRounds: z.number().int().positive().default(1),
    fraction: z.number().positive().max(1).default(0.5),
  }),
])
export type VictoryCondition = z.infer<typeof VictoryConditionSchema>

/** How the game is won: conditions in order, and who wins when time runs out with none met. */
export const VictorySpecSchema = z.object({
  conditions: z.array(VictoryConditionSchema).default([]),
  /** Winner at the round limit when no condition decided the game (`draw` for none). */
  atTimeLimit: z.string().default('draw'),
})
export type VictorySpec = z.infer<typeof VictorySpecSchema>
