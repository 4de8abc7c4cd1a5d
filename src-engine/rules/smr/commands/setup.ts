import { z } from 'zod'
import { reject } from '../../../core/decision'
import { beginTurn } from '../flow'
import { groundPoint, type SmrWorld } from '../geometry'
import { placementProblem } from '../placement'
import type { SmrState } from '../state'
import { hiddenIn } from '../village'
import { FacingSchema, needSide, needStep, ownUnit, PointSchema, refused, run } from './common'
import type { SmrDecision } from './define'

/** SMR-SETUP-04/06: place one of the side's units inside its deployment zone, facing `facingDeg`. */
export const PlaceUnitSchema = z.object({
  type: z.literal('placeUnit'),
  unitId: z.string(),
  at: PointSchema,
  facingDeg: FacingSchema.default(0),
})

export function decidePlaceUnit(state: SmrState, cmd: z.output<typeof PlaceUnitSchema>, world: SmrWorld): SmrDecision {
  const problem = placementProblem(state, world, cmd.unitId, cmd.at, cmd.facingDeg)
  if (problem) return problem
  const u = state.units[cmd.unitId]!
  return run(state, (log) =>
    log.push({
      type: 'UnitPlaced',
      unitId: u.id,
      position: groundPoint(world, cmd.at),
      facingDeg: cmd.facingDeg,
      hiddenIn: null,
    }),
  )
}

/** §11 Village Invasion: assign one of the hidden peasants to a village building (at most `capacity` a building). */
export const HideUnitSchema = z.object({ type: z.literal('hideUnit'), unitId: z.string(), buildingId: z.string() })

export function decideHideUnit(state: SmrState, cmd: z.output<typeof HideUnitSchema>, world: SmrWorld): SmrDecision {
  const phase = needStep(state, 'setup')
  if (phase) return phase
  const u = ownUnit(state, cmd.unitId)
  if (refused(u)) return u
  const v = world.scenario.village
  if (!v || u.hiddenIn === null)
    return reject('SMR-SCEN-02', `${u.name} is not one of the peasants hidden in buildings.`)
  if (!v.buildingIds.includes(cmd.buildingId))
    return reject('SMR-SCEN-02', `"${cmd.buildingId}" is not a village building.`)
  if (hiddenIn(state, cmd.buildingId).filter((h) => h.id !== u.id).length >= v.capacity)
    return reject('SMR-SCEN-02', `That building already hides ${v.capacity} figures.`)
  const b = world.scenario.buildings.find((x) => x.id === cmd.buildingId)!
  const centre = groundPoint(world, { x: b.x + b.widthIn / 2, z: b.z + b.depthIn / 2 })
  return run(state, (log) =>
    log.push({ type: 'UnitPlaced', unitId: u.id, position: centre, facingDeg: 0, hiddenIn: cmd.buildingId }),
  )
}

/** SMR-SETUP-02: name one of the side's figures as its leader. */
export const DesignateLeaderSchema = z.object({ type: z.literal('designateLeader'), unitId: z.string() })

export function decideDesignateLeader(state: SmrState, cmd: z.output<typeof DesignateLeaderSchema>): SmrDecision {
  const phase = needStep(state, 'setup')
  if (phase) return phase
  const u = ownUnit(state, cmd.unitId)
  if (refused(u)) return u
  return run(state, (log) => log.push({ type: 'LeaderDesignated', sideId: u.sideId, unitId: u.id }))
}

/** SMR-SETUP-06: the side has deployed; the other deploys, or turn 1 begins. */
export const EndSetupSchema = z.object({ type: z.literal('endSetup'), sideId: z.string() })

export function decideEndSetup(state: SmrState, cmd: z.output<typeof EndSetupSchema>, world: SmrWorld): SmrDecision {
  const problem = needStep(state, 'setup') ?? needSide(state, cmd.sideId)
  if (problem) return problem
  return run(state, (log) => {
    log.push({ type: 'SetupEnded', sideId: cmd.sideId })
    const next = log.state.sideIds.find((s) => !log.state.setupDone.includes(s))
    if (next) log.push({ type: 'SetupTurn', sideId: next })
    else beginTurn(log, world, 1)
  })
}
