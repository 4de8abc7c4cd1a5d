import { z } from 'zod'

/**
 * What a roll of dice records, in any ruleset: the faces, the modifiers with
 * their clauses, the total and, for physics dice, every throw. Rulesets put
 * `DiceRolledSchema` in their own event unions.
 */

/** The generator's state: four 32-bit words (sfc32). */
export const RngStateSchema = z.tuple([z.number().int(), z.number().int(), z.number().int(), z.number().int()])

/**
 * What a seat is shown instead of the game's generator state: knowing it
 * would tell every die still to come, so it never leaves the host (only the
 * referee, saves and tools, see it). Throws replay from their own starts.
 */
export const HIDDEN_RNG: readonly [number, number, number, number] = [0, 0, 0, 0]

/** An event as a seat sees it: a roll without the generator state after it. */
export function withoutGenerator<E extends { readonly type: string }>(event: E): E {
  return event.type === 'DiceRolled' && 'rng' in event ? { ...event, rng: HIDDEN_RNG } : event
}

/** One modifier of a roll, with the clause it comes from (shown to the player). */
export const RollModifierSchema = z.object({ label: z.string(), value: z.number().int(), clause: z.string() })
export type RollModifier = z.infer<typeof RollModifierSchema>

/** A die that came to rest cocked and was thrown again. */
export const CockedDieSchema = z.object({
  /** Which die of the roll (index into `faces`). */
  die: z.number().int().nonnegative(),
  /** `tilted`: more than 10° from flat; `leaning` on another die (2° to 10°); `on-die`: lying on another die; `moving`: not at rest in time. */
  reason: z.enum(['tilted', 'leaning', 'on-die', 'moving']),
  /** Degrees from flat of its top face. */
  tiltDeg: z.number(),
})

/**
 * One physics throw of a roll. Its trajectory is not stored: it is a pure
 * function of `rng` and the number of dice (`simulateThrow`), recomputed to
 * replay it, and `trajectoryHash` proves the replay is the throw that decided.
 */
export const DiceThrowSchema = z.object({
  /** The throw's own generator state (see `throwSeed`): its initial conditions come from here. */
  rng: RngStateSchema,
  /** Which dice of the roll were in this throw (indices into `faces`), in throw order. */
  dice: z.array(z.number().int().nonnegative()).min(1).max(12),
  /** The face on top of each die of the throw as it came to rest (cocked ones included). */
  faces: z.array(z.number().int().min(1).max(6)),
  /** Dice of this throw that rested cocked; they are thrown again in a later throw. */
  cocked: z.array(CockedDieSchema),
  /** Length of the trajectory in 60 Hz frames, release to rest. */
  frames: z.number().int().positive(),
  /** Fingerprint of the trajectory (16 hex digits). */
  trajectoryHash: z.string().regex(/^[0-9a-f]{16}$/),
})
export type DiceThrow = z.infer<typeof DiceThrowSchema>

/** How a physics roll came about: the tray's version and every throw, re-throws of cocked dice included. */
export const DicePhysicsSchema = z.object({
  version: z.number().int().positive(),
  throws: z.array(DiceThrowSchema).min(1),
})
export type DicePhysics = z.infer<typeof DicePhysicsSchema>

/**
 * Dice were thrown. The faces are the outcome; `rng` is the generator state
 * after the throw, so replay never throws again. A physics roll also records
 * its throws (`physics`), from which the renderer replays the dice exactly.
 */
export const DiceRolledSchema = z.object({
  type: z.literal('DiceRolled'),
  rollId: z.number().int().nonnegative(),
  purpose: z.string(),
  figureId: z.string().optional(),
  faces: z.array(z.number().int().min(1).max(6)).min(1),
  modifiers: z.array(RollModifierSchema),
  total: z.number().int(),
  /** The number to reach, when the roll has one. */
  target: z.number().int().optional(),
  success: z.boolean().optional(),
  /** How the throw was made: `quick` (the generator alone) or `physics`. */
  method: z.enum(['quick', 'physics']),
  /** The throws of a `physics` roll (absent for `quick`). */
  physics: DicePhysicsSchema.optional(),
  rng: RngStateSchema,
})
export type DiceRolled = z.infer<typeof DiceRolledSchema>
