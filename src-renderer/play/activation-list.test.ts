import { describe, expect, it } from 'vitest'
import { hutMatch, newMatch, play } from '../../tests/fixtures/play'
import { sectionScenario } from '../../tests/fixtures/scenarios'
import { activationList, bandAllows, modifierText } from './activation-list'

describe('activation list', () => {
  it('before the roll every team is listed unrolled, without an order or band', () => {
    const m = newMatch(1, sectionScenario())
    const rows = activationList(m.state)
    expect(rows.length).toBe(Object.keys(m.state.teams).length)
    expect(rows.every((r) => r.status === 'unrolled' && r.order === null && r.band === null)).toBe(true)
  })
  it('SMLE-TURN-02: after both sides roll, the teams are in order of AL (lowest first) with die, band and modifiers with clause ids; the acting team is marked', () => {
    let m = newMatch(1, sectionScenario())
    m = play(m, [{ type: 'rollActivation', sideId: m.state.activeSideId }])
    m = play(m, [{ type: 'rollActivation', sideId: m.state.activeSideId }])
    const rows = activationList(m.state).filter((r) => r.order !== null)
    expect(rows.length).toBeGreaterThan(1)
    expect(rows.map((r) => r.order)).toEqual(rows.map((_, i) => i + 1))
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.al!).toBeGreaterThanOrEqual(rows[i - 1]!.al!)
    expect(rows.every((r) => r.die !== null && r.band !== null && r.allows !== '')).toBe(true)
    expect(rows.flatMap((r) => r.modifiers).every((x) => /^SMLE-/.test(x.clause))).toBe(true)
    const unit = m.state.activeUnit
    expect(rows.filter((r) => r.status === 'active').map((r) => r.teamId)).toEqual(unit ? [unit.teamIds[unit.index]] : [])
  })
  it('a team whose turn ended is shown as gone before the rest', () => {
    const m = hutMatch()
    const ended = play(m, [{ type: 'endActivation', teamId: 'blue-1' }])
    const rows = activationList(ended.state)
    expect(rows.find((r) => r.teamId === 'blue-1')?.status).toBe('done')
    // Gone teams head the list even when their AL is now the higher one.
    const raised = { ...ended.state, teams: { ...ended.state.teams, 'blue-1': { ...ended.state.teams['blue-1']!, activation: { ...ended.state.teams['blue-1']!.activation!, al: 99 } } } }
    expect(activationList(raised)[0]).toMatchObject({ teamId: 'blue-1', order: 1, status: 'done' })
  })
  it('SMLE-ACT-01: Table 1 in words for each band, and modifiers signed with their clause', () => {
    expect(bandAllows(7)).toBe('Advance: half move, direct fire')
    expect(bandAllows(10)).toBe('Double Move: full move, close assault')
    expect(bandAllows(0)).toBe('Break: full move, up to 2×, abandon weapons')
    expect(bandAllows(null)).toBe('')
    expect(modifierText({ label: 'Under fire', value: -2, clause: 'SMLE-ACT-04' })).toBe('−2 Under fire (SMLE-ACT-04)')
    expect(modifierText({ label: 'Leader', value: 1, clause: 'SMLE-ACT-07' })).toBe('+1 Leader (SMLE-ACT-07)')
  })
})
