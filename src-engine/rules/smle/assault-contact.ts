import { distanceToOutline } from '../../world/geometry/polygon'
import { PARAPET } from '../../world/model/features'
import type { Body } from '../../world/types'
import type { World } from './world'

/**
 * The gap between an attacking and a defending figure for close assault
 * (SMLE-CA-03: base contact within `contactTolerance`, and the 1" within
 * which figures take part).
 *
 * [decision] SMLE-CA-01/03 with Table 5: a defender in a pit or trench
 * (foxhole, weapon pit, trench) fights over its parapet. The parapet keeps
 * an attacker's base off the pit, so measured edge to edge nobody could ever
 * touch the occupant, and the position would be immune; Table 5 instead gives
 * the defender +2 for it. So for an attacker outside the position the
 * parapet's thickness counts for nothing, nor does the free room the
 * defender has round him in his pit (he steps up to the lip to meet the
 * attacker): the gap is the measured one less both. An attacker touching the
 * outside of a foxhole's parapet is thus in base contact with the man in it;
 * in a larger pit, only the occupants near that side are. Pillboxes and
 * bunkers are entered by their doorway and measured as they stand.
 */
export function assaultGapIn(world: World, attacker: Body, defender: Body): number {
  const gap = world.distanceIn(attacker, defender)
  const position = world.positionAt(defender.position)
  if (!position || position.kind === 'pillbox' || position.kind === 'bunker') return gap
  if (world.positionAt(attacker.position)?.id === position.id) return gap
  const room = Math.max(0, distanceToOutline(defender.position, position.occupancy) - defender.baseRadiusIn)
  return Math.max(0, gap - PARAPET.thicknessIn - room)
}

/**
 * Base contact between two figures of opposing sides (SMLE-GEN-06 tolerance),
 * either of them possibly over the parapet of a pit the other is in
 * (`assaultGapIn`). Used for close assault and for a Break in contact
 * (SMLE-OPT-08).
 */
export function inBaseContact(world: World, a: Body, b: Body, toleranceIn: number): boolean {
  return Math.min(assaultGapIn(world, a, b), assaultGapIn(world, b, a)) <= toleranceIn + 1e-9
}
