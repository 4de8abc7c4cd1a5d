import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import type { GameEvent } from '../events/events'
import type { MatchState } from '../state/state'
import { canAct, isPresent } from '../organisation'
import { crewVehicle } from '../vehicle-flow'
import { firstAid } from '../wounds'
import type { World } from '../world'
import { actingTeam } from './common'
import { otherOptionAllowed } from './other-option'

const PairSchema = z.object({ figureId: z.string(), woundedId: z.string() })

export const RecoverCasualtiesSchema = z.object({
  type: z.literal('recoverCasualties'),
  teamId: z.string(),
  /** A figure of the team treats a lightly wounded figure in base contact. */
  firstAid: z.array(PairSchema).default([]),
  /** A figure of the team takes a seriously wounded figure in base contact along. */
  help: z.array(PairSchema).default([]),
})
export type RecoverCasualties = z.infer<typeof RecoverCasualtiesSchema>

/**
 * Table 1 "Recover casualties" (B4+, an Other option; SMLE-DMG-12): figures
 * in base contact give first aid to light wounds (the −2 and the activation
 * −1 end) and take seriously wounded figures along (the helper's move is
 * halved). A vehicle crew repairs its vehicle's light wound (SMLE-VEH-15).
 */
export function decideRecoverCasualties(state: MatchState, cmd: RecoverCasualties, world: World): Decision {
  const acting = actingTeam(state, cmd.teamId)
  if (!acting.ok) return acting
  const team = acting.value
  const allowed = otherOptionAllowed(state, world, team, 'recoverCasualties')
  if (!allowed.ok) return allowed
  const events: GameEvent[] = [{ type: 'OtherOptionTaken', teamId: team.id, option: 'recoverCasualties' }]
  const busy = new Set<string>()
  const contact = state.settings.contactTolerance
  for (const pair of [
    ...cmd.firstAid.map((p) => ({ ...p, kind: 'aid' as const })),
    ...cmd.help.map((p) => ({ ...p, kind: 'help' as const })),
  ]) {
    const helper = state.figures[pair.figureId]
    const wounded = state.figures[pair.woundedId]
    if (!helper || !wounded) return rejectCore('CORE-CMD-01', 'Both figures must exist.')
    if (
      helper.teamId !== team.id ||
      !canAct(helper) ||
      helper.spent !== null ||
      helper.status === 'seriousWound' ||
      helper.vehicleId !== null
    )
      return reject('SMLE-DMG-12', `${helper.name} is not an able figure of ${team.name} on foot.`)
    if (busy.has(helper.id)) return reject('SMLE-DMG-12', `${helper.name} can tend one casualty at a time.`)
    if (wounded.sideId !== team.sideId || !isPresent(wounded))
      return reject('SMLE-DMG-12', `${wounded.name} is not a casualty of this side on the table.`)
    if (world.distanceIn(helper, wounded) > contact + 1e-9)
      return reject('SMLE-DMG-12', `${helper.name} must be in base contact with ${wounded.name}.`)
    busy.add(helper.id)
    if (pair.kind === 'aid') {
      const treated = firstAid({ status: wounded.status, treated: wounded.treated })
      if (!treated.ok) return reject(treated.clause, treated.message)
      events.push({ type: 'FirstAidGiven', figureId: wounded.id, byFigureId: helper.id })
    } else {
      if (wounded.status !== 'seriousWound') return reject('SMLE-DMG-12', `${wounded.name} is not seriously wounded.`)
      events.push({ type: 'Helping', figureId: helper.id, woundedId: wounded.id })
    }
  }
  const vehicle = crewVehicle(state, team)
  if (vehicle?.status === 'VLW') events.push({ type: 'VehicleRepaired', vehicleId: vehicle.id })
  if (events.length === 1) return reject('SMLE-DMG-12', `${team.name} has no casualty to tend and nothing to repair.`)
  return accept(events)
}
