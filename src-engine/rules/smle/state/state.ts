import type { RngState } from '../../../rng/sfc32'
import type { SmleSettings } from '../settings'
import type { Vec3 } from '../../../util/geometry'
import type {
  ArmourClass,
  DoorKind,
  DoorState,
  Edge,
  FigureStatus,
  GameLevel,
  HeroSpec,
  Kit,
  LeaderGrade,
  Motivation,
  Quality,
  Scenario,
  TeamKind,
} from '../scenario/schema'
import type { VehicleArmour } from '../vehicles-data'
import type { RollModifier } from '../events/events'
import type { Pending } from './pending'

export type { Pending } from './pending'

/** Where the game is in its life: set-up, phase 1 of a round (activation rolls), phases 2–6 (play), over. */
export type MatchPhase = 'setup' | 'activation' | 'play' | 'ended'

/** Why a figure is no longer on the table. */
export type OffTable = 'reserve' | 'exited' | 'evacuated' | 'fled' | 'captured' | 'vanished'

/** Why a figure may take no further action this round (SMLE-DMG-07, SMLE-DMG-08, SMLE-ORG-08). */
export type Spent = 'lightWound' | 'shaken' | 'transferred'

/** One figure on the table (SMLE-GEN-01: one figure is one person). §0.3 lists what is tracked. */
export interface FigureState {
  readonly id: string
  readonly name: string
  readonly sideId: string
  readonly teamId: string
  readonly position: Vec3
  /** Facing on the table plane, degrees clockwise from north (−Z). */
  readonly facingDeg: number
  readonly baseRadiusIn: number
  readonly armour: ArmourClass
  /** The figure's own rating (SMLE-QUAL-02). */
  readonly quality: Quality
  /** The quality is still to be rolled at the start of the game (SMLE-QUAL-05). */
  readonly qualityPending: boolean
  /** Weapons carried (Table 6 keys); the first is the main weapon. */
  readonly weapons: readonly string[]
  readonly kit: readonly Kit[]
  /** Leads a group (section, platoon or company). */
  readonly isLeader: boolean
  readonly hero: HeroSpec | null
  readonly significant: boolean
  readonly cameraFodder: boolean
  /** Its weapons are "poor" and may jam (SMLE-SHOOT-28). */
  readonly unreliable: boolean
  readonly status: FigureStatus
  /** A light wound has had first aid (SMLE-DMG-12): its −2 and the activation −1 end. */
  readonly treated: boolean
  readonly prone: boolean
  /** SMLE-SHOOT-25: spent a round stationary without firing; kept until it moves. */
  readonly braced: boolean
  /** Inches moved so far in its team's current turn (SMLE-DOOR-01, SMLE-SHOOT-20). */
  readonly movedIn: number
  /** Inches crawled while prone this turn (SMLE-MOVE-05: at most 2"). */
  readonly crawledIn: number
  /** The figure's move is over for this turn (a door, going prone…). */
  readonly moveEnded: boolean
  /** After opening a door the figure may only go just beyond it (SMLE-DOOR-01): its total move this turn is capped here. */
  readonly moveCapIn: number | null
  /** Moved or fired at any time this round (bracing, SMLE-SHOOT-25). */
  readonly movedThisRound: boolean
  readonly firedThisRound: boolean
  readonly spent: Spent | null
  /** The seriously wounded figure this one is helping along (SMLE-DMG-12). */
  readonly helping: string | null
  readonly vehicleId: string | null
  readonly offTable: OffTable | null
  /**
   * The edge it left the table by, on foot or aboard a vehicle (SMLE-SCEN-04,
   * -05). Absent while it is on the table and when it left by no edge
   * (captured, fled on foot, lifted off by a helicopter, or an exit logged
   * before SMLE rules version 3), so states and their hashes from before it
   * are unchanged.
   */
  readonly exitEdge?: Edge
  /** Weapons not ready to fire, by weapon key: to reload, jammed (SMLE-SHOOT-28) or spent (single shot). Absent: ready. */
  readonly weaponState: Readonly<Record<string, 'needsReload' | 'jammed' | 'spent'>>
  /** SMLE-MONSTER-03: how often it has come back, and how it is lying in wait. */
  readonly revivals: number
  readonly lurking: 'playingDead' | 'vanished' | null
  readonly returnsRound: number | null
  /**
   * Where it stood when the round began (Table 11.2: an attacker that falls
   * back goes there), kept from its first move of the round on foot; a
   * figure that came onto the table or out of a vehicle in the round keeps
   * where it was then. Absent while it has not moved this round (it stands
   * where it began), so the state stays small.
   */
  readonly roundStartAt?: Vec3
}

