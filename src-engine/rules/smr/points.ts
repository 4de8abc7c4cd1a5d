import { unitPoints } from './profile'
import type { SmrScenario } from './scenario'

/** SMR-PTS-01: a side's points, every unit priced with §2.2 (SMR-PTS-06 as the scenario's settings say). */
export function smrSidePoints(scenario: SmrScenario, sideId: string): number {
  return scenario.units
    .filter((u) => u.sideId === sideId)
    .reduce((sum, u) => sum + unitPoints({ ...u, creature: u.creature }, scenario.settings), 0)
}

/** The points of one contingent of a side (Village Invasion's shares). */
export function smrContingentPoints(scenario: SmrScenario, sideId: string, contingentId: string): number {
  return scenario.units
    .filter((u) => u.sideId === sideId && u.contingent === contingentId)
    .reduce((sum, u) => sum + unitPoints({ ...u, creature: u.creature }, scenario.settings), 0)
}
