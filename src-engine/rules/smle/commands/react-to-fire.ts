import { z } from 'zod'
import { accept, type Decision, reject, rejectCore } from '../decision'
import { EventLog } from '../events/event-log'
import type { MatchState } from '../state/state'
import { facingToEnemy } from '../compulsory'
import { reopenOrContinue } from '../continue'
import { type FireOrder, planFire, resolveFire } from '../fire-flow'
import { canAct } from '../organisation'
import type { World } from '../world'
import { deciderSide } from './common'

export const ReactToFireSchema = z.object({
  type: z.literal('reactToFire'),
  sideId: z.string(),
  /** Target figures that drop prone before the dice (their move ends). */
  prone: z.array(z.string()).default([]),
})
export type ReactToFire = z.infer<typeof ReactToFireSchema>

/**
 * SMLE-COMBAT-05 / SMLE-MOVE-05: once Opportunity Fire is declared, each
 * target figure may drop prone at once, ending its move, before the dice are
 * rolled; then the fire is resolved and the interrupt point stays open for
 * the other eligible teams.
 */
export function decideReactToFire(state: MatchState, cmd: ReactToFire, world: World): Decision {
  const side = deciderSide(state, cmd.sideId)
  if (!side.ok) return side
  const p = state.pending
  if (p?.kind !== 'fireReaction') return reject('SMLE-COMBAT-05', 'No opportunity fire has been declared at this side.')
  const log = new EventLog(state)
  for (const id of new Set(cmd.prone)) {
    const f = state.figures[id]
    if (!f) return rejectCore('CORE-CMD-01', `There is no figure "${id}".`)
    if (f.teamId !== p.targetTeamId || !canAct(f) || f.vehicleId !== null)
      return reject('SMLE-COMBAT-05', `${f.name} is not a target figure able to drop prone.`)
    if (f.prone) return reject('SMLE-MOVE-05', `${f.name} is already prone.`)
    log.push({ type: 'FigureWentProne', figureId: f.id, facingDeg: facingToEnemy(state, world, f), endsMove: true })
  }
  log.push({ type: 'PendingCleared' })
  const firer = log.state.teams[p.firerTeamId]
  if (firer) {
    const order: FireOrder = {
      kind: 'opportunity',
      firerTeamId: firer.id,
      targetTeamId: p.targetTeamId,
      atVehicle: p.atVehicle,
      firerIds: p.firerIds,
      aimAt: p.aimAt,
      weapons: p.weapons,
      moverStart: p.window.mover,
    }
    const rolls = planFire(log.state, world, order)
    // Dropping prone may leave the firers nothing to shoot at: the attack is spent all the same.
    if (rolls.ok) resolveFire(log, world, order, rolls.value)
    else
      log.push({
        type: 'AttackMade',
        teamId: firer.id,
        kind: 'opportunity',
        targetTeamId: p.targetTeamId,
        firerIds: [],
      })
  }
  reopenOrContinue(log, world, p.window)
  return accept(log.events)
}
