import type { TableScenario } from '../../scenario/schema'
import { buildingFootprint } from '../building-geometry'
import { HeightField } from '../geometry/height-field'
import { featureHeightAt } from '../terrain'
import { compilePosition } from './features'
import type { StructureSpec } from './structures'

/** Buildings and the structures of prepared positions (pillboxes, bunkers). */
export function structureSpecs(scenario: TableScenario): StructureSpec[] {
  return [...scenario.buildings, ...scenario.positions.flatMap((p) => compilePosition(p).structure ?? [])]
}

/** The level a structure stands at: the height of the ground under its centre before levelling. */
export function padHeightOf(scenario: TableScenario, spec: StructureSpec): number {
  return featureHeightAt(scenario.terrain, spec.x + spec.widthIn / 2, spec.z + spec.depthIn / 2)
}

/**
 * The ground of a scenario: its hills, ridges and slopes sampled at the
 * terrain's resolution, levelled under every structure. Also returns, for
 * each structure, the lowest ground around it before levelling (where its
 * walls must reach down to).
 */
export function buildGround(scenario: TableScenario): { ground: HeightField; lowest: number[] } {
  const { widthIn, depthIn } = scenario.table
  const terrain = scenario.terrain
  const ground = new HeightField(widthIn, depthIn, terrain.resolutionIn, (x, z) => featureHeightAt(terrain, x, z))
  const specs = structureSpecs(scenario)
  const lowest = specs.map((s) => ground.rangeNear(buildingFootprint(s), terrain.resolutionIn * 2).min)
  specs.forEach((s) => ground.flatten(buildingFootprint(s), padHeightOf(scenario, s)))
  return { ground, lowest }
}

const cache = new WeakMap<TableScenario, HeightField>()

/** The height a base stands at on the ground of a scenario (kept per scenario object). */
export function groundHeightOf(scenario: TableScenario, x: number, z: number): number {
  let g = cache.get(scenario)
  if (!g) {
    g = buildGround(scenario).ground
    cache.set(scenario, g)
  }
  return g.heightAt(x, z)
}
