import { decideCloseDoor } from '../commands/close-door'
import { decideEndTurn } from '../commands/end-turn'
import { decideKickDoor } from '../commands/kick-door'
import { decideMoveFigure } from '../commands/move-figure'
import { decideOpenDoor } from '../commands/open-door'
import { decidePlaceFigure } from '../commands/place-figure'
import type { World } from '../world/world'
import { type Command, CommandSchema } from './commands'
import { type Decision, rejectCore } from './decision'
import type { MatchState } from './state'

/**
 * Judges a command against the rules and the table. Reads the state, may draw
 * from its generator (recording the outcome in events) and asks the world;
 * never mutates anything. A refusal names the clause it enforces.
 */
export function decide(state: MatchState, command: unknown, world: World): Decision {
  const parsed = parseCommand(command)
  return parsed.ok ? decideCommand(state, parsed.value, world) : parsed
}

/** Checks a command's shape (CORE-CMD-02) and fills in its defaults. */
export function parseCommand(command: unknown): { ok: true; value: Command } | (Decision & { ok: false }) {
  const parsed = CommandSchema.safeParse(command)
  if (parsed.success) return { ok: true, value: parsed.data }
  const issue = parsed.error.issues[0]
  return rejectCore('CORE-CMD-02', `The command is malformed${issue ? ` at "${issue.path.join('.') || 'type'}": ${issue.message}` : ''}.`)
}

/** Judges a command already parsed by `parseCommand`. */
export function decideCommand(state: MatchState, cmd: Command, world: World): Decision {
  switch (cmd.type) {
    case 'placeFigure':
      return decidePlaceFigure(state, cmd, world, world.scenario)
    case 'moveFigure':
      return decideMoveFigure(state, cmd, world)
    case 'openDoor':
      return decideOpenDoor(state, cmd, world)
    case 'closeDoor':
      return decideCloseDoor(state, cmd, world)
    case 'kickDoor':
      return decideKickDoor(state, cmd, world)
    case 'endTurn':
      return decideEndTurn(state, cmd, world.scenario.firstSideId)
  }
}
