import { describe, expect, it } from 'vitest'
import { applyRule, inTurn, newMatch, play, refusedClause, withFigure } from '../../../../tests/fixtures/play'
import { convoyScenario } from '../../../../tests/fixtures/scenarios'
import { endRound } from '../end-round'
import type { Match } from '../match'
import { legalCommands } from '../queries/legal-commands'
import type { CommandInput } from './index'

/** The halftrack (MMG, must brace) with its crew aboard, and Red's rifles in the open 10" ahead of it. */
const convoy = (): Match => {
  let m = newMatch(1, convoyScenario())
  m = withFigure(m, 'r-1', { position: { x: 23, y: 0, z: 30 } })
  return withFigure(m, 'r-2', { position: { x: 25, y: 0, z: 30 } })
}
/** The round ends (every per-round flag settles) and the next begins. */
const endOfRound = (m: Match): Match =>
  applyRule({ ...m, state: { ...m.state, phase: 'play', pending: null, activeUnit: null } }, endRound).match
const mmgFire: CommandInput = {
  type: 'directFire',
  teamId: 'b-crew',
  targetTeamId: 'r-rifles',
  firerIds: ['b-gunner'],
  weapons: { 'b-gunner': 'mmg' },
}
const offersFire = (m: Match): boolean =>
  legalCommands(m.state, m.world, 'blue').some((c) => c.type === 'directFire' && c.teamId === 'b-crew')

describe('vehicle weapons and bracing (SMLE-SHOOT-25, SMLE-VEH-10, Table 6)', () => {
  it('SMLE-SHOOT-25 / SMLE-VEH-10: a crew whose vehicle sat still for a round without firing is braced, and its must-brace MMG fires', () => {
    const first = inTurn(convoy(), 'b-crew', 8)
    expect(refusedClause(first, mmgFire)).toBe('SMLE-SHOOT-25')
    const round2 = endOfRound(first)
    expect(round2.state.figures['b-gunner']?.braced).toBe(true)
    expect(round2.state.figures['b-driver']?.braced).toBe(true)
    const turn = inTurn(round2, 'b-crew', 8)
    expect(offersFire(turn)).toBe(true)
    const fired = play(turn, [mmgFire])
    expect(fired.state.teams['b-crew']?.attack).toBe('direct')
    // Firing does not undo bracing (it lasts until the figure moves).
    expect(fired.state.figures['b-gunner']?.braced).toBe(true)
    // It stays braced into the next round, firing again without waiting.
    expect(endOfRound(fired).state.figures['b-gunner']?.braced).toBe(true)
  })
  it('SMLE-SHOOT-25 / Table 6: the light tank’s 37 mm gun (must brace) fires from a closed hull once the tank has sat still a round', () => {
    const base = convoyScenario()
    const tank = convoyScenario({
      vehicles: base.vehicles.map((v) => (v.id === 'ht' ? { ...v, profile: 'light-tank' } : v)),
      teams: base.teams.filter((t) => t.id !== 'b-rifles'),
    })
    let m = newMatch(1, tank)
    m = withFigure(m, 'r-1', { position: { x: 23, y: 0, z: 30 } })
    m = withFigure(m, 'r-2', { position: { x: 25, y: 0, z: 30 } })
    const gun: CommandInput = { ...mmgFire, weapons: { 'b-gunner': 'at-gun-37' } }
    expect(refusedClause(inTurn(m, 'b-crew', 8), gun)).toBe('SMLE-SHOOT-25')
    const fired = play(inTurn(endOfRound(inTurn(m, 'b-crew', 8)), 'b-crew', 8), [gun])
    expect(fired.state.teams['b-crew']?.attack).toBe('direct')
  })
  it('SMLE-SHOOT-25: a vehicle that moves takes its crew’s bracing with it; a round with a move braces nobody aboard', () => {
    const braced = inTurn(endOfRound(inTurn(convoy(), 'b-crew', 8)), 'b-crew', 9)
    const moved = play(braced, [{ type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 38 } }])
    expect(moved.state.figures['b-gunner']?.braced).toBe(false)
    expect(refusedClause(moved, mmgFire)).toBe('SMLE-SHOOT-25')
    expect(offersFire(moved)).toBe(false)
    // The round it moved does not brace it at its end; the next still round does.
    const after = endOfRound(moved)
    expect(after.state.figures['b-gunner']?.braced).toBe(false)
    expect(endOfRound(after).state.figures['b-gunner']?.braced).toBe(true)
  })
  it('SMLE-SHOOT-25: a crewman who fired in a round is not braced at its end; his mate who held fire is', () => {
    const m = inTurn(convoy(), 'b-crew', 8)
    const fired = play(m, [
      {
        type: 'directFire',
        teamId: 'b-crew',
        targetTeamId: 'r-rifles',
        firerIds: ['b-gunner'],
        weapons: { 'b-gunner': 'rifle' },
      },
    ])
    const next = endOfRound(fired)
    expect(next.state.figures['b-gunner']?.braced).toBe(false)
    expect(next.state.figures['b-driver']?.braced).toBe(true)
  })
  it('SMLE-SHOOT-25 / SMLE-MOVE-10: a team that boards a vehicle has moved that round and is not braced at its end', () => {
    const out = play(inTurn(convoy(), 'b-rifles', 5), [{ type: 'debus', teamId: 'b-rifles' }])
    const round2 = endOfRound(out)
    const back = play(inTurn(round2, 'b-rifles', 6), [{ type: 'board', teamId: 'b-rifles', vehicleId: 'ht' }])
    const round3 = endOfRound(back)
    expect(round3.state.figures['b-1']?.braced).toBe(false)
    expect(endOfRound(round3).state.figures['b-1']?.braced).toBe(true)
  })
})

