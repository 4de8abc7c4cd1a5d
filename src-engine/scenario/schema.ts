import { z } from 'zod'
import type {
  BaseLine,
  BuildingSpec,
  LinearFeature,
  Objective,
  PreparedPosition,
  Table,
  TableObstacle,
  Terrain,
} from './table-schema'

export * from './table-schema'

/**
 * What every scenario file says first, whatever its ruleset: the format, its
 * id and name, and the ruleset that plays it. A loader reads this, picks the
 * ruleset from the registry by `ruleset` (refusing an id the program does not
 * have) and only then parses the rest with that ruleset's own schema.
 */
export const ScenarioHeaderSchema = z.looseObject({
  formatVersion: z.number().int().positive(),
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'scenario ids are lower-case words joined by hyphens'),
  name: z.string().min(1).max(120),
  description: z.string().default(''),
  ruleset: z.string().min(1),
})
export type ScenarioHeader = z.infer<typeof ScenarioHeaderSchema>

/** A side as the table sees it: where it deploys (its base line defaults from there). */
export interface TableSide {
  readonly id: string
  readonly deploymentZone: {
    readonly minX: number
    readonly minZ: number
    readonly maxX: number
    readonly maxZ: number
  }
}

/**
 * What the table world is built from, in any ruleset: the table, its terrain,
 * buildings, linear features, prepared positions, obstacles, objective markers,
 * base lines and the sides' deployment zones. A ruleset's scenario has all of
 * this and its own forces and mission besides.
 */
export interface TableScenario {
  readonly id: string
  readonly name: string
  readonly ruleset: string
  readonly table: Table
  readonly terrain: Terrain
  readonly buildings: readonly BuildingSpec[]
  readonly linearFeatures: readonly LinearFeature[]
  readonly positions: readonly PreparedPosition[]
  readonly obstacles: readonly TableObstacle[]
  readonly objectives: readonly Objective[]
  readonly baseLines: readonly BaseLine[]
  readonly sides: readonly TableSide[]
}
