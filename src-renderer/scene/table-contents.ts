import type { MatchState, TableScenario } from '../../src-engine/index'
import { figureLayers } from './figure-layers'
import type { TableContents } from './program-warmup'
import { plantsOf } from './table/Woods'
import { vehicleLayers } from './vehicles/vehicle-layers'
import { worldOf } from './world-cache'

/** What a table's first frame draws, as its shader programs go: the table's own parts and, in an SMLE game, its figures and vehicles. */
export function tableContents(scenario: TableScenario, state: MatchState | null): TableContents {
  const model = worldOf(scenario).model
  const plants = plantsOf(model)
  const figures = state ? figureLayers(state) : null
  const vehicles = state ? vehicleLayers(state) : null
  return {
    instances:
      (figures?.bases.length ?? 0) > 0 ||
      (vehicles?.hulls.length ?? 0) > 0 ||
      plants.trees.length + plants.bushes.length > 0 ||
      model.doors.length > 0,
    marks:
      (vehicles?.fronts.length ?? 0) > 0 ||
      (!!figures &&
        [figures.leaders, figures.wounds, figures.serious, figures.braced, figures.active].some((l) => l.length > 0)),
    arcs: model.positions.length > 0,
    solids: model.structures.length + model.linear.length + model.obstacles.length + scenario.objectives.length > 0,
  }
}
