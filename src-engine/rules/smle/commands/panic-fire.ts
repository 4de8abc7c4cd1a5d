import { z } from 'zod'
import { accept, type Checked, type Decision, reject } from '../decision'
import { EventLog } from '../events/event-log'
import type { MatchState } from '../state/state'
import { fanaticAllows } from './fanatic'
import { type FireOrder, type PlannedRoll, planFire, resolveFire } from '../fire-flow'
import { presentFigures } from '../organisation'
import { chooseWeapon } from '../shooters'
import { canFireNow, crewStopped } from '../windows'
import type { World } from '../world'
import { actingTeam } from './common'
import { attackAllowed, orderOf, panicTarget } from './fire-common'

export { panicTarget } from './fire-common'

export const PanicFireSchema = z.object({
  type: z.literal('panicFire'),
  teamId: z.string(),
  /** The figure whose stats are used (SMLE-COMBAT-08); left out, the first able one. */
  figureId: z.string().optional(),
  /** Its weapon (Table 6 key); left out, its first usable gun (an explosive only when asked, as in Direct Fire). */
  weapon: z.string().optional(),
})
export type PanicFire = z.infer<typeof PanicFireSchema>

/**
 * SMLE-COMBAT-09..12 Panic Fire (B2+): one roll for the whole team at the
 * nearest known enemy (chosen for it), with −4 and no close-range bonus;
 * success only puts the target under fire, no hits. A running team may still
 * Panic Fire (SMLE-MOVE-08). The figure fires its own weapon (SMLE-COMBAT-08):
 * an explosive one, when asked for, bursts where its unaimed round comes
 * down (`resolveFire`, SMLE-EXP-12).
 */
export function decidePanicFire(state: MatchState, cmd: PanicFire, world: World): Decision {
  const check = checkPanicFire(state, cmd, world)
  if (!check.ok) return check
  const log = new EventLog(state)
  resolveFire(log, world, check.value.order, check.value.rolls)
  return accept(log.events)
}

/** Whether the fire may be made, with its roll planned. */
export function checkPanicFire(
  state: MatchState,
  cmd: PanicFire,
  world: World,
): Checked<{ order: FireOrder; rolls: PlannedRoll[] }> {
  const acting = actingTeam(state, cmd.teamId)
  if (!acting.ok) return acting
  const team = acting.value
  const allowed = attackAllowed(team, 'panic')
  if (!allowed.ok) return allowed
  const fanatic = fanaticAllows(state, world, team, 'panic')
  if (!fanatic.ok) return fanatic
  const targetId = panicTarget(state, world, team.id)
  if (!targetId) return reject('SMLE-COMBAT-10', `${team.name} knows of no enemy to blaze away at.`)
  const weapons = (id: string): Record<string, string> => (cmd.weapon ? { [id]: cmd.weapon } : {})
  const figureId =
    cmd.figureId ??
    (
      presentFigures(state, team).find((f) => canFireNow(state, f) && chooseWeapon(state, f, cmd.weapon)) ??
      presentFigures(state, team).find((f) => canFireNow(state, f))
    )?.id
  if (!figureId) {
    // SMLE-VEH-15: a crew whose vehicle took a light wound this round does nothing more.
    if (presentFigures(state, team).some((f) => crewStopped(state, f)))
      return reject('SMLE-VEH-15', `${team.name}'s vehicle took a light wound and does nothing more this round.`)
    return reject('SMLE-COMBAT-09', `Nobody in ${team.name} can fire.`)
  }
  const order = orderOf('panic', team, targetId, { firerIds: [figureId], weapons: weapons(figureId), atVehicle: false })
  const rolls = planFire(state, world, order)
  if (!rolls.ok) return rolls
  return { ok: true, value: { order, rolls: rolls.value } }
}
