import { accept, type Checked, rejectCore } from '../../../core/decision'
import type { SmrWorld } from '../geometry'
import { SmrLog } from '../log'
import type { SmrState } from '../state'
import { checkVillageVictory } from '../victory'
import type { SmrDecision } from './define'
import type { CommandDef } from './define'
import { type SmrCommand, SMR_COMMANDS, SmrCommandSchema } from './index'

/** Checks a command's shape (CORE-CMD-02) and fills in its defaults. */
export function parseSmrCommand(command: unknown): Checked<SmrCommand> {
  const parsed = SmrCommandSchema.safeParse(command)
  if (parsed.success) return { ok: true, value: parsed.data }
  const issue = parsed.error.issues[0]
  return rejectCore(
    'CORE-CMD-02',
    `The command is malformed${issue ? ` at "${issue.path.join('.') || 'type'}": ${issue.message}` : ''}.`,
  )
}

/**
 * Judges a parsed command: the table's rule for its type, then the
 * at-any-moment victory of Village Invasion (§11). Never mutates; a refusal
 * leaves the game as it was and names the clause broken.
 */
export function decideSmrCommand(state: SmrState, cmd: SmrCommand, world: SmrWorld): SmrDecision {
  if (state.phase === 'ended') return rejectCore('CORE-PHASE-01', 'The game is over.')
  const entry: CommandDef<string> = SMR_COMMANDS[cmd.type]
  const decision = entry.decide(state, cmd as never, world)
  if (!decision.ok) return decision
  const log = new SmrLog(state)
  log.push(...decision.events)
  checkVillageVictory(log, world)
  return accept(log.events)
}
