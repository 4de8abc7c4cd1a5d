import { z } from 'zod'

/** A point on the table plane, in inches (X east, Z south). */
export const Vec2Schema = z.object({ x: z.number(), z: z.number() })

/** Armour classes of Table 2 / Table 4 (SMLE-MOVE-01, SMLE-DMG-04). */
export const ArmourClassSchema = z.enum(['none', 'light', 'body', 'heavy', 'armoured', 'aliens', 'monsters'])
export type ArmourClass = z.infer<typeof ArmourClassSchema>

/** Troop quality (SMLE-QUAL-01). */
export const QualitySchema = z.enum(['untrained', 'green', 'trained', 'veteran'])
export type Quality = z.infer<typeof QualitySchema>

/** Wound state of a figure (§0.3). */
export const FigureStatusSchema = z.enum(['ok', 'lightWound', 'seriousWound', 'dead', 'playingDead'])
export type FigureStatus = z.infer<typeof FigureStatusSchema>

/** Door states: closed doors block sight and movement; broken ones are open for good. */
export const DoorStateSchema = z.enum(['open', 'closed', 'locked', 'broken'])
export type DoorState = z.infer<typeof DoorStateSchema>

/** SMLE-DOOR-03: only household and interior doors can be forced; strong doors cannot. */
export const DoorKindSchema = z.enum(['household', 'interior', 'strong'])
export type DoorKind = z.infer<typeof DoorKindSchema>

/** Which wall of a rectangular building a doorway is in. */
export const WallSideSchema = z.enum(['north', 'south', 'east', 'west'])
export type WallSide = z.infer<typeof WallSideSchema>

const positive = z.number().positive()

export const HillSchema = z.object({
  id: z.string().min(1),
  x: z.number(),
  z: z.number(),
  radiusIn: positive,
  heightIn: positive,
})

export const DoorSpecSchema = z.object({
  id: z.string().min(1),
  wall: WallSideSchema,
  /** Centre of the doorway along its wall, from the wall's west or north end. */
  offsetIn: z.number(),
  widthIn: positive.default(1.6),
  kind: DoorKindSchema.default('household'),
  state: DoorStateSchema.default('closed'),
})
export type DoorSpec = z.infer<typeof DoorSpecSchema>

/** An axis-aligned rectangular building: `x`,`z` is its north-west outer corner. */
export const BuildingSchema = z.object({
  id: z.string().min(1),
  name: z.string().default('Building'),
  x: z.number(),
  z: z.number(),
  widthIn: positive,
  depthIn: positive,
  wallHeightIn: positive.default(2.5),
  wallThicknessIn: positive.default(0.25),
  doors: z.array(DoorSpecSchema).default([]),
})
export type BuildingSpec = z.infer<typeof BuildingSchema>

export const FigureSpecSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  position: Vec2Schema,
  armour: ArmourClassSchema.default('light'),
  quality: QualitySchema.optional(),
  weapon: z.string().default('rifle'),
  isLeader: z.boolean().default(false),
  baseRadiusIn: positive.default(0.5),
})

export const TeamSpecSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  sideId: z.string().min(1),
  quality: QualitySchema.default('trained'),
  figures: z.array(FigureSpecSchema).min(1),
})

export const SideSpecSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** CSS colour for bases and HUD. */
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  /** Where this side deploys during set-up: a rectangle on the table. */
  deploymentZone: z.object({ minX: z.number(), minZ: z.number(), maxX: z.number(), maxZ: z.number() }),
})

/** A scenario: the table, its terrain and the forces. Part of every save file. */
export const ScenarioSchema = z
  .object({
    formatVersion: z.literal(1),
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'scenario ids are lower-case words joined by hyphens'),
    name: z.string().min(1).max(120),
    description: z.string().default(''),
    ruleset: z.enum(['smle', 'smr']),
    table: z.object({ widthIn: positive.default(72), depthIn: positive.default(48) }),
    terrain: z.object({ hills: z.array(HillSchema).default([]) }).default({ hills: [] }),
    buildings: z.array(BuildingSchema).default([]),
    sides: z.array(SideSpecSchema).length(2),
    teams: z.array(TeamSpecSchema).min(1),
    /** `fixed`: figures start where the scenario puts them; `free`: each side places its own. */
    deployment: z.enum(['fixed', 'free']).default('fixed'),
    /** The side that acts first. */
    firstSideId: z.string().min(1),
  })
  .superRefine((s, ctx) => {
    const ids = new Set<string>()
    const unique = (id: string, what: string): void => {
      if (ids.has(id)) ctx.addIssue({ code: 'custom', message: `duplicate id "${id}" (${what})` })
      ids.add(id)
    }
    const sideIds = new Set(s.sides.map((side) => side.id))
    s.sides.forEach((side) => unique(side.id, 'side'))
    s.buildings.forEach((b) => {
      unique(b.id, 'building')
      b.doors.forEach((d) => unique(d.id, 'door'))
    })
    s.terrain.hills.forEach((h) => unique(h.id, 'hill'))
    for (const team of s.teams) {
      unique(team.id, 'team')
      if (!sideIds.has(team.sideId)) ctx.addIssue({ code: 'custom', message: `team "${team.id}" names unknown side "${team.sideId}"` })
      team.figures.forEach((f) => unique(f.id, 'figure'))
    }
    if (!sideIds.has(s.firstSideId)) ctx.addIssue({ code: 'custom', message: `firstSideId "${s.firstSideId}" is not a side` })
  })

/** A validated scenario with every default filled in. */
export type Scenario = z.infer<typeof ScenarioSchema>
/** A scenario as written in a file (defaults may be left out). */
export type ScenarioInput = z.input<typeof ScenarioSchema>
