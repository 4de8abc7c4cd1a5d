import { describe, expect, it } from 'vitest'
import { field, fig, team } from '../../../../tests/audit/helpers'
import { hutMatch, inTurn, newMatch, play, refusedClause } from '../../../../tests/fixtures/play'
import { hutScenario } from '../../../../tests/fixtures/scenarios'
import { dispatch, type Match } from '../match'
import { viewScenario } from '../view'
import { sidesViewer } from '../../../core/viewer'
import type { CommandInput } from './index'

describe('moveFigure', () => {
  it('SMLE-MOVE-01: a Light figure moves up to 8" in a turn, in several steps', () => {
    const m = play(hutMatch(), [
      { type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 27 } },
      { type: 'moveFigure', figureId: 'b2', to: { x: 23, z: 27 } },
    ])
    expect(m.state.figures.b2?.movedIn).toBeCloseTo(8)
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b2', to: { x: 23, z: 26.9 } })).toBe('SMLE-MOVE-01')
  })

  it('SMLE-MOVE-01: a figure with no armour moves 10"', () => {
    const s = hutScenario()
    s.teams[0]!.figures[1]!.armour = 'none'
    expect(() => play(hutMatch(1, s), [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 12 } }])).not.toThrow()
  })

  it('SMLE-GEN-05: climbing a hill costs its height on top of the distance', () => {
    const s = hutScenario({ terrain: { hills: [{ id: 'h', x: 24, z: 24, radiusIn: 4, heightIn: 2 }] } })
    const m = play(hutMatch(1, s), [{ type: 'moveFigure', figureId: 'b2', to: { x: 24, z: 24 } }])
    // From (20,22), just outside the hill's 4" radius (height 0), to its 2" top.
    expect(m.state.figures.b2?.movedIn).toBeCloseTo(Math.hypot(4, 2) + 2, 2)
    expect(m.state.figures.b2?.position.y).toBeCloseTo(2)
  })

  it('CORE-TABLE-02: walls and closed doors block the way; an open door does not', () => {
    const m = hutMatch()
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 14 } })).toBe('CORE-TABLE-02')
    const opened = play(m, [{ type: 'openDoor', figureId: 'b1', doorId: 'hut-door' }])
    expect(() => play(opened, [{ type: 'moveFigure', figureId: 'b1', to: { x: 13, z: 15.2 } }])).not.toThrow()
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b1', to: { x: 15, z: 16.3 } })).toBe('CORE-TABLE-02')
  })

  it('CORE-TABLE-01: a base may not leave the table', () => {
    expect(refusedClause(hutMatch(), { type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 29.8 } })).toBe(
      'CORE-TABLE-01',
    )
  })

  it('CORE-TABLE-03: bases may not overlap', () => {
    const m = play(hutMatch(), [{ type: 'moveFigure', figureId: 'b2', to: { x: 14, z: 18 } }])
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b1', to: { x: 14, z: 17.5 } })).toBe('CORE-TABLE-03')
  })

  it('CORE-TABLE-03: a spot another base takes is refused as taken before the way to it is searched (behind a closed door too)', () => {
    const s = hutScenario()
    s.teams[1]!.figures[0]!.position = { x: 13, z: 13 }
    const m = hutMatch(1, s)
    // Red One stands in the hut; the door between is closed: the spot is taken whichever way is tried.
    const onto = (to: { x: number; z: number }): CommandInput => ({ type: 'moveFigure', figureId: 'b1', to })
    expect(refusedClause(m, onto({ x: 13, z: 13.5 }))).toBe('CORE-TABLE-03')
    // Beside him, in the hut, the way is what refuses the move.
    expect(refusedClause(m, onto({ x: 14.6, z: 13 }))).toBe('CORE-TABLE-02')
  })

  it('CORE-TURN-01, CORE-CMD-01: only the active side, only real figures', () => {
    expect(refusedClause(hutMatch(), { type: 'moveFigure', figureId: 'r1', to: { x: 5, z: 5 } })).toBe('CORE-TURN-01')
    expect(refusedClause(hutMatch(), { type: 'moveFigure', figureId: 'nobody', to: { x: 5, z: 5 } })).toBe(
      'CORE-CMD-01',
    )
  })

  it('positions are quantized to 1/100 inch where the command enters', () => {
    const m = play(hutMatch(), [{ type: 'moveFigure', figureId: 'b2', to: { x: 20.123456, z: 22.0049 } }])
    expect(m.state.figures.b2?.position.x).toBe(20.12)
    expect(m.state.figures.b2?.position.z).toBe(22)
  })

  it('facing follows the direction of the move (degrees clockwise from north)', () => {
    const m = play(hutMatch(), [{ type: 'moveFigure', figureId: 'b2', to: { x: 23, z: 22 } }])
    expect(m.state.figures.b2?.facingDeg).toBe(90)
  })
})

