import { describe, expect, it } from 'vitest'
import { hutMatch, hutTurn, inTurn, newMatch, withFigure } from '../../../../tests/fixtures/play'
import { sectionScenario } from '../../../../tests/fixtures/scenarios'
import { dispatch } from '../match'
import { labelledOptions } from './options'
import { legalCommands } from './legal-commands'

describe('labelledOptions', () => {
  it('SMLE-TURN-01: in phase 1 the side to roll is offered its activation roll, the other side nothing', () => {
    const m = newMatch(1, sectionScenario())
    expect(m.state.phase).toBe('activation')
    const side = m.state.activeSideId
    const opts = labelledOptions(m.state, m.world, side)
    expect(opts.length).toBeGreaterThan(0)
    expect(opts.every((o) => o.group === 'activation')).toBe(true)
    expect(opts[0]).toMatchObject({ label: 'Roll activation', command: { type: 'rollActivation', sideId: side } })
    const other = m.state.sides.find((s) => s.id !== side)!.id
    expect(labelledOptions(m.state, m.world, other)).toEqual([])
  })
  it('every option is accepted by the rules and is one of legalCommands (moves to points are left to the player)', () => {
    const m = hutTurn(1, 9)
    const opts = labelledOptions(m.state, m.world, 'blue')
    const legal = legalCommands(m.state, m.world, 'blue').map((c) => JSON.stringify(c))
    expect(opts.some((o) => o.group === 'activation' && o.command.type === 'endActivation')).toBe(true)
    for (const o of opts) {
      expect(dispatch(m, o.command).decision.ok).toBe(true)
      expect(o.label).not.toBe('')
      if (o.command.type !== 'goProne' && o.command.type !== 'standUp' && o.command.type !== 'exitTable')
        expect(legal).toContain(JSON.stringify(o.command))
    }
    expect(opts.some((o) => o.command.type === 'moveFigure')).toBe(false)
  })
  it('SMLE-DOOR-01: a figure at a door is offered to open and kick it, grouped as doors, in words', () => {
    const m = hutTurn(1, 9)
    const doors = labelledOptions(m.state, m.world, 'blue').filter((o) => o.group === 'doors')
    expect(doors.map((o) => o.label)).toEqual(
      expect.arrayContaining(['Blue One opens the hut door', 'Blue One kicks the hut door']),
    )
  })
  it('SMLE-COMBAT-02: fire options are grouped as fire and name the target team', () => {
    const m = inTurn(newMatch(3, sectionScenario()), 'b-hq', 9)
    const moved = [
      ['b-sgt', 4, 30],
      ['b-r1', 6, 30],
      ['b-r2', 8, 30],
      ['r-cpl', 4, 14],
      ['r-a1', 6, 14],
      ['r-a2', 8, 14],
    ].reduce(
      (acc, [id, x, z]) => withFigure(acc, id as string, { position: { x: x as number, y: 0, z: z as number } }),
      m,
    )
    const fire = labelledOptions(moved.state, moved.world, 'blue').filter((o) => o.group === 'fire')
    expect(fire.find((o) => o.command.type === 'directFire')?.label).toMatch(/^Fire at /)
  })
  it('SMLE-COMBAT-05: at an interrupt point the other side is offered fire or hold fire, the moving side nothing', () => {
    const m = hutMatch()
    const state = {
      ...m.state,
      phase: 'play' as const,
      pending: { kind: 'opportunity' as const, sideId: 'red', eligibleTeamIds: [], targetTeamId: 'blue-1' },
    } as unknown as typeof m.state
    const opts = labelledOptions(state, m.world, 'red')
    expect(opts.map((o) => o.command.type)).toEqual(['holdFire', 'holdFire'])
    expect(opts.every((o) => o.group === 'interrupt')).toBe(true)
    expect(opts.map((o) => o.label)).toEqual([
      'Hold fire (at this point only)',
      'Let the move continue (hold fire for the rest of the move)',
    ])
    expect(labelledOptions(state, m.world, 'blue')).toEqual([])
  })
  it("SMLE-CA-03: a close assault is offered on a team in reach, and not on one beyond every attacker's move", () => {
    const near = [
      ['b-sgt', 4, 30],
      ['b-r1', 6, 30],
      ['b-r2', 8, 30],
      ['r-cpl', 4, 27],
      ['r-a1', 6, 27],
      ['r-a2', 8, 27],
      ['r-b1', 30, 5],
      ['r-b2', 32, 5],
      ['r-b3', 34, 5],
    ].reduce(
      (acc, [id, x, z]) => withFigure(acc, id as string, { position: { x: x as number, y: 0, z: z as number } }),
      newMatch(3, sectionScenario()),
    )
    const m = inTurn(near, 'b-hq', 9)
    const assaults = labelledOptions(m.state, m.world, 'blue').filter((o) => o.group === 'assault')
    expect(assaults.map((o) => (o.command as { targetTeamId: string }).targetTeamId)).toEqual(['r-a'])
    expect(assaults[0]?.label).toBe(`Close assault ${m.state.teams['r-a']!.name}`)
    expect(dispatch(m, assaults[0]!.command).decision.ok).toBe(true)
  })
})
