import type { DiceMode } from '../../dice/roll'
import type { RngState } from '../../rng/sfc32'
import type { DoorState } from '../../scenario/table-schema'
import type { Vec3 } from '../../util/geometry'
import type { UnitProfile } from './profile'
import type { SmrSettings } from './settings'

/** A unit's fate: on the table (`ok`), killed (KIA), or eliminated (routed off, trapped, failed its rally). */
export type UnitStatus = 'ok' | 'killed' | 'eliminated'

/** One figure = one unit (SMR-GEN-03), as the game holds it. */
export interface SmrUnit {
  readonly id: string
  readonly name: string
  readonly sideId: string
  readonly profile: UnitProfile
  /** SMR-GEOM-01: base centre (on the ground) and facing, degrees clockwise from north. */
  readonly position: Vec3
  readonly facingDeg: number
  readonly status: UnitStatus
  /** Village Invasion: the building it hides in, unseen by the invader; null once on the table. */
  readonly hiddenIn: string | null
  /** SMR-ROUT-03/05: routed until rallied. */
  readonly routed: boolean
  /** SMR-RALLY-04: the turn in whose Rally Event it rolls to rally on its own. */
  readonly rallyTurn: number | null
  /** SMR-MISS-03: the turn it last fired in Event 1. */
  readonly firedTurn: number | null
  /** The turn of the Movement Event it last moved in (or was rallied, or left a building). */
  readonly movedTurn: number | null
  /** SMR-RALLY-02: the turn of the Movement Event its side's leader last rallied it in (absent until he does). */
  readonly ralliedTurn?: number
  /** SMR-MELEE-03/04: the enemy it is locked face-to-face with. */
  readonly faceToFace: string | null
  /** SMR-MELEE-05/06: the enemy it attacks when that is not a face-to-face opponent (a flank or rear joiner, a routed foe). */
  readonly target: string | null
  /** The last turn whose Melee Event it fought in or was attacked in (burning is then disturbed). */
  readonly meleeTurn: number | null
  /** SMR-OPT-05: a campaign carries the hero to the next battle (the players upgrade him there). */
  /** SMR-OPT-03/04: a hero. */
  readonly hero: boolean
  /** SMR-OPT-30: the door it works on this turn. */
  readonly bashing: string | null
  /** Village Invasion: consecutive undisturbed turn-ends at a peasant building. */
  readonly burning: { readonly buildingId: string; readonly turns: number } | null
}

/** What a side declared to shoot in Event 1 (SMR-MISS-04). */
export interface Shot {
  readonly unitId: string
  readonly targetId: string
}

/** A free move and +2 attack still to be taken (SMR-OPT-02, SMR-OPT-04). */
export interface PendingBonus {
  readonly unitId: string
  readonly reason: 'rage' | 'hero'
  /** The enemy it just attacked: the bonus must be against another. */
  readonly lastTargetId: string | null
}

/** The step of a turn waiting for a command. */
export type TurnStep = 'order' | 'missiles' | 'movement' | 'bonus' | 'reinforcements'

/** How a game ended. */
export interface SmrResult {
  readonly winnerSideId: string | null
  readonly reason: string
  readonly turn: number
}

/** The whole SMR game state: plain JSON-safe data, never mutated. */
export interface SmrState {
  readonly rng: RngState
  readonly rollCount: number
  readonly dice: DiceMode
  readonly settings: SmrSettings
  /** `initiative` (SMR-MOVE-01) → `setup` (SMR-SETUP-06) → `turn` … → `ended`. */
  readonly phase: 'initiative' | 'setup' | 'turn' | 'ended'
  readonly step: TurnStep | null
  readonly turn: number
  /** The two sides, in the scenario's order. */
  readonly sideIds: readonly string[]
  /** SMR-MOVE-01: the side that won the initiative roll. */
  readonly initiativeWinner: string | null
  /** The side that acts in the current step (deploys, declares, moves, reinforces). */
  readonly actingSide: string | null
  readonly setupDone: readonly string[]
  /** SMR-MOVE-01: the side that chooses the order this turn, and the side moving first. */
  readonly chooser: string | null
  readonly firstSide: string | null
  readonly declarations: Readonly<Record<string, readonly Shot[]>>
  readonly movementDone: readonly string[]
  readonly units: Readonly<Record<string, SmrUnit>>
  /** Unit ids in a fixed order (the scenario's, reinforcements after). */
  readonly unitOrder: readonly string[]
  /** SMR-SETUP-02: each side's leader. */
  readonly leaders: Readonly<Record<string, string>>
  /** SMR-OPT-20: each side's standard bearer, if it has one. */
  readonly standards: Readonly<Record<string, string | null>>
  /** SMR-RALLY-02: the turn a side's leader last rallied a unit. */
  readonly leaderRalliedTurn: Readonly<Record<string, number | null>>
  readonly pendingBonus: readonly PendingBonus[]
  /** SMR-OPT-30: door states and successes so far. */
  readonly doors: Readonly<Record<string, { readonly state: DoorState; readonly successes: number }>>
  /** Village Invasion: burnt buildings and the turn they burnt. */
  readonly burnt: Readonly<Record<string, number>>
  /** SMR-OPT-12: sides fighting harder for an honoured leader (+1 on melee rolls). */
  readonly honoured: readonly string[]
  /** Village Invasion: the peasant side (null in other scenarios). */
  readonly peasantSide: string | null
  /** Peasant-class units of the village's peasant side killed or eliminated so far (SMR-SCEN-02). */
  readonly peasantsLost: number
  /** Counter for reinforcement unit ids. */
  readonly nextUnitSeq: number
  readonly result: SmrResult | null
}

/** Units on the table (not killed, eliminated or hidden), in the state's order. */
export function unitsOnTable(state: SmrState): SmrUnit[] {
  const out: SmrUnit[] = []
  for (const id of state.unitOrder) {
    const u = state.units[id]
    if (u && u.status === 'ok' && u.hiddenIn === null) out.push(u)
  }
  return out
}

/** Units not yet killed or eliminated (hidden ones included), in order. */
export function livingUnits(state: SmrState): SmrUnit[] {
  const out: SmrUnit[] = []
  for (const id of state.unitOrder) {
    const u = state.units[id]
    if (u && u.status === 'ok') out.push(u)
  }
  return out
}

/** The other side. */
export function otherSide(state: SmrState, sideId: string): string {
  return state.sideIds.find((s) => s !== sideId) ?? sideId
}

/** The side moving second this turn. */
export function secondSide(state: SmrState): string | null {
  return state.firstSide === null ? null : otherSide(state, state.firstSide)
}

/** Sides in this turn's move order (SMR-ROUT-09: the first mover's units first). */
export function sidesInOrder(state: SmrState): string[] {
  const first = state.firstSide ?? state.sideIds[0]!
  return [first, otherSide(state, first)]
}
