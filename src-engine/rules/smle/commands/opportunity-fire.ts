import { z } from 'zod'
import { accept, type Checked, type Decision, reject, rejectCore } from '../decision'
import { EventLog } from '../events/event-log'
import type { MatchState } from '../state/state'
import { type FireOrder, type PlannedRoll, planFire, resolveFire } from '../fire-flow'
import type { OpportunityWindow } from '../state/pending'
import { reopenOrContinue } from '../continue'
import { targetFigures } from '../shooters'
import type { World } from '../world'
import { deciderSide } from './common'
import { attackAllowed, FireChoiceSchema, orderOf } from './fire-common'

export const OpportunityFireSchema = z.object({
  type: z.literal('opportunityFire'),
  sideId: z.string(),
  teamId: z.string(),
  ...FireChoiceSchema,
})
export type OpportunityFire = z.infer<typeof OpportunityFireSchema>

/**
 * SMLE-COMBAT-04 / SMLE-COMBAT-05 / SMLE-COMBAT-06: at an interrupt point of
 * the active team's turn, an eligible opposing team (B5+ at its current AL,
 * no attack yet this round) declares Opportunity Fire at the active team (or,
 * before contact, at the assaulting team). The targets may first drop prone;
 * then the dice are rolled (`reactToFire`).
 */
export function decideOpportunityFire(state: MatchState, cmd: OpportunityFire, world: World): Decision {
  const check = checkOpportunityFire(state, cmd, world)
  if (!check.ok) return check
  const { window, order, rolls } = check.value
  const team = state.teams[cmd.teamId]
  const target = state.teams[window.targetTeamId]
  const canDuck = target ? targetFigures(state, target).some((f) => !f.prone && f.vehicleId === null) : false
  const log = new EventLog(state)
  if (canDuck && target && team && !cmd.atVehicle) {
    log.push({
      type: 'PendingSet',
      pending: {
        kind: 'fireReaction',
        sideId: target.sideId,
        firerTeamId: team.id,
        targetTeamId: target.id,
        firerIds: cmd.firerIds ?? null,
        weapons: cmd.weapons,
        aimAt: cmd.aimAt ?? null,
        atVehicle: cmd.atVehicle,
        window,
      },
    })
    return accept(log.events)
  }
  log.push({ type: 'PendingCleared' })
  resolveFire(log, world, order, rolls)
  reopenOrContinue(log, world, window)
  return accept(log.events)
}

/** Whether the Opportunity Fire may be declared now, with its rolls planned. */
export function checkOpportunityFire(
  state: MatchState,
  cmd: OpportunityFire,
  world: World,
): Checked<{ window: OpportunityWindow; order: FireOrder; rolls: PlannedRoll[] }> {
  const side = deciderSide(state, cmd.sideId)
  if (!side.ok) return side
  const window = state.pending
  if (window?.kind !== 'opportunity')
    return reject(
      'SMLE-COMBAT-04',
      'Opportunity Fire is made at an interrupt point of the enemy\u2019s turn; there is none now.',
    )
  const team = state.teams[cmd.teamId]
  if (!team) return rejectCore('CORE-CMD-01', `There is no team "${cmd.teamId}".`)
  if (!window.eligibleTeamIds.includes(team.id))
    return reject(
      window.defensive ? 'SMLE-COMBAT-06' : 'SMLE-COMBAT-04',
      `${team.name} may not make opportunity fire now (it needs B5+, no attack this round, and sight of the target).`,
    )
  const allowed = attackAllowed(team, 'opportunity')
  if (!allowed.ok) return allowed
  const order = orderOf('opportunity', team, window.targetTeamId, cmd, window.mover)
  const rolls = planFire(state, world, order)
  if (!rolls.ok) return rolls
  return { ok: true, value: { window, order, rolls: rolls.value } }
}
