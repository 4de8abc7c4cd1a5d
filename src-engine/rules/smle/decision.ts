import type { Decision as KernelDecision } from '../../core/decision'
import type { GameEvent } from './events/events'

export { accept, type Checked, type Refusal, reject, type RejectReason, rejectCore } from '../../core/decision'

/** What the SMLE rules decided about a command: its events, or a refusal naming the clause. */
export type Decision = KernelDecision<GameEvent>
