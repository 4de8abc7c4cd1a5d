import type { RollModifier } from './events/events'
import { COVER_ORDER, type CoverGrade } from '../../world/types'
import { modifier } from './combat-types'
import type { SmleSettings } from './settings'

/** Table 3: target in hard cover (SMLE-SHOOT-21 confirms −3 as the best of the cover rows `[seed]`). */
export const HARD_COVER_TO_HIT = -3

/** How a target is hidden or protected from one firer. */
export interface TargetCover {
  /** Cover of the target from this firer (SMLE-SHOOT-24 majority; prone in the open counts as soft, SMLE-MOVE-06). */
  readonly cover: CoverGrade
  /** The target was visible for only part of its move (SMLE-SHOOT-21, used with Opportunity Fire). */
  readonly inOutOfSight?: boolean
}

/**
 * The one cover modifier of a firer's roll (SMLE-SHOOT-21/22): soft cover,
 * in-and-out of sight, hard cover and prepared position are grades of one
 * thing, so only the best (most negative) applies; on a tie the better grade
 * names it. A flamethrower ignores soft cover (Table 6). Null when none applies.
 */
export function targetCoverModifier(
  target: TargetCover,
  settings: SmleSettings,
  options: { ignoresSoftCover?: boolean } = {},
): RollModifier | null {
  const candidates: RollModifier[] = []
  if (target.cover === 'soft' && !options.ignoresSoftCover)
    candidates.push(modifier('Target in soft cover', settings.softCoverToHit, 'SMLE-SHOOT-21'))
  if (target.inOutOfSight)
    candidates.push(modifier('Target moving in and out of sight', settings.inOutOfSightToHit, 'SMLE-SHOOT-21'))
  if (target.cover === 'hard') candidates.push(modifier('Target in hard cover', HARD_COVER_TO_HIT, 'SMLE-SHOOT-21'))
  if (target.cover === 'prepared')
    candidates.push(modifier('Target in a prepared position', settings.preparedPositionToHit, 'SMLE-SHOOT-21'))
  // SMLE-SHOOT-22: best one only; later candidates are better grades, so they win ties.
  let best: RollModifier | null = null
  for (const c of candidates) if (best === null || c.value <= best.value) best = c
  return best === null ? null : { ...best, clause: candidates.length > 1 ? 'SMLE-SHOOT-22' : best.clause }
}

/**
 * The cover of a unit from one firer (SMLE-SHOOT-24): the grade that applies
 * to most of the target figures that firer can see; a tie goes to the better
 * grade. `none` when the firer sees no one.
 */
export function majorityCover(grades: readonly CoverGrade[]): CoverGrade {
  let best: CoverGrade = 'none'
  let bestCount = 0
  for (const grade of COVER_ORDER) {
    const count = grades.filter((g) => g === grade).length
    if (count > 0 && count >= bestCount) {
      best = grade
      bestCount = count
    }
  }
  return best
}

/** Half-width of a prepared position's arc of fire (SMLE-SHOOT-26: a 90° arc). */
export const PREPARED_ARC_HALF_DEG = 45

/** Occupation of a prepared position (SMLE-SHOOT-26). */
export interface PreparedOccupation {
  /** Round the team moved in; 0 when it was set up in the position before the game. */
  readonly enteredRound: number
  /** The current round (1 = first round of play). */
  readonly round: number
}

/**
 * What a prepared position gives its team this round (SMLE-SHOOT-26): on first
 * moving in, the occupant spends that round without firing; from the next
 * round it has the position's benefits (activation +3, target −3, close
 * assault +2) while it stays. A team set up in it before the game has them
 * from round 1.
 */
export function preparedPositionState(occupation: PreparedOccupation): { benefits: boolean; mayFire: boolean } {
  const settled = occupation.round > occupation.enteredRound
  return { benefits: settled, mayFire: settled }
}

/**
 * Whether a target bearing lies in a prepared position's 90° arc, chosen at
 * set-up (SMLE-SHOOT-26). Bearings are degrees clockwise from north; an
 * occupant cannot fire outside the arc without leaving the position.
 */
export function withinPreparedArc(bearingDeg: number, arcCentreDeg: number): boolean {
  const diff = Math.abs(((((bearingDeg - arcCentreDeg) % 360) + 540) % 360) - 180)
  return diff <= PREPARED_ARC_HALF_DEG + 1e-9
}
