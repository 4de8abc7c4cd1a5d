import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import { EventLog } from '../events/event-log'
import type { MatchState } from '../state/state'
import { startUnit, waitingUnits } from '../sequence'
import type { World } from '../world'
import { deciderSide } from './common'

export const InterruptSchema = z.object({ type: z.literal('interrupt'), sideId: z.string(), teamId: z.string() })
export type Interrupt = z.infer<typeof InterruptSchema>

export const DeclineInterruptSchema = z.object({ type: z.literal('declineInterrupt'), sideId: z.string() })
export type DeclineInterrupt = z.infer<typeof DeclineInterruptSchema>

/**
 * SMLE-TURN-12 (optional `allowEarlyInterrupt`): a unit with a strictly higher
 * AL that has not acted takes its whole turn now, before the lower unit; it
 * counts as its activation for the round, at most once a round.
 */
export function decideInterrupt(state: MatchState, cmd: Interrupt, world: World): Decision {
  const side = deciderSide(state, cmd.sideId)
  if (!side.ok) return side
  const p = state.pending
  if (p?.kind !== 'interrupt') return reject('SMLE-TURN-12', 'There is no interrupt to take now.')
  const team = state.teams[cmd.teamId]
  if (!team) return rejectCore('CORE-CMD-01', `There is no team "${cmd.teamId}".`)
  const unit = waitingUnits(state, 'first').find((u) => u.teamIds[0] === team.activation?.blockId)
  if (!p.eligibleTeamIds.includes(team.activation?.blockId ?? '') || !unit)
    return reject(
      'SMLE-TURN-12',
      `${team.name} may not interrupt: it needs a higher AL than the unit about to act, and no turn or interrupt yet this round.`,
    )
  const log = new EventLog(state)
  log.push({ type: 'PendingCleared' })
  startUnit(log, world, unit.teamIds, 'first', true)
  return accept(log.events)
}

/** SMLE-TURN-12: the side lets the lower unit act. */
export function decideDeclineInterrupt(state: MatchState, cmd: DeclineInterrupt, world: World): Decision {
  const side = deciderSide(state, cmd.sideId)
  if (!side.ok) return side
  const p = state.pending
  if (p?.kind !== 'interrupt') return reject('SMLE-TURN-12', 'There is no interrupt to decline now.')
  const log = new EventLog(state)
  log.push({ type: 'PendingCleared' })
  startUnit(log, world, p.nextTeamIds, 'first', false)
  return accept(log.events)
}
