import type { EventLog } from './events/event-log'
import type { AfterWindow, OpportunityWindow } from './state/pending'
import type { World } from './world'
import { afterAssaultMove, resolveAssault } from './assault-flow'
import { settlePosition } from './positions'
import { eligibleOpportunityTeams, runMove } from './windows'

/** Play goes on after an interrupt window closed: the paused move resumes, or the active team's turn goes on. */
export function continueAfterWindow(log: EventLog, world: World, targetTeamId: string, then: AfterWindow): void {
  if (then.kind === 'turn') return
  if (then.kind === 'assault') {
    resolveAssault(log, world, then.assault)
    return
  }
  if (runMove(log, world, targetTeamId, then.legs, then.quiet, then.assault) !== 'done') return
  settlePosition(log, world, targetTeamId)
  if (then.assault) afterAssaultMove(log, world, then.assault)
}

/**
 * After one team's opportunity fire, the same moment stays open for the
 * other eligible teams of that side (SMLE-COMBAT-05: each eligible unit may
 * declare); when none is left, play goes on.
 */
export function reopenOrContinue(log: EventLog, world: World, window: OpportunityWindow): void {
  if (log.state.phase !== 'play') return
  const watch = window.mover ? [window.mover.figureId] : null
  const eligible = window.defensive ? [] : eligibleOpportunityTeams(log.state, world, window.targetTeamId, watch)
  if (eligible.length > 0) {
    log.push({ type: 'PendingSet', pending: { ...window, eligibleTeamIds: eligible } })
    return
  }
  continueAfterWindow(log, world, window.targetTeamId, window.then)
}
