import { describe, expect, it } from 'vitest'
import { field, fig, team } from '../../../../tests/audit/helpers'
import { inTurn, newMatch, refusedClause } from '../../../../tests/fixtures/play'
import { dispatch, type Match } from '../match'
import { viewScenario } from '../view'
import { sidesViewer } from '../../../core/viewer'
import type { CommandInput } from './index'

/** The events of a move or an assault made: none of them comes when the move finds what was hidden. */
const MADE = new Set(['MoveOptionChosen', 'FigureStoodUp', 'FigureMoved', 'ContactMade', 'AttackMade', 'PendingSet'])

/**
 * SMLE-SCEN-05 / SMLE-SHOOT-26 [decision]: a Close Assault's moves are judged
 * as a figure's own move is, on the table as the attacking side knows it. A
 * hidden enemy figure where an attacker means to end its move, or a concealed
 * position on its way, is found rather than refused, so that no refusal tells
 * the attacking seat of it; nobody moves and no assault is made.
 */
describe('SMLE-SCEN-05 [decision]: an assault move ordered onto a hidden enemy figure finds it', () => {
  /**
   * Blue's assault team (b1 at (24, 44), b2 at (30, 44)) in its turn at B9 (Close, SMLE-COMBAT-01); Red's r2 at
   * (27, 40), the team assaulted; Red's r1 at `hiddenAt`, its team set up hidden unless `redHidden` is false.
   */
  const table = (redHidden: boolean, hiddenAt = { x: 28.3, z: 40.5 }): Match =>
    inTurn(
      newMatch(
        1,
        field([
          team('blue-1', 'blue', [fig('b1', 24, 44), fig('b2', 30, 44)]),
          team('red-2', 'red', [fig('r2', 27, 40)]),
          team('red-1', 'red', [fig('r1', hiddenAt.x, hiddenAt.z)], { hidden: redHidden }),
        ]),
      ),
      'blue-1',
      9,
    )
  /** b1 into contact on r2's west side, b2 to its east side (where r1 may stand hidden), or to `b2To`. */
  const assault = (b2To = { x: 28.02, z: 40 }): CommandInput => ({
    type: 'closeAssault',
    teamId: 'blue-1',
    targetTeamId: 'red-2',
    moves: [
      { figureId: 'b1', to: { x: 26, z: 40 } },
      { figureId: 'b2', to: b2To },
    ],
  })

  it('accepted: the hidden team is revealed, found by the attacker; no one moves, no assault is made', () => {
    const m = table(true)
    const r = dispatch(m, assault())
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    expect(r.decision.events[0]).toEqual({ type: 'TeamRevealed', teamId: 'red-1', reason: 'found by b2' })
    expect(r.decision.events.filter((e) => MADE.has(e.type))).toEqual([])
    const after = r.match.state
    expect(after.teams['red-1']!.hidden).toBe(false)
    expect(after.figures.b1!.position).toEqual(m.state.figures.b1!.position)
    expect(after.figures.b2!.position).toEqual(m.state.figures.b2!.position)
    expect(after.teams['blue-1']!.moveOption).toBeNull()
    expect(after.teams['blue-1']!.attack).toBeNull()
    expect(after.pending).toBeNull()
    // Found, r1 stands in the way as any figure does (CORE-TABLE-03); the assault may still be made elsewhere.
    expect(refusedClause(r.match, assault())).toBe('CORE-TABLE-03')
    expect(dispatch(r.match, assault({ x: 27, z: 41.02 })).decision.ok).toBe(true)
  })

  it('onto a figure the attacking side can see: refused (CORE-TABLE-03), the game unchanged', () => {
    expect(refusedClause(table(false), assault())).toBe('CORE-TABLE-03')
  })

  it('an assault refused for another reason is refused in the very words it gets with the hidden figure elsewhere', () => {
    // b2 told to a spot 2" from r2: no contact for it, and b1 told nowhere near: no one in base contact (SMLE-CA-03).
    const far: CommandInput = {
      type: 'closeAssault',
      teamId: 'blue-1',
      targetTeamId: 'red-2',
      moves: [
        { figureId: 'b1', to: { x: 22, z: 42 } },
        { figureId: 'b2', to: { x: 28.3, z: 40.5 } },
      ],
    }
    const onHidden = dispatch(table(true), far)
    const elsewhere = dispatch(table(true, { x: 10, z: 20 }), far)
    expect(onHidden.decision.ok).toBe(false)
    expect(onHidden.decision).toEqual(elsewhere.decision)
  })

  it('with the hidden figure well away, the assault is made as on a table without it', () => {
    const r = dispatch(table(true, { x: 10, z: 20 }), assault())
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    expect(r.decision.events.some((e) => e.type === 'TeamRevealed')).toBe(false)
    expect(r.match.state.teams['blue-1']!.attack).toBe('assault')
  })
})

describe('SMLE-SHOOT-26 [decision]: an assault move that runs into a concealed position its side does not know finds it', () => {
  /** Blue's b1 at (25, 34) at B9; Red's r1 at (25, 25.5) to assault; Red's bunker (5" × 4") at (25, 30), between them. */
  const table = (concealed: boolean): Match =>
    inTurn(
      newMatch(
        1,
        field([team('blue-1', 'blue', [fig('b1', 25, 34)]), team('red-1', 'red', [fig('r1', 25, 25.5)])], {
          positions: [{ id: 'bunker', kind: 'bunker', x: 25, z: 30, arcDeg: 180, concealed, sideId: 'red' }],
        }),
      ),
      'blue-1',
      9,
    )
  const through: CommandInput = {
    type: 'closeAssault',
    teamId: 'blue-1',
    targetTeamId: 'red-1',
    moves: [{ figureId: 'b1', to: { x: 25, z: 26.52 } }],
  }

  it('straight through it: accepted; the position is found (for all to see), no one moves, no assault is made', () => {
    const m = table(true)
    expect(viewScenario(m.header.scenario, m.state, sidesViewer('blue')).positions).toEqual([])
    const r = dispatch(m, through)
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    expect(r.decision.events[0]).toEqual({
      type: 'PositionFound',
      positionId: 'bunker',
      sideId: 'blue',
      reason: 'found by b1',
    })
    expect(r.decision.events.filter((e) => MADE.has(e.type) || e.type === 'TeamRevealed')).toEqual([])
    expect(r.match.state.figures.b1!.position).toEqual(m.state.figures.b1!.position)
    expect(r.match.state.teams['blue-1']!.attack).toBeNull()
    expect(
      viewScenario(r.match.header.scenario, r.match.state, sidesViewer('blue')).positions.map((p) => p.id),
    ).toEqual(['bunker'])
    // Found, it stands in the way as any wall does: the same assault is now judged on the table as it is.
    expect(dispatch(r.match, through).decision).toEqual(dispatch(table(false), through).decision)
  })
})
