import type { ScenarioProblem } from '../../../scenario/problems'
import type { Scenario } from '../scenario/schema'

/**
 * The organisation above the team (SMLE-ORG-04, -09): a section under
 * anything but a platoon, a platoon under anything but a company, and a
 * side playing at platoon level with no platoon to roll by sections.
 */
export function organisationProblems(scenario: Scenario): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  const groups = new Map(scenario.groups.map((g) => [g.id, g]))
  const above = { section: 'platoon', platoon: 'company', company: null } as const
  for (const g of scenario.groups) {
    if (g.parentId === undefined) continue
    const parent = groups.get(g.parentId)
    if (!parent || parent.level === above[g.level]) continue
    out.push({
      code: 'group-under-wrong-level',
      severity: 'error',
      message:
        above[g.level] === null
          ? `${g.name} is a company and belongs to no group above it, but names ${parent.name} (SMLE-ORG-04).`
          : `${g.name} is a ${g.level} under ${parent.name}, a ${parent.level}; a ${g.level} belongs to a ${above[g.level]} (SMLE-ORG-04).`,
      objectId: g.id,
      clause: 'SMLE-ORG-04',
    })
  }
  for (const side of scenario.sides) {
    const level = side.level ?? scenario.level
    if (level !== 'platoon') continue
    if (scenario.groups.some((g) => g.sideId === side.id && g.level === 'platoon')) continue
    const z = side.deploymentZone
    out.push({
      code: 'platoon-level-no-platoon',
      severity: 'warning',
      message: `${side.name} plays at platoon level but has no platoon: at that level activation is rolled per section under a platoon leader; add a platoon and put its sections in it (SMLE-ORG-09).`,
      objectId: side.id,
      at: { x: (z.minX + z.maxX) / 2, z: (z.minZ + z.maxZ) / 2 },
      clause: 'SMLE-ORG-09',
    })
  }
  return out
}
