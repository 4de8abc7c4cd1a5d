import type { EventLog } from '../../core/event-log'
import type { AfterWindow } from '../../core/pending'
import type { World } from '../../world/world'
import { settlePosition } from './positions'
import { runMove } from './windows'

/** Play goes on after an interrupt window closed: the paused move resumes, or the active team's turn goes on. */
export function continueAfterWindow(log: EventLog, world: World, targetTeamId: string, then: AfterWindow): void {
  if (then.kind === 'turn') return
  if (runMove(log, world, targetTeamId, then.legs, then.quiet) === 'done') settlePosition(log, world, targetTeamId)
}
