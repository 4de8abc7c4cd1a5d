import { describe, expect, it } from 'vitest'
import { inStep, smrScenario, startSmr, unit } from '../../../tests/fixtures/smr'
import { dispatch } from '../../core/match'
import { hypot } from '../../util/geometry'
import { moveCandidates } from './smr-bot'

const cottage = {
  id: 'cottage',
  name: 'Cottage',
  x: 20,
  z: 20,
  widthIn: 8,
  depthIn: 5,
  wallHeightIn: 2,
  material: 'timber',
  roof: { kind: 'gable', riseIn: 1.2 },
  doors: [],
}

/** A raider on foot just south of a cottage, the enemy beyond it to the north. */
function behindCottage(buildings: unknown[]) {
  const sc = smrScenario([unit('A', 'a', 'L', 24, 30, { facingDeg: 0 }), unit('B', 'b', 'L', 24, 10)], {
    buildings,
  } as never)
  return inStep(startSmr(sc), 'movement', 'a')
}

const fullMovesRound = (m: ReturnType<typeof behindCottage>) => {
  const u = m.state.units.A!
  return moveCandidates(m.state, m.world, u, true).filter(
    (c) =>
      c.type === 'moveUnit' &&
      c.path.length === 1 &&
      Math.abs(hypot(c.path[0]!.x - u.position.x, c.path[0]!.z - u.position.z) - 4) < 0.02,
  )
}

describe("the SMR computer's moves among buildings", () => {
  it('SMR-MOVE-10: by a building, whose walls cut straight lines, it also weighs a full move each way of the compass', () => {
    const m = behindCottage([cottage])
    const u = m.state.units.A!
    const bearings = new Set(
      fullMovesRound(m).map((c) => {
        const to = (c as { path: { x: number; z: number }[] }).path[0]!
        return Math.round((Math.atan2(to.x - u.position.x, -(to.z - u.position.z)) * 180) / Math.PI + 360) % 360
      }),
    )
    for (const b of [0, 45, 90, 135, 180, 225, 270, 315]) expect(bearings.has(b)).toBe(true)
    // The one north runs into the cottage (SMR-MOVE-10); the one west goes round it, and the rules accept it.
    const west = fullMovesRound(m).find((c) => (c as { path: { x: number }[] }).path[0]!.x < u.position.x - 3.9)!
    expect(dispatch(m, west).decision.ok).toBe(true)
  })

  it('in the open it keeps to the moves toward and away from the enemy (the compass moves slowed it in the woods)', () => {
    const m = behindCottage([])
    const u = m.state.units.A!
    const sideways = fullMovesRound(m).filter(
      (c) => Math.abs((c as { path: { x: number }[] }).path[0]!.x - u.position.x) > 1,
    )
    expect(sideways).toEqual([])
  })
})
