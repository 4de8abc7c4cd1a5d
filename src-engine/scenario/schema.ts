import { z } from 'zod'
import { SideSpecSchema, TeamSpecSchema } from './forces-schema'
import { BaseLineSchema, BuildingSchema, LinearFeatureSchema, ObjectiveSchema, PreparedPositionSchema, TableObstacleSchema, TableSchema, TerrainSchema } from './table-schema'

export * from './forces-schema'
export * from './table-schema'

/** A scenario: the table, its terrain and the forces. Part of every save file. */
export const ScenarioSchema = z
  .object({
    formatVersion: z.literal(1),
    id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'scenario ids are lower-case words joined by hyphens'),
    name: z.string().min(1).max(120),
    description: z.string().default(''),
    ruleset: z.enum(['smle', 'smr']),
    table: TableSchema,
    terrain: TerrainSchema,
    buildings: z.array(BuildingSchema).default([]),
    /** Stone walls, sandbags, hedges and fences. */
    linearFeatures: z.array(LinearFeatureSchema).default([]),
    /** Prepared positions (SMLE-SHOOT-26). */
    positions: z.array(PreparedPositionSchema).default([]),
    /** Vehicles and wrecks standing on the table as scenery. */
    obstacles: z.array(TableObstacleSchema).default([]),
    objectives: z.array(ObjectiveSchema).default([]),
    /** Each side's base line; a side without one uses the table edge nearest its deployment zone. */
    baseLines: z.array(BaseLineSchema).default([]),
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
    s.terrain.ridges.forEach((r) => unique(r.id, 'ridge'))
    s.terrain.slopes.forEach((r) => unique(r.id, 'slope'))
    s.terrain.areas.forEach((a) => unique(a.id, 'area'))
    s.linearFeatures.forEach((f) => unique(f.id, 'linear feature'))
    s.positions.forEach((p) => unique(p.id, 'prepared position'))
    s.obstacles.forEach((o) => unique(o.id, 'obstacle'))
    s.objectives.forEach((o) => unique(o.id, 'objective'))
    for (const line of s.baseLines) {
      if (!sideIds.has(line.sideId)) ctx.addIssue({ code: 'custom', message: `base line names unknown side "${line.sideId}"` })
    }
    for (const b of s.buildings) {
      const storeys = b.floors?.length ?? 1
      for (const w of b.windows) if (w.floor >= storeys) ctx.addIssue({ code: 'custom', message: `building "${b.id}" has a window on floor ${w.floor} but only ${storeys} floor(s)` })
      for (const st of b.stairs) if (st.floor + 1 >= storeys) ctx.addIssue({ code: 'custom', message: `building "${b.id}" has a stair from floor ${st.floor} with no floor above` })
    }
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
