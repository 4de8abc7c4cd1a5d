import type { PathMover } from '../../../world/world'
import type { MatchState } from '../state/state'

/** The kinds of figure on the table that walk by path searches (one per armour class and base size), for `World.prepare`. */
export function pathMovers(state: MatchState): PathMover[] {
  const seen = new Map<string, PathMover>()
  for (const f of Object.values(state.figures)) {
    if (f.offTable !== null || f.vehicleId !== null) continue
    const key = `${f.armour}:${f.baseRadiusIn}`
    if (!seen.has(key)) seen.set(key, { base: f.baseRadiusIn, mover: { armour: f.armour } })
  }
  return [...seen.values()].sort((a, b) => (a.base as number) - (b.base as number))
}