/** How a figure stands, as far as sight goes (SMLE-SHOOT-02): where, lying down or not, and facing. */
export interface Pose {
  readonly position: Vec3
  readonly prone: boolean
  readonly facingDeg: number
}

/**
 * The acting team's turn as it began (SMLE-CA-08: whom a defender could see
 * at the start of the attacker's move): whether the team was hidden, the
 * pose each figure had that has moved, turned, stood up or gone prone since,
 * and the state each door had that has changed since; what is not listed is
 * as it was. Kept from the first such change of the turn, dropped when the
 * turn ends.
 */
export interface TurnStart {
  readonly teamId: string
  readonly hidden: boolean
  readonly figures: Readonly<Record<string, Pose>>
  readonly doors: Readonly<Record<string, DoorState>>
}

/** Fire received in one round, by category (SMLE-ACT-04, SMLE-ACT-17). */
export interface FireRecord {
  readonly direct: boolean
  readonly auto: boolean
  readonly explosive: boolean
  readonly flank: boolean
  readonly rear: boolean
  /** Teams that fired on this one (SMLE-COMBAT-07 Return Fire). */
  readonly byTeams: readonly string[]
}

/** A team's activation this round (SMLE-ACT-01, SMLE-ACT-02, SMLE-ACT-16). */
export interface TeamActivation {
  /** The phase-1 die (of the group roll for a block). */
  readonly die: number
  /** The numeric AL, for ordering. */
  readonly al: number
  /** B0…B10. */
  readonly band: number
  readonly modifiers: readonly RollModifier[]
  /** Band shifts applied after the modifiers (SMLE-ACT-05). */
  readonly shifts: readonly string[]
  /** The team whose AL this one shares (itself, or its group leader's team in a group roll, SMLE-TURN-06). */
  readonly blockId: string
}

/** What a team chose as its Move option this turn (SMLE-TURN-10). */
export interface MoveOption {
  /** `halted`: it may not move this turn (it fired indirectly, SMLE-IND-02). */
  readonly kind: 'tactical' | 'run' | 'crawl' | 'fallBack' | 'break' | 'vehicle' | 'halted'
}

/** Where the team is in this round's sequence. */
export type TurnStatus = 'waiting' | 'active' | 'done'

/** A team (element) of 2–6 figures acting together (SMLE-GEN-08). */
export interface TeamState {
  readonly id: string
  readonly name: string
  readonly sideId: string
  readonly kind: TeamKind
  readonly groupId: string | null
  readonly motivation: Motivation
  readonly figureIds: readonly string[]
  readonly activation: TeamActivation | null
  /** First turn of the round (phases 2–5). */
  readonly turn: TurnStatus
  /** Second turn of a Double Move (phase 6, SMLE-OPT-02): `none` when it has none. */
  readonly secondTurn: 'none' | TurnStatus
  readonly moveOption: MoveOption | null
  /** The one attack of the round (SMLE-TURN-07). */
  readonly attack: 'direct' | 'opportunity' | 'return' | 'panic' | 'assault' | 'indirect' | null
  /** Opportunity Fire made this round (SMLE-COMBAT-04: no Direct Fire, attack or Other option in its own turn). */
  readonly opportunityFired: boolean
  /** The Other option taken this turn (SMLE-TURN-10: replaces Move and Combat). */
  readonly other: string | null
  readonly fire: { readonly thisRound: FireRecord; readonly lastRound: FireRecord }
  /** SMLE-ACT-07. */
  readonly fresh: boolean
  /** Break results (SMLE-ACT-15). */
  readonly breaks: number
  /** The team has left the battlefield. */
  readonly gone: 'fled' | 'captured' | 'wipedOut' | null
  readonly preparedPositionId: string | null
  /** The round it moved into its prepared position (SMLE-SHOOT-26 first-round rule); 0 when it started there. */
  readonly preparedSince: number
  /** Consecutive rounds with a running move, and rounds still to halt for breath (SMLE-MOVE-09). */
  readonly runningRounds: number
  readonly haltRounds: number
  readonly ranThisRound: boolean
  /** Explosive rounds left, by weapon key (SMLE-WPN-11). */
  readonly ammo: Readonly<Record<string, number>>
  /** Direction of its last move (SMLE-ACT-19); null until it has moved. */
  readonly facingDeg: number | null
  /** Set up hidden and not yet revealed (SMLE-SCEN-05, SMLE-SHOOT-26). */
  readonly hidden: boolean
  /** Reinforcements: the round it comes onto the table (§16), or null. */
  readonly entersRound: number | null
  /** An attack was made in this turn (SMLE-MOVE-08: a team that fired may not then run). */
  readonly attackedThisTurn: boolean
  /** Took a Double Move last round (SMLE-TURN-08). */
  readonly doubleMovedLastRound: boolean
  /** The door the team declared a rush at this turn (SMLE-DOOR-04). */
  readonly rushing: string | null
  /** A failed rush sent it sprawling through the door: no firing this turn (SMLE-DOOR-04). */
  readonly sprawled: boolean
  /** Observation for indirect fire (SMLE-IND-04): the point and how many rounds in a row. */
  readonly observing: { readonly x: number; readonly z: number; readonly rounds: number; readonly round: number } | null
}

