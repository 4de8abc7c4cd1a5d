import { describe, expect, it } from 'vitest'
import {
  applyRule,
  awaitingTurns,
  inTurn,
  newMatch,
  play,
  refusedClause,
  withFigure,
  withTeam,
} from '../../../../tests/fixtures/play'
import { convoyScenario, sectionScenario } from '../../../../tests/fixtures/scenarios'
import type { Match } from '../match'
import { selectNextUnit } from '../sequence'

const sections = (): Match => newMatch(1, sectionScenario())

describe('Other options (SMLE-OPT-10, SMLE-TURN-10)', () => {
  it('SMLE-DMG-12: Recover casualties: a figure in base contact treats a light wound; another takes a seriously wounded figure along', () => {
    let m = withFigure(sections(), 'b-r1', { status: 'lightWound', spent: null })
    m = withFigure(m, 'b-r2', { status: 'seriousWound', prone: true, position: { x: 23, y: 0, z: 43 } })
    m = withFigure(m, 'b-sgt', { position: { x: 21, y: 0, z: 42 } })
    const g = inTurn(m, 'b-hq', 4)
    const done = play(g, [
      { type: 'recoverCasualties', teamId: 'b-hq', firstAid: [{ figureId: 'b-sgt', woundedId: 'b-r1' }], help: [] },
    ])
    expect(done.state.figures['b-r1']?.treated).toBe(true)
    expect(done.state.teams['b-hq']?.other).toBe('recoverCasualties')
    expect(refusedClause(done, { type: 'moveFigure', figureId: 'b-sgt', to: { x: 21, z: 41 } })).toBe('SMLE-TURN-10')
    expect(
      refusedClause(inTurn(m, 'b-hq', 3), {
        type: 'recoverCasualties',
        teamId: 'b-hq',
        firstAid: [{ figureId: 'b-sgt', woundedId: 'b-r1' }],
      }),
    ).toBe('SMLE-OPT-10')
    expect(
      refusedClause(g, {
        type: 'recoverCasualties',
        teamId: 'b-hq',
        firstAid: [{ figureId: 'b-sgt', woundedId: 'b-r2' }],
      }),
    ).toBe('SMLE-DMG-12')
  })
  it('SMLE-OPT-10: Reload heavy weapons (B3+) readies reload and jammed weapons, not a spent single shot', () => {
    let m = withFigure(sections(), 'b-lmg', { weaponState: { lmg: 'jammed', panzerfaust: 'spent' } })
    m = inTurn(m, 'b-bren', 3)
    const done = play(m, [{ type: 'reload', teamId: 'b-bren' }])
    expect(done.state.figures['b-lmg']?.weaponState).toEqual({ panzerfaust: 'spent' })
    expect(refusedClause(inTurn(m, 'b-bren', 2), { type: 'reload', teamId: 'b-bren' })).toBe('SMLE-OPT-10')
  })
  it('SMLE-OPT-08 / SMLE-OPT-09: a breaking team drops its heavy weapons where they stood; a figure in base contact picks one up with its Other option', () => {
    let m = sections()
    for (const [id, x] of [
      ['b-lmg', 4],
      ['b-no2', 6],
    ] as const)
      m = withFigure(m, id, { position: { x, y: 0, z: 20 } })
    m = applyRule(awaitingTurns(m, { 'b-bren': 0 }), selectNextUnit).match
    const item = m.state.items[0]
    expect(item?.weapon).toBe('lmg')
    expect(item?.position).toMatchObject({ x: 4, z: 20 })
    expect(m.state.figures['b-lmg']?.weapons).not.toContain('lmg')
    const picker = withFigure(m, 'b-r1', { position: { x: 4.55, y: 0, z: 20 } })
    const got = play(inTurn(picker, 'b-hq', 5), [{ type: 'pickUp', figureId: 'b-r1', itemId: item?.id ?? '' }])
    expect(got.state.figures['b-r1']?.weapons).toContain('lmg')
    expect(got.state.items).toHaveLength(0)
    // SMLE-ACT-06 / Table 1: B3 (Pinned) has an Other option; B2 and B1 (Fall Back) have none, and must withdraw
    // first (SMLE-OPT-07): picking up there would leave the team unable to fall back or to end its turn.
    const pickUp = { type: 'pickUp', figureId: 'b-r1', itemId: item?.id ?? '' } as const
    expect(play(inTurn(picker, 'b-hq', 3), [pickUp]).state.figures['b-r1']?.weapons).toContain('lmg')
    for (const band of [2, 1] as const) {
      const falling = inTurn(picker, 'b-hq', band)
      expect(refusedClause(falling, pickUp)).toBe('SMLE-ACT-06')
      expect(refusedClause(falling, { type: 'endActivation', teamId: 'b-hq' })).toBe('SMLE-OPT-07')
      const back = play(falling, [{ type: 'fallBack', teamId: 'b-hq' }])
      expect(back.state.teams['b-hq']?.moveOption).not.toBeNull()
    }
  })
  it('SMLE-ORG-08: the leader joins another team of his group within half a move, and does nothing more this round', () => {
    const m = withFigure(sections(), 'b-sgt', { position: { x: 27, y: 0, z: 43 } })
    const g = play(inTurn(m, 'b-hq', 7), [{ type: 'transferLeader', figureId: 'b-sgt', toTeamId: 'b-bren' }])
    expect(g.state.figures['b-sgt']?.teamId).toBe('b-bren')
    expect(g.state.teams['b-bren']?.figureIds).toContain('b-sgt')
    expect(g.state.teams['b-hq']?.figureIds).not.toContain('b-sgt')
    expect(g.state.figures['b-sgt']?.spent).toBe('transferred')
    // Even when his new team acts later this round, he has acted already.
    expect(refusedClause(inTurn(g, 'b-bren', 7), { type: 'moveFigure', figureId: 'b-sgt', to: { x: 27, z: 42 } })).toBe(
      'SMLE-ORG-08',
    )
    expect(
      refusedClause(inTurn(sections(), 'b-hq', 7), { type: 'transferLeader', figureId: 'b-sgt', toTeamId: 'b-bren' }),
    ).toBe('SMLE-ORG-05')
    expect(
      refusedClause(inTurn(sections(), 'b-hq', 7), { type: 'transferLeader', figureId: 'b-r1', toTeamId: 'b-bren' }),
    ).toBe('SMLE-ORG-08')
  })
  it('SMLE-DMG-12: a helper carrying a casualty off its own base line evacuates it; SMLE-SCEN-05: a figure may leave by an exit edge', () => {
    let m = withFigure(sections(), 'b-r1', { position: { x: 22, y: 0, z: 47.5 }, helping: 'b-r2' })
    m = withFigure(m, 'b-r2', { status: 'seriousWound', prone: true, position: { x: 23.1, y: 0, z: 47.5 } })
    const g = play(inTurn(m, 'b-hq', 7), [{ type: 'exitTable', figureId: 'b-r1' }])
    expect(g.state.figures['b-r1']?.offTable).toBe('exited')
    expect(g.state.figures['b-r2']?.offTable).toBe('evacuated')
    // Both by the edge they stepped off, for the victories that ask which (SMLE-SCEN-04, -05).
    expect([g.state.figures['b-r1']?.exitEdge, g.state.figures['b-r2']?.exitEdge]).toEqual(['south', 'south'])
    expect(refusedClause(inTurn(sections(), 'b-hq', 7), { type: 'exitTable', figureId: 'b-sgt' })).toBe('CORE-TABLE-01')
  })
  it('SMLE-VEH-15: a crew repairs its vehicle\u2019s light wound with Recover casualties', () => {
    const m = newMatch(1, convoyScenario())
    const hurt = {
      ...m,
      state: { ...m.state, vehicles: { ...m.state.vehicles, ht: { ...m.state.vehicles.ht!, status: 'VLW' as const } } },
    }
    const fixed = play(inTurn(hurt, 'b-crew', 4), [{ type: 'recoverCasualties', teamId: 'b-crew' }])
    expect(fixed.state.vehicles.ht?.status).toBe('ok')
  })
  it('SMLE-COMBAT-04: a team that made Opportunity Fire this round takes no Other option in its own turn', () => {
    const m = withTeam(
      inTurn(withFigure(sections(), 'b-lmg', { weaponState: { lmg: 'needsReload' } }), 'b-bren', 5),
      'b-bren',
      { opportunityFired: true, attack: 'opportunity' },
    )
    expect(refusedClause(m, { type: 'reload', teamId: 'b-bren' })).toBe('SMLE-COMBAT-04')
  })
})
