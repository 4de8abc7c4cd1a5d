import { describe, expect, it } from 'vitest'
import { inTurn, newMatch, play, refusedClause, withFigure } from '../../../../tests/fixtures/play'
import { sectionScenario } from '../../../../tests/fixtures/scenarios'
import type { CommandInput } from '../commands/index'
import { dispatch, type Match } from '../match'
import { previewCallFire } from './call-fire-preview'

/** Blue's sergeant observes for a light mortar (2D: a 2" burst) carried by the Bren gunner at (10, 31); Red's team stands in a row at z 14. */
function mortar(): Match {
  let m = newMatch(1, sectionScenario())
  m = withFigure(m, 'b-lmg', { weapons: ['light-mortar'], position: { x: 10, y: 0, z: 31 } })
  for (const [id, x, z] of [
    ['b-sgt', 4, 30],
    ['b-r1', 6, 30],
    // 4" short of the point along the gun's line: only a round that deviates short (face 1) reaches him.
    ['b-r2', 7, 18],
    ['r-cpl', 4, 14],
    ['r-a1', 6, 14],
    ['r-a2', 8, 14],
  ] as const)
    m = withFigure(m, id, { position: { x, y: 0, z } })
  return inTurn(m, 'b-hq', 6)
}
const call: CommandInput = { type: 'callFire', observerId: 'b-sgt', firingTeamId: 'b-bren', point: { x: 6, z: 14 } }

describe('previewing a call for indirect fire (SMLE-IND-01..06)', () => {
  it('allowed as the command allows it: the point, the 2" burst (SMLE-EXP-03) and the round it lands in', () => {
    const m = mortar()
    const p = previewCallFire(m.state, m.world, call)
    expect(p.ok).toBe(true)
    expect(dispatch(m, call).decision.ok).toBe(true)
    expect(p.point).toMatchObject({ x: 6, z: 14 })
    expect(p.plan).toMatchObject({ gunId: 'b-lmg', weaponId: 'light-mortar', radiusIn: 2, rounds: 1, bonus: 0 })
    expect(p.plan?.arrivesRound).toBe(m.state.round + 1)
  })

  it('a miss deviates doubled along the gun→point line (SMLE-EXP-12/13, SMLE-IND-04): 4" short … 8" long', () => {
    const m = mortar()
    const plan = previewCallFire(m.state, m.world, call).plan!
    expect(plan.maxDeviationIn).toBeCloseTo(8)
    const byFace = new Map(plan.landings.map((l) => [l.face, l]))
    expect(byFace.get(1)).toMatchObject({ longIn: -4, rightIn: 0 })
    expect(byFace.get(5)).toMatchObject({ longIn: 4, rightIn: 2 })
    const short = byFace.get(1)!.at
    const long = byFace.get(6)!.at
    const gun = { x: 10, z: 31 }
    const toGun = (p: { x: number; z: number }) => Math.hypot(p.x - gun.x, p.z - gun.z)
    const range = toGun({ x: 6, z: 14 })
    expect(toGun(short)).toBeCloseTo(range - 4)
    expect(toGun(long)).toBeCloseTo(range + 8)
  })

  it('who is under it: on target the burst attacks by distance (SMLE-EXP-04), friend or foe; deviated, the faces that reach', () => {
    const m = mortar()
    const under = new Map(previewCallFire(m.state, m.world, call).plan!.under.map((u) => [u.figureId, u]))
    expect(under.get('r-a1')?.onTargetAttacks).toBe(2)
    expect(under.get('r-cpl')?.onTargetAttacks).toBe(1)
    expect(under.get('r-a2')?.onTargetAttacks).toBe(1)
    expect(under.get('b-r2')).toEqual({ figureId: 'b-r2', onTargetAttacks: 0, deviationFaces: [1] })
    expect(under.has('b-sgt')).toBe(false)
  })

  it('refused as the command is refused, with its clause: a seriously wounded gunner (SMLE-DMG-06), a second call (SMLE-TURN-07)', () => {
    const hurt = withFigure(mortar(), 'b-lmg', { status: 'seriousWound', prone: true })
    const p = previewCallFire(hurt.state, hurt.world, call)
    expect(p.ok).toBe(false)
    expect(p.plan).toBeNull()
    expect(p.refusal?.clause).toBe(refusedClause(hurt, call))
    expect(p.refusal?.clause).toBe('SMLE-DMG-06')
    const called = play(mortar(), [call])
    expect(previewCallFire(called.state, called.world, call).refusal?.clause).toBe(refusedClause(called, call))
    expect(previewCallFire(called.state, called.world, { type: 'moveFigure' }).ok).toBe(false)
  })
})
