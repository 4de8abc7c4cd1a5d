import { decideChooseObjective } from '../commands/choose-objective'
import { decideCloseDoor } from '../commands/close-door'
import { decideEndActivation } from '../commands/end-activation'
import { decideEndSetup } from '../commands/end-setup'
import { decideFallBack } from '../commands/fall-back'
import { decideGoProne } from '../commands/go-prone'
import { decideHoldFire } from '../commands/hold-fire'
import { decideDeclineInterrupt, decideInterrupt } from '../commands/interrupt'
import { decideKickDoor } from '../commands/kick-door'
import { decideMoveFigure } from '../commands/move-figure'
import { decideOpenDoor } from '../commands/open-door'
import { decidePlaceFigure } from '../commands/place-figure'
import { decideRollActivation } from '../commands/roll-activation'
import { decideRushDoor } from '../commands/rush-door'
import { decideStandUp } from '../commands/stand-up'
import { decideBoard } from '../commands/board'
import { decideDebus } from '../commands/debus'
import { decideDemolish } from '../commands/demolish'
import { decideExitTable } from '../commands/exit-table'
import { decideMoveVehicle } from '../commands/move-vehicle'
import { decidePickUp } from '../commands/pick-up'
import { decideRecoverCasualties } from '../commands/recover-casualties'
import { decideReload } from '../commands/reload'
import { decideTransferLeader } from '../commands/transfer-leader'
import { decideCallFire } from '../commands/call-fire'
import { decideCloseAssault } from '../commands/close-assault'
import { decideDirectFire } from '../commands/direct-fire'
import { decideOpportunityFire } from '../commands/opportunity-fire'
import { decidePanicFire } from '../commands/panic-fire'
import { decideReactToFire } from '../commands/react-to-fire'
import { decideReturnFire } from '../commands/return-fire'
import { settle } from '../rules/smle/settle'
import type { World } from '../world/world'
import { type Command, CommandSchema } from './commands'
import { accept, type Decision, rejectCore } from './decision'
import { EventLog } from './event-log'
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

/**
 * Judges a command already parsed by `parseCommand`, then settles what the
 * events changed on the table: hidden teams seen (SMLE-SCEN-05), activation
 * levels (SMLE-ACT-16) and victory (§16).
 */
export function decideCommand(state: MatchState, cmd: Command, world: World): Decision {
  const decision = judge(state, cmd, world)
  if (!decision.ok) return decision
  const log = new EventLog(state)
  log.push(...decision.events)
  settle(log, world)
  return accept(log.events)
}

/** The command's own rule, without the settling. */
export function judge(state: MatchState, cmd: Command, world: World): Decision {
  switch (cmd.type) {
    case 'placeFigure':
      return decidePlaceFigure(state, cmd, world, world.scenario)
    case 'endSetup':
      return decideEndSetup(state, cmd, world)
    case 'chooseObjective':
      return decideChooseObjective(state, cmd, world)
    case 'rollActivation':
      return decideRollActivation(state, cmd, world)
    case 'endActivation':
      return decideEndActivation(state, cmd, world)
    case 'interrupt':
      return decideInterrupt(state, cmd, world)
    case 'declineInterrupt':
      return decideDeclineInterrupt(state, cmd, world)
    case 'moveFigure':
      return decideMoveFigure(state, cmd, world)
    case 'goProne':
      return decideGoProne(state, cmd, world)
    case 'standUp':
      return decideStandUp(state, cmd)
    case 'fallBack':
      return decideFallBack(state, cmd, world)
    case 'holdFire':
      return decideHoldFire(state, cmd, world)
    case 'openDoor':
      return decideOpenDoor(state, cmd, world)
    case 'closeDoor':
      return decideCloseDoor(state, cmd, world)
    case 'kickDoor':
      return decideKickDoor(state, cmd, world)
    case 'rushDoor':
      return decideRushDoor(state, cmd, world)
    case 'moveVehicle':
      return decideMoveVehicle(state, cmd, world)
    case 'board':
      return decideBoard(state, cmd, world)
    case 'debus':
      return decideDebus(state, cmd, world)
    case 'recoverCasualties':
      return decideRecoverCasualties(state, cmd, world)
    case 'reload':
      return decideReload(state, cmd, world)
    case 'pickUp':
      return decidePickUp(state, cmd, world)
    case 'demolish':
      return decideDemolish(state, cmd, world)
    case 'transferLeader':
      return decideTransferLeader(state, cmd, world)
    case 'exitTable':
      return decideExitTable(state, cmd, world)
    case 'directFire':
      return decideDirectFire(state, cmd, world)
    case 'opportunityFire':
      return decideOpportunityFire(state, cmd, world)
    case 'reactToFire':
      return decideReactToFire(state, cmd, world)
    case 'returnFire':
      return decideReturnFire(state, cmd, world)
    case 'panicFire':
      return decidePanicFire(state, cmd, world)
    case 'closeAssault':
      return decideCloseAssault(state, cmd, world)
    case 'callFire':
      return decideCallFire(state, cmd, world)
  }
}
