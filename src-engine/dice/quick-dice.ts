import { RngCursor, type RngState } from '../rng/sfc32'

/**
 * Quick dice: faces drawn straight from the seeded generator, with no physics.
 * The game records which method threw every roll (`DiceRolled.method`).
 */
export function quickThrow(rng: RngState, count: number): { faces: number[]; rng: RngState } {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`cannot throw ${count} dice`)
  const cursor = new RngCursor(rng)
  const faces: number[] = []
  for (let i = 0; i < count; i++) faces.push(cursor.int(6) + 1)
  return { faces, rng: cursor.state() }
}
