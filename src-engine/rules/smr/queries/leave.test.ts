import { describe, expect, it } from 'vitest'
import { act, FOOT_IN, inStep, ofType, smrScenario, startSmr, unit } from '../../../../tests/fixtures/smr'
import { smrLeaveSpot } from './leave'

/** A hut (x 20..24, z 10..13) hiding H1; a raider R touching its south wall at x = 22. */
function hamlet() {
  return smrScenario(
    [
      unit('baron', 'a', 'L', 40, 4),
      unit('H1', 'a', 'P', 22, 11.5, { hiddenIn: 'hut' }),
      unit('R', 'b', 'H', 22, 13 + FOOT_IN / 2 + 0.02, { facingDeg: 0 }),
    ],
    {
      buildings: [{ id: 'hut', x: 20, z: 10, widthIn: 4, depthIn: 3 }],
      village: {
        area: [
          { x: 15, z: 5 },
          { x: 30, z: 5 },
          { x: 30, z: 18 },
          { x: 15, z: 18 },
        ],
        peasantSideId: 'a',
        invaderSideId: 'b',
        buildingIds: ['hut'],
      },
      victory: 'village',
    },
  )
}

describe('SMR-SCEN-02: where a hidden unit comes out of its building', () => {
  it('comes out on the clear spot touching the walls nearest the point chosen, facing out, and leaveBuilding accepts it there', () => {
    const m = inStep(startSmr(hamlet()), 'movement', 'a')
    const north = smrLeaveSpot(m.state, m.world, 'H1', { x: 21, z: 8 })
    if (!north.ok) throw new Error(north.message)
    expect(north.buildingId).toBe('hut')
    expect(north.at.z).toBeLessThan(10)
    expect(north.at.x).toBeCloseTo(21, 0)
    expect(north.facingDeg).toBe(0)
    const east = smrLeaveSpot(m.state, m.world, 'H1', { x: 27, z: 11.5 })
    if (!east.ok) throw new Error(east.message)
    expect(east.at.x).toBeGreaterThan(24)
    expect(east.facingDeg).toBe(90)
    const r = act(m, { type: 'leaveBuilding', unitId: 'H1', at: east.at, facingDeg: east.facingDeg })
    expect(ofType(r.events, 'UnitMoved')[0]).toMatchObject({ unitId: 'H1', reason: 'leave', facingDeg: 90 })
    expect(r.m.state.units.H1?.position.x).toBeCloseTo(east.at.x, 1)
  })

  it('SMR-MOVE-06: never on a spot another base holds (the raider at the south wall)', () => {
    const m = inStep(startSmr(hamlet()), 'movement', 'a')
    const south = smrLeaveSpot(m.state, m.world, 'H1', { x: 22, z: 14 })
    if (!south.ok) throw new Error(south.message)
    expect(Math.abs(south.at.x - 22)).toBeGreaterThan(FOOT_IN - 0.05)
  })

  it('refuses a turn that leaves the base off the walls, and any time but the Movement Event', () => {
    const m = inStep(startSmr(hamlet()), 'movement', 'a')
    const turned = smrLeaveSpot(m.state, m.world, 'H1', { x: 21, z: 8 }, 45)
    expect(turned.ok).toBe(false)
    const facingIn = smrLeaveSpot(m.state, m.world, 'H1', { x: 21, z: 8 }, 180)
    expect(facingIn.ok).toBe(true)
    const early = smrLeaveSpot(inStep(startSmr(hamlet()), 'missiles', 'a').state, m.world, 'H1', { x: 21, z: 8 })
    expect(early).toMatchObject({ ok: false, clause: 'SMR-SCEN-02' })
    expect(smrLeaveSpot(m.state, m.world, 'R', { x: 21, z: 8 })).toMatchObject({ ok: false, clause: 'SMR-SCEN-02' })
  })
})
