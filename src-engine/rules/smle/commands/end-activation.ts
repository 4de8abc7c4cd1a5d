import { z } from 'zod'
import { accept, type Decision, reject } from '../decision'
import { EventLog } from '../events/event-log'
import type { Checked } from '../decision'
import type { MatchState, TeamState } from '../state/state'
import { fanaticAllows } from './fanatic'
import { withdrawalLegs } from '../compulsory'
import { endTeamTurn } from '../sequence'
import type { World } from '../world'
import { actingTeam } from './common'

export const EndActivationSchema = z.object({ type: z.literal('endActivation'), teamId: z.string() })
export type EndActivation = z.infer<typeof EndActivationSchema>

/**
 * The active team's turn is over (SMLE-TURN-02 phase 4): the next team of
 * its block, or the unit with the next lowest AL, becomes active. A team at
 * B1 or B2 must first make its compulsory fall back (SMLE-OPT-07), unless it
 * has nowhere to go.
 */
export function decideEndActivation(state: MatchState, cmd: EndActivation, world: World): Decision {
  const check = checkEndActivation(state, cmd, world)
  if (!check.ok) return check
  const log = new EventLog(state)
  endTeamTurn(log, world)
  return accept(log.events)
}

/** Whether the active team's turn may end now (without ending it). */
export function checkEndActivation(state: MatchState, cmd: EndActivation, world: World): Checked<TeamState> {
  const acting = actingTeam(state, cmd.teamId)
  if (!acting.ok) return acting
  const team = acting.value
  const band = team.activation?.band ?? 0
  if ((band === 1 || band === 2) && team.moveOption === null && team.haltRounds === 0) {
    const possible = withdrawalLegs(state, world, team, { max: 0.5, min: 0.5 }, 'fallBack').legs.length > 0
    if (possible)
      return reject(
        'SMLE-OPT-07',
        `${team.name} is falling back: it must withdraw at least a half move before its turn ends.`,
      )
  }
  const fanatic = fanaticAllows(state, world, team, 'end')
  if (!fanatic.ok) return fanatic
  return { ok: true, value: team }
}