describe('SMLE-SCEN-05 [decision]: a move ordered onto a hidden enemy figure finds it', () => {
  /** Blue's b1 at the south, in its turn; Red's r1 4" north of it, its team set up hidden unless `redHidden` is false. */
  const table = (redHidden: boolean, redAt = { x: 24, z: 40 }, blueHidden = false): Match =>
    inTurn(
      newMatch(
        1,
        field([
          team('blue-1', 'blue', [fig('b1', 24, 44), fig('b2', 30, 44)]),
          team('blue-2', 'blue', [fig('b3', 10, 44)], { hidden: blueHidden }),
          team('red-1', 'red', [fig('r1', redAt.x, redAt.z)], { hidden: redHidden }),
        ]),
      ),
      'blue-1',
      9,
    )
  const move = (to: { x: number; z: number }): CommandInput => ({ type: 'moveFigure', figureId: 'b1', to })

  it('within reach: accepted; the hidden team is revealed, the figure stays where it was with its move unspent', () => {
    const m = table(true)
    expect(m.state.teams['red-1']!.hidden).toBe(true)
    const r = dispatch(m, move({ x: 24, z: 40 }))
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    expect(r.decision.events).toContainEqual({ type: 'TeamRevealed', teamId: 'red-1', reason: 'found by b1' })
    const after = r.match.state
    expect(after.teams['red-1']!.hidden).toBe(false)
    expect(after.figures.b1!.position).toEqual(m.state.figures.b1!.position)
    expect(after.figures.b1!.movedIn).toBe(0)
    expect(after.teams['blue-1']!.moveOption).toBeNull()
    // Found, it now stands in the way as any figure does (CORE-TABLE-03); the figure may still make its whole move
    // (8", SMLE-MOVE-01) elsewhere.
    expect(refusedClause(r.match, move({ x: 24, z: 40 }))).toBe('CORE-TABLE-03')
    expect(dispatch(r.match, move({ x: 16, z: 44 })).decision.ok).toBe(true)
  })

  it('onto a figure its side can see: refused (CORE-TABLE-03), the game unchanged', () => {
    expect(refusedClause(table(false), move({ x: 24, z: 40 }))).toBe('CORE-TABLE-03')
  })

  it('onto a hidden figure of its own side: refused (CORE-TABLE-03); its side knows where its own stand', () => {
    const m = table(false, { x: 24, z: 20 }, true)
    expect(refusedClause(m, move({ x: 10, z: 44 }))).toBe('CORE-TABLE-03')
  })

  it('beyond its reach: refused in the very words a move onto the same empty spot gets', () => {
    const far = { x: 24, z: 20 }
    const onHidden = dispatch(table(true, far), move(far))
    const onEmpty = dispatch(table(true, { x: 40, z: 20 }), move(far))
    expect(onHidden.decision.ok).toBe(false)
    expect(onHidden.decision).toEqual(onEmpty.decision)
  })
})

describe('SMLE-SHOOT-26 [decision]: a move that runs into a concealed position its side does not know finds it', () => {
  /** Blue's b1 at (25, 34), in its turn; Red's bunker (5" × 4") at (25, 30), concealed unless told. */
  const table = (concealed: boolean, at = { x: 25, z: 30 }): Match =>
    inTurn(
      newMatch(
        1,
        field([team('blue-1', 'blue', [fig('b1', 25, 34)]), team('red-1', 'red', [fig('r1', 10, 4)])], {
          positions: [{ id: 'bunker', kind: 'bunker', x: at.x, z: at.z, arcDeg: 0, concealed, sideId: 'red' }],
        }),
      ),
      'blue-1',
      9,
    )
  const through = { type: 'moveFigure', figureId: 'b1', to: { x: 25, z: 27 } } as const
  const blue = sidesViewer('blue')

  it('straight through it: accepted; the position is found (for all to see), the figure stays with its move unspent', () => {
    const m = table(true)
    expect(viewScenario(m.header.scenario, m.state, blue).positions).toEqual([])
    const r = dispatch(m, through)
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    expect(r.decision.events[0]).toEqual({
      type: 'PositionFound',
      positionId: 'bunker',
      sideId: 'blue',
      reason: 'found by b1',
    })
    expect(r.decision.events.filter((e) => e.type === 'FigureMoved' || e.type === 'MoveOptionChosen')).toEqual([])
    expect(r.match.state.figures.b1!.position).toEqual(m.state.figures.b1!.position)
    expect(r.match.state.figures.b1!.movedIn).toBe(0)
    expect(r.match.state.teams['blue-1']!.moveOption).toBeNull()
    for (const viewer of [blue, { kind: 'spectator' } as const])
      expect(viewScenario(r.match.header.scenario, r.match.state, viewer).positions.map((p) => p.id)).toEqual([
        'bunker',
      ])
    // Found, it stands in the way as any wall does: the same move is now judged on the table as it is.
    const again = dispatch(r.match, through)
    const open = dispatch(table(false), through)
    expect(again.decision).toEqual(open.decision)
  })

  it('the same move when the position is not concealed: judged on the table as it is, nothing found', () => {
    const r = dispatch(table(false), through)
    if (r.decision.ok) expect(r.decision.events.some((e) => e.type === 'PositionFound')).toBe(false)
  })

  it('a move well clear of it: made as on an empty table, nothing found', () => {
    const clear = { type: 'moveFigure', figureId: 'b1', to: { x: 31, z: 36 } } as const
    const r = dispatch(table(true), clear)
    const empty = dispatch(table(true, { x: 5, z: 15 }), clear)
    if (!r.decision.ok || !empty.decision.ok) throw new Error('refused')
    expect(r.decision.events).toEqual(empty.decision.events)
  })

  it('the side that holds it knows it: its own move is judged on the table as it is', () => {
    const m = inTurn(
      newMatch(
        1,
        field([team('blue-1', 'blue', [fig('b1', 40, 44)]), team('red-1', 'red', [fig('r1', 25, 34)])], {
          positions: [{ id: 'bunker', kind: 'bunker', x: 25, z: 30, arcDeg: 0, concealed: true, sideId: 'red' }],
        }),
      ),
      'red-1',
      9,
    )
    const r = dispatch(m, { type: 'moveFigure', figureId: 'r1', to: { x: 25, z: 27 } })
    if (r.decision.ok) expect(r.decision.events.some((e) => e.type === 'PositionFound')).toBe(false)
  })
})
