import { describe, expect, it } from 'vitest'
import { inTurn, newMatch, nextRound, play, refusedClause, withFigure } from '../../../tests/fixtures/play'
import { convoyScenario } from '../../../tests/fixtures/scenarios'
import type { CommandInput } from './commands/index'
import type { Match } from './match'
import { figureGapIn } from './organisation'
import { previewFire } from './queries/fire-preview'
import { legalCommands } from './queries/legal-commands'
import { figureFullMoveIn } from './situation'

/**
 * SMLE-GEN-05: distances are measured between the nearest points of bases
 * and hulls. The convoy's halftrack stands at (24, 40) facing north, 3" long
 * and 1.5" wide: its front edge is at z 38.5, its right side at x 24.75.
 */
const R = 0.5 // a figure's base radius (the scenario default)

/** Red's rifleman r-1 at (x, z) acting at B8, his mate far away. */
function redAt(x: number, z: number): Match {
  let m = newMatch(1, convoyScenario())
  m = withFigure(m, 'r-1', { position: { x, y: 0, z } })
  m = withFigure(m, 'r-2', { position: { x: 2, y: 0, z: 2 } })
  return inTurn(m, 'r-rifles', 8)
}

const preview = (m: Match, cmd: CommandInput) => {
  const p = previewFire(m.state, m.world, cmd)
  if (!p.ok) throw new Error(p.reason.message)
  return p.value.firers
}
const atHalftrack: CommandInput = {
  type: 'directFire',
  teamId: 'r-rifles',
  targetTeamId: 'b-crew',
  atVehicle: true,
  firerIds: ['r-1'],
}
const clauses = (firer: { modifiers: readonly { clause: string }[] }) => firer.modifiers.map((x) => x.clause)

describe('ranges to a vehicle run to the nearest edge of its hull (SMLE-GEN-05)', () => {
  it('SMLE-GEN-05: the range to the halftrack is to its side from abeam and its front edge from ahead, not its centre', () => {
    const [f] = preview(redAt(30, 40), atHalftrack)
    expect(f?.rangeIn).toBeCloseTo(30 - 24.75 - R, 6)
    // From dead ahead, to its front edge.
    const [g] = preview(redAt(24, 30), atHalftrack)
    expect(g?.rangeIn).toBeCloseTo(38.5 - 30 - R, 6)
  })

  it('SMLE-GEN-05 / SMLE-SHOOT-08: a rifle 23.5" from the hull’s front edge (25" from its centre, less the base) is within its 24" effective range', () => {
    const z = 38.5 - 23.5 - R
    const [f] = preview(redAt(24, z), atHalftrack)
    expect(f?.rangeIn).toBeCloseTo(23.5, 6)
    expect(clauses(f!)).not.toContain('SMLE-SHOOT-08')
  })

  it('SMLE-GEN-05 / SMLE-SHOOT-07: a rifle 3.5" off the hull’s side (4.25" from its centre) is at close range (+1)', () => {
    const [f] = preview(redAt(24.75 + 3.5 + R, 40), atHalftrack)
    expect(clauses(f!)).toContain('SMLE-SHOOT-07')
  })

  it('SMLE-GEN-05 / SMLE-VEH-16: the range to passengers of an open-topped vehicle runs to its hull', () => {
    const [f] = preview(redAt(24.75 + 3.5 + R, 40), {
      type: 'directFire',
      teamId: 'r-rifles',
      targetTeamId: 'b-rifles',
      firerIds: ['r-1'],
    })
    expect(f?.rangeIn).toBeCloseTo(3.5, 6)
    expect(clauses(f!)).toContain('SMLE-SHOOT-07')
  })

  it('SMLE-GEN-05: the range from a crewman aboard runs from his vehicle’s hull', () => {
    let m = newMatch(1, convoyScenario())
    m = withFigure(m, 'r-1', { position: { x: 24.75 + 3.5 + R, y: 0, z: 40 } })
    m = withFigure(m, 'r-2', { position: { x: 24.75 + 3.5 + R, y: 0, z: 44 } })
    m = inTurn(m, 'b-crew', 8)
    const [f] = preview(m, {
      type: 'directFire',
      teamId: 'b-crew',
      targetTeamId: 'r-rifles',
      firerIds: ['b-gunner'],
      weapons: { 'b-gunner': 'rifle' },
    })
    expect(f?.rangeIn).toBeCloseTo(3.5, 6)
    expect(figureGapIn(m.state, m.world, m.state.figures['b-gunner']!, m.state.figures['r-1']!)).toBeCloseTo(3.5, 6)
  })

  it('SMLE-GEN-05 / SMLE-MOVE-10: boarding needs the team within half a move of the hull, measured to its side', () => {
    let m = newMatch(1, convoyScenario())
    m = play(inTurn(m, 'b-rifles', 5), [{ type: 'debus', teamId: 'b-rifles' }])
    const half = figureFullMoveIn(m.state, m.state.figures['b-2']!) / 2 // Light armour: 8", half 4"
    expect(half).toBe(4)
    const alongside = (gap: number): Match => {
      let at = m
      for (const [id, dz] of [
        ['b-1', -1],
        ['b-2', 0],
        ['b-3', 1],
      ] as const)
        at = withFigure(at, id, { position: { x: 24.75 + gap + R, y: 0, z: 40 + dz } })
      return nextRound(at, 'b-rifles', 6)
    }
    // 0.4" beyond half a move off the side: inside the old centre circle (1.5"), outside the hull's reach.
    const far = alongside(half + 0.4)
    expect(refusedClause(far, { type: 'board', teamId: 'b-rifles', vehicleId: 'ht' })).toBe('SMLE-MOVE-10')
    expect(figureGapIn(far.state, far.world, far.state.figures['b-2']!, far.state.figures['b-driver']!)).toBeCloseTo(
      half + 0.4,
      6,
    )
    const near = play(alongside(half - 0.1), [{ type: 'board', teamId: 'b-rifles', vehicleId: 'ht' }])
    expect(near.state.figures['b-2']?.vehicleId).toBe('ht')
  })
})

