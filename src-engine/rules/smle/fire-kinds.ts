import { refuse, type RuleRefusal } from './combat-types'

/** The attacks of §7: the four kinds of fire and the close assault. */
export type AttackKind = 'closeAssault' | 'direct' | 'opportunity' | 'return' | 'panic'

/** Activation band index B0…B10 (SMLE-ACT-02) as a number 0…10. */
export type Band = number

/** The lowest band that allows each attack (Table 1, SMLE-COMBAT-01/02/04/07/09). */
export const ATTACK_MIN_BAND: Readonly<Record<AttackKind, Band>> = {
  closeAssault: 9,
  direct: 7,
  opportunity: 5,
  return: 3,
  panic: 2,
}

const KIND_CLAUSE: Readonly<Record<AttackKind, string>> = {
  closeAssault: 'SMLE-COMBAT-01',
  direct: 'SMLE-COMBAT-02',
  opportunity: 'SMLE-COMBAT-04',
  return: 'SMLE-COMBAT-07',
  panic: 'SMLE-COMBAT-09',
}

const KIND_NAME: Readonly<Record<AttackKind, string>> = {
  closeAssault: 'Close Assault',
  direct: 'Direct Fire',
  opportunity: 'Opportunity Fire',
  return: 'Return Fire',
  panic: 'Panic Fire',
}

/** What decides whether a team may make an attack of some kind now. */
export interface AttackCheck {
  readonly kind: AttackKind
  /** The team's current band (SMLE-ACT-02); opportunity fire uses the firing team's current AL (SMLE-COMBAT-04). */
  readonly band: Band
  /** The team already attacked this round (SMLE-TURN-07: one attack a round). */
  readonly attackedThisRound?: boolean
  /** Return fire only: the target unit fired on this team this round or the previous round (SMLE-COMBAT-07). */
  readonly targetFiredOnUs?: boolean
  /** The team is running this turn (SMLE-MOVE-08: no combat option but Panic Fire). */
  readonly running?: boolean
}

/**
 * Whether a team may make an attack (§7): its band reaches the kind's row
 * (a unit may use its own band's options or any lower band's, SMLE-ACT-06),
 * B1 may not fire and B0 may not attack at all (SMLE-COMBAT-13), one attack
 * a round (SMLE-TURN-07), Return Fire only at a unit that fired on it this
 * or last round (SMLE-COMBAT-07), a running team only Panic Fires (SMLE-MOVE-08).
 */
export function fireKindAllowed(check: AttackCheck): { ok: true } | RuleRefusal {
  if (check.band <= 1)
    return refuse(
      'SMLE-COMBAT-13',
      check.band === 1
        ? 'A team falling back at full move (B1) may not fire.'
        : 'A broken team (B0) abandons its weapons and may not attack.',
    )
  const min = ATTACK_MIN_BAND[check.kind]
  if (check.band < min)
    return refuse(
      KIND_CLAUSE[check.kind],
      `${KIND_NAME[check.kind]} needs band B${min} or better; this team is at B${check.band}.`,
    )
  if (check.attackedThisRound) return refuse('SMLE-TURN-07', 'A team makes only one attack a round.')
  if (check.kind === 'return' && !check.targetFiredOnUs)
    return refuse('SMLE-COMBAT-07', 'Return Fire only answers a unit that fired on this team this round or last round.')
  if (check.running && check.kind !== 'panic')
    return refuse('SMLE-MOVE-08', 'A running team cannot fire effectively: Panic Fire only.')
  return { ok: true }
}

/**
 * SMLE-COMBAT-06: before an assaulting team makes contact, a defending unit
 * that has not attacked this round may Opportunity Fire at its current AL.
 */
export function defensiveFireAllowed(
  defenderBand: Band,
  defenderAttackedThisRound: boolean,
): { ok: true } | RuleRefusal {
  const r = fireKindAllowed({ kind: 'opportunity', band: defenderBand, attackedThisRound: defenderAttackedThisRound })
  return r.ok ? r : refuse('SMLE-COMBAT-06', r.message)
}

/**
 * Interrupt points of a move (SMLE-COMBAT-05): the move is made in steps of
 * at most 1"; opposing units may declare Opportunity Fire before the first
 * step, after each step and at the end. Returns the distances along the
 * path, from 0 to the move's length.
 */
export function interruptPoints(pathLengthIn: number): number[] {
  if (!(pathLengthIn >= 0)) throw new RangeError(`bad path length ${pathLengthIn}`)
  const points = [0]
  for (let d = 1; d < pathLengthIn; d++) points.push(d)
  if (pathLengthIn > 0) points.push(pathLengthIn)
  return points
}

/** An enemy unit Panic Fire could be aimed at. */
export interface PanicCandidate {
  readonly teamId: string
  /** Distance to its nearest figure (SMLE-GEN-05). */
  readonly distanceIn: number
  /** The panicking team knows it is there (seen, or revealed by firing). */
  readonly known: boolean
  /** It fired at the panicking team this round or last round. */
  readonly firedAtUs: boolean
}

/**
 * Panic Fire's target (SMLE-COMBAT-10, the team does not aim): the nearest
 * known enemy unit; if none is known, the nearest unit that fired at it this
 * or last round; ties go to the first listed. Null when there is neither.
 */
export function panicFireTarget(candidates: readonly PanicCandidate[]): string | null {
  const nearestOf = (list: readonly PanicCandidate[]): string | null => {
    let best: PanicCandidate | null = null
    for (const c of list) if (best === null || c.distanceIn < best.distanceIn) best = c
    return best?.teamId ?? null
  }
  return nearestOf(candidates.filter((c) => c.known)) ?? nearestOf(candidates.filter((c) => c.firedAtUs))
}
