import { z } from 'zod'
import { accept, type Checked, type Decision } from '../decision'
import { EventLog } from '../events/event-log'
import type { MatchState } from '../state/state'
import { fanaticAllows } from './fanatic'
import { type FireOrder, type PlannedRoll, planFire, resolveFire } from '../fire-flow'
import type { World } from '../world'
import { actingTeam } from './common'
import { attackAllowed, FireChoiceSchema, orderOf, targetTeam } from './fire-common'

export const DirectFireSchema = z.object({
  type: z.literal('directFire'),
  teamId: z.string(),
  targetTeamId: z.string(),
  ...FireChoiceSchema,
})
export type DirectFire = z.infer<typeof DirectFireSchema>

/**
 * SMLE-COMBAT-02 Direct Fire (B7+): the active team shoots once, at any
 * moment of its turn, at a single enemy unit; every figure that can see it
 * and is able to fire makes one roll (§8), moved so far counting
 * (SMLE-COMBAT-03). It is the team's attack for the round (SMLE-TURN-07).
 */
export function decideDirectFire(state: MatchState, cmd: DirectFire, world: World): Decision {
  const check = checkDirectFire(state, cmd, world)
  if (!check.ok) return check
  const log = new EventLog(state)
  resolveFire(log, world, check.value.order, check.value.rolls)
  return accept(log.events)
}

/** Whether the Direct Fire may be made, with its rolls planned. */
export function checkDirectFire(
  state: MatchState,
  cmd: DirectFire,
  world: World,
): Checked<{ order: FireOrder; rolls: PlannedRoll[] }> {
  const acting = actingTeam(state, cmd.teamId)
  if (!acting.ok) return acting
  const team = acting.value
  const allowed = attackAllowed(team, 'direct')
  if (!allowed.ok) return allowed
  const target = targetTeam(state, team, cmd.targetTeamId)
  if (!target.ok) return target
  const fanatic = fanaticAllows(state, world, team, 'direct')
  if (!fanatic.ok) return fanatic
  const order = orderOf('direct', team, target.value.id, cmd)
  const rolls = planFire(state, world, order)
  if (!rolls.ok) return rolls
  return { ok: true, value: { order, rolls: rolls.value } }
}
