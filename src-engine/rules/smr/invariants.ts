import { basesOverlap } from '../../world/footprint'
import { onTable, poseOfUnit, type SmrWorld } from './geometry'
import { type SmrState, unitsOnTable } from './state'
import { hypot } from '../../util/geometry'

/**
 * What must hold in every SMR state, whatever was played: no two bases on
 * the table overlap (SMR-MOVE-06), every base is on the table, face-to-face
 * locks are mutual (SMR-MELEE-04) and name only units still in the game, a
 * routed unit has its rally turn (SMR-RALLY-04), hidden units are in
 * village buildings, and the game has a result exactly when it has ended.
 * Returns what is broken (empty when all is well).
 */
export function smrInvariants(state: SmrState, world: SmrWorld): string[] {
  const broken: string[] = []
  const on = unitsOnTable(state)
  for (let i = 0; i < on.length; i++) {
    const a = on[i]!
    if (!onTable(world, poseOfUnit(a))) broken.push(`${a.id} is off the table`)
    for (let j = i + 1; j < on.length; j++) {
      const b = on[j]!
      if (
        hypot(a.position.x - b.position.x, a.position.z - b.position.z) < 3 &&
        basesOverlap(poseOfUnit(a), poseOfUnit(b), 1e-3)
      )
        broken.push(`${a.id} and ${b.id} overlap`)
    }
  }
  for (const u of Object.values(state.units)) {
    if (u.faceToFace) {
      const p = state.units[u.faceToFace]
      if (!p || p.status !== 'ok') broken.push(`${u.id} is locked with ${u.faceToFace}, who is gone`)
      else if (p.faceToFace !== u.id && u.status === 'ok')
        broken.push(`${u.id} is locked with ${p.id}, but not ${p.id} with it`)
    }
    if (u.status !== 'ok' && (u.faceToFace || u.target)) broken.push(`${u.id} is gone but still engaged`)
    if (u.status === 'ok' && u.routed && u.rallyTurn === null) broken.push(`${u.id} is routed with no rally turn`)
    if (u.status === 'ok' && u.hiddenIn !== null && !world.scenario.village?.buildingIds.includes(u.hiddenIn))
      broken.push(`${u.id} hides in ${u.hiddenIn}, not a village building`)
  }
  if ((state.phase === 'ended') !== (state.result !== null)) broken.push('the result and the phase disagree')
  return broken
}
