import type { ScenarioProblem } from '../../../scenario/problems'
import { baseEdgeOf } from '../initial-state'
import type { Vec2 } from '../../../util/geometry'
import type { Scenario, SideSpec } from '../scenario/schema'

/** The middle of a side's deployment zone (where a problem about the whole side is shown). */
const zoneCentre = (side: SideSpec): Vec2 => {
  const z = side.deploymentZone
  return { x: (z.minX + z.maxX) / 2, z: (z.minZ + z.maxZ) / 2 }
}

/**
 * What is wrong with the sides and the mission as a whole (§16): sides drawn
 * alike, a side asked to win by what cannot happen or by its own loss, and a
 * side sent off the table by the edge it starts from.
 */
export function missionProblems(scenario: Scenario): ScenarioProblem[] {
  return [...sideLookProblems(scenario), ...conditionProblems(scenario)]
}

/** Two sides in one colour cannot be told apart on the table. */
function sideLookProblems(scenario: Scenario): ScenarioProblem[] {
  const [a, b] = scenario.sides
  if (!a || !b || a.colour.toLowerCase() !== b.colour.toLowerCase()) return []
  return [
    {
      code: 'sides-same-colour',
      severity: 'warning',
      message: `${a.name} and ${b.name} are both drawn in ${a.colour}: their figures cannot be told apart on the table; give one side another colour.`,
      objectId: b.id,
      at: zoneCentre(b),
    },
  ]
}

/** The victory conditions (§16) that ask for something odd of their own side. */
function conditionProblems(scenario: Scenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  const sideOf = (id: string) => scenario.sides.find((s) => s.id === id)
  const figureSide = new Map(scenario.teams.flatMap((t) => t.figures.map((f) => [f.id, t] as const)))
  for (const c of scenario.victory.conditions) {
    const side = 'sideId' in c ? sideOf(c.sideId) : undefined
    if (!side) continue // control names its sides in a list; unknown ones are said by the reference check
    if (c.kind === 'eliminate' && c.targetSideId === c.sideId)
      out.push({
        code: 'eliminate-own-side',
        severity: 'error',
        message: `${side.name} is to win by wiping out ${side.name}: name the enemy side as the one to be wiped out (SMLE-SCEN-06).`,
        objectId: side.id,
        at: zoneCentre(side),
        clause: 'SMLE-SCEN-06',
      })
    if (c.kind === 'killFigures')
      for (const id of c.figureIds) {
        const team = figureSide.get(id)
        if (team?.sideId !== side.id) continue
        const f = team.figures.find((x) => x.id === id)!
        out.push({
          code: 'kill-own-figure',
          severity: 'warning',
          message: `${side.name} is to win when ${f.name} (${team.name}) is killed, but ${f.name} is one of its own figures: name the enemy's (SMLE-SCEN-06).`,
          objectId: f.id,
          at: f.position,
          clause: 'SMLE-SCEN-06',
        })
      }
    if (c.kind === 'exit') {
      const edge = baseEdgeOf(scenario, side)
      if (edge === c.edge)
        out.push({
          code: 'exit-by-own-edge',
          severity: 'warning',
          message: `${side.name} is to win by getting off the table by the ${c.edge} edge, its own base edge where it starts; a force that must cross the table leaves by the edge opposite the one it enters by (SMLE-SCEN-05).`,
          objectId: side.id,
          at: zoneCentre(side),
          clause: 'SMLE-SCEN-05',
        })
    }
  }
  return out
}