/** A group: section, platoon or company under a leader (SMLE-ORG-04). */
export interface GroupState {
  readonly id: string
  readonly name: string
  readonly sideId: string
  readonly level: 'section' | 'platoon' | 'company'
  readonly leaderFigureId: string | null
  readonly parentId: string | null
  readonly leaderGrade: LeaderGrade
}

/** A vehicle (§13). */
export interface VehicleState {
  readonly id: string
  readonly name: string
  readonly sideId: string
  readonly crewTeamId: string
  readonly position: Vec3
  readonly facingDeg: number
  readonly lengthIn: number
  readonly widthIn: number
  readonly combatSpeedIn: number
  readonly roadSpeedIn: number
  /** Armour by face (SMLE-VEH-11). */
  readonly armour: VehicleArmour
  readonly openTopped: boolean
  readonly passengerCapacity: number
  readonly accessDoors: number
  readonly size: 'small' | 'medium' | 'large'
  readonly weapons: readonly string[]
  readonly helicopter: boolean
  /** Inches moved last round (SMLE-VEH-03: from a halt only half speed). */
  readonly speedLastRoundIn: number
  /** Inches moved this round, and in its crew's current turn. */
  readonly movedIn: number
  readonly turnMovedIn: number
  /** Moved at road speed this round: no firing (SMLE-VEH-02). */
  readonly roadSpeed: boolean
  readonly status: 'ok' | 'VLW' | 'VSW' | 'killed'
  readonly vswCount: number
  /** SMLE-VEH-15: the round it took a VLW and stopped doing anything. */
  readonly stoppedRound: number | null
  /** Teams aboard as passengers. */
  readonly passengerTeamIds: readonly string[]
  /** The round the crew last boarded (SMLE-MOVE-10: one more round before moving). */
  readonly crewBoardedRound: number | null
  /** The round a team last boarded (SMLE-MOVE-10: the vehicle moves off next round). */
  readonly boardedRound: number | null
  /** The vehicle has left the table (a helicopter taking off, a vehicle fleeing). */
  readonly offTable: boolean
  /** Teams that left by an access door this round (SMLE-MOVE-11). */
  readonly debussedThisRound: number
  /** SMLE-VEH-05: round a helicopter landed. */
  readonly landedRound: number | null
}

/** One side of the game. */
export interface SideState {
  readonly id: string
  readonly name: string
  readonly colour: string
  /** Its own base line (SMLE-OPT-07, SMLE-OPT-08). */
  readonly baseEdge: Edge
  /** What rolls for activation on this side: a team, or a section (SMLE-ORG-09, -10). */
  readonly level: GameLevel
}

/** The state of one door; its geometry lives in the world. */
export interface DoorRecord {
  readonly id: string
  readonly buildingId: string
  readonly kind: DoorKind
  readonly state: DoorState
}

/** A thing lying on the table: an abandoned heavy weapon (SMLE-OPT-09). */
export interface ItemState {
  readonly id: string
  readonly weapon: string
  readonly position: Vec3
}

