import { z } from 'zod'

/**
 * The table: its size, terrain, buildings and everything else that stands on
 * it. What the world is built from. Every key added since the first format is
 * optional with a default, so older scenario files keep parsing unchanged.
 */

/** A point on the table plane, in inches (X east, Z south). */
export const Vec2Schema = z.object({ x: z.number(), z: z.number() })

/** Door states: closed doors block sight and movement; broken ones are open for good. */
export const DoorStateSchema = z.enum(['open', 'closed', 'locked', 'broken'])
export type DoorState = z.infer<typeof DoorStateSchema>

/** SMLE-DOOR-03: only household and interior doors can be forced; strong doors cannot. */
export const DoorKindSchema = z.enum(['household', 'interior', 'strong'])
export type DoorKind = z.infer<typeof DoorKindSchema>

/** Which wall of a rectangular building a doorway is in (before the building is rotated). */
export const WallSideSchema = z.enum(['north', 'south', 'east', 'west'])
export type WallSide = z.infer<typeof WallSideSchema>

/** A cover grade a feature gives (SMLE-SHOOT-21..24). */
export const CoverKindSchema = z.enum(['none', 'soft', 'hard'])
export type CoverKind = z.infer<typeof CoverKindSchema>

/**
 * How hard ground is to cross (SMLE-MOVE-04): open 1" per 1", difficult 2",
 * very difficult 3", impassable not at all.
 */
export const GoingSchema = z.enum(['open', 'difficult', 'veryDifficult', 'impassable'])
export type Going = z.infer<typeof GoingSchema>

/** Who crosses ground: the armour classes of Table 2, and wheeled or tracked vehicles (§13). */
export const MoverClassSchema = z.enum([
  'none',
  'light',
  'body',
  'heavy',
  'armoured',
  'aliens',
  'monsters',
  'wheeled',
  'tracked',
])
export type MoverClass = z.infer<typeof MoverClassSchema>

const positive = z.number().positive()
const nonNegative = z.number().nonnegative()
const id = z.string().min(1)
const polyline = z.array(Vec2Schema).min(2)

/**
 * A round (or, with `radiusZIn` and `rotationDeg`, oval) hill: a smooth cosine
 * bump. `plateauIn` flattens the top out to that radius.
 */
export const HillSchema = z.object({
  id,
  x: z.number(),
  z: z.number(),
  radiusIn: positive,
  heightIn: positive,
  radiusZIn: positive.optional(),
  rotationDeg: z.number().default(0),
  plateauIn: nonNegative.default(0),
})
export type Hill = z.infer<typeof HillSchema>

/** A ridge: a long hill along a line, with a cosine cross-section `widthIn` wide at its foot. */
export const RidgeSchema = z.object({ id, points: polyline, widthIn: positive, heightIn: positive })
export type Ridge = z.infer<typeof RidgeSchema>

/**
 * A slope: ground rising evenly from `from` up to `to`, flat on top for
 * `plateauIn`, and falling back over `backIn` (default: as long as the rise).
 * `widthIn` across; its long sides fall off over `edgeIn`.
 */
export const SlopeSchema = z.object({
  id,
  from: Vec2Schema,
  to: Vec2Schema,
  widthIn: positive,
  heightIn: positive,
  plateauIn: nonNegative.default(0),
  backIn: positive.optional(),
  edgeIn: positive.default(1),
})
export type Slope = z.infer<typeof SlopeSchema>

/** The most a painted relief raises or lowers a point, inches (a tall hill of the tabletop). */
export const MAX_RELIEF_IN = 24

/**
 * Ground raised and lowered by painting in the editor: a height, inches, at
 * every `stepIn` across and down from the table's north-west corner
 * (`heightsIn[row * columns + column]`), added to the hills, ridges and slopes
 * and smooth between samples. The ground never goes below the table top.
 */
