import { z } from 'zod'
import {
  BaseLineSchema,
  BuildingSchema,
  checkTableSamples,
  LinearFeatureSchema,
  ObjectiveSchema,
  TableObstacleSchema,
  TableSchema,
  TerrainSchema,
  Vec2Schema,
  WallSideSchema,
} from '../../scenario/table-schema'
import { SmrSettingsSchema } from './settings'

/** A deployment rectangle on the table (inches). */
const ZoneSchema = z.object({ minX: z.number(), minZ: z.number(), maxX: z.number(), maxZ: z.number() })

// SMR-SETUP-03: mercenaries are ordinary units of their side; a contingent names them for points.
/** A share of a side's points (Village Invasion: peasants in the open, the baron's troops, the hidden peasants). */
export const ContingentSchema = z.object({ id: z.string().min(1), name: z.string().min(1), points: z.number().int() })

/**
 * A side (SMR-SETUP-02/04): its own table edge (routs run toward it,
 * SMR-GEOM-07), where it deploys (default: within `deployDepth` of its edge,
 * SMR-SETUP-06), its leader, its standard bearer (optional rule #3) and, in a
 * Type 2 battle, its points and their contingents.
 */
export const SmrSideSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  colour: z.string().default('#888888'),
  edge: WallSideSchema,
  deploymentZone: ZoneSchema.optional(),
  leaderId: z.string().min(1),
  standardId: z.string().min(1).optional(),
  points: z.number().int().positive().optional(),
  contingents: z.array(ContingentSchema).default([]),
})
export type SmrSideSpec = z.infer<typeof SmrSideSchema>

/** One figure = one unit (SMR-GEN-03): what it is (§2.1), where it starts, and whether it hides in a building. */
export const SmrUnitSpecSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  sideId: z.string().min(1),
  cls: z.enum(['P', 'L', 'H', 'XH']),
  mount: z.enum(['foot', 'horse', 'armouredHorse']).default('foot'),
  weapon: z.enum(['hand', 'bow', 'crossbow', 'sling']).default('hand'),
  creature: z.literal('giantLizard').optional(),
  axe: z.boolean().default(false),
  x: z.number(),
  z: z.number(),
  facingDeg: z.number().default(0),
  /** Village Invasion: the building it hides in (unseen by the invader until revealed). */
  hiddenIn: z.string().min(1).optional(),
  /** Which of its side's contingents it belongs to (points accounting). */
  contingent: z.string().min(1).optional(),
  /** SMR-OPT-05: a hero of an earlier battle of the campaign (he fights with SMR-OPT-04's powers). */
  hero: z.boolean().optional(),
})
export type SmrUnitSpec = z.infer<typeof SmrUnitSpecSchema>

/** §11 SMR-SCEN-02: the village, its hiding buildings, reinforcements and burning. */
export const VillageSchema = z.object({
  /** The marked village area. */
  area: z.array(Vec2Schema).min(3),
  peasantSideId: z.string().min(1),
  invaderSideId: z.string().min(1),
  /** The peasant buildings (units may hide in them, invaders may burn them). */
  buildingIds: z.array(z.string().min(1)).min(1),
  /** Figures a building may hide. */
  capacity: z.number().int().positive().default(4),
  /** End-of-turn roll for reinforcements: 2D6 needing this; none when null. */
  reinforcementRoll: z.number().int().min(2).max(12).nullable().default(10),
  /** Consecutive undisturbed turns that burn a building. */
  burnTurns: z.number().int().positive().default(5),
})
export type Village = z.infer<typeof VillageSchema>

/** SMR scenario file: the neutral table plus SMR forces, mission and settings. */
export const SmrScenarioSchema = z
  .object({
    formatVersion: z.literal(1),
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'scenario ids are lower-case words joined by hyphens'),
    name: z.string().min(1).max(120),
    description: z.string().default(''),
    ruleset: z.literal('smr'),
    // SMR-GEN-04: distances in inches; the default table is 48" × 48".
    table: TableSchema.prefault({ widthIn: 48, depthIn: 48 }),
    terrain: TerrainSchema,
    buildings: z.array(BuildingSchema).default([]),
    linearFeatures: z.array(LinearFeatureSchema).default([]),
    obstacles: z.array(TableObstacleSchema).default([]),
    objectives: z.array(ObjectiveSchema).default([]),
    positions: z.array(z.never()).default([]),
    baseLines: z.array(BaseLineSchema).default([]),
    /** SMR-SETUP-05: Type 1 (all a side can muster) or Type 2 (agreed points). */
    battleType: z.union([z.literal(1), z.literal(2)]).default(2),
    sides: z.array(SmrSideSchema).length(2),
    units: z.array(SmrUnitSpecSchema).min(2),
    /** SMR-SETUP-06: `free` (each side may re-place its units in its zone) or `fixed` (as the file puts them). */
    deployment: z.enum(['free', 'fixed']).default('free'),
    /** SMR-OPT-30: what each door is (default: a small cottage door). */
    doorKinds: z.record(z.string(), z.enum(['smallKeep', 'cottage', 'mediumKeep'])).default({}),
    village: VillageSchema.optional(),
    /** SMR-SETUP-08 (`rout`) or Village Invasion's conditions (`village`, §11). */
    victory: z.enum(['rout', 'village']).default('rout'),
    /** An agreed turn limit (SMR-SETUP-08); none by default. */
    turnLimit: z.number().int().positive().nullable().default(null),
    settings: SmrSettingsSchema.prefault({}),
    /** SMR-OPT-05: this battle's place in a campaign, and the heroes who came to it from the last one. */
    campaign: z
      .object({
        battle: z.number().int().min(2),
        previousScenarioId: z.string().min(1),
        veterans: z.array(z.object({ unitId: z.string().min(1), veteranOf: z.string().min(1), name: z.string() })),
      })
      .optional(),
  })
  .superRefine(checkTableSamples)
  .superRefine(checkSmrReferences)
  .transform((s) => ({
    ...s,
    sides: s.sides.map((side) => ({ ...side, deploymentZone: side.deploymentZone ?? edgeZone(s, side.edge) })),
    // SMR-GEOM-07: a side's base line is its own table edge.
    baseLines: s.baseLines.length > 0 ? s.baseLines : s.sides.map((side) => ({ sideId: side.id, edge: side.edge })),
  }))

