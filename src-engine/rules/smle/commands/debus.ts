import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import type { FigureState, MatchState, VehicleState } from '../state/state'
import { allowsOther } from '../bands'
import { presentFigures } from '../organisation'
import { figureFullMoveIn } from '../situation'
import { currentSpeedIn, spotAround, spotFree, vehicleBody } from '../vehicle-flow'
import { mayLeaveVehicle } from '../vehicles'
import type { Vec2, Vec3 } from '../../../util/geometry'
import type { World } from '../world'
import { actingTeam, type Checked, onGround, quantizePoint } from './common'

export const DebusSchema = z.object({
  type: z.literal('debus'),
  teamId: z.string(),
  /** Where each figure stands; left out, the figures are placed behind the vehicle. */
  positions: z.record(z.string(), z.object({ x: z.number(), z: z.number() })).default({}),
  /** SMLE-MOVE-11: the team normally ends prone while the leader checks everyone is there. */
  prone: z.boolean().default(true),
})
export type Debus = z.infer<typeof DebusSchema>

/** Where each leaving figure goes: as asked, or behind the vehicle; each within half its move of the vehicle (SMLE-MOVE-11). */
export function placeLeaving(
  state: MatchState,
  world: World,
  v: VehicleState,
  figures: readonly FigureState[],
  asked: Readonly<Record<string, Vec2>>,
): Checked<Record<string, Vec3>> {
  const out: Record<string, Vec3> = {}
  const taken: Vec2[] = []
  const body = vehicleBody(v)
  for (const f of figures) {
    const want = asked[f.id]
    const p = want ? quantizePoint(want) : spotAround(state, world, v, f, taken)
    if (!p) return reject('SMLE-MOVE-11', `There is no room around ${v.name} for ${f.name} to get out.`)
    if (want && !spotFree(state, world, f, p, taken))
      return rejectCore('CORE-TABLE-03', `${f.name} cannot stand there: the spot is taken or blocked.`)
    const at = onGround(world, p)
    if (world.distanceIn({ ...f, position: at }, body) > figureFullMoveIn(state, f) / 2 + 1e-9)
      return reject('SMLE-MOVE-11', `${f.name} may move at most half a move from the vehicle.`)
    taken.push(p)
    out[f.id] = at
  }
  return { ok: true, value: out }
}

/**
 * SMLE-MOVE-11 / Table 1 "De-bus and deploy" (B5+, an Other option): a team
 * leaves its vehicle by an access door (one team per door a round) when the
 * vehicle is going no faster than it could move on foot; it moves at most
 * half a move from the vehicle and normally ends prone.
 */
export function decideDebus(state: MatchState, cmd: Debus, world: World): Decision {
  const acting = actingTeam(state, cmd.teamId)
  if (!acting.ok) return acting
  const team = acting.value
  const figures = presentFigures(state, team).filter((f) => f.vehicleId !== null)
  const vehicle = figures[0]?.vehicleId ? state.vehicles[figures[0].vehicleId] : undefined
  if (!vehicle) return reject('SMLE-MOVE-11', `${team.name} is not aboard a vehicle.`)
  const band = team.activation?.band ?? 0
  if (!allowsOther(band, 'debus'))
    return reject('SMLE-MOVE-11', `De-bus and deploy needs B5 or better; ${team.name} is at B${band}.`)
  if (team.moveOption !== null || team.other !== null || team.attackedThisTurn)
    return reject(
      'SMLE-TURN-10',
      `De-bussing is an Other option: it replaces the Move and Combat options, and ${team.name} has used one this turn.`,
    )
  const foot = Math.min(...figures.map((f) => figureFullMoveIn(state, f)))
  if (!mayLeaveVehicle(currentSpeedIn(state, vehicle), foot))
    return reject('SMLE-MOVE-11', `${vehicle.name} is going faster than ${team.name} could move on foot.`)
  if (vehicle.debussedThisRound >= vehicle.accessDoors)
    return reject(
      'SMLE-MOVE-11',
      `One team may leave by each access door in a round; ${vehicle.name}'s doors are in use.`,
    )
  const placed = placeLeaving(state, world, vehicle, figures, cmd.positions)
  if (!placed.ok) return placed
  return accept([
    { type: 'OtherOptionTaken', teamId: team.id, option: 'debus' },
    {
      type: 'TeamDebussed',
      teamId: team.id,
      vehicleId: vehicle.id,
      positions: placed.value,
      prone: cmd.prone,
      bailOut: false,
    },
  ])
}
