import { z } from 'zod'
import { accept, type Decision, reject } from '../decision'
import { EventLog } from '../events/event-log'
import type { MatchState } from '../state/state'
import { continueAfterWindow } from '../continue'
import type { World } from '../world'
import { deciderSide } from './common'

export const HoldFireSchema = z.object({
  type: z.literal('holdFire'),
  sideId: z.string(),
  /** `point`: not now; `move`: not for the rest of this move (no more interrupt points in it). */
  until: z.enum(['point', 'move']).default('point'),
})
export type HoldFire = z.infer<typeof HoldFireSchema>

/** SMLE-COMBAT-05: the opposing side lets this interrupt point pass without Opportunity Fire; play goes on. */
export function decideHoldFire(state: MatchState, cmd: HoldFire, world: World): Decision {
  const side = deciderSide(state, cmd.sideId)
  if (!side.ok) return side
  const p = state.pending
  if (p?.kind !== 'opportunity') return reject('SMLE-COMBAT-05', 'There is no opportunity fire to decline now.')
  const log = new EventLog(state)
  log.push({ type: 'PendingCleared' })
  const then = p.then.kind === 'move' && cmd.until === 'move' ? { ...p.then, quiet: true } : p.then
  continueAfterWindow(log, world, p.targetTeamId, then)
  return accept(log.events)
}