export const ReliefSchema = z
  .object({
    stepIn: z.number().min(0.25).max(4),
    columns: z.number().int().min(2),
    rows: z.number().int().min(2),
    heightsIn: z.array(z.number().min(-MAX_RELIEF_IN).max(MAX_RELIEF_IN)),
  })
  .refine((r) => r.heightsIn.length === r.columns * r.rows, {
    message: 'a relief has one height for each of its columns in each of its rows',
    path: ['heightsIn'],
  })
export type Relief = z.infer<typeof ReliefSchema>

/** Kinds of area. Each brings its defaults for going, cover and sight. */
export const AreaKindSchema = z.enum(['woods', 'overgrowth', 'rough', 'water', 'road', 'rubble', 'field'])
export type AreaKind = z.infer<typeof AreaKindSchema>

/**
 * An area of the table: a polygon, or a strip `widthIn` wide along `line`
 * (roads, streams). Defaults by kind: woods and overgrowth are difficult and
 * soft cover, woods block sight deeper than 2" (SMLE-SHOOT-02); rough ground
 * and rubble are difficult; water is very difficult; roads are good surfaces
 * for vehicle road speed (SMLE-VEH-02).
 */
export const AreaSchema = z
  .object({
    id,
    name: z.string().optional(),
    kind: AreaKindSchema,
    polygon: z.array(Vec2Schema).min(3).optional(),
    line: polyline.optional(),
    widthIn: positive.optional(),
    /** Going for everyone, unless `goingBy` says otherwise for a class (SMLE-MOVE-04). */
    going: GoingSchema.optional(),
    goingBy: z.partialRecord(MoverClassSchema, GoingSchema).optional(),
    /** Cover a figure standing inside has from any firer (SMLE-SHOOT-24). */
    cover: CoverKindSchema.optional(),
    /** Height of what grows here (canopy, undergrowth), inches above the highest ground under it. */
    heightIn: nonNegative.optional(),
    /** Sight through more than this much of the area is blocked (woods: 2", SMLE-SHOOT-02); null: never. */
    blocksSightBeyondIn: nonNegative.nullable().optional(),
    /** A good surface: vehicles may use road speed on it (SMLE-VEH-02). */
    roadSurface: z.boolean().optional(),
  })
  .refine((a) => (a.polygon ? !a.line : !!a.line && a.widthIn !== undefined), {
    message: 'an area needs either a polygon, or a line with a widthIn',
  })
export type Area = z.infer<typeof AreaSchema>

/** Linear features: stone walls and sandbags give hard cover; hedges and fences soft cover. */
export const LinearKindSchema = z.enum(['stoneWall', 'sandbags', 'hedge', 'fence'])
export type LinearKind = z.infer<typeof LinearKindSchema>

/**
 * A wall, line of sandbags, hedge or fence along a line. Hard ones block
 * sight; soft ones hide but do not block it (SMLE-SHOOT-02). Crossing one
 * costs its height as a climb (SMLE-GEN-05), unless it is `impassable`
 * (default: taller than 1.5").
 */
export const LinearFeatureSchema = z.object({
  id,
  kind: LinearKindSchema,
  points: polyline,
  heightIn: positive.optional(),
  thicknessIn: positive.optional(),
  impassable: z.boolean().optional(),
})
export type LinearFeature = z.infer<typeof LinearFeatureSchema>

/** Prepared positions of SMLE-SHOOT-26. */
export const PositionKindSchema = z.enum(['foxhole', 'weaponPit', 'trench', 'pillbox', 'bunker'])
export type PositionKind = z.infer<typeof PositionKindSchema>

/**
 * A prepared position (SMLE-SHOOT-26): its occupants are in a prepared
 * position (hard cover, −3 to hit) and may fire only into its 90° arc,
 * centred on `arcDeg` (degrees clockwise from north). Foxholes and weapon
 * pits are round pits with a low parapet; a trench runs along `points`;
 * pillboxes and bunkers are roofed concrete boxes with an embrasure facing the
 * arc and an entrance at the back. A concealed position stays unseen until
 * its occupants fire.
 */
