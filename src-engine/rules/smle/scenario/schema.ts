import { z } from 'zod'
import { SmleSettingsSchema } from '../settings'
import { GameLevelSchema, GroupSpecSchema, SideSpecSchema, TeamSpecSchema, VehicleSpecSchema } from './forces-schema'
import { ObjectiveSpecSchema, VictorySpecSchema } from './mission-schema'
import {
  BaseLineSchema,
  BuildingSchema,
  checkTableSamples,
  LinearFeatureSchema,
  PreparedPositionSchema,
  TableObstacleSchema,
  TableSchema,
  TerrainSchema,
} from '../../../scenario/table-schema'
import { checkScenarioReferences } from './validate'

export * from './forces-schema'
export * from './mission-schema'
export * from '../../../scenario/table-schema'

/**
 * A scenario's fields, each checked on its own, before the checks across
 * them (table samples, ids and references): the editor reads these first,
 * so a scenario with a dangling reference can still be shown and checked.
 */

/** The most rounds a scenario may last (the §16 games last 8 to 12). */
export const ROUND_LIMIT_MAX = 1000

export const ScenarioFieldsSchema = z.object({
  formatVersion: z.literal(1),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'scenario ids are lower-case words joined by hyphens'),
  name: z.string().min(1).max(120),
  description: z.string().default(''),
  ruleset: z.literal('smle'),
  table: TableSchema,
  terrain: TerrainSchema,
  buildings: z.array(BuildingSchema).default([]),
  /** Stone walls, sandbags, hedges and fences. */
  linearFeatures: z.array(LinearFeatureSchema).default([]),
  /** Prepared positions (SMLE-SHOOT-26). */
  positions: z.array(PreparedPositionSchema).default([]),
  /** Vehicles and wrecks standing on the table as scenery. */
  obstacles: z.array(TableObstacleSchema).default([]),
  /** Objective markers and what the mission makes of them (SMLE-SCEN-01..06). */
  objectives: z.array(ObjectiveSpecSchema).default([]),
  /** Each side's base line; a side without one uses the table edge nearest its deployment zone. */
  baseLines: z.array(BaseLineSchema).default([]),
  sides: z.array(SideSpecSchema).length(2),
  /** What rolls for activation: a team (section level) or a section (platoon and company level) (SMLE-ORG-09, -10). */
  level: GameLevelSchema.default('section'),
  groups: z.array(GroupSpecSchema).default([]),
  teams: z.array(TeamSpecSchema).min(1),
  vehicles: z.array(VehicleSpecSchema).default([]),
  victory: VictorySpecSchema.prefault({}),
  /** The last round (§16 default 10). */
  roundLimit: z
    .number()
    .int()
    .positive()
    .max(ROUND_LIMIT_MAX, `a game lasts at most ${ROUND_LIMIT_MAX} rounds`)
    .default(10),
  /** `fixed`: figures start where the scenario puts them; `free`: each side places its own. */
  deployment: z.enum(['fixed', 'free']).default('fixed'),
  /** The side that rolls first and deploys first. */
  firstSideId: z.string().min(1),
  /** §0.4 decisions and §14 optional rules in force (SMLE-GEN-09). */
  settings: SmleSettingsSchema.prefault({}),
})

/** A scenario: the table, its terrain, the forces and the mission. Part of every save file. */
export const ScenarioSchema = ScenarioFieldsSchema.superRefine(checkTableSamples).superRefine(checkScenarioReferences)

/** A validated scenario with every default filled in. */
export type Scenario = z.infer<typeof ScenarioSchema>
/** A scenario as written in a file (defaults may be left out). */
export type ScenarioInput = z.input<typeof ScenarioSchema>
