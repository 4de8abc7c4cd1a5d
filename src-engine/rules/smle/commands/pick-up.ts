import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import type { MatchState } from '../state/state'
import { dist2 } from '../../../util/geometry'
import type { World } from '../world'
import { actingFigure } from './common'

export const PickUpSchema = z.object({ type: z.literal('pickUp'), figureId: z.string(), itemId: z.string() })
export type PickUp = z.infer<typeof PickUpSchema>

/**
 * SMLE-OPT-09: a figure in base contact with an abandoned heavy weapon picks
 * it up by spending its team's Other option; SMLE-SCEN-06: so does a figure
 * at a weapon cache. A team at B0–B2 has no Other option (Table 1,
 * SMLE-ACT-06: its compulsory move comes first).
 */
export function decidePickUp(state: MatchState, cmd: PickUp, world: World): Decision {
  const acting = actingFigure(state, cmd.figureId, 'play')
  if (!acting.ok) return acting
  const figure = acting.value
  const team = state.teams[figure.teamId]
  if (!team) return rejectCore('CORE-CMD-01', 'No team.')
  // SMLE-ACT-06 / Table 1: B0–B2 have no Other option and must make their compulsory move (SMLE-OPT-07, -08),
  // which an Other option would replace (SMLE-TURN-10): picked up, the team could neither fall back nor end its turn.
  const band = team.activation?.band ?? 0
  if (band <= 2)
    return reject(
      'SMLE-ACT-06',
      `${team.name} is at B${band}: it must make its compulsory move, and has no Other option to pick anything up with.`,
    )
  if (team.other !== null || team.moveOption !== null || team.attackedThisTurn)
    return reject(
      'SMLE-TURN-10',
      `Picking something up is ${team.name}'s Other option: it replaces the Move and Combat options.`,
    )
  if (team.opportunityFired)
    return reject('SMLE-COMBAT-04', `${team.name} made Opportunity Fire this round: no Other option in its own turn.`)
  if (figure.status === 'seriousWound' || figure.vehicleId !== null)
    return reject('SMLE-OPT-09', `${figure.name} cannot pick anything up now.`)
  const item = state.items.find((i) => i.id === cmd.itemId)
  const cache = world.scenario.objectives.find((o) => o.id === cmd.itemId && o.kind === 'cache')
  const reach = figure.baseRadiusIn + state.settings.contactTolerance
  if (item) {
    if (dist2(item.position, figure.position) > reach + 1e-9)
      return reject('SMLE-OPT-09', `${figure.name} must be in base contact with the ${item.weapon}.`)
    return accept([
      { type: 'OtherOptionTaken', teamId: team.id, option: 'pickUp' },
      { type: 'ItemPickedUp', figureId: figure.id, itemId: item.id, weapon: item.weapon, cache: false },
    ])
  }
  if (cache) {
    if (state.cachesTaken.includes(cache.id)) return reject('SMLE-SCEN-06', `${cache.name} has been emptied.`)
    if (dist2(cache, figure.position) > reach + 1e-9)
      return reject('SMLE-SCEN-06', `${figure.name} must be in base contact with ${cache.name}.`)
    if (!cache.weapon) return reject('SMLE-SCEN-06', `${cache.name} holds nothing.`)
    return accept([
      { type: 'OtherOptionTaken', teamId: team.id, option: 'pickUp' },
      { type: 'ItemPickedUp', figureId: figure.id, itemId: cache.id, weapon: cache.weapon, cache: true },
    ])
  }
  return rejectCore('CORE-CMD-01', `There is nothing called "${cmd.itemId}" to pick up.`)
}
