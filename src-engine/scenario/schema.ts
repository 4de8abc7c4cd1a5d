import { z } from 'zod'
import { SideSpecSchema, TeamSpecSchema } from './forces-schema'
import { BuildingSchema, TableSchema, TerrainSchema } from './table-schema'

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
