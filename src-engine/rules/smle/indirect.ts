import type { RollModifier } from './events/events'
import type { Vec2 } from '../../util/geometry'
import { dist2 } from '../../util/geometry'
import { isWithin, modifier, refuse, type RuleRefusal, sumFaces } from './combat-types'
import { deviation, type Deviation } from './deviation'
import type { Band } from './fire-kinds'
import type { SmleSettings } from './settings'
import { type FirerState, firerModifiers, toHitNumber } from './shooting-modifiers'
import { firesIndirect, requireWeapon } from './weapons'

/** SMLE-IND-02: the firing unit needs AL 7 (band B6, Advance) or more; the observer's option is B6+ too. */
export const INDIRECT_MIN_BAND: Band = 6

/** The figure that would observe for indirect fire. */
export interface ObserverCheck {
  /** A command or specialist figure (SMLE-IND-01). */
  readonly commandOrSpecialist: boolean
  /** It sees the target point (the world's line of sight). */
  readonly seesPoint: boolean
  /** Its team is in the same group as the firing unit (SMLE-IND-05). */
  readonly sameGroupAsFiringUnit: boolean
  /** Its team has a radio figure (SMLE-IND-05). */
  readonly hasRadio: boolean
  /** Its team's band (the Observe option is B6+, SMLE-IND-02, SMLE-OPT-10). */
  readonly band: Band
}

/**
 * Whether a figure may observe (SMLE-IND-01/02/05): a command or specialist
 * figure, seeing the target point, in communication with the firing unit
 * (same group, or a radio in its team), its team at B6+ using the
 * "Observe for indirect fire" option.
 */
export function mayObserve(check: ObserverCheck): { ok: true } | RuleRefusal {
  if (!check.commandOrSpecialist)
    return refuse('SMLE-IND-01', 'Only a command or specialist figure can observe for indirect fire.')
  if (!check.seesPoint) return refuse('SMLE-IND-01', 'The observer must see the target point.')
  if (!check.sameGroupAsFiringUnit && !check.hasRadio)
    return refuse('SMLE-IND-05', 'The observer cannot communicate with the firing unit (same group or a radio).')
  if (check.band < INDIRECT_MIN_BAND)
    return refuse('SMLE-IND-02', `Observing needs band B${INDIRECT_MIN_BAND} or better.`)
  return { ok: true }
}

/** The unit that would fire indirectly. */
export interface IndirectFirerCheck {
  /** Table 6 id of the weapon. */
  readonly weaponId: string
  readonly band: Band
  /** It moved this round (SMLE-IND-02: it may not move). */
  readonly moved: boolean
  /** Distance from the weapon to the target point; null when it fires from off the table. */
  readonly rangeIn: number | null
}

/**
 * Whether a unit may fire indirectly (SMLE-IND-01/02): an indirect-capable
 * weapon, band B6+, stationary, and the point between the weapon's minimum
 * and effective range. Decision: indirect fire has no extreme-range band, and
 * only a weapon flagged off-table (the medium mortar) may fire from off the table.
 */
export function mayFireIndirect(check: IndirectFirerCheck): { ok: true } | RuleRefusal {
  const weapon = requireWeapon(check.weaponId)
  if (!firesIndirect(weapon)) return refuse('SMLE-IND-01', `${weapon.name} cannot fire indirectly.`)
  if (check.band < INDIRECT_MIN_BAND)
    return refuse('SMLE-IND-02', `Indirect fire needs band B${INDIRECT_MIN_BAND} or better.`)
  if (check.moved) return refuse('SMLE-IND-02', 'A unit firing indirectly may not move.')
  if (check.rangeIn === null)
    return weapon.offTable ? { ok: true } : refuse('SMLE-IND-01', `${weapon.name} cannot fire from off the table.`)
  if (check.rangeIn < weapon.minRangeIn)
    return refuse('SMLE-IND-01', `${weapon.name} cannot fire closer than ${weapon.minRangeIn}".`)
  if (!isWithin(check.rangeIn, weapon.effectiveRangeIn ?? 0))
    return refuse('SMLE-IND-01', `The point is beyond the ${weapon.name}'s range.`)
  return { ok: true }
}

