import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import type { MatchState } from '../state/state'
import type { World } from '../world'
import { actingTeam } from './common'
import { haltedRefusal } from './move-rules'
import { KICK_MIN_BAND } from './kick-door'

export const RushDoorSchema = z.object({ type: z.literal('rushDoor'), teamId: z.string(), doorId: z.string() })
export type RushDoor = z.infer<typeof RushDoorSchema>

/**
 * SMLE-DOOR-04: before it moves, a team on an Advance or Close Assault move
 * declares that it will rush a door: if its lead figure's attempt to force
 * it fails, the door gives way anyway and the team tumbles through.
 */
export function decideRushDoor(state: MatchState, cmd: RushDoor, world: World): Decision {
  const acting = actingTeam(state, cmd.teamId)
  if (!acting.ok) return acting
  const team = acting.value
  const record = state.doors[cmd.doorId]
  if (!record || !world.door(cmd.doorId))
    return rejectCore('CORE-CMD-01', `There is no door "${cmd.doorId}" in this game.`)
  if ((team.activation?.band ?? 0) < KICK_MIN_BAND)
    return reject('SMLE-DOOR-03', `Only a team on an Advance or Close Assault move (B6 or better) may rush a door.`)
  const halted = haltedRefusal(team)
  if (halted) return halted
  if (team.moveOption !== null || team.other !== null)
    return reject('SMLE-DOOR-04', 'A rush is declared before the team moves.')
  if (record.state === 'open' || record.state === 'broken')
    return reject('SMLE-DOOR-03', 'That door is open; there is nothing to rush.')
  if (record.kind === 'strong')
    return reject('SMLE-DOOR-03', 'Only household or interior doors can be forced; this is a strong door.')
  if (team.rushing !== null) return reject('SMLE-DOOR-04', `${team.name} has already declared a rush this turn.`)
  return accept([{ type: 'DoorRushDeclared', teamId: team.id, doorId: cmd.doorId }])
}