/** The unit whose turn it is (a team, or a block of teams sharing one AL, SMLE-TURN-06). */
export interface ActiveUnit {
  readonly teamIds: readonly string[]
  /** Index of the team acting now. */
  readonly index: number
  /** First turn (phases 2–5) or the second turn of a Double Move (phase 6). */
  readonly turn: 'first' | 'second'
}

/** A call for indirect fire (SMLE-IND-01..06). */
export interface MissionRecord {
  readonly id: string
  readonly observerTeamId: string
  readonly observerFigureId: string
  readonly firingTeamId: string
  readonly firingFigureId: string
  readonly weaponId: string
  readonly point: { readonly x: number; readonly z: number }
  readonly calledRound: number
  readonly arrivesRound: number
  /** Rounds the observer had watched the point when it called (SMLE-IND-04 bonus). */
  readonly rounds: number
}

/** How the game ended. */
export interface MatchResult {
  readonly winnerSideId: string | null
  readonly reason: string
  readonly round: number
}

/**
 * The whole game as plain JSON-safe data. It is never mutated: `applyEvent`
 * returns a new state, sharing what did not change.
 */
export interface MatchState {
  readonly ruleset: Scenario['ruleset']
  readonly scenarioId: string
  readonly level: GameLevel
  readonly settings: SmleSettings
  readonly roundLimit: number
  readonly phase: MatchPhase
  readonly round: number
  /** The side that rolls first each round. */
  readonly firstSideId: string
  /** The side whose unit is active, or that must roll or deploy now. */
  readonly activeSideId: string
  /** Sides that have finished set-up, or rolled activation this round. */
  readonly sidesReady: readonly string[]
  readonly sides: readonly SideState[]
  readonly groups: Readonly<Record<string, GroupState>>
  readonly teams: Readonly<Record<string, TeamState>>
  readonly figures: Readonly<Record<string, FigureState>>
  readonly vehicles: Readonly<Record<string, VehicleState>>
  readonly doors: Readonly<Record<string, DoorRecord>>
  readonly items: readonly ItemState[]
  readonly activeUnit: ActiveUnit | null
  /** A decision some side must take before play goes on (interrupt windows, SMLE-COMBAT-05). */
  readonly pending: Pending | null
  /** Teams that have taken an early interrupt this round (SMLE-TURN-12). */
  readonly interrupted: readonly string[]
  /** Tie roll-off results this round: lower goes first (SMLE-TURN-03). */
  readonly rolloff: Readonly<Record<string, number>>
  /** SMLE-SCEN-04: the raider's secret objective and since when it has held it. */
  readonly raid: {
    readonly objectiveId: string | null
    readonly heldSince: number | null
    readonly held: boolean
    /** Raiders already off by their own base edge when the objective was held: they do not count (SMLE-SCEN-04). */
    readonly exitedBefore: number
  }
  /** Indirect fire called and not yet landed (SMLE-IND-03). */
  readonly missions: readonly MissionRecord[]
  /** Caches taken (SMLE-SCEN-06). */
  readonly cachesTaken: readonly string[]
  readonly result: MatchResult | null
  /** How dice are thrown: `physics` (the tray) or `quick` (the generator alone); from the game's header. */
  readonly dice: 'physics' | 'quick'
  /** The seeded generator (sfc32); only `DiceRolled` events change it. */
  readonly rng: RngState
  /** How many dice throws the game has made (their ids). */
  readonly rollCount: number
  /** `teamId:doorId` of every attempt to force a door this round (SMLE-DOOR-04: one a round). */
  readonly doorAttempts: readonly string[]
  /** The acting team's turn as it began, once anything of it has changed (SMLE-CA-08); absent otherwise. */
  readonly turnStart?: TurnStart
  /**
   * SMLE-SHOOT-26 `[decision]`: concealed prepared positions found by a
   * side that did not know them (a move ran into one): on the table for
   * all to see from then on; absent until one is.
   */
  readonly foundPositionIds?: readonly string[]
  /**
   * SMLE-SCEN-05: how many rolls each side has made with teams still hidden
   * (never shown to the other sides); absent until one is.
   */
  readonly hiddenRolls?: Readonly<Record<string, number>>
}
