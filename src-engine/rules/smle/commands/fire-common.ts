import { reject, rejectCore } from '../decision'
import type { Checked } from '../decision'
import type { MatchState, TeamState } from '../state/state'
import { fireKindAllowed, type AttackKind, panicFireTarget } from '../fire-kinds'
import type { FireOrder } from '../fire-flow'
import { isTeamOnTable, presentFigures, setDistanceIn } from '../organisation'
import type { World } from '../world'
export { FireChoiceSchema } from './fire-common-schema'

/** The target team: an enemy team on the table that this side knows of (SMLE-SHOOT-01). */
export function targetTeam(state: MatchState, team: TeamState, targetTeamId: string): Checked<TeamState> {
  const target = state.teams[targetTeamId]
  if (!target) return rejectCore('CORE-CMD-01', `There is no team "${targetTeamId}".`)
  if (target.sideId === team.sideId) return reject('SMLE-SHOOT-01', `${target.name} is on your side.`)
  if (!isTeamOnTable(state, target)) return reject('SMLE-SHOOT-01', `${target.name} is not on the table.`)
  if (target.hidden) return reject('SMLE-SHOOT-01', `${target.name} has not been seen.`)
  return { ok: true, value: target }
}

/** SMLE-TURN-07 / SMLE-COMBAT-13 / SMLE-MOVE-08 and the band of each kind: may the team make this attack now? */
export function attackAllowed(team: TeamState, kind: AttackKind, targetFiredOnUs = false): Checked<null> {
  const r = fireKindAllowed({
    kind,
    band: team.activation?.band ?? 0,
    attackedThisRound: team.attack !== null,
    targetFiredOnUs,
    running: team.moveOption?.kind === 'run',
  })
  if (!r.ok) return reject(r.clause, r.message)
  if (team.other !== null)
    return reject('SMLE-TURN-10', `${team.name} took an Other option this turn instead of a Combat option.`)
  return { ok: true, value: null }
}

/** A fire order from a command's choices. */
export function orderOf(
  kind: FireOrder['kind'],
  team: TeamState,
  targetTeamId: string,
  choice: {
    firerIds?: string[] | undefined
    aimAt?: string | undefined
    weapons: Record<string, string>
    atVehicle: boolean
  },
  moverStart: FireOrder['moverStart'] = null,
): FireOrder {
  return {
    kind,
    firerTeamId: team.id,
    targetTeamId,
    atVehicle: choice.atVehicle,
    firerIds: choice.firerIds ?? null,
    aimAt: choice.aimAt ?? null,
    weapons: choice.weapons,
    moverStart,
  }
}

/** SMLE-COMBAT-10: the panic target: the nearest known enemy unit, else the nearest that fired at this team this round or last. */
export function panicTarget(state: MatchState, world: World, teamId: string): string | null {
  const team = state.teams[teamId]
  if (!team) return null
  const own = presentFigures(state, team)
  const fired = [...team.fire.thisRound.byTeams, ...team.fire.lastRound.byTeams]
  // SMLE-FODDER-03: a figure playing dead is no target, so it brings its team no nearer (a team of nothing else is none).
  const targets = (t: TeamState) => presentFigures(state, t).filter((f) => f.status !== 'playingDead')
  return panicFireTarget(
    Object.values(state.teams)
      .filter((t) => t.sideId !== team.sideId && isTeamOnTable(state, t) && targets(t).length > 0)
      .map((t) => ({
        teamId: t.id,
        distanceIn: setDistanceIn(state, world, own, targets(t)),
        known: !t.hidden,
        firedAtUs: fired.includes(t.id),
      })),
  )
}
