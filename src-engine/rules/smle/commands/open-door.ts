import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import type { GameEvent } from '../events/events'
import type { MatchState } from '../state/state'
import { figureFullMoveIn } from '../situation'
import type { World } from '../world'
import { actingFigure, moveCostIn } from './common'
import { doorFor } from './door-rules'
import { pointBeyondDoor, reachesDoor } from './doors'

export const OpenDoorSchema = z.object({ type: z.literal('openDoor'), figureId: z.string(), doorId: z.string() })
export type OpenDoor = z.infer<typeof OpenDoorSchema>

/** Slack on the opener's move cap so that stepping just beyond the door is never refused by rounding. */
const CAP_SLACK_IN = 0.05

/**
 * SMLE-DOOR-01: a figure that has moved less than half its move when it
 * reaches a closed door may open it, go through and stop just beyond; one
 * that has moved half or more must stop at the door. SMLE-DOOR-02: once
 * opened, the rest of the team passes freely (only the opener is capped).
 */
export function decideOpenDoor(state: MatchState, cmd: OpenDoor, world: World): Decision {
  const acting = actingFigure(state, cmd.figureId, 'play')
  if (!acting.ok) return acting
  const figure = acting.value
  const found = doorFor(state, world, figure, cmd.doorId, 'tactical')
  if (!found.ok) return found
  const { door, record, team } = found.value
  if (record.state === 'open' || record.state === 'broken')
    return rejectCore('CORE-CMD-01', 'That door is already open.')
  if (record.state === 'locked')
    return reject('SMLE-DOOR-03', 'That door is locked: it can only be forced (kicked in or shoulder-charged).')
  if (!reachesDoor(figure, door)) return reject('SMLE-DOOR-01', `${figure.name} must reach the door before opening it.`)
  const half = figureFullMoveIn(state, figure) / 2
  if (figure.moveEnded || figure.movedIn >= half - 1e-9) {
    return reject(
      'SMLE-DOOR-01',
      `${figure.name} has moved ${figure.movedIn.toFixed(1)}", half its move or more: it must stop at the door and may go through next turn.`,
    )
  }
  const beyond = pointBeyondDoor(door, figure)
  const moveCapIn =
    Math.round((figure.movedIn + moveCostIn(world, figure.position, beyond) + CAP_SLACK_IN) * 1000) / 1000
  const events: GameEvent[] = []
  if (team.moveOption === null) events.push({ type: 'MoveOptionChosen', teamId: team.id, option: 'tactical' })
  events.push({ type: 'DoorOpened', doorId: door.id, figureId: figure.id, moveCapIn })
  return accept(events)
}
