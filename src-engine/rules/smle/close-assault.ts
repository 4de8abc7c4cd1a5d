import type { RollModifier } from './events/events'
import { isWithin, sumFaces, sumModifiers } from './combat-types'
import {
  type AssaultOutcome,
  applyFightResults,
  type CloseCombatant,
  closeAssaultModifiers,
  fightResult,
  type SettledFight,
} from './close-assault-resolve'
import type { SmleSettings } from './settings'
import { mayStillAct, type WoundState, woundEffects } from './wounds'

export * from './close-assault-resolve'

/** SMLE-CA-03: figures within this distance of an enemy figure take part. */
export const ASSAULT_REACH_IN = 1

/** A figure on either side of a close assault, as far as who fights is concerned. */
export interface AssaultParticipant {
  readonly id: string
  readonly wound: WoundState
  /** Lost the rest of this round to a light wound (SMLE-DMG-07). */
  readonly lostRestOfRound?: boolean
  /** Shaken by a near miss this round (SMLE-DMG-08): may defend, not attack. */
  readonly shaken?: boolean
}

/** Distance in inches between an attacking and a defending figure (SMLE-GEN-05, asked of the world). */
export type AssaultDistance = (attackerId: string, defenderId: string) => number

/** Who takes part in an assault (SMLE-CA-03). */
export interface AssaultParticipants {
  /** At least one attacking figure is in base contact with a defending one. */
  readonly contact: boolean
  readonly attackers: readonly string[]
  readonly defenders: readonly string[]
}

/**
 * Who takes part (SMLE-CA-03): contact needs one attacking figure in base
 * contact (within `contactTolerance`) with a defending figure; then every
 * attacking figure within 1" of a defending figure, and every defending
 * figure within 1" of an attacking one, fights. Only attackers able to
 * attack may start a fight (not seriously wounded, SMLE-CA-14; not shaken or
 * out of actions); any living defender defends. Input order is kept.
 */
export function assaultParticipants(
  attackers: readonly AssaultParticipant[],
  defenders: readonly AssaultParticipant[],
  distanceIn: AssaultDistance,
  settings: SmleSettings,
): AssaultParticipants {
  const able = attackers.filter(
    (a) => mayStillAct(a.wound, { lostRestOfRound: a.lostRestOfRound ?? false, shaken: a.shaken ?? false }).attack,
  )
  const defending = defenders.filter((d) => woundEffects(d.wound).mayDefend)
  const contact = able.some((a) => defending.some((d) => isWithin(distanceIn(a.id, d.id), settings.contactTolerance)))
  if (!contact) return { contact: false, attackers: [], defenders: [] }
  return {
    contact: true,
    attackers: able
      .filter((a) => defending.some((d) => isWithin(distanceIn(a.id, d.id), ASSAULT_REACH_IN)))
      .map((a) => a.id),
    defenders: defending
      .filter((d) => able.some((a) => isWithin(distanceIn(a.id, d.id), ASSAULT_REACH_IN)))
      .map((d) => d.id),
  }
}

/** One one-on-one fight of an assault (SMLE-CA-05). */
export interface Fight {
  readonly attackerId: string
  readonly defenderId: string
}

/**
 * Pairs the fighters (SMLE-CA-04) so that each faces at least one opponent.
 * First, repeatedly pair the closest unpaired defender and unpaired attacker
 * (ties: the defender listed first, then the attacker listed first). Then
 * each figure left over joins the combat of its nearest enemy figure (ties:
 * the first listed), making 2-on-1, 3-on-1 … Returns the one-on-one fights:
 * the pairs in the order they were made, then the joiners in input order.
 */
export function pairFighters(
  attackers: readonly string[],
  defenders: readonly string[],
  distanceIn: AssaultDistance,
): Fight[] {
  if (attackers.length === 0 || defenders.length === 0) return []
  const fights: Fight[] = []
  const freeA = new Set(attackers)
  const freeD = new Set(defenders)
  while (freeA.size > 0 && freeD.size > 0) {
    let best: { a: string; d: string; dist: number } | null = null
    for (const d of defenders) {
      if (!freeD.has(d)) continue
      for (const a of attackers) {
        if (!freeA.has(a)) continue
        const dist = distanceIn(a, d)
        if (best === null || dist < best.dist) best = { a, d, dist }
      }
    }
    if (best === null) break
    fights.push({ attackerId: best.a, defenderId: best.d })
    freeA.delete(best.a)
    freeD.delete(best.d)
  }
  for (const a of attackers)
    if (freeA.has(a)) fights.push({ attackerId: a, defenderId: nearest(defenders, (d) => distanceIn(a, d)) })
  for (const d of defenders)
    if (freeD.has(d)) fights.push({ attackerId: nearest(attackers, (a) => distanceIn(a, d)), defenderId: d })
  return fights
}

function nearest(ids: readonly string[], dist: (id: string) => number): string {
  let best = ids[0] as string
  let bestDist = dist(best)
  for (const id of ids) {
    const d = dist(id)
    if (d < bestDist) {
      best = id
      bestDist = d
    }
  }
  return best
}

