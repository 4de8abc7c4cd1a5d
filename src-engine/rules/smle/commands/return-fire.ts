import { z } from 'zod'
import { accept, type Checked, type Decision } from '../decision'
import { EventLog } from '../events/event-log'
import type { MatchState } from '../state/state'
import { fanaticAllows } from './fanatic'
import { type FireOrder, type PlannedRoll, planFire, resolveFire } from '../fire-flow'
import type { World } from '../world'
import { actingTeam } from './common'
import { attackAllowed, orderOf, targetTeam } from './fire-common'

export const ReturnFireSchema = z.object({
  type: z.literal('returnFire'),
  teamId: z.string(),
  targetTeamId: z.string(),
  /** The one figure whose roll, weapon and modifiers are used (SMLE-COMBAT-08). */
  figureId: z.string(),
  weapon: z.string().optional(),
})
export type ReturnFire = z.infer<typeof ReturnFireSchema>

/**
 * SMLE-COMBAT-07 / SMLE-COMBAT-08 Return Fire (B3+): in its own turn, only at
 * a unit that fired on this team this round or last; one roll by one
 * nominated figure; success is exactly one hit.
 */
export function decideReturnFire(state: MatchState, cmd: ReturnFire, world: World): Decision {
  const check = checkReturnFire(state, cmd, world)
  if (!check.ok) return check
  const log = new EventLog(state)
  resolveFire(log, world, check.value.order, check.value.rolls)
  return accept(log.events)
}

/** Whether the fire may be made, with its roll planned. */
export function checkReturnFire(
  state: MatchState,
  cmd: ReturnFire,
  world: World,
): Checked<{ order: FireOrder; rolls: PlannedRoll[] }> {
  const acting = actingTeam(state, cmd.teamId)
  if (!acting.ok) return acting
  const team = acting.value
  const firedOnUs =
    team.fire.thisRound.byTeams.includes(cmd.targetTeamId) || team.fire.lastRound.byTeams.includes(cmd.targetTeamId)
  const allowed = attackAllowed(team, 'return', firedOnUs)
  if (!allowed.ok) return allowed
  const target = targetTeam(state, team, cmd.targetTeamId)
  if (!target.ok) return target
  const fanatic = fanaticAllows(state, world, team, 'return')
  if (!fanatic.ok) return fanatic
  const order = orderOf('return', team, target.value.id, {
    firerIds: [cmd.figureId],
    weapons: cmd.weapon ? { [cmd.figureId]: cmd.weapon } : {},
    atVehicle: false,
  })
  const rolls = planFire(state, world, order)
  if (!rolls.ok) return rolls
  return { ok: true, value: { order, rolls: rolls.value } }
}
