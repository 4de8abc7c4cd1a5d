import { z } from 'zod'
import { CloseDoorSchema } from '../commands/close-door'
import { EndTurnSchema } from '../commands/end-turn'
import { KickDoorSchema } from '../commands/kick-door'
import { MoveFigureSchema } from '../commands/move-figure'
import { OpenDoorSchema } from '../commands/open-door'
import { PlaceFigureSchema } from '../commands/place-figure'

/** Every command a player or the automated opponent can give. */
export const CommandSchema = z.discriminatedUnion('type', [
  PlaceFigureSchema,
  MoveFigureSchema,
  OpenDoorSchema,
  CloseDoorSchema,
  KickDoorSchema,
  EndTurnSchema,
])
export type Command = z.infer<typeof CommandSchema>
/** A command as sent (defaults may be left out). */
export type CommandInput = z.input<typeof CommandSchema>
