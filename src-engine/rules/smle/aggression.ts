import { reject } from '../../core/decision'
import type { Checked } from '../../core/decision'
import type { MatchState, TeamState } from '../../core/state'
import type { World } from '../../world/world'
import { allowsCombat } from './bands'
import { canAct, knownEnemyFigures, presentFigures } from './organisation'
import { figureFullMoveIn } from './situation'
import { canFireNow } from './windows'
import { usableWeapons } from './shooters'

/**
 * Aggressiveness order of SMLE-MOT-04 (`[decision]`): Close Assault > Direct
 * Fire > Opportunity Fire > Return Fire > Panic Fire > any other option.
 * (The reference also ranks Direct Fire with a move toward the enemy above
 * Direct Fire alone; the engine does not tell the two apart.)
 */
export const AGGRESSION: readonly ('closeAssault' | 'direct' | 'return' | 'panic')[] = ['closeAssault', 'direct', 'return', 'panic']

/** What the team could still do in its own turn, most aggressive first (SMLE-MOT-04). */
export function availableAttacks(state: MatchState, world: World, team: TeamState): ('closeAssault' | 'direct' | 'return' | 'panic')[] {
  const band = team.activation?.band ?? 0
  if (team.attack !== null || team.sprawled) return []
  const running = team.moveOption?.kind === 'run'
  const enemies = knownEnemyFigures(state, team.sideId).filter((e) => e.vehicleId === null)
  const own = presentFigures(state, team).filter((f) => canAct(f) && f.spent === null && f.vehicleId === null && f.status !== 'seriousWound')
  const out: ('closeAssault' | 'direct' | 'return' | 'panic')[] = []
  if (allowsCombat(band, 'closeAssault') && !running && team.moveOption === null) {
    if (own.some((f) => enemies.some((e) => world.distanceIn(f, e) <= figureFullMoveIn(state, f) - (f.prone ? 1 : 0) + 1e-9))) out.push('closeAssault')
  }
  const shooters = presentFigures(state, team).filter((f) => canFireNow(state, f) && usableWeapons(state, f).length > 0)
  const seen = (teamIds: readonly string[] | null): boolean =>
    shooters.some((f) => enemies.some((e) => (teamIds === null || teamIds.includes(e.teamId)) && world.sight(f, e, state.doors).visiblePoints > 0))
  if (allowsCombat(band, 'directFire') && !running && seen(null)) out.push('direct')
  const firedOnUs = [...team.fire.thisRound.byTeams, ...team.fire.lastRound.byTeams]
  if (allowsCombat(band, 'returnFire') && !running && firedOnUs.length > 0 && seen(firedOnUs)) out.push('return')
  if (allowsCombat(band, 'panicFire') && shooters.length > 0 && enemies.length > 0) out.push('panic')
  return out
}

/**
 * SMLE-MOT-04 / SMLE-MOT-08: a Fanatic team must always choose the most
 * aggressive option available (enforced for every player). `chosen` is what
 * the team is about to do: an attack, an Other option, or ending its turn.
 */
export function fanaticAllows(state: MatchState, world: World, team: TeamState, chosen: 'closeAssault' | 'direct' | 'return' | 'panic' | 'other' | 'end'): Checked<null> {
  if (team.motivation !== 'fanatic') return { ok: true, value: null }
  const best = availableAttacks(state, world, team)[0]
  if (best === undefined) return { ok: true, value: null }
  const rank = (k: typeof chosen): number => (k === 'other' || k === 'end' ? AGGRESSION.length : AGGRESSION.indexOf(k))
  if (rank(chosen) <= rank(best)) return { ok: true, value: null }
  const names = { closeAssault: 'Close Assault', direct: 'Direct Fire', return: 'Return Fire', panic: 'Panic Fire' }
  return reject('SMLE-MOT-04', `${team.name} is Fanatic: it must take the most aggressive option it can (${names[best]}).`)
}
