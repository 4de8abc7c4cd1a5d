import type { RngState } from '../rng/sfc32'
import type { Vec3 } from '../util/geometry'
import type { ArmourClass, DoorKind, DoorState, FigureStatus, Quality, Scenario } from '../scenario/schema'

/** Where the game is in its life. */
export type MatchPhase = 'setup' | 'play' | 'ended'

/** One figure on the table (SMLE-GEN-01: one figure is one person). */
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
  readonly quality: Quality
  readonly weapon: string
  readonly isLeader: boolean
  readonly status: FigureStatus
  readonly prone: boolean
  /** Inches moved so far in the current turn (SMLE-DOOR-01, SMLE-SHOOT-20). */
  readonly movedIn: number
  /** The figure's move is over for this turn (e.g. it stopped at a door, SMLE-DOOR-03). */
  readonly moveEnded: boolean
  /** After opening a door the figure may only go just beyond it (SMLE-DOOR-01): its total move this turn is capped here. */
  readonly moveCapIn: number | null
}

/** A team (element) of 2–6 figures acting together (SMLE-GEN-08). */
export interface TeamState {
  readonly id: string
  readonly name: string
  readonly sideId: string
  readonly figureIds: readonly string[]
}

/** One side of the game. */
export interface SideState {
  readonly id: string
  readonly name: string
  readonly colour: string
}

/** The state of one door; its geometry lives in the world. */
export interface DoorRecord {
  readonly id: string
  readonly buildingId: string
  readonly kind: DoorKind
  readonly state: DoorState
}

/**
 * The whole game as plain JSON-safe data. It is never mutated: `applyEvent`
 * returns a new state, sharing what did not change.
 */
export interface MatchState {
  readonly ruleset: Scenario['ruleset']
  readonly scenarioId: string
  readonly phase: MatchPhase
  readonly round: number
  readonly activeSideId: string
  /** Sides that have finished set-up (phase `setup` only). */
  readonly sidesReady: readonly string[]
  readonly sides: readonly SideState[]
  readonly teams: Readonly<Record<string, TeamState>>
  readonly figures: Readonly<Record<string, FigureState>>
  readonly doors: Readonly<Record<string, DoorRecord>>
  /** How dice are thrown: `physics` (the tray) or `quick` (the generator alone); from the game's header. */
  readonly dice: 'physics' | 'quick'
  /** The seeded generator (sfc32); only `DiceRolled` events change it. */
  readonly rng: RngState
  /** How many dice throws the game has made (their ids). */
  readonly rollCount: number
  /** `teamId:doorId` of every attempt to force a door this round (SMLE-DOOR-04: one a round). */
  readonly doorAttempts: readonly string[]
}