describe('a lightly wounded vehicle (SMLE-VEH-15)', () => {
  /** The halftrack braced, then a VLW in round 1. */
  const wounded = (): Match => {
    let m = withFigure(convoy(), 'b-gunner', { braced: true })
    m = withFigure(m, 'b-driver', { braced: true })
    const ht = m.state.vehicles.ht!
    return {
      ...m,
      state: { ...m.state, vehicles: { ...m.state.vehicles, ht: { ...ht, status: 'VLW', stoppedRound: 1 } } },
    }
  }
  it('SMLE-VEH-15: it does nothing more this round: its crew may neither move it nor fire its guns or their own', () => {
    const m = inTurn(wounded(), 'b-crew', 9)
    expect(refusedClause(m, { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 36 } })).toBe('SMLE-VEH-15')
    expect(refusedClause(m, mmgFire)).toBe('SMLE-VEH-15')
    expect(refusedClause(m, { ...mmgFire, weapons: { 'b-gunner': 'rifle' } })).toBe('SMLE-VEH-15')
    expect(refusedClause(m, { type: 'directFire', teamId: 'b-crew', targetTeamId: 'r-rifles' })).toBe('SMLE-VEH-15')
    expect(refusedClause(m, { type: 'panicFire', teamId: 'b-crew' })).toBe('SMLE-VEH-15')
    const offered = legalCommands(m.state, m.world, 'blue')
    expect(offered.some((c) => c.type === 'directFire' || c.type === 'moveVehicle' || c.type === 'panicFire')).toBe(
      false,
    )
  })
  it('SMLE-VEH-15: nor does its crew opportunity-fire while Red moves that round', () => {
    const m = inTurn(wounded(), 'r-rifles', 9, 6)
    const moved = play(m, [{ type: 'moveFigure', figureId: 'r-1', to: { x: 23, z: 27 } }])
    expect(moved.state.pending?.kind === 'opportunity' && moved.state.pending.eligibleTeamIds).not.toContain('b-crew')
  })
  it('SMLE-VEH-15: the next round it moves and fires again, its crew at −2 to hit until repaired', () => {
    const m = inTurn(endOfRound(inTurn(wounded(), 'b-crew', 9)), 'b-crew', 8)
    expect(m.state.figures['b-gunner']?.braced).toBe(true)
    const fired = play(m, [mmgFire])
    const roll = fired.entries.at(-1)?.events.find((e) => e.type === 'DiceRolled')
    expect(JSON.stringify(roll)).toContain('SMLE-VEH-15')
    expect(() =>
      play(inTurn(endOfRound(inTurn(wounded(), 'b-crew', 9)), 'b-crew', 8), [
        { type: 'moveVehicle', vehicleId: 'ht', to: { x: 24, z: 38 } },
      ]),
    ).not.toThrow()
  })
})