/** A validated SMR scenario with every default filled in. */
export type SmrScenario = z.output<typeof SmrScenarioSchema>
/** An SMR scenario as written in a file. */
export type SmrScenarioInput = z.input<typeof SmrScenarioSchema>
export type SmrSide = SmrScenario['sides'][number]

/** SMR-SETUP-06: the strip within `deployDepth` of a table edge. */
function edgeZone(
  s: { table: { widthIn: number; depthIn: number }; settings: { deployDepth: number } },
  edge: 'north' | 'south' | 'east' | 'west',
): z.infer<typeof ZoneSchema> {
  const { widthIn: w, depthIn: d } = s.table
  const k = s.settings.deployDepth
  if (edge === 'north') return { minX: 0, minZ: 0, maxX: w, maxZ: k }
  if (edge === 'south') return { minX: 0, minZ: d - k, maxX: w, maxZ: d }
  if (edge === 'west') return { minX: 0, minZ: 0, maxX: k, maxZ: d }
  return { minX: w - k, minZ: 0, maxX: w, maxZ: d }
}

type Raw = {
  sides: SmrSideSpec[]
  units: SmrUnitSpec[]
  buildings: { id: string }[]
  village?: Village | undefined
  victory: 'rout' | 'village'
  settings: { optional: { creatures: boolean } }
}

/** Cross-references: sides, leaders, standards, hiding places, creatures (SMR-GH-01 needs its toggle). */
function checkSmrReferences(s: Raw, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message })
  const sideIds = new Set(s.sides.map((x) => x.id))
  if (sideIds.size !== s.sides.length) issue(['sides'], 'side ids must differ')
  const unitIds = new Set<string>()
  s.units.forEach((u, i) => {
    if (unitIds.has(u.id)) issue(['units', i, 'id'], `unit id "${u.id}" is used twice`)
    unitIds.add(u.id)
    if (!sideIds.has(u.sideId)) issue(['units', i, 'sideId'], `no side "${u.sideId}"`)
    if (u.creature && !s.settings.optional.creatures)
      issue(['units', i, 'creature'], 'a giant lizard needs the creatures rule (SMR-GH-01)')
    if (u.creature && u.mount !== 'foot') issue(['units', i, 'mount'], 'a giant lizard is not ridden')
    if (u.hiddenIn !== undefined) {
      if (!s.village?.buildingIds.includes(u.hiddenIn))
        issue(['units', i, 'hiddenIn'], `"${u.hiddenIn}" is not a village building`)
      if (u.sideId !== s.village?.peasantSideId) issue(['units', i, 'hiddenIn'], 'only the peasant side hides')
      if (u.mount !== 'foot') issue(['units', i, 'hiddenIn'], 'no cavalry hides in buildings (SMR-SCEN-02)')
    }
  })
  s.sides.forEach((side, i) => {
    const leader = s.units.find((u) => u.id === side.leaderId)
    if (!leader || leader.sideId !== side.id) issue(['sides', i, 'leaderId'], 'the leader must be a unit of the side')
    if (side.standardId !== undefined) {
      const bearer = s.units.find((u) => u.id === side.standardId)
      if (!bearer || bearer.sideId !== side.id)
        issue(['sides', i, 'standardId'], 'the standard bearer must be a unit of the side')
    }
  })
  const v = s.village
  if (v) {
    if (!sideIds.has(v.peasantSideId) || !sideIds.has(v.invaderSideId) || v.peasantSideId === v.invaderSideId)
      issue(['village'], 'the village needs a peasant side and an invader side')
    for (const b of v.buildingIds)
      if (!s.buildings.some((x) => x.id === b)) issue(['village', 'buildingIds'], `no building "${b}"`)
    for (const b of v.buildingIds)
      if (s.units.filter((u) => u.hiddenIn === b).length > v.capacity)
        issue(['village', 'capacity'], `building "${b}" hides more than ${v.capacity} figures`)
  }
  if (s.victory === 'village' && !v) issue(['victory'], 'village victory needs a village')
}
