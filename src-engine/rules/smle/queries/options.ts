import type { CommandInput } from '../commands/index'
import { judge, parseCommand } from '../commands/decide'
import type { MatchState, TeamState } from '../state/state'
import { activeTeam } from '../sequence'
import type { World } from '../world'
import {
  assaultCandidates,
  decisionCandidates,
  fireCandidates,
  movers,
  otherCandidates,
  teamMoveCandidates,
  turnGenerators,
} from './candidates'

/** How the action panel groups what a side may do now. */
export type OptionGroup = 'activation' | 'interrupt' | 'move' | 'fire' | 'assault' | 'doors' | 'other'

/** One thing a side may do now, accepted by the rules, with words for the player. */
export interface LabelledOption {
  readonly group: OptionGroup
  readonly label: string
  readonly command: CommandInput
}

const GROUP_OF: Readonly<Record<string, OptionGroup>> = {
  rollActivation: 'activation',
  endSetup: 'activation',
  chooseObjective: 'activation',
  endActivation: 'activation',
  holdFire: 'interrupt',
  opportunityFire: 'interrupt',
  reactToFire: 'interrupt',
  interrupt: 'interrupt',
  declineInterrupt: 'interrupt',
  moveFigure: 'move',
  goProne: 'move',
  standUp: 'move',
  fallBack: 'move',
  moveVehicle: 'move',
  exitTable: 'move',
  directFire: 'fire',
  returnFire: 'fire',
  panicFire: 'fire',
  callFire: 'fire',
  closeAssault: 'assault',
  openDoor: 'doors',
  closeDoor: 'doors',
  kickDoor: 'doors',
  rushDoor: 'doors',
}

type Cmd = CommandInput & Record<string, unknown>

/** Names for a command's ids. */
function namer(state: MatchState) {
  const str = (v: unknown): string => (typeof v === 'string' ? v : '')
  return {
    fig: (v: unknown) => state.figures[str(v)]?.name ?? str(v),
    team: (v: unknown) => state.teams[str(v)]?.name ?? str(v),
    side: (v: unknown) => state.sides.find((s) => s.id === v)?.name ?? str(v),
    vehicle: (v: unknown) => state.vehicles[str(v)]?.name ?? str(v),
    door: (v: unknown) => str(v).replace(/-/g, ' '),
  }
}

const at = (p: unknown): string => {
  const q = p as { x?: number; z?: number } | undefined
  return q && typeof q.x === 'number' && typeof q.z === 'number' ? `(${q.x.toFixed(0)}, ${q.z.toFixed(0)})` : ''
}

