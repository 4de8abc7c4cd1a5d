import { reject } from '../decision'
import type { Checked } from '../decision'
import type { MatchState, TeamState } from '../state/state'
import { planFire } from '../fire-flow'
import { isTeamOnTable, presentFigures } from '../organisation'
import { canFireNow } from '../windows'
import type { World } from '../world'
import { assaultMoves } from './assault-moves'
import { attackAllowed, panicTarget } from './fire-common'

/**
 * Aggressiveness order of SMLE-MOT-04 (`[decision]`): Close Assault > Direct
 * Fire > Opportunity Fire > Return Fire > Panic Fire > any other option.
 * (The reference also ranks Direct Fire with a move toward the enemy above
 * Direct Fire alone; the engine does not tell the two apart.)
 */
export const AGGRESSION: readonly ('closeAssault' | 'direct' | 'return' | 'panic')[] = [
  'closeAssault',
  'direct',
  'return',
  'panic',
]

/**
 * What the team could still do in its own turn, most aggressive first
 * (SMLE-MOT-04): each kind is judged by the same checks its command makes.
 */
export function availableAttacks(
  state: MatchState,
  world: World,
  team: TeamState,
): ('closeAssault' | 'direct' | 'return' | 'panic')[] {
  const out: ('closeAssault' | 'direct' | 'return' | 'panic')[] = []
  if (team.attack !== null || team.sprawled) return out
  const enemies = Object.values(state.teams).filter((t) => t.sideId !== team.sideId && isTeamOnTable(state, t))
  const known = enemies.filter((t) => !t.hidden)
  const assaultOk =
    attackAllowed(team, 'closeAssault').ok && (team.moveOption === null || team.moveOption.kind === 'tactical')
  if (assaultOk && enemies.some((t) => assaultMoves(state, world, team, t) !== null)) out.push('closeAssault')
  const fires = (
    kind: 'direct' | 'return' | 'panic',
    targets: readonly TeamState[],
    firerIds: string[] | null,
  ): boolean =>
    targets.some(
      (t) =>
        planFire(state, world, {
          kind,
          firerTeamId: team.id,
          targetTeamId: t.id,
          atVehicle: false,
          firerIds,
          aimAt: null,
          weapons: {},
          moverStart: null,
        }).ok,
    )
  if (attackAllowed(team, 'direct').ok && fires('direct', known, null)) out.push('direct')
  const firedOnUs = [...team.fire.thisRound.byTeams, ...team.fire.lastRound.byTeams]
  if (
    attackAllowed(team, 'return', firedOnUs.length > 0).ok &&
    fires(
      'return',
      known.filter((t) => firedOnUs.includes(t.id)),
      null,
    )
  )
    out.push('return')
  const panicAt = panicTarget(state, world, team.id)
  const shooter = presentFigures(state, team).find((f) => canFireNow(state, f))
  if (
    attackAllowed(team, 'panic').ok &&
    panicAt &&
    shooter &&
    fires(
      'panic',
      enemies.filter((t) => t.id === panicAt),
      [shooter.id],
    )
  )
    out.push('panic')
  return out
}

/**
 * SMLE-MOT-04 / SMLE-MOT-08: a Fanatic team must always choose the most
 * aggressive option available (enforced for every player). `chosen` is what
 * the team is about to do: an attack, an Other option, or ending its turn.
 */
export function fanaticAllows(
  state: MatchState,
  world: World,
  team: TeamState,
  chosen: 'closeAssault' | 'direct' | 'return' | 'panic' | 'other' | 'end',
): Checked<null> {
  if (team.motivation !== 'fanatic') return { ok: true, value: null }
  const best = availableAttacks(state, world, team)[0]
  if (best === undefined) return { ok: true, value: null }
  const rank = (k: typeof chosen): number => (k === 'other' || k === 'end' ? AGGRESSION.length : AGGRESSION.indexOf(k))
  if (rank(chosen) <= rank(best)) return { ok: true, value: null }
  const names = { closeAssault: 'Close Assault', direct: 'Direct Fire', return: 'Return Fire', panic: 'Panic Fire' }
  return reject(
    'SMLE-MOT-04',
    `${team.name} is Fanatic: it must take the most aggressive option it can (${names[best]}).`,
  )
}
