import { z } from 'zod'
import { DiceRolledSchema } from '../../dice/dice-event'

/** SMR events: what the rules decided. State = fold(events) (`apply.ts`). */

const Vec3Schema = z.object({ x: z.number(), y: z.number(), z: z.number() })
const ArcSchema = z.enum(['front', 'flank', 'rear'])
const ShotSchema = z.object({ unitId: z.string(), targetId: z.string() })

/** A unit as created on the table (reinforcements). */
export const UnitCreatedSchema = z.object({
  id: z.string(),
  name: z.string(),
  sideId: z.string(),
  profile: z.object({
    cls: z.enum(['P', 'L', 'H', 'XH']),
    mount: z.enum(['foot', 'horse', 'armouredHorse']),
    weapon: z.enum(['hand', 'bow', 'crossbow', 'sling']),
    axe: z.boolean(),
  }),
  position: Vec3Schema,
  facingDeg: z.number(),
})

export const SmrEventSchema = z.discriminatedUnion('type', [
  DiceRolledSchema,
  /** SMR-MOVE-01: each side's 2D6 (ties rolled again) and the winner. */
  z.object({ type: z.literal('InitiativeRolled'), winnerSideId: z.string() }),
  /** SMR-SETUP-06: this side now deploys. */
  z.object({ type: z.literal('SetupTurn'), sideId: z.string() }),
  z.object({
    type: z.literal('UnitPlaced'),
    unitId: z.string(),
    position: Vec3Schema,
    facingDeg: z.number(),
    hiddenIn: z.string().nullable(),
  }),
  /** SMR-SETUP-02. */
  z.object({ type: z.literal('LeaderDesignated'), sideId: z.string(), unitId: z.string() }),
  z.object({ type: z.literal('SetupEnded'), sideId: z.string() }),
  /** SMR-TURN-01: a new turn; `chooserSideId` decides who moves first (SMR-MOVE-01). */
  z.object({ type: z.literal('TurnBegan'), turn: z.number().int(), chooserSideId: z.string() }),
  z.object({ type: z.literal('OrderChosen'), sideId: z.string(), firstSideId: z.string() }),
  /** A step that waits for `sideId`'s commands. */
  z.object({
    type: z.literal('StepBegan'),
    step: z.enum(['order', 'missiles', 'movement', 'bonus', 'reinforcements']),
    sideId: z.string(),
  }),
  /** SMR-TURN-01: one of the four events of the turn begins. */
  z.object({ type: z.literal('EventBegan'), event: z.enum(['missiles', 'movement', 'melee', 'rally']) }),
  /** SMR-MISS-04: every target chosen before any die. */
  z.object({ type: z.literal('MissilesDeclared'), sideId: z.string(), shots: z.array(ShotSchema) }),
  /** One attack roll judged: Table M, C or G, with the side bonus's arc. */
  z.object({
    type: z.literal('AttackResolved'),
    kind: z.enum(['missile', 'melee', 'bonus']),
    attackerId: z.string(),
    targetId: z.string(),
    arc: ArcSchema,
    needed: z.number().int(),
    natural: z.number().int(),
    total: z.number().int(),
    killed: z.boolean(),
    /** SMR-ROUT-01/02: the unit the natural 2/3/4 routs, if any. */
    routedId: z.string().nullable(),
  }),
  z.object({
    type: z.literal('UnitMoved'),
    unitId: z.string(),
    to: Vec3Schema,
    facingDeg: z.number(),
    distanceIn: z.number(),
    reason: z.enum(['move', 'charge', 'rout', 'bonus', 'rally', 'leave', 'reveal', 'turn']),
  }),
  /** SMR-MELEE-03..06: `unitId` attacks `targetId`; face-to-face pairs are locked both ways. */
  z.object({ type: z.literal('Engaged'), unitId: z.string(), targetId: z.string(), faceToFace: z.boolean() }),
  z.object({
    type: z.literal('UnitKilled'),
    unitId: z.string(),
    byId: z.string().nullable(),
    cause: z.enum(['missile', 'melee', 'bonus']),
  }),
  z.object({
    type: z.literal('UnitRouted'),
    unitId: z.string(),
    cause: z.enum(['missile', 'melee', 'bonus', 'again', 'retreat']),
    rallyTurn: z.number().int(),
  }),
  z.object({
    type: z.literal('UnitEliminated'),
    unitId: z.string(),
    reason: z.enum(['routBlocked', 'offTable', 'failedRally', 'trapped']),
  }),
  z.object({ type: z.literal('UnitRallied'), unitId: z.string(), leaderId: z.string().nullable() }),
  /** SMR-OPT-01/04: a free move and +2 attack to take. */
  z.object({
    type: z.literal('BonusGranted'),
    unitId: z.string(),
    reason: z.enum(['rage', 'hero']),
    lastTargetId: z.string().nullable(),
  }),
  z.object({ type: z.literal('BonusEnded'), unitId: z.string() }),
  z.object({ type: z.literal('HeroMade'), unitId: z.string() }),
  /** SMR-OPT-10..12: the result of a no-leader morale check. */
  z.object({
    type: z.literal('MoraleResult'),
    sideId: z.string(),
    result: z.enum(['retreat', 'steady', 'honoured']),
  }),
  z.object({ type: z.literal('DoorBashSet'), unitId: z.string(), doorId: z.string() }),
  z.object({
    type: z.literal('DoorBashed'),
    doorId: z.string(),
    unitId: z.string(),
    success: z.boolean(),
    successes: z.number().int(),
    broken: z.boolean(),
  }),
  /** Village Invasion: hidden units come out (placed with `UnitMoved` reason `reveal`/`leave`). */
  z.object({ type: z.literal('UnitsRevealed'), buildingId: z.string(), unitIds: z.array(z.string()) }),
  z.object({
    type: z.literal('BurnProgress'),
    unitId: z.string(),
    buildingId: z.string().nullable(),
    turns: z.number().int(),
  }),
  z.object({ type: z.literal('BuildingBurnt'), buildingId: z.string(), byUnitId: z.string() }),
  z.object({ type: z.literal('ReinforcementsArrived'), sideId: z.string(), units: z.array(UnitCreatedSchema) }),
  z.object({ type: z.literal('TurnEnded'), turn: z.number().int() }),
  z.object({ type: z.literal('GameEnded'), winnerSideId: z.string().nullable(), reason: z.string() }),
])
export type SmrEvent = z.infer<typeof SmrEventSchema>
export type SmrEventOf<T extends SmrEvent['type']> = Extract<SmrEvent, { type: T }>

/** Dice reveal randomness: their log entry is an undo barrier (CORE-UNDO-01). */
export function revealsRandomness(e: SmrEvent): boolean {
  return e.type === 'DiceRolled'
}