/** How many opponents each figure faces in a list of fights (SMLE-CA-05/09). */
export function opponentCounts(fights: readonly Fight[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const f of fights) {
    counts.set(f.attackerId, (counts.get(f.attackerId) ?? 0) + 1)
    counts.set(f.defenderId, (counts.get(f.defenderId) ?? 0) + 1)
  }
  return counts
}

/**
 * SMLE-CA-08: a defender is surprised or unaware when it had no line of
 * sight to any attacking figure at the start of the attacker's move, or the
 * attackers were hidden.
 */
export function isSurprised(sawAnAttackerAtStart: boolean, attackersHidden: boolean): boolean {
  return !sawAnAttackerAtStart || attackersHidden
}

/** A figure in an assault: who it is, its team, and what Table 5 needs of it. */
export interface AssaultFigure extends AssaultParticipant, CloseCombatant {
  readonly teamId: string
}

/** An assault to settle. */
export interface AssaultInput {
  /** Figures of the active (attacking) team (SMLE-CA-01), after the defenders' opportunity fire (SMLE-CA-02). */
  readonly attackers: readonly AssaultFigure[]
  /** Figures of the contacted (defending) unit. */
  readonly defenders: readonly AssaultFigure[]
  readonly distanceIn: AssaultDistance
  /** The defending unit already has a Break result (SMLE-CA-13, SMLE-ACT-15). */
  readonly defenderBroken?: boolean
}

/** A fight ready to roll: each side's 1D6 modifiers. */
export interface PlannedFight extends Fight {
  readonly attackerModifiers: readonly RollModifier[]
  readonly defenderModifiers: readonly RollModifier[]
}

/** What an assault needs next. */
export type AssaultPlan =
  | { readonly kind: 'noContact' }
  /** SMLE-CA-13: an enemy that reaches a broken unit captures or destroys it, no dice. */
  | { readonly kind: 'captured'; readonly removed: readonly string[] }
  | {
      readonly kind: 'fights'
      readonly fights: readonly PlannedFight[]
      readonly teamOf: Readonly<Record<string, string>>
    }

/**
 * Plans a close assault (§11): who fights (SMLE-CA-03), the pairs
 * (SMLE-CA-04), and for each one-on-one fight both rolls' modifiers
 * (SMLE-CA-05, Table 5, outnumbering SMLE-CA-09). Both sides' dice are then
 * thrown in the attacker's turn (SMLE-CA-06): one die per side per fight.
 */
export function planCloseAssault(input: AssaultInput, settings: SmleSettings): AssaultPlan {
  const who = assaultParticipants(input.attackers, input.defenders, input.distanceIn, settings)
  if (!who.contact) return { kind: 'noContact' }
  if (input.defenderBroken)
    return { kind: 'captured', removed: input.defenders.filter((d) => d.wound.status !== 'dead').map((d) => d.id) }
  const fights = pairFighters(who.attackers, who.defenders, input.distanceIn)
  const counts = opponentCounts(fights)
  const byId = new Map([...input.attackers, ...input.defenders].map((f) => [f.id, f]))
  const get = (id: string): AssaultFigure => byId.get(id) as AssaultFigure
  return {
    kind: 'fights',
    fights: fights.map((f) => ({
      ...f,
      attackerModifiers: closeAssaultModifiers(get(f.attackerId), counts.get(f.attackerId) ?? 1, settings),
      defenderModifiers: closeAssaultModifiers(get(f.defenderId), counts.get(f.defenderId) ?? 1, settings),
    })),
    teamOf: Object.fromEntries(input.defenders.map((d) => [d.id, d.teamId])),
  }
}

/** A fight with its dice, totals and result. */
export interface RolledFight extends PlannedFight, SettledFight {
  readonly attackerTotal: number
  readonly defenderTotal: number
}

/** Settles planned fights with one face per side per fight, in the plan's order (§11.2, SMLE-CA-10/11). */
export function resolveCloseAssault(
  plan: Extract<AssaultPlan, { kind: 'fights' }>,
  faces: readonly { readonly attacker: number; readonly defender: number }[],
): { fights: RolledFight[]; outcome: AssaultOutcome } {
  if (faces.length !== plan.fights.length)
    throw new RangeError(`${plan.fights.length} fights need ${plan.fights.length} pairs of dice, got ${faces.length}`)
  const fights = plan.fights.map((f, i): RolledFight => {
    const face = faces[i] as { attacker: number; defender: number }
    const attackerTotal = sumFaces([face.attacker]) + sumModifiers(f.attackerModifiers)
    const defenderTotal = sumFaces([face.defender]) + sumModifiers(f.defenderModifiers)
    return { ...f, attackerTotal, defenderTotal, result: fightResult(attackerTotal, defenderTotal) }
  })
  return { fights, outcome: applyFightResults(fights, (id) => plan.teamOf[id] ?? id) }
}
