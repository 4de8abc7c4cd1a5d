import { bearingDeg } from '../../../world/facing'
import type { SmrCommand } from '../commands/index'
import type { SmrWorld } from '../geometry'
import { legalCommands } from '../legal'
import type { SmrState, SmrUnit } from '../state'
import { hypot } from '../../../util/geometry'

/** How the action panel groups what an SMR side may do now. */
export type SmrOptionGroup =
  'turn' | 'setup' | 'missiles' | 'charge' | 'move' | 'rally' | 'doors' | 'bonus' | 'reinforcements'

/** One thing an SMR side may do now, accepted by the rules, in words; `unitId` is the unit that acts, if one does. */
export interface SmrLabelledOption {
  readonly group: SmrOptionGroup
  readonly label: string
  readonly command: SmrCommand
  readonly unitId?: string
}

const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west']

/** The nearest of the eight compass points to a bearing (degrees clockwise from north). */
export function compassOf(deg: number): string {
  return COMPASS[Math.round((((deg % 360) + 360) % 360) / 45) % 8]!
}

const fmt = (n: number): string => (Math.round(n * 10) / 10).toString()

/** Names of what a command names: units, buildings, doors and sides. */
function namer(state: SmrState, world: SmrWorld) {
  const unit = (id: string): string => state.units[id]?.name ?? id
  const building = (id: string): string => world.scenario.buildings.find((b) => b.id === id)?.name ?? id
  const door = (id: string): string => {
    for (const b of world.scenario.buildings)
      for (const d of b.doors ?? []) if (d.id === id) return `the door of ${b.name ?? b.id}`
    return id
  }
  const side = (id: string): string => world.scenario.sides.find((s) => s.id === id)?.name ?? id
  return { unit, building, door, side }
}

/** What a sampled move heads for, in words: an enemy, the village, a building or home. */
function moveLabel(state: SmrState, world: SmrWorld, u: SmrUnit, cmd: Extract<SmrCommand, { type: 'moveUnit' }>) {
  const end = cmd.path[cmd.path.length - 1]!
  const dist = hypot(end.x - u.position.x, end.z - u.position.z)
  if (dist < 0.01) {
    const facing = cmd.facingDeg ?? u.facingDeg
    const faced = Object.values(state.units).find(
      (e) =>
        e.sideId !== u.sideId &&
        e.status === 'ok' &&
        e.hiddenIn === null &&
        Math.abs(((bearingDeg(u.position, e.position) - facing + 540) % 360) - 180) < 1,
    )
    return `${u.name}: turn to face ${faced ? faced.name : compassOf(facing)}`
  }
  const brg = bearingDeg(u.position, end)
  const toward = Object.values(state.units).find(
    (e) =>
      e.sideId !== u.sideId &&
      e.status === 'ok' &&
      e.hiddenIn === null &&
      Math.abs(((bearingDeg(u.position, e.position) - brg + 540) % 360) - 180) < 1,
  )
  const home = world.scenario.sides.find((s) => s.id === u.sideId)?.edge
  const homeBrg = { north: 0, east: 90, south: 180, west: 270 }[home ?? 'north']
  const what = toward
    ? `toward ${toward.name}`
    : home && Math.abs(((homeBrg - brg + 540) % 360) - 180) < 1
      ? 'back toward its own edge'
      : world.scenario.village
        ? `${compassOf(brg)}, toward the village`
        : compassOf(brg)
  return `${u.name}: move ${fmt(dist)}" ${what}`
}

