import { z } from 'zod'
import { DoorStateSchema } from '../scenario/schema'
import { FIGHT_EVENT_SCHEMAS } from './events-fight'
import { FORCE_EVENT_SCHEMAS } from './events-force'
import { MOVE_EVENT_SCHEMAS } from './events-move'
import { ROUND_EVENT_SCHEMAS } from './events-round'
import { DiceRolledSchema } from '../../../dice/dice-event'
import { Vec3Schema } from './event-parts'

export { RollModifierSchema, type RollModifier } from './event-parts'
export {
  CockedDieSchema,
  DicePhysicsSchema,
  type DicePhysics,
  DiceRolledSchema,
  DiceThrowSchema,
  type DiceThrow,
} from '../../../dice/dice-event'

/** A figure was put on the table during set-up. */
export const FigurePlacedSchema = z.object({
  type: z.literal('FigurePlaced'),
  figureId: z.string(),
  at: Vec3Schema,
  facingDeg: z.number(),
})

/** A door opened by hand (SMLE-DOOR-01); the opener stops just beyond it. */
export const DoorOpenedSchema = z.object({
  type: z.literal('DoorOpened'),
  doorId: z.string(),
  figureId: z.string(),
  /** The most the opener may have moved this turn once it has gone through. */
  moveCapIn: z.number(),
})

export const DoorClosedSchema = z.object({ type: z.literal('DoorClosed'), doorId: z.string(), figureId: z.string() })

/** A door changed state for a reason other than opening or closing by hand. */
export const DoorStateChangedSchema = z.object({
  type: z.literal('DoorStateChanged'),
  doorId: z.string(),
  state: DoorStateSchema,
  cause: z.string(),
})

/** An attempt to force a door (SMLE-DOOR-03..05); `rushed`: the team's rush carried it through anyway (SMLE-DOOR-04). */
export const DoorForcedSchema = z.object({
  type: z.literal('DoorForced'),
  doorId: z.string(),
  figureId: z.string(),
  teamId: z.string(),
  round: z.number().int(),
  success: z.boolean(),
  rushed: z.boolean().default(false),
})

/** Every event the engine can emit. */
export const GameEventSchema = z.discriminatedUnion('type', [
  FigurePlacedSchema,
  DoorOpenedSchema,
  DoorClosedSchema,
  DoorStateChangedSchema,
  DiceRolledSchema,
  DoorForcedSchema,
  ...ROUND_EVENT_SCHEMAS,
  ...MOVE_EVENT_SCHEMAS,
  ...FORCE_EVENT_SCHEMAS,
  ...FIGHT_EVENT_SCHEMAS,
])
export type GameEvent = z.infer<typeof GameEventSchema>
export type GameEventOf<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>

/** Events that reveal randomness make their log entry an undo barrier. */
export function revealsRandomness(event: GameEvent): boolean {
  return event.type === 'DiceRolled'
}
