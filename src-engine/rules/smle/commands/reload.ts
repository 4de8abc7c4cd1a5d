import { z } from 'zod'
import { accept, type Decision, reject } from '../decision'
import type { MatchState } from '../state/state'
import { presentFigures } from '../organisation'
import type { World } from '../world'
import { actingTeam } from './common'
import { otherOptionAllowed } from './other-option'

export const ReloadSchema = z.object({ type: z.literal('reload'), teamId: z.string() })
export type Reload = z.infer<typeof ReloadSchema>

/** Table 1 "Reload heavy weapons" (B3+, an Other option): reload weapons and jammed ones are ready again (SMLE-WPN-01, SMLE-SHOOT-28). */
export function decideReload(state: MatchState, cmd: Reload, world: World): Decision {
  const acting = actingTeam(state, cmd.teamId)
  if (!acting.ok) return acting
  const team = acting.value
  const allowed = otherOptionAllowed(state, world, team, 'reload')
  if (!allowed.ok) return allowed
  const figures = presentFigures(state, team).filter((f) => Object.values(f.weaponState).some((w) => w !== 'spent'))
  if (figures.length === 0) return reject('SMLE-OPT-10', `${team.name} has nothing to reload.`)
  return accept([
    { type: 'OtherOptionTaken', teamId: team.id, option: 'reload' },
    { type: 'WeaponsReloaded', teamId: team.id, figureIds: figures.map((f) => f.id) },
  ])
}