export const PreparedPositionSchema = z.object({
  id,
  kind: PositionKindSchema,
  x: z.number(),
  z: z.number(),
  arcDeg: z.number().default(0),
  arcWidthDeg: positive.max(360).default(90),
  concealed: z.boolean().default(false),
  /** Width (across the arc) and depth of a pit or box; defaults by kind. */
  widthIn: positive.optional(),
  depthIn: positive.optional(),
  /** A trench's line (its `x`,`z` is then only a label point). */
  points: polyline.optional(),
  sideId: z.string().optional(),
})
export type PreparedPosition = z.infer<typeof PreparedPositionSchema>

/** A vehicle or wreck standing on the table: an obstacle and hard cover. */
export const TableObstacleSchema = z.object({
  id,
  kind: z.enum(['vehicle', 'wreck', 'block']),
  name: z.string().optional(),
  x: z.number(),
  z: z.number(),
  widthIn: positive.default(2),
  lengthIn: positive.default(3.5),
  heightIn: positive.default(1.8),
  /** The way its front points, degrees clockwise from north. */
  facingDeg: z.number().default(0),
})
export type TableObstacle = z.infer<typeof TableObstacleSchema>

/** An objective marker. */
export const ObjectiveSchema = z.object({
  id,
  name: z.string().min(1),
  x: z.number(),
  z: z.number(),
  radiusIn: positive.default(1),
  points: z.number().int().default(1),
})
export type Objective = z.infer<typeof ObjectiveSchema>

/** A side's base line: a table edge, or a line between two points (SMLE-OPT-07/08 fall back and break toward it). */
export const BaseLineSchema = z
  .object({ sideId: id, edge: WallSideSchema.optional(), from: Vec2Schema.optional(), to: Vec2Schema.optional() })
  .refine((b) => (b.edge ? !b.from && !b.to : !!b.from && !!b.to), {
    message: 'a base line is an edge, or a from/to pair',
  })
export type BaseLine = z.infer<typeof BaseLineSchema>

/** A doorway and its door, in one wall of a building. */
export const DoorSpecSchema = z.object({
  id,
  wall: WallSideSchema,
  /** Centre of the doorway along its wall, from the wall's west or north end. */
  offsetIn: z.number(),
  widthIn: positive.default(1.6),
  kind: DoorKindSchema.default('household'),
  state: DoorStateSchema.default('closed'),
})
export type DoorSpec = z.infer<typeof DoorSpecSchema>

/**
 * A window: an opening in a wall that can be seen and shot through; the wall
 * below the sill hides the lower body of a figure standing behind it (cover
 * for those behind, SMLE-SHOOT-24).
 */
export const WindowSpecSchema = z.object({
  wall: WallSideSchema,
  offsetIn: z.number(),
  widthIn: positive.default(1),
  /** Sill and opening height above the floor it is on. */
  sillIn: nonNegative.default(0.85),
  heightIn: positive.default(1),
  floor: z.number().int().nonnegative().default(0),
})
export type WindowSpec = z.infer<typeof WindowSpecSchema>

/** A floor (storey) of a building; figures stand on its floor. */
export const FloorSpecSchema = z.object({ heightIn: positive })

/**
 * A stair from `floor` up to the next, in building coordinates (from the
 * north-west outer corner, before rotation): `x`,`z` its foot, rising toward
 * `direction` over `lengthIn`.
 */
export const StairSpecSchema = z.object({
  floor: z.number().int().nonnegative().default(0),
  x: z.number(),
  z: z.number(),
  direction: WallSideSchema,
  widthIn: positive.default(1.2),
  lengthIn: positive.default(3),
})
export type StairSpec = z.infer<typeof StairSpecSchema>

/** A roof: flat, gabled (ridge along the building's longer side) or none. */
export const RoofSpecSchema = z.object({
  kind: z.enum(['flat', 'gable', 'none']).default('flat'),
  riseIn: positive.default(1.5),
})
export type RoofSpec = z.infer<typeof RoofSpecSchema>

/**
 * A rectangular building: `x`,`z` is its north-west outer corner; it may be
 * turned by `rotationDeg` (clockwise seen from above) about its centre.
 */
