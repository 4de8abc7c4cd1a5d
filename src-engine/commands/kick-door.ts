import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../core/decision'
import type { GameEvent, RollModifier } from '../core/events'
import type { MatchState } from '../core/state'
import { DiceRoller } from '../dice/roll'
import type { World } from '../world/world'
import { actingFigure, facingOf, moveCostIn, onGround, overlappingFigure } from './common'
import { pointBeyondDoor, reachesDoor } from './doors'

export const KickDoorSchema = z.object({ type: z.literal('kickDoor'), figureId: z.string(), doorId: z.string() })
export type KickDoor = z.infer<typeof KickDoorSchema>

/** SMLE-DOOR-05 (`doorKickTarget`, §0.4): a kick succeeds on 1D6 ≥ 4 after modifiers. */
export const DOOR_KICK_TARGET = 4

/** SMLE-DOOR-05 modifiers that apply to this figure. */
export function doorKickModifiers(figure: MatchState['figures'][string]): RollModifier[] {
  const mods: RollModifier[] = []
  if (figure.status === 'lightWound') mods.push({ label: 'light wound', value: -2, clause: 'SMLE-DMG-07' })
  return mods
}

/**
 * SMLE-DOOR-03..05: a figure at a closed household or interior door tries to
 * force it. Success: the door is broken open and the figure ends just beyond
 * it. Failure: its move ends at the door. One attempt per team, door and
 * round (SMLE-DOOR-04).
 */
export function decideKickDoor(state: MatchState, cmd: KickDoor, world: World): Decision {
  const acting = actingFigure(state, cmd.figureId, 'play')
  if (!acting.ok) return acting
  const figure = acting.value
  const door = world.door(cmd.doorId)
  const record = state.doors[cmd.doorId]
  if (!door || !record) return rejectCore('CORE-CMD-01', `There is no door "${cmd.doorId}" in this game.`)
  if (record.state === 'open' || record.state === 'broken') return reject('SMLE-DOOR-03', 'Only a closed door can be forced; this one is open.')
  if (record.kind === 'strong') return reject('SMLE-DOOR-03', 'Only household or interior doors can be forced; this is a strong door.')
  if (!reachesDoor(figure, door)) return reject('SMLE-DOOR-03', `${figure.name} must be at the door to force it.`)
  if (figure.moveEnded) return reject('SMLE-DOOR-03', `${figure.name}'s move has ended; it cannot force a door until its next turn.`)
  if (state.doorAttempts.includes(`${figure.teamId}:${door.id}`)) {
    return reject('SMLE-DOOR-04', 'This team has already tried to force this door this round.')
  }
  const beyond = pointBeyondDoor(door, figure)
  const inTheWay = overlappingFigure(state, figure, beyond)
  if (inTheWay) return rejectCore('CORE-TABLE-03', `There is no room beyond the door: ${inTheWay.name} is standing there.`)

  const roll = new DiceRoller(state).roll({
    purpose: 'force door',
    dice: 1,
    figureId: figure.id,
    modifiers: doorKickModifiers(figure),
    target: DOOR_KICK_TARGET,
    // SMLE-DOOR-05: a natural 6 always succeeds, a natural 1 always fails.
    naturalSuccess: (faces) => (faces[0] === 6 ? true : faces[0] === 1 ? false : undefined),
  })
  const success = roll.success === true
  const events: GameEvent[] = [roll, { type: 'DoorForced', doorId: door.id, figureId: figure.id, teamId: figure.teamId, round: state.round, success }]
  if (success) {
    events.push({
      type: 'FigureMoved',
      figureId: figure.id,
      from: figure.position,
      to: onGround(world, beyond),
      distanceIn: moveCostIn(world, figure.position, beyond),
      facingDeg: facingOf(figure.position, beyond, figure.facingDeg),
      endsMove: true,
    })
  }
  return accept(events)
}
