import { z } from 'zod'
import { reject } from '../../../core/decision'
import { WallSideSchema } from '../../../scenario/table-schema'
import type { Vec2 } from '../../../util/geometry'
import type { SmrEventOf } from '../events'
import { endTurn } from '../flow'
import { groundPoint, onTable, poseClear, poseOfUnit, type SmrWorld } from '../geometry'
import type { SmrLog } from '../log'
import { freshUnit } from '../apply'
import { type SmrState } from '../state'
import { needSide, needStep, run } from './common'
import type { SmrDecision } from './define'
import { checkVillageVictory } from '../victory'

/**
 * §11 Village Invasion: at the end of each turn the peasant player may roll
 * 2D6; on 10+ he gets 1D6 points of peasants (1 point each, 2 with a bow),
 * placed touching the table edge he names; they act from the next turn.
 */
export const ReinforceSchema = z.object({
  type: z.literal('reinforce'),
  sideId: z.string(),
  edge: WallSideSchema,
  weapon: z.enum(['hand', 'bow', 'sling']).default('hand'),
})

export function decideReinforce(state: SmrState, cmd: z.output<typeof ReinforceSchema>, world: SmrWorld): SmrDecision {
  const problem = needStep(state, 'turn', 'reinforcements') ?? needSide(state, cmd.sideId)
  if (problem) return problem
  const v = world.scenario.village
  if (!v || v.reinforcementRoll === null) return reject('SMR-SCEN-02', 'This scenario has no reinforcements.')
  const needed = v.reinforcementRoll
  return run(state, (log) => {
    const roll = log.roll({
      purpose: `reinforcements for ${cmd.sideId} (${needed}+)`,
      dice: 2,
      modifiers: [],
      target: needed,
    })
    if (roll.success) {
      const points = log.roll({ purpose: 'points of reinforcing peasants (1D6)', dice: 1, modifiers: [] }).total
      arrive(log, world, cmd.sideId, cmd.edge, cmd.weapon, points)
    }
    checkVillageVictory(log, world)
    endTurn(log, world)
  })
}

/** §11: the peasant player does not roll for reinforcements this turn. */
export const DeclineReinforcementsSchema = z.object({ type: z.literal('declineReinforcements'), sideId: z.string() })

export function decideDeclineReinforcements(
  state: SmrState,
  cmd: z.output<typeof DeclineReinforcementsSchema>,
  world: SmrWorld,
): SmrDecision {
  const problem = needStep(state, 'turn', 'reinforcements') ?? needSide(state, cmd.sideId)
  if (problem) return problem
  return run(state, (log) => endTurn(log, world))
}

/** The peasants bought with `points` (bows 2 points, a last odd point buys a plain peasant), placed along `edge`. */
function arrive(
  log: SmrLog,
  world: SmrWorld,
  sideId: string,
  edge: 'north' | 'south' | 'east' | 'west',
  weapon: 'hand' | 'bow' | 'sling',
  points: number,
): void {
  const kinds: ('hand' | 'bow' | 'sling')[] = []
  let left = points
  while (left > 0) {
    if (weapon === 'bow' && left >= 2) {
      kinds.push('bow')
      left -= 2
    } else {
      kinds.push(weapon === 'sling' ? 'sling' : 'hand')
      left -= 1
    }
  }
  const into = { north: 180, south: 0, east: 270, west: 90 }[edge]
  const units: SmrEventOf<'ReinforcementsArrived'>['units'] = []
  let scratch = log.state
  for (const [i, w] of kinds.entries()) {
    const id = `${sideId}-reinforcement-${log.state.nextUnitSeq + i}`
    const base = freshUnit({
      id,
      name: `Peasant ${log.state.nextUnitSeq + i}`,
      sideId,
      profile: { cls: 'P', mount: 'foot', weapon: w, axe: false },
      position: { x: 0, y: 0, z: 0 },
      facingDeg: into,
      hiddenIn: null,
    })
    const at = edgeSpots(world, edge).find(
      (p) => poseClear(scratch, world, base, p, into) && onTable(world, poseOfUnit(base, p, into)),
    )
    if (!at) break
    const placed = { ...base, position: groundPoint(world, at) }
    units.push({
      id,
      name: placed.name,
      sideId,
      profile: { cls: 'P', mount: 'foot', weapon: w, axe: false },
      position: placed.position,
      facingDeg: into,
    })
    scratch = { ...scratch, units: { ...scratch.units, [id]: placed }, unitOrder: [...scratch.unitOrder, id] }
  }
  if (units.length > 0) log.push({ type: 'ReinforcementsArrived', sideId, units })
}

/** Spots touching a table edge, from its middle outward every inch. */
function edgeSpots(world: SmrWorld, edge: 'north' | 'south' | 'east' | 'west'): Vec2[] {
  const half = 0.4
  const alongX = edge === 'north' || edge === 'south'
  const len = alongX ? world.widthIn : world.depthIn
  const out: Vec2[] = []
  for (let k = 0; k < len; k++) {
    const off = k % 2 === 0 ? k / 2 : -(k + 1) / 2
    const s = len / 2 + off
    if (s < 1 || s > len - 1) continue
    if (edge === 'north') out.push({ x: s, z: half })
    else if (edge === 'south') out.push({ x: s, z: world.depthIn - half })
    else if (edge === 'west') out.push({ x: half, z: s })
    else out.push({ x: world.widthIn - half, z: s })
  }
  return out
}