export const BuildingSchema = z.object({
  id,
  name: z.string().default('Building'),
  x: z.number(),
  z: z.number(),
  widthIn: positive,
  depthIn: positive,
  /** The height of a one-storey building's walls; ignored when `floors` are given. */
  wallHeightIn: positive.default(2.5),
  wallThicknessIn: positive.default(0.25),
  doors: z.array(DoorSpecSchema).default([]),
  rotationDeg: z.number().default(0),
  floors: z.array(FloorSpecSchema).min(1).optional(),
  windows: z.array(WindowSpecSchema).default([]),
  stairs: z.array(StairSpecSchema).default([]),
  roof: RoofSpecSchema.default({ kind: 'flat', riseIn: 1.5 }),
  material: z.enum(['brick', 'stone', 'plaster', 'timber', 'concrete']).default('plaster'),
})
export type BuildingSpec = z.infer<typeof BuildingSchema>

/** The widest or deepest table a scenario may have, in inches (40 feet). */
export const MAX_TABLE_IN = 480

/**
 * The most ground height samples a table may need (one every
 * `terrain.resolutionIn` inches each way): the ground is sampled when the
 * world is built, so a table far past this would hold the program for
 * seconds. A 72"×48" table needs 14,065 at the default 0.5" and 222,145 at
 * the finest 0.125"; a 480"×480" table fits at 0.5".
 */
export const MAX_HEIGHT_SAMPLES = 1_000_000

const tableSide = positive.max(MAX_TABLE_IN, `a table is at most ${MAX_TABLE_IN}" (40 feet) on a side`)

/** Table size in inches (1 unit = 1 inch), at most `MAX_TABLE_IN` a side. */
export const TableSchema = z.object({ widthIn: tableSide.default(72), depthIn: tableSide.default(48) })
export type Table = z.infer<typeof TableSchema>

/**
 * The lie of the ground: hills, ridges and slopes sampled into a height field
 * every `resolutionIn` inches (the ground between samples is flat triangles),
 * and the areas lying on it.
 */
export const TerrainSchema = z
  .object({
    resolutionIn: z.number().min(0.125).max(4).default(0.5),
    hills: z.array(HillSchema).default([]),
    ridges: z.array(RidgeSchema).default([]),
    slopes: z.array(SlopeSchema).default([]),
    relief: ReliefSchema.optional(),
    areas: z.array(AreaSchema).default([]),
  })
  .default({ resolutionIn: 0.5, hills: [], ridges: [], slopes: [], areas: [] })
export type Terrain = z.infer<typeof TerrainSchema>

/** How many ground height samples a table needs at its terrain's resolution (as the world's height field takes them). */
export function heightSampleCount(table: Table, terrain: Pick<Terrain, 'resolutionIn'>): number {
  const along = (lengthIn: number) => Math.max(1, Math.ceil(lengthIn / terrain.resolutionIn - 1e-9)) + 1
  return along(table.widthIn) * along(table.depthIn)
}

/**
 * A scenario-level check every ruleset's scenario schema applies (its
 * `superRefine`): the table must not need more than `MAX_HEIGHT_SAMPLES`
 * height samples, so a huge table at a fine resolution is refused at once,
 * naming the limit, instead of holding the program while the world is built.
 */
export function checkTableSamples(scenario: { table: Table; terrain: Terrain }, ctx: z.RefinementCtx): void {
  const samples = heightSampleCount(scenario.table, scenario.terrain)
  if (samples <= MAX_HEIGHT_SAMPLES) return
  const { widthIn, depthIn } = scenario.table
  ctx.addIssue({
    code: 'custom',
    path: ['terrain', 'resolutionIn'],
    message: `a ${widthIn}"×${depthIn}" table at ${scenario.terrain.resolutionIn}" resolution needs ${samples.toLocaleString('en-US')} height samples, more than the limit of ${MAX_HEIGHT_SAMPLES.toLocaleString('en-US')}: use a coarser terrain.resolutionIn or a smaller table`,
  })
}
