import { describe, expect, it } from 'vitest'
import { initialState, type MatchState, type TeamActivation } from '../../src-engine/index'
import { farmhouseScenario } from '../../tests/fixtures/scenarios'
import { activationMarks } from './activation-marks'

const base = initialState(farmhouseScenario(), 1)
const rolled = (band: number): TeamActivation => ({ die: 3, al: band, band, modifiers: [], shifts: [], blockId: '' })
const teamIds = Object.keys(base.teams)
const [t0, t1] = teamIds as [string, string]

function after(patch: (s: MatchState) => MatchState): MatchState {
  const teams = Object.fromEntries(
    Object.entries(base.teams).map(([id, t], i) => [id, { ...t, activation: rolled(4 + i) }]),
  )
  return patch({ ...base, phase: 'play', teams, activeUnit: { teamIds: [t0], index: 0, turn: 'first' } })
}

describe('activation bands on the table (SMLE-ACT-01, SMLE-ACT-02)', () => {
  it('each rolled team gets its band and Table 1 action over its leader; the team whose turn it is is singled out', () => {
    const state = after((s) => s)
    const marks = activationMarks(state)
    expect(marks.map((m) => m.teamId).sort()).toEqual([...teamIds].sort())
    const first = marks.find((m) => m.teamId === t0)!
    expect(first.band).toBe(4)
    expect(first.action).toBe('Stand')
    expect(first.active).toBe(true)
    expect(marks.filter((m) => m.active)).toHaveLength(1)
    const leader =
      state.teams[t0]!.figureIds.map((id) => state.figures[id]!).find((f) => f.isLeader) ??
      state.figures[state.teams[t0]!.figureIds[0]!]!
    expect(first.at[0]).toBe(leader.position.x)
    expect(first.at[2]).toBe(leader.position.z)
    expect(first.at[1]).toBeGreaterThan(leader.position.y + 1.6)
  })
  it('no label before the roll, nor for a team that is gone or hidden from the side at the controls; a finished team is marked done', () => {
    expect(activationMarks(base)).toHaveLength(0)
    const state = after((s) => ({
      ...s,
      teams: { ...s.teams, [t0]: { ...s.teams[t0]!, gone: 'fled' }, [t1]: { ...s.teams[t1]!, turn: 'done' } },
    }))
    const marks = activationMarks(state)
    expect(marks.map((m) => m.teamId)).not.toContain(t0)
    expect(marks.find((m) => m.teamId === t1)?.done).toBe(true)
    // SMLE-SCEN-05: a hidden team shows only to its own side at the controls.
    const side = state.teams[t1]!.sideId
    const opponent = state.sides.find((x) => x.id !== side)!.id
    const hidden = (at: string) =>
      after((s) => ({
        ...s,
        activeSideId: at,
        pending: null,
        teams: { ...s.teams, [t1]: { ...s.teams[t1]!, hidden: true } },
      }))
    expect(activationMarks(hidden(opponent)).map((m) => m.teamId)).not.toContain(t1)
    expect(activationMarks(hidden(side)).map((m) => m.teamId)).toContain(t1)
  })
  it('when the leader is dead the label moves to a figure still standing', () => {
    const state = after((s) => s)
    const team = state.teams[t0]!
    const leaderId = team.figureIds.find((id) => state.figures[id]!.isLeader)!
    const dead = {
      ...state,
      figures: { ...state.figures, [leaderId]: { ...state.figures[leaderId]!, status: 'dead' as const } },
    }
    const m = activationMarks(dead).find((x) => x.teamId === t0)!
    const over = team.figureIds
      .map((id) => dead.figures[id]!)
      .find((f) => f.position.x === m.at[0] && f.position.z === m.at[2])!
    expect(over.status).not.toBe('dead')
  })
})
