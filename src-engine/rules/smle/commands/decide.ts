import { decideChooseObjective } from './choose-objective'
import { decideCloseDoor } from './close-door'
import { decideEndActivation } from './end-activation'
import { decideEndSetup } from './end-setup'
import { decideFallBack } from './fall-back'
import { decideGoProne } from './go-prone'
import { decideHoldFire } from './hold-fire'
import { decideDeclineInterrupt, decideInterrupt } from './interrupt'
import { decideKickDoor } from './kick-door'
import { decideMoveFigure } from './move-figure'
import { decideOpenDoor } from './open-door'
import { decidePlaceFigure } from './place-figure'
import { decideRollActivation } from './roll-activation'
import { decideRushDoor } from './rush-door'
import { decideStandUp } from './stand-up'
import { decideBoard } from './board'
import { decideDebus } from './debus'
import { decideDemolish } from './demolish'
import { decideExitTable } from './exit-table'
import { decideMoveVehicle } from './move-vehicle'
import { decidePickUp } from './pick-up'
import { decideRecoverCasualties } from './recover-casualties'
import { decideReload } from './reload'
import { decideTransferLeader } from './transfer-leader'
import { decideCallFire } from './call-fire'
import { decideCloseAssault } from './close-assault'
import { decideDirectFire } from './direct-fire'
import { decideOpportunityFire } from './opportunity-fire'
import { decidePanicFire } from './panic-fire'
import { decideReactToFire } from './react-to-fire'
import { decideReturnFire } from './return-fire'
import { settle } from '../settle'
import type { World } from '../world'
import { type Command, CommandSchema } from './index'
import { accept, type Decision, rejectCore } from '../decision'
import { EventLog } from '../events/event-log'
import type { MatchState } from '../state/state'

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