/** Words and a group for one legal command. */
export function smrOptionOf(state: SmrState, world: SmrWorld, cmd: SmrCommand): SmrLabelledOption {
  const n = namer(state, world)
  switch (cmd.type) {
    case 'rollInitiative':
      return { group: 'turn', label: 'Roll for initiative (2D6 each side)', command: cmd }
    case 'placeUnit':
      return {
        group: 'setup',
        label: `Place ${n.unit(cmd.unitId)} at ${fmt(cmd.at.x)}", ${fmt(cmd.at.z)}"`,
        command: cmd,
        unitId: cmd.unitId,
      }
    case 'hideUnit':
      return {
        group: 'setup',
        label: `Hide ${n.unit(cmd.unitId)} in ${n.building(cmd.buildingId)}`,
        command: cmd,
        unitId: cmd.unitId,
      }
    case 'designateLeader':
      return { group: 'setup', label: `Make ${n.unit(cmd.unitId)} the leader`, command: cmd, unitId: cmd.unitId }
    case 'endSetup':
      return { group: 'turn', label: 'Deployment done', command: cmd }
    case 'chooseOrder':
      return {
        group: 'turn',
        label:
          cmd.firstSideId === cmd.sideId
            ? 'Move first this turn'
            : `Move second (${n.side(cmd.firstSideId)} moves first)`,
        command: cmd,
      }
    case 'declareMissiles':
      return {
        group: 'missiles',
        label:
          cmd.shots.length === 0
            ? 'Hold fire'
            : `Shoot: ${cmd.shots.map((s) => `${n.unit(s.unitId)} at ${n.unit(s.targetId)}`).join(', ')}`,
        command: cmd,
        ...(cmd.shots.length === 1 ? { unitId: cmd.shots[0]!.unitId } : {}),
      }
    case 'moveUnit': {
      const u = state.units[cmd.unitId]
      return {
        group: 'move',
        label: u ? moveLabel(state, world, u, cmd) : `Move ${cmd.unitId}`,
        command: cmd,
        unitId: cmd.unitId,
      }
    }
    case 'charge': {
      const u = state.units[cmd.unitId]
      const t = state.units[cmd.targetId]
      const d = u && t ? hypot(t.position.x - u.position.x, t.position.z - u.position.z) : null
      return {
        group: 'charge',
        label: `${n.unit(cmd.unitId)} charges ${n.unit(cmd.targetId)}${d === null ? '' : ` (${fmt(d)}" away)`}`,
        command: cmd,
        unitId: cmd.unitId,
      }
    }
    case 'rally':
      return {
        group: 'rally',
        label: `${n.unit(cmd.leaderId)} rallies ${n.unit(cmd.unitId)}`,
        command: cmd,
        unitId: cmd.leaderId,
      }
    case 'leaveBuilding': {
      const u = state.units[cmd.unitId]
      return {
        group: 'move',
        label: `${n.unit(cmd.unitId)} comes out of ${u?.hiddenIn ? n.building(u.hiddenIn) : 'its building'}`,
        command: cmd,
        unitId: cmd.unitId,
      }
    }
    case 'bashDoor':
      return {
        group: 'doors',
        label: `${n.unit(cmd.unitId)} bashes ${n.door(cmd.doorId)}`,
        command: cmd,
        unitId: cmd.unitId,
      }
    case 'endMovement':
      return { group: 'turn', label: 'End movement', command: cmd }
    case 'bonusAttack':
      return {
        group: 'bonus',
        label: `${n.unit(cmd.unitId)}: bonus attack on ${n.unit(cmd.targetId)} (+2)`,
        command: cmd,
        unitId: cmd.unitId,
      }
    case 'forgoBonus':
      return { group: 'bonus', label: `${n.unit(cmd.unitId)}: let the bonus go`, command: cmd, unitId: cmd.unitId }
    case 'reinforce': {
      const need = world.scenario.village?.reinforcementRoll ?? 10
      const kind = { hand: 'peasants', bow: 'peasant archers', sling: 'peasant slingers' }[cmd.weapon]
      return {
        group: 'reinforcements',
        label: `Roll for reinforcements (${need}+): ${kind} from the ${cmd.edge} edge`,
        command: cmd,
      }
    }
    case 'declineReinforcements':
      return { group: 'reinforcements', label: 'No reinforcements this turn', command: cmd }
  }
}

/**
 * What `sideId` may do now, for a user interface: the commands of
 * `legalCommands` (except set-up placements, which the player clicks on the
 * table) each with a sentence and a group. Moves are a sample; the player
 * may also send a move of his own to any point, and reads the refusal if it
 * breaks a rule.
 */
export function smrLabelledOptions(state: SmrState, world: SmrWorld, sideId: string): SmrLabelledOption[] {
  return legalCommands(state, world, sideId)
    .filter((c) => c.type !== 'placeUnit')
    .map((c) => smrOptionOf(state, world, c))
}
