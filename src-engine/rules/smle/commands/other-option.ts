import { reject } from '../decision'
import type { MatchState, TeamState } from '../state/state'
import { fanaticAllows } from './fanatic'
import type { World } from '../world'
import { allowsOther, type OtherOption } from '../bands'
import type { Checked } from './common'

const NAMES: Readonly<Record<OtherOption, string>> = {
  deactivateTraps: 'Deactivate booby traps',
  observe: 'Observe for indirect fire',
  debus: 'De-bus and deploy',
  recoverCasualties: 'Recover casualties',
  reload: 'Reload heavy weapons',
}

/**
 * An Other option may be taken (SMLE-TURN-10, SMLE-OPT-10): its band (or a
 * higher one, SMLE-ACT-06) allows it, and it replaces the Move and Combat
 * options, so the team has used neither this turn. An Opportunity Fire this
 * round rules out Other options too (SMLE-COMBAT-04); a Fanatic team must
 * attack instead when it can (SMLE-MOT-04).
 */
export function otherOptionAllowed(
  state: MatchState,
  world: World,
  team: TeamState,
  option: OtherOption,
): Checked<null> {
  const band = team.activation?.band ?? 0
  if (!allowsOther(band, option))
    return reject('SMLE-OPT-10', `${NAMES[option]} needs a higher band; ${team.name} is at B${band}.`)
  if (team.other !== null) return reject('SMLE-TURN-10', `${team.name} has already taken an Other option this turn.`)
  if (team.moveOption !== null || team.attackedThisTurn)
    return reject(
      'SMLE-TURN-10',
      `An Other option replaces the Move and Combat options; ${team.name} has used one this turn.`,
    )
  if (team.opportunityFired)
    return reject('SMLE-COMBAT-04', `${team.name} made Opportunity Fire this round: no Other option in its own turn.`)
  return fanaticAllows(state, world, team, 'other')
}