describe('the fire preview of a vehicle’s cover (SMLE-VEH-18)', () => {
  it('SMLE-VEH-18: a vehicle in the open shows no cover in the preview, as its roll takes none', () => {
    const [f] = preview(redAt(24, 28), atHalftrack)
    expect(f?.cover).toBe('none')
    expect(f?.modifiers.some((x) => x.clause === 'SMLE-SHOOT-21')).toBe(false)
  })

  it('SMLE-VEH-18: hull-down behind a stone wall it shows hard cover, with the −3 its roll takes', () => {
    const scenario = convoyScenario({
      linearFeatures: [
        {
          id: 'wall',
          kind: 'stoneWall',
          points: [
            { x: 20, z: 37.6 },
            { x: 28, z: 37.6 },
          ],
        },
      ],
    })
    let m = newMatch(1, scenario)
    m = withFigure(m, 'r-1', { position: { x: 24, y: 0, z: 28 } })
    m = withFigure(m, 'r-2', { position: { x: 2, y: 0, z: 2 } })
    const [f] = preview(inTurn(m, 'r-rifles', 8), atHalftrack)
    expect(f?.cover).toBe('hard')
    expect(f?.modifiers.filter((x) => x.clause === 'SMLE-SHOOT-21').map((x) => x.value)).toEqual([-3])
  })
})

describe('opportunity fire at a moving vehicle (SMLE-VEH-10)', () => {
  it('SMLE-VEH-10 / SMLE-COMBAT-05: when a closed armoured car moves past Red, legalCommands offers fire at the vehicle, and it is accepted', () => {
    const base = convoyScenario()
    const scenario = convoyScenario({
      vehicles: base.vehicles.map((v) => (v.id === 'ht' ? { ...v, profile: 'armoured-car' } : v)),
      teams: base.teams.filter((t) => t.id !== 'b-rifles'),
    })
    let m = newMatch(1, scenario)
    m = withFigure(m, 'r-1', { position: { x: 18, y: 0, z: 36 }, weapons: ['bazooka'] })
    m = withFigure(m, 'r-2', { position: { x: 19, y: 0, z: 36 } })
    m = {
      ...m,
      state: {
        ...m.state,
        teams: { ...m.state.teams, 'r-rifles': { ...m.state.teams['r-rifles']!, ammo: { bazooka: 2 } } },
      },
    }
    m = inTurn(m, 'b-crew', 9, 7)
    const moved = play(m, [{ type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 34 } }])
    expect(moved.state.pending?.kind).toBe('opportunity')
    const offered = legalCommands(moved.state, moved.world, 'red').filter((c) => c.type === 'opportunityFire')
    expect(offered.some((c) => c.type === 'opportunityFire' && c.atVehicle === true)).toBe(true)
    for (const c of offered) expect(() => play(moved, [c])).not.toThrow()
  })
})
