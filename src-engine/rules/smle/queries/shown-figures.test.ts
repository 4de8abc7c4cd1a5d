import { describe, expect, it } from 'vitest'
import type { MatchState } from '../state/state'
import { convoyScenario, sectionScenario } from '../../../../tests/fixtures/scenarios'
import { newMatch } from '../../../../tests/fixtures/play'
import { isFigureShown, isTeamShown, shownFigureIds } from './shown-figures'

const base = newMatch(1, sectionScenario()).state
const hide = (s: MatchState, teamId: string): MatchState => ({
  ...s,
  teams: { ...s.teams, [teamId]: { ...s.teams[teamId]!, hidden: true } },
})

describe('what the table shows (hot seat)', () => {
  it('SMLE-SCEN-05: a team set up hidden shows only to its own side at the controls; the enemy sees nothing of it', () => {
    const s = hide(base, 'r-a')
    const hidden = s.teams['r-a']!.figureIds
    for (const id of hidden) {
      expect(isFigureShown(s, id, 'red')).toBe(true)
      expect(isFigureShown(s, id, 'blue')).toBe(false)
      expect(isFigureShown(s, id, null)).toBe(false)
    }
    const toBlue = shownFigureIds(s, 'blue')
    expect(hidden.some((id) => toBlue.has(id))).toBe(false)
    expect(isTeamShown(s, 'r-a', 'red')).toBe(true)
    expect(isTeamShown(s, 'r-a', 'blue')).toBe(false)
    expect(isTeamShown(s, 'r-b', 'blue')).toBe(true)
    // The rest of Red, not hidden, shows to everyone.
    expect(s.teams['r-b']!.figureIds.every((id) => toBlue.has(id))).toBe(true)
  })

  it('SMLE-SCEN-05: once revealed, the team shows to every side', () => {
    const s = hide(base, 'r-a')
    const revealed = { ...s, teams: { ...s.teams, 'r-a': { ...s.teams['r-a']!, hidden: false } } }
    expect(revealed.teams['r-a']!.figureIds.every((id) => isFigureShown(revealed, id, 'blue'))).toBe(true)
  })

  it('figures off the table, inside a vehicle or vanished (SMLE-MONSTER-02) are not shown; the dead are (they lie where they fell)', () => {
    const f = base.figures['b-r1']!
    const patched = (patch: Partial<typeof f>): MatchState => ({
      ...base,
      figures: { ...base.figures, 'b-r1': { ...f, ...patch } },
    })
    expect(isFigureShown(patched({ offTable: 'fled' }), 'b-r1', 'blue')).toBe(false)
    expect(isFigureShown(patched({ lurking: 'vanished' }), 'b-r1', 'blue')).toBe(false)
    expect(isFigureShown(patched({ status: 'dead' }), 'b-r1', 'red')).toBe(true)
    const convoy = newMatch(1, convoyScenario()).state
    expect(isFigureShown(convoy, 'b-driver', 'blue')).toBe(false)
    expect(isFigureShown(base, 'nobody', 'blue')).toBe(false)
  })
})
