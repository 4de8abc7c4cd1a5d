import { z } from 'zod'
import { reject } from '../../../core/decision'
import { afterDeclaration } from '../flow'
import type { SmrWorld } from '../geometry'
import { canFire, targetProblem } from '../missiles'
import type { SmrState } from '../state'
import { needSide, needStep, ownUnit, refused, run } from './common'
import type { SmrDecision } from './define'

/**
 * SMR-MISS-04/06: a side names the target of every unit it fires with,
 * before any die is rolled (an empty list: it holds its fire). When both
 * sides have declared, every shot is rolled and the results apply together.
 */
export const DeclareMissilesSchema = z.object({
  type: z.literal('declareMissiles'),
  sideId: z.string(),
  shots: z.array(z.object({ unitId: z.string(), targetId: z.string() })).default([]),
})

export function decideDeclareMissiles(
  state: SmrState,
  cmd: z.output<typeof DeclareMissilesSchema>,
  world: SmrWorld,
): SmrDecision {
  const problem = needStep(state, 'turn', 'missiles') ?? needSide(state, cmd.sideId)
  if (problem) return problem
  const seen = new Set<string>()
  for (const shot of cmd.shots) {
    const u = ownUnit(state, shot.unitId)
    if (refused(u)) return u
    if (seen.has(u.id)) return reject('SMR-MISS-01', `${u.name} may fire once in Event 1.`)
    seen.add(u.id)
    if (!canFire(state, world, u)) {
      if (u.routed) return reject('SMR-ROUT-05', `${u.name} is routed and makes no attacks.`)
      if (u.hiddenIn !== null) return reject('SMR-SCEN-02', `${u.name} is hidden in a building.`)
      if (u.firedTurn === state.turn) return reject('SMR-MISS-01', `${u.name} has already fired this turn.`)
      if (u.profile.weapon === 'hand' || u.profile.creature)
        return reject('SMR-MISS-01', `${u.name} has no bow, crossbow or sling.`)
      return reject('SMR-MISS-02', `${u.name} is in melee: no fire out of a melee.`)
    }
    const target = state.units[shot.targetId]
    if (!target || target.hiddenIn !== null)
      return reject('SMR-MISS-05', `${u.name} has no target "${shot.targetId}" in sight.`)
    const why = targetProblem(state, world, u, target)
    if (why) return reject(why.clause, why.message)
  }
  return run(state, (log) => {
    log.push({ type: 'MissilesDeclared', sideId: cmd.sideId, shots: cmd.shots })
    afterDeclaration(log, world, cmd.sideId)
  })
}
