/**
 * The engine's table geometry alone, without the rules: what a worker that
 * paints the table needs (the whole public surface, `index`, would load every
 * ruleset with it).
 */
export { compileTable, pointInPolygon } from './world/world'
export type { AreaModel, TableModel } from './world/world'
export type { TableScenario } from './scenario/schema'
