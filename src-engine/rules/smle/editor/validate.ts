import type { z } from 'zod'
import { type ScenarioProblem, sortProblems } from '../../../scenario/problems'
import { schemaProblems } from '../../../scenario/schema-words'
import { checkTableSamples } from '../../../scenario/table-schema'
import type { Vec2 } from '../../../util/geometry'
import { buildingFrame } from '../../../world/building-geometry'
import { tableSolids } from '../../../world/placement'
import { tableProblems } from '../../../world/table-problems'
import { type Scenario, ScenarioFieldsSchema } from '../scenario/schema'
import { checkScenarioReferences } from '../scenario/validate'
import { buildingProblems } from './building-problems'
import { forceProblems, zoneCentre } from './force-problems'
import { placementProblems } from './placement-problems'

/**
 * Checks an SMLE scenario as it is being edited and says what is wrong in
 * words, at the place it is: fields the schema refuses (named by what they
 * belong to, never by a schema path), ids and references that do not match,
 * the table (buildings, doors, objectives, prepared positions, deployment
 * zones), where the forces stand (off the table, inside walls, on one
 * another), and the forces as a whole (a side with no figures, hidden
 * set-up, points over the totals, SMLE-PTS-08, victory, organisation).
 * Errors first, then warnings. Cheap enough to run on every edit: no world
 * is built.
 */
export function validateSmleScenario(raw: unknown): ScenarioProblem[] {
  const fields = ScenarioFieldsSchema.safeParse(raw)
  if (!fields.success) return sortProblems(schemaProblems(raw, fields.error.issues))
  const scenario = fields.data
  const references = crossProblems(scenario)
  const out = [
    ...references,
    ...tableProblems(scenario),
    ...buildingProblems(scenario),
    ...placementProblems(scenario, tableSolids(scenario)),
  ]
  // The whole-force checks price every weapon and vehicle: they need every reference to hold.
  if (references.length === 0) out.push(...forceProblems(scenario))
  return sortProblems(out)
}

/** The checks across fields the scenario schema makes when it loads, as problems placed where their object is. */
function crossProblems(scenario: Scenario): ScenarioProblem[] {
  const issues: { message: string }[] = []
  const ctx = {
    addIssue: (i: { message?: string } | string) =>
      issues.push({ message: typeof i === 'string' ? i : (i.message ?? '') }),
    value: scenario,
    issues: [],
  } as unknown as z.RefinementCtx
  checkTableSamples(scenario, ctx)
  checkScenarioReferences(scenario, ctx)
  return (
    issues
      // A figure off the table is said by the placement check, with its name.
      .filter((i) => !/^figure ".*" stands off the table/.test(i.message))
      .map((i): ScenarioProblem => {
        const id = /"([^"]+)"/.exec(i.message)?.[1]
        const at = id === undefined ? undefined : placeOfId(scenario, id)
        const message = `${i.message.charAt(0).toUpperCase()}${i.message.slice(1)}${/[.!?]$/.test(i.message) ? '' : '.'}`
        return { code: 'reference', severity: 'error', message, ...(id ? { objectId: id } : {}), ...(at ? { at } : {}) }
      })
  )
}

/** Where an object of the scenario is, by id: a figure, vehicle, team, building, door, position, objective or side. */
export function placeOfId(scenario: Scenario, id: string): Vec2 | undefined {
  for (const t of scenario.teams) {
    if (t.id === id) return t.figures[0]?.position
    const f = t.figures.find((x) => x.id === id)
    if (f) return f.position
  }
  const v = scenario.vehicles.find((x) => x.id === id)
  if (v) return v.position
  for (const b of scenario.buildings)
    if (b.id === id || b.doors.some((d) => d.id === id))
      return buildingFrame(b).toWorld({ x: b.widthIn / 2, z: b.depthIn / 2 })
  const p = scenario.positions.find((x) => x.id === id) ?? scenario.objectives.find((x) => x.id === id)
  if (p) return { x: p.x, z: p.z }
  const side = scenario.sides.find((s) => s.id === id)
  return side ? zoneCentre(side) : undefined
}
