import { bearingDeg } from '../../world/facing'
import { footprintOfProfile } from './profile'
import { along, enemiesTouching, groundPoint, norm, poseClear, type SmrWorld } from './geometry'
import type { SmrLog } from './log'
import type { SmrUnit } from './state'
import { revealTouched } from './village'

/** Half the depth of a unit's base (front edge to centre). */
export function halfDepthIn(u: SmrUnit): number {
  const f = footprintOfProfile(u.profile)
  return f.kind === 'rect' ? f.depthIn / 2 : f.radiusIn
}

/** "Untouched" (SMR-MELEE-03): touching no enemy other than `except`, and locked with none. */
function untouched(log: SmrLog, world: SmrWorld, u: SmrUnit, except: string): boolean {
  if (u.faceToFace !== null && u.faceToFace !== except) return false
  return enemiesTouching(log.state, world, u).every((e) => e.id === except)
}

/**
 * SMR-MELEE-02..05, SMR-GEOM-06: `moverId` has just come into contact with
 * `targetId`. Two untouched units are turned face-to-face: the contacted
 * unit pivots on its centre to face the mover, then the mover lines its
 * front edge up with the other's, centres aligned, where there is room
 * (where there is not, they stay as they are, but count as face-to-face,
 * SMR-GEOM-05). A routed unit is never turned (SMR-ROUT-08). A unit joining
 * an engaged enemy's flank or rear stays where it touched (SMR-MELEE-05) and
 * attacks that enemy (SMR-MELEE-06).
 */
export function engage(log: SmrLog, world: SmrWorld, moverId: string, targetId: string): void {
  const mover = log.state.units[moverId]
  const target = log.state.units[targetId]
  if (!mover || !target) return
  if (target.routed || mover.routed) {
    if (!mover.routed) log.push({ type: 'Engaged', unitId: moverId, targetId, faceToFace: false })
    return
  }
  if (untouched(log, world, mover, targetId) && untouched(log, world, target, moverId)) {
    // Both turn, or (no room for both) neither: they stay as they are, face-to-face all the same.
    const face = norm(bearingDeg(target.position, mover.position))
    const turned = { ...target, facingDeg: face }
    const at = along(turned.position, face, halfDepthIn(turned) + halfDepthIn(mover))
    const facing = norm(face + 180)
    const scratch = { ...log.state, units: { ...log.state.units, [targetId]: turned } }
    if (
      poseClear(log.state, world, target, target.position, face, [moverId]) &&
      poseClear(scratch, world, mover, at, facing, [targetId])
    ) {
      log.push({
        type: 'UnitMoved',
        unitId: targetId,
        to: target.position,
        facingDeg: face,
        distanceIn: 0,
        reason: 'turn',
      })
      log.push({
        type: 'UnitMoved',
        unitId: moverId,
        to: groundPoint(world, at),
        facingDeg: facing,
        distanceIn: 0,
        reason: 'turn',
      })
    }
    log.push({ type: 'Engaged', unitId: moverId, targetId, faceToFace: true })
    return
  }
  log.push({ type: 'Engaged', unitId: moverId, targetId, faceToFace: false })
}

/** After any move on the table: contact (if any) and what it reveals (Village Invasion). */
export function afterMove(log: SmrLog, world: SmrWorld, unitId: string, contactId: string | null): void {
  if (contactId) engage(log, world, unitId, contactId)
  revealTouched(log, world, unitId)
}