describe('crews man the mounted weapons (SMLE-VEH-10, SMLE-VEH-16)', () => {
  /** A vehicle of `profile` in the halftrack's place, crewed by `crew` braced figures with rifles, Red's rifles 10" ahead. */
  const crewed = (profile: string, crew: number): Match => {
    const base = convoyScenario()
    const scenario = convoyScenario({
      vehicles: base.vehicles.map((v) => (v.id === 'ht' ? { ...v, profile } : v)),
      teams: base.teams
        .filter((t) => t.id !== 'b-rifles')
        .map((t) =>
          t.id === 'b-crew'
            ? {
                ...t,
                figures: Array.from({ length: crew }, (_, i) => ({
                  id: `b-c${i + 1}`,
                  name: `Crewman ${i + 1}`,
                  position: { x: 24, z: 40 },
                })),
              }
            : t,
        ),
    })
    let m = newMatch(1, scenario)
    m = withFigure(m, 'r-1', { position: { x: 23, y: 0, z: 30 } })
    m = withFigure(m, 'r-2', { position: { x: 25, y: 0, z: 30 } })
    for (let i = 1; i <= crew; i++) m = withFigure(m, `b-c${i}`, { braced: true })
    return inTurn(m, 'b-crew', 8)
  }
  const shots = (m: Match, cmd: CommandInput) => {
    const fired = play(m, [cmd])
    return (fired.entries.at(-1)?.events ?? [])
      .filter((e) => e.type === 'ShotResolved')
      .map((e) => (e.type === 'ShotResolved' ? `${e.figureId}:${e.weapon}` : ''))
  }
  const volley: CommandInput = { type: 'directFire', teamId: 'b-crew', targetTeamId: 'r-rifles' }

  it('SMLE-VEH-10 [decision]: a 4-man light tank’s one MMG fires once in a Direct Fire, worked by one crewman; the closed hull keeps the others’ rifles in', () => {
    // SMLE-VEH-16: the crew of a closed vehicle is shut in: only the guns mounted on it fire.
    expect(shots(crewed('light-tank', 4), volley)).toEqual(['b-c1:mmg'])
  })
  it('SMLE-VEH-10 [decision]: each mounted gun is worked by one crewman per attack; a gun already fired in this attack is refused to a second man', () => {
    const m = crewed('light-tank', 4)
    const both: CommandInput = {
      ...volley,
      firerIds: ['b-c1', 'b-c2'],
      weapons: { 'b-c1': 'at-gun-37', 'b-c2': 'mmg' },
    }
    expect(shots(m, both)).toEqual(['b-c1:at-gun-37', 'b-c2:mmg'])
    const twice: CommandInput = { ...volley, firerIds: ['b-c2', 'b-c3'], weapons: { 'b-c2': 'mmg', 'b-c3': 'mmg' } }
    expect(shots(m, twice)).toEqual(['b-c2:mmg'])
    expect(refusedClause(m, { ...volley, firerIds: ['b-c3'], weapons: { 'b-c3': 'rifle' } })).toBe('SMLE-VEH-16')
  })
  it('SMLE-VEH-10 [decision]: a medium tank’s two MMGs are two guns: two crewmen may each fire one', () => {
    const m = crewed('medium-tank', 5)
    const pair: CommandInput = {
      ...volley,
      firerIds: ['b-c1', 'b-c2', 'b-c3'],
      weapons: { 'b-c1': 'mmg', 'b-c2': 'mmg', 'b-c3': 'mmg' },
    }
    expect(shots(m, pair)).toEqual(['b-c1:mmg', 'b-c2:mmg'])
  })
  it('SMLE-VEH-16: in an open-topped halftrack the crewman not on the MMG fires his own rifle', () => {
    expect(shots(crewed('halftrack', 2), volley)).toEqual(['b-c1:mmg', 'b-c2:rifle'])
  })
  it('legalCommands: every fire offered to a tank crew is accepted and rolls each mounted gun at most once', () => {
    const m = crewed('light-tank', 4)
    const offered = legalCommands(m.state, m.world, 'blue').filter((c) => c.type === 'directFire')
    expect(offered.length).toBeGreaterThan(0)
    for (const c of offered) {
      const fired = shots(m, c)
      expect(fired.filter((s) => s.endsWith(':mmg')).length).toBeLessThanOrEqual(1)
      expect(fired.filter((s) => s.endsWith(':at-gun-37')).length).toBeLessThanOrEqual(1)
    }
  })
})