/** An observer's watch on one point, round after round (SMLE-IND-04). */
export interface Observation {
  readonly point: Vec2
  /** Consecutive rounds spent observing this point, this one included. */
  readonly rounds: number
}

/**
 * The observation after this round (SMLE-IND-04/05): the count goes up when
 * the observer keeps watching the same point (within `contactTolerance`)
 * without losing sight of it; otherwise it starts again at 1, or ends (null)
 * when the observer does not see the point.
 */
export function continueObservation(
  previous: Observation | null,
  point: Vec2,
  seesPoint: boolean,
  settings: SmleSettings,
): Observation | null {
  if (!seesPoint) return null
  const same = previous !== null && isWithin(dist2(previous.point, point), settings.contactTolerance)
  return { point, rounds: same ? previous.rounds + 1 : 1 }
}

/** SMLE-IND-04: +2 for each further round observing the same point (second round +2, third +4 …). */
export function observerBonus(rounds: number): number {
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`bad observation count ${rounds}`)
  return 2 * (rounds - 1)
}

/**
 * The observer's roll when the fire arrives (SMLE-IND-04/05): its own to-hit
 * number and firer modifiers (moved, prone, not under fire, wound, Elite,
 * hero; no bracing, no range), no target modifiers (a point is targeted),
 * plus the observation bonus.
 */
export function planObserverRoll(
  observer: FirerState,
  rounds: number,
  settings: SmleSettings,
): { toHit: number; modifiers: RollModifier[] } {
  const mods = firerModifiers(observer, settings, { weapon: false })
  const bonus = observerBonus(rounds)
  if (bonus > 0) mods.push(modifier(`Observed ${rounds} rounds`, bonus, 'SMLE-IND-04'))
  return { toHit: toHitNumber(observer.quality), modifiers: mods }
}

/** The observer's roll settled: a hit lands on the point; a miss deviates double (SMLE-IND-04, SMLE-EXP-14). */
export function resolveObserverRoll(
  plan: { toHit: number; modifiers: readonly RollModifier[] },
  faces: readonly number[],
  deviationFace: number | null,
): { hit: boolean; deviation: Deviation | null } {
  if (faces.length !== 2) throw new RangeError(`the observer throws 2D6, got ${faces.length} faces`)
  const natural = sumFaces(faces)
  const total = natural + plan.modifiers.reduce((t, m) => t + m.value, 0)
  // SMLE-SHOOT-04 holds for every to-hit roll: snake eyes miss.
  const hit = natural !== 2 && total >= plan.toHit
  if (hit) return { hit, deviation: null }
  if (deviationFace === null) throw new RangeError('a missed indirect round needs a 1D6 for deviation')
  return { hit, deviation: deviation(deviationFace, { indirect: true }) }
}

/** A call for indirect fire (SMLE-IND-03/06). */
export interface FireMission {
  readonly observerTeamId: string
  readonly firingTeamId: string
  readonly weaponId: string
  readonly point: Vec2
  readonly calledRound: number
  /** SMLE-IND-03: the fire arrives the following round, in the firing unit's active turn. */
  readonly arrivesRound: number
}

/** Calls a fire mission; both teams spend their attack for this round (SMLE-IND-06). */
export function callFireMission(m: Omit<FireMission, 'arrivesRound'>): {
  mission: FireMission
  attacksSpentBy: readonly string[]
} {
  return { mission: { ...m, arrivesRound: m.calledRound + 1 }, attacksSpentBy: [m.observerTeamId, m.firingTeamId] }
}

/**
 * A mission's status in the firing unit's active turn (SMLE-IND-03/06):
 * pending before its round; in its round it lands if the firing unit is at
 * B6+ and stationary, otherwise it is cancelled; later rounds: cancelled.
 */
export function missionStatus(
  mission: FireMission,
  now: { readonly round: number; readonly firingBand: Band; readonly firingUnitStationary: boolean },
): 'pending' | 'lands' | 'cancelled' {
  if (now.round < mission.arrivesRound) return 'pending'
  if (now.round > mission.arrivesRound) return 'cancelled'
  return now.firingBand >= INDIRECT_MIN_BAND && now.firingUnitStationary ? 'lands' : 'cancelled'
}
