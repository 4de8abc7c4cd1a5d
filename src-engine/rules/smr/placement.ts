import { reject, rejectCore, type Refusal } from '../../core/decision'
import type { Vec2 } from '../../util/geometry'
import { baseCorners } from '../../world/footprint'
import { needStep, ownUnit, refused } from './commands/common'
import { poseClear, poseOfUnit, type SmrWorld } from './geometry'
import type { SmrState } from './state'
import { VILLAGE_DEPLOY_IN, withinVillageDeployment } from './village'

/**
 * Why a unit may not be set up at `at` facing `facingDeg`, or null when it
 * may (SMR-SETUP-04/06): the set-up step, a unit of the side deploying and
 * not a hidden peasant (SMR-SCEN-02), its base wholly inside its side's zone
 * (CORE-DEPLOY-01), in or within 6" of the village (§11), and a clear spot
 * (CORE-TABLE-03). The `placeUnit` command's checks, kept apart from it so
 * that a preview of them loads neither the command schemas nor the turn's flow.
 */
export function placementProblem(
  state: SmrState,
  world: SmrWorld,
  unitId: string,
  at: Vec2,
  facingDeg: number,
): Refusal | null {
  const phase = needStep(state, 'setup')
  if (phase) return phase
  const u = ownUnit(state, unitId)
  if (refused(u)) return u
  if (u.hiddenIn !== null)
    return reject('SMR-SCEN-02', `${u.name} is one of the hidden peasants: it is assigned to a building (hideUnit).`)
  const zone = world.scenario.sides.find((s) => s.id === u.sideId)!.deploymentZone!
  const corners = baseCorners(poseOfUnit(u, at, facingDeg))
  const inZone = corners.every(
    (c) => c.x >= zone.minX - 1e-9 && c.x <= zone.maxX + 1e-9 && c.z >= zone.minZ - 1e-9 && c.z <= zone.maxZ + 1e-9,
  )
  if (!inZone)
    return rejectCore(
      'CORE-DEPLOY-01',
      `${u.name} must be placed wholly inside its side's deployment zone (SMR-SETUP-06).`,
    )
  if (!withinVillageDeployment(world.scenario.village, u.sideId, corners))
    return reject('SMR-SCEN-02', `${u.name} must be set up in the village or within ${VILLAGE_DEPLOY_IN}" of it.`)
  if (!poseClear(state, world, u, at, facingDeg))
    return rejectCore('CORE-TABLE-03', `${u.name} cannot stand there: the spot is taken or blocked.`)
  return null
}
