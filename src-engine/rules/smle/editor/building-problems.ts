import type { ScenarioProblem } from '../../../scenario/problems'
import type { BuildingSpec, StairSpec } from '../../../scenario/table-schema'
import { buildingFrame } from '../../../world/building-geometry'
import { buildingLabel } from '../../../world/table-problems'
import type { Scenario } from '../scenario/schema'

const fmt = (n: number): string => String(Math.round(n * 100) / 100)
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

/** A floor in words: the ground floor, the first floor… */
export function floorWords(floor: number): string {
  return floor === 0 ? 'the ground floor' : `floor ${floor}`
}

/** A stair's footprint in building coordinates: its foot, rising toward its direction. */
function stairBox(s: StairSpec): { minX: number; minZ: number; maxX: number; maxZ: number } {
  const half = s.widthIn / 2
  switch (s.direction) {
    case 'east':
      return { minX: s.x, maxX: s.x + s.lengthIn, minZ: s.z - half, maxZ: s.z + half }
    case 'west':
      return { minX: s.x - s.lengthIn, maxX: s.x, minZ: s.z - half, maxZ: s.z + half }
    case 'south':
      return { minX: s.x - half, maxX: s.x + half, minZ: s.z, maxZ: s.z + s.lengthIn }
    case 'north':
      return { minX: s.x - half, maxX: s.x + half, minZ: s.z - s.lengthIn, maxZ: s.z }
  }
}

/**
 * What is wrong with a building as the editor builds it: no door to get in
 * by, a floor with no stair up to the next, a stair reaching through the
 * walls, and windows over one another in one wall of one floor.
 */
export function buildingProblems(scenario: Scenario): ScenarioProblem[] {
  return scenario.buildings.flatMap(oneBuilding)
}

function oneBuilding(b: BuildingSpec): ScenarioProblem[] {
  const out: ScenarioProblem[] = []
  const label = buildingLabel(b)
  const at = buildingFrame(b).toWorld({ x: b.widthIn / 2, z: b.depthIn / 2 })
  const where = { at, objectId: b.id }
  if (b.doors.length === 0)
    out.push({
      code: 'building-no-door',
      severity: 'warning',
      message: `${cap(label)} has no door: no figure can get in or out of it (SMLE-DOOR-01).`,
      clause: 'SMLE-DOOR-01',
      ...where,
    })
  const storeys = b.floors?.length ?? 1
  for (let f = 0; f + 1 < storeys; f++)
    if (!b.stairs.some((s) => s.floor === f))
      out.push({
        code: 'floor-no-stair',
        severity: 'warning',
        message: `${cap(floorWords(f))} of ${label} has no stair up to ${floorWords(f + 1)}: no figure can get up there.`,
        ...where,
      })
  const t = b.wallThicknessIn
  for (const s of b.stairs) {
    const box = stairBox(s)
    if (
      box.minX < t - 1e-9 ||
      box.minZ < t - 1e-9 ||
      box.maxX > b.widthIn - t + 1e-9 ||
      box.maxZ > b.depthIn - t + 1e-9
    )
      out.push({
        code: 'stair-through-wall',
        severity: 'error',
        message: `The stair up from ${floorWords(s.floor)} of ${label} reaches through its walls: a ${fmt(s.lengthIn)}" stair from ${fmt(s.x)}, ${fmt(s.z)} rising ${s.direction} must lie inside the ${fmt(b.widthIn)}" × ${fmt(b.depthIn)}" building.`,
        ...where,
      })
  }
  for (let i = 0; i < b.windows.length; i++)
    for (let j = 0; j < i; j++) {
      const a = b.windows[i]!
      const c = b.windows[j]!
      if (
        a.wall === c.wall &&
        a.floor === c.floor &&
        Math.abs(a.offsetIn - c.offsetIn) < (a.widthIn + c.widthIn) / 2 - 1e-9
      )
        out.push({
          code: 'windows-overlap',
          severity: 'error',
          message: `Two windows of ${label} overlap in its ${a.wall} wall on ${floorWords(a.floor)} (${fmt(c.offsetIn)}" and ${fmt(a.offsetIn)}" along it).`,
          ...where,
        })
    }
  return out
}
