import { describe, expect, it } from 'vitest'
import { hutMatch } from '../../tests/fixtures/play'
import { gameSummary } from './game-summary'
import { scenarioGroups } from './scenario-groups'
import { moveRows, vehicleLine } from './move-rows'

describe('end of game summary', () => {
  it('is null while the game goes on', () => {
    expect(gameSummary(hutMatch().state)).toBeNull()
  })
  it("names the winner, the scenario's reason, the rounds and each side's losses", () => {
    const s = hutMatch().state
    const figures = {
      ...s.figures,
      r1: { ...s.figures.r1!, status: 'dead' as const },
      r2: { ...s.figures.r2!, offTable: 'fled' as const },
      b2: { ...s.figures.b2!, status: 'seriousWound' as const },
    }
    const ended = {
      ...s,
      phase: 'ended' as const,
      figures,
      result: { winnerSideId: 'blue', reason: 'Red has no figure left on the table.', round: 3 },
    }
    expect(gameSummary(ended)).toEqual({
      winner: 'Blue won',
      reason: 'Red has no figure left on the table.',
      rounds: 3,
      sides: [
        { sideId: 'blue', name: 'Blue', figures: 2, dead: 0, seriouslyWounded: 1, lightlyWounded: 0, offTable: 0 },
        { sideId: 'red', name: 'Red', figures: 2, dead: 1, seriouslyWounded: 0, lightlyWounded: 0, offTable: 1 },
      ],
    })
    expect(gameSummary({ ...ended, result: { winnerSideId: null, reason: 'Time.', round: 8 } })?.winner).toBe('A draw')
  })
})

describe('move rows and vehicle line', () => {
  it('SMLE-MOVE-01: each figure of the acting team with inches used and left', () => {
    const s = hutMatch().state
    const moved = { ...s, figures: { ...s.figures, b1: { ...s.figures.b1!, movedIn: 3, prone: true } } }
    const rows = moveRows(moved)
    expect(rows.map((r) => r.figureId)).toEqual(['b1', 'b2'])
    expect(rows[0]).toMatchObject({ usedIn: 3, note: 'prone' })
    expect(rows[0]!.leftIn).toBeLessThan(rows[1]!.leftIn)
    expect(vehicleLine(s)).toBeNull()
    expect(moveRows({ ...s, phase: 'activation' })).toEqual([])
  })
})

describe('scenario picker', () => {
  it("lists the six §16 scenarios first in the book's order, then the other tables", () => {
    const sum = (id: string) => ({ id, name: id, description: '', ruleset: 'smle' as const })
    const groups = scenarioGroups(
      [
        'farmhouse-skirmish',
        'smle-ambush',
        'smle-commando',
        'smle-exterminator',
        'smle-few-brave-sentients',
        'smle-magnificent-seven',
        'smle-multiple-signals',
        'reference-town',
      ].map(sum),
    )
    expect(groups.map((g) => g.title)).toEqual(['SMLE scenarios (§16)', 'Other tables'])
    expect(groups[0]!.scenarios.map((s) => s.id)).toEqual([
      'smle-few-brave-sentients',
      'smle-magnificent-seven',
      'smle-multiple-signals',
      'smle-commando',
      'smle-ambush',
      'smle-exterminator',
    ])
    expect(groups[1]!.scenarios.map((s) => s.id)).toEqual(['farmhouse-skirmish', 'reference-town'])
  })
})
