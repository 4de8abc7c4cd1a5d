import { describe, expect, it } from 'vitest'
import {
  applyRule,
  holdAll,
  inTurn,
  newMatch,
  nextRound,
  play,
  refusedClause,
  withTeam,
} from '../../../../tests/fixtures/play'
import { endRound } from '../end-round'
import { convoyScenario } from '../../../../tests/fixtures/scenarios'
import type { Match } from '../match'
import { unitsForRoll } from '../units'

const convoy = (): Match => newMatch(1, convoyScenario())
const ht = (m: Match) => m.state.vehicles.ht!

describe('vehicles: one unit, moving and boarding', () => {
  it('SMLE-VEH-01 / SMLE-ORG-11: crew and passengers aboard roll as one unit, led by the crew', () => {
    const m = convoy()
    const units = unitsForRoll(m.state, 'blue', [])
    expect(units).toContainEqual({ teamIds: ['b-crew', 'b-rifles'], leadTeamId: 'b-crew' })
    const rolled = play(m, [{ type: 'rollActivation', sideId: 'blue' }])
    expect(rolled.state.teams['b-rifles']?.activation?.blockId).toBe('b-crew')
    expect(rolled.state.teams['b-crew']?.activation?.modifiers.map((x) => x.label)).toContain('armoured troops')
  })
  it('SMLE-VEH-02 / SMLE-VEH-04 / SMLE-VEH-10: at B9 a halftrack goes its combat speed (15", halved off-road); at B7 half that; everyone aboard rides along', () => {
    const full = play(inTurn(convoy(), 'b-crew', 9), [{ type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 32.5 } }])
    expect(ht(full).position.z).toBeCloseTo(32.5)
    expect(full.state.figures['b-2']?.position.z).toBeCloseTo(32.5)
    expect(
      refusedClause(inTurn(convoy(), 'b-crew', 9), { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 32 } }),
    ).toBe('SMLE-VEH-02')
    expect(
      refusedClause(inTurn(convoy(), 'b-crew', 7), { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 36 } }),
    ).toBe('SMLE-VEH-02')
    expect(() =>
      play(inTurn(convoy(), 'b-crew', 7), [{ type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 36.25 } }]),
    ).not.toThrow()
    expect(
      refusedClause(inTurn(convoy(), 'b-crew', 3), { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 39 } }),
    ).toBe('SMLE-VEH-02')
  })
  it('SMLE-MOVE-11: passengers may not move about inside; they de-bus (B5+), at most half a move away, prone, one team per door a round', () => {
    const m = inTurn(convoy(), 'b-rifles', 5)
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b-1', to: { x: 24, z: 38 } })).toBe('SMLE-MOVE-11')
    const out = play(m, [{ type: 'debus', teamId: 'b-rifles' }])
    for (const id of ['b-1', 'b-2', 'b-3']) {
      const f = out.state.figures[id]!
      expect(f.vehicleId).toBeNull()
      expect(f.prone).toBe(true)
      expect(Math.hypot(f.position.x - 24, f.position.z - 40)).toBeLessThanOrEqual(1.5 + 4 + 0.5)
    }
    expect(out.state.teams['b-rifles']?.other).toBe('debus')
    expect(refusedClause(inTurn(convoy(), 'b-rifles', 4), { type: 'debus', teamId: 'b-rifles' })).toBe('SMLE-MOVE-11')
    const busy = {
      ...m,
      state: { ...m.state, vehicles: { ...m.state.vehicles, ht: { ...ht(m), debussedThisRound: 1 } } },
    }
    expect(refusedClause(busy, { type: 'debus', teamId: 'b-rifles' })).toBe('SMLE-MOVE-11')
    const fast = {
      ...m,
      state: { ...m.state, vehicles: { ...m.state.vehicles, ht: { ...ht(m), speedLastRoundIn: 12 } } },
    }
    expect(refusedClause(fast, { type: 'debus', teamId: 'b-rifles' })).toBe('SMLE-MOVE-11')
  })
  it('SMLE-MOVE-10: a team within half a move of a stationary vehicle boards it; the vehicle moves off next round, or the round after if its crew has just boarded', () => {
    const out = play(inTurn(convoy(), 'b-rifles', 5), [{ type: 'debus', teamId: 'b-rifles' }])
    const back = play(nextRound(out, 'b-rifles', 6), [{ type: 'board', teamId: 'b-rifles', vehicleId: 'ht' }])
    expect(back.state.figures['b-1']?.vehicleId).toBe('ht')
    expect(
      refusedClause(inTurn(back, 'b-crew', 9), { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 36 } }),
    ).toBe('SMLE-MOVE-10')
    expect(() =>
      play(nextRound(back, 'b-crew', 9), [{ type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 36 } }]),
    ).not.toThrow()
    // The crew gets out and back in: the halftrack must wait one more round.
    const crewOut = play(nextRound(convoy(), 'b-crew', 5), [{ type: 'debus', teamId: 'b-crew' }])
    const crewIn = play(nextRound(crewOut, 'b-crew', 6), [{ type: 'board', teamId: 'b-crew', vehicleId: 'ht' }])
    expect(
      refusedClause(nextRound(crewIn, 'b-crew', 9), { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 36 } }),
    ).toBe('SMLE-MOVE-10')
    expect(() =>
      play(nextRound(nextRound(crewIn, 'b-crew', 9), 'b-crew', 9), [
        { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 36 } },
      ]),
    ).not.toThrow()
    const moved = play(inTurn(convoy(), 'b-crew', 9), [{ type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 36 } }])
    const late = play(inTurn(moved, 'b-rifles', 5), [{ type: 'debus', teamId: 'b-rifles' }])
    expect(refusedClause(inTurn(late, 'b-rifles', 6), { type: 'board', teamId: 'b-rifles', vehicleId: 'ht' })).toBe(
      'SMLE-MOVE-10',
    )
  })
  it('SMLE-VEH-05: a helicopter lands where it is sent without plotted movement and takes off at the end of the round after, with whoever is aboard', () => {
    let m = play(inTurn(convoy(), 'b-pilots', 6), [{ type: 'moveVehicle', vehicleId: 'heli', to: { x: 10, z: 20 } }])
    expect(m.state.vehicles.heli?.position.x).toBe(10)
    expect(m.state.vehicles.heli?.landedRound).toBe(1)
    m = withTeam(m, 'b-pilots', { turn: 'done' })
    m = play(holdAll(inTurn(m, 'b-flyers', 5)), [{ type: 'debus', teamId: 'b-flyers' }])
    expect(m.state.figures['b-f1']?.vehicleId).toBeNull()
    // It stays through the end of round 1 and is gone at the end of round 2; the pilot goes with it.
    const endOf = (g: Match): Match =>
      applyRule({ ...g, state: { ...g.state, pending: null, activeUnit: null } }, endRound).match
    const round1 = endOf(m)
    expect(round1.state.vehicles.heli?.offTable).toBe(false)
    const after = endOf({ ...round1, state: { ...round1.state, phase: 'play' } })
    expect(after.state.vehicles.heli?.offTable).toBe(true)
    expect(after.state.figures['b-pilot']?.offTable).toBe('exited')
    expect(after.state.figures['b-f1']?.offTable).toBeNull()
  })
})