/** A command in words, as the action panel's button says it. */
export function optionLabel(state: MatchState, command: CommandInput): string {
  const c = command as Cmd
  const n = namer(state)
  switch (c.type) {
    case 'rollActivation':
      return Array.isArray(c.groupRolls) && c.groupRolls.length > 0
        ? `Roll activation (sections roll once for all their teams)`
        : 'Roll activation'
    case 'endSetup':
      return 'End set-up'
    case 'chooseObjective':
      return `Choose the objective ${String(c.objectiveId)}`
    case 'endActivation':
      return `End ${n.team(c.teamId)}'s activation`
    case 'holdFire':
      return c.until === 'move'
        ? 'Let the move continue (hold fire for the rest of the move)'
        : 'Hold fire (at this point only)'
    case 'opportunityFire':
      return `Opportunity fire with ${n.team(c.teamId)}`
    case 'reactToFire':
      return Array.isArray(c.prone) && c.prone.length > 0 ? `Drop prone (${c.prone.length} figures)` : 'Stay up'
    case 'interrupt':
      return `Interrupt with ${n.team(c.teamId)}`
    case 'declineInterrupt':
      return 'No interrupt'
    case 'moveFigure':
      return `${n.fig(c.figureId)} moves to ${at(c.to)}`
    case 'goProne':
      return `${n.fig(c.figureId)} goes prone`
    case 'standUp':
      return `${n.fig(c.figureId)} stands up`
    case 'exitTable':
      return `${n.fig(c.figureId)} leaves the table`
    case 'fallBack':
      return `Fall back${c.distance === 'full' ? ' a full move' : ''}`
    case 'moveVehicle':
      return `Drive ${n.vehicle(c.vehicleId)} to ${at(c.to)}`
    case 'directFire':
      return `Fire at ${n.team(c.targetTeamId)}${c.atVehicle ? "'s vehicle" : ''}${Array.isArray(c.firerIds) && c.firerIds.length === 1 ? ` (${n.fig(c.firerIds[0])}${c.weapons ? `, ${Object.values(c.weapons as Record<string, string>).join(', ')}` : ''})` : ''}`
    case 'returnFire':
      return `Return fire: ${n.fig(c.figureId)} at ${n.team(c.targetTeamId)}`
    case 'panicFire':
      return `Panic fire${typeof c.figureId === 'string' && typeof c.weapon === 'string' ? ` (${n.fig(c.figureId)}, ${c.weapon})` : ''}`
    case 'callFire':
      return `${n.fig(c.observerId)} calls fire from ${n.team(c.firingTeamId)} on ${at(c.point)}`
    case 'closeAssault':
      return `Close assault ${n.team(c.targetTeamId)}`
    case 'openDoor':
      return `${n.fig(c.figureId)} opens the ${n.door(c.doorId)}`
    case 'closeDoor':
      return `${n.fig(c.figureId)} closes the ${n.door(c.doorId)}`
    case 'kickDoor':
      return `${n.fig(c.figureId)} kicks the ${n.door(c.doorId)}`
    case 'rushDoor':
      return `Rush the ${n.door(c.doorId)}`
    case 'board':
      return `Board ${n.vehicle(c.vehicleId)}`
    case 'debus':
      return 'Debus'
    case 'reload':
      return 'Reload'
    case 'recoverCasualties':
      return Array.isArray(c.firstAid) && c.firstAid.length > 0
        ? 'First aid'
        : Array.isArray(c.help) && c.help.length > 0
          ? 'Help a seriously wounded figure'
          : 'Recover casualties'
    case 'pickUp':
      return `${n.fig(c.figureId)} picks up ${String(c.itemId)}`
    case 'demolish':
      return `${n.fig(c.figureId)} demolishes ${String(c.objectiveId)}`
    case 'transferLeader':
      return `${n.fig(c.figureId)} joins ${n.team(c.toTeamId)}`
    default:
      return c.type
  }
}

const label = (state: MatchState, command: CommandInput): LabelledOption => ({
  group: GROUP_OF[command.type] ?? 'other',
  label: optionLabel(state, command),
  command,
})

/** A figure's single-step moves (prone, stand, leave the table) that the rules accept; destinations are the player's to click. */
function figureSteps(state: MatchState, world: World, team: TeamState): CommandInput[] {
  const steps = movers(state, team).flatMap((f): CommandInput[] => [
    { type: 'goProne', figureId: f.id },
    { type: 'standUp', figureId: f.id },
    { type: 'exitTable', figureId: f.id },
  ])
  return steps.filter((c) => {
    const parsed = parseCommand(c)
    return parsed.ok && judge(state, parsed.value, world).ok
  })
}

/**
 * What `sideId` may do now, in words and grouped for the action panel. The
 * same commands as `legalCommands`, except that a figure's moves to a point
 * are left to the player (click the ground: `moveFigure` is checked on
 * dispatch and its refusal names the clause); its team's fall back, vehicle
 * moves (sampled), going prone and standing up are listed. Empty when it is
 * not this side's turn to decide.
 */
export function labelledOptions(state: MatchState, world: World, sideId: string): LabelledOption[] {
  if (state.phase === 'ended') return []
  const decisions = decisionCandidates(state, world, sideId)
  if (decisions.length > 0) return decisions.map((c) => label(state, c))
  const gens = turnGenerators(state, sideId)
  const team = activeTeam(state)
  if (!team || !gens.end) return []
  const commands = [
    ...gens.end(state, world),
    ...teamMoveCandidates(state, world, team),
    ...figureSteps(state, world, team),
    ...fireCandidates(state, world, team),
    ...assaultCandidates(state, world, team),
    ...otherCandidates(state, world, team),
  ]
  return commands.map((c) => label(state, c))
}
