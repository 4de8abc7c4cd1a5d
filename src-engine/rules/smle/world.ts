import type { World as TableWorld } from '../../world/world'
import type { Scenario } from './scenario/schema'

/** The table world of an SMLE game: the neutral world, built from an SMLE scenario. */
export type World = TableWorld<Scenario>
