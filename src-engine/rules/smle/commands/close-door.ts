import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import type { MatchState } from '../state/state'
import type { World } from '../world'
import { actingFigure } from './common'
import { doorFor } from './door-rules'
import { figureInDoorway, reachesDoor } from './doors'

export const CloseDoorSchema = z.object({ type: z.literal('closeDoor'), figureId: z.string(), doorId: z.string() })
export type CloseDoor = z.infer<typeof CloseDoorSchema>

/** Closes an open door from within reach (SMLE-DOOR-01); a broken door stays open (CORE-DOOR-01). */
export function decideCloseDoor(state: MatchState, cmd: CloseDoor, world: World): Decision {
  const acting = actingFigure(state, cmd.figureId, 'play')
  if (!acting.ok) return acting
  const figure = acting.value
  const found = doorFor(state, world, figure, cmd.doorId, 'tactical')
  if (!found.ok) return found
  const { door, record } = found.value
  if (record.state === 'broken')
    return rejectCore('CORE-DOOR-01', 'That door has been kicked in and can no longer be closed.')
  if (record.state !== 'open') return rejectCore('CORE-DOOR-01', 'That door is already closed.')
  if (!reachesDoor(figure, door)) return reject('SMLE-DOOR-01', `${figure.name} must reach the door to close it.`)
  const blocking = figureInDoorway(state, door)
  if (blocking) return rejectCore('CORE-DOOR-01', `The door cannot close: ${blocking.name} is standing in the doorway.`)
  return accept([{ type: 'DoorClosed', doorId: door.id, figureId: figure.id }])
}
