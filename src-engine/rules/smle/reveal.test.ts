import { describe, expect, it } from 'vitest'
import { inTurn, newMatch, play, withFigure } from '../../../tests/fixtures/play'
import { sectionScenario } from '../../../tests/fixtures/scenarios'
import type { GameEvent } from './events/events'
import { dispatch, type Match } from './match'

/** The two sections with Red B set up hidden (SMLE-SCEN-05): Red B1 at `at`, its mates far off in the north-east corner. */
function hiddenRedB(at: { x: number; z: number }): Match {
  const base = sectionScenario()
  let m = newMatch(1, sectionScenario({ teams: base.teams.map((t) => (t.id === 'r-b' ? { ...t, hidden: true } : t)) }))
  m = withFigure(m, 'r-b1', { position: { ...at, y: 0 } })
  m = withFigure(m, 'r-b2', { position: { x: 44, y: 0, z: 2 } })
  m = withFigure(m, 'r-b3', { position: { x: 46, y: 0, z: 2 } })
  return m
}

const revealed = (es: readonly GameEvent[]) => es.filter((e) => e.type === 'TeamRevealed' && e.teamId === 'r-b')

describe('hidden teams revealed along a move (SMLE-SCEN-05)', () => {
  it('SMLE-SCEN-05: an enemy with line of sight who passes within 8" during a move and ends it farther away reveals the hidden team', () => {
    // Red B1 8.5" from the line z = 24: Blue R1 walks east along it from 8.3" away to 8.3" away, 7.5" at the closest.
    const m = play(
      inTurn(withFigure(hiddenRedB({ x: 40, z: 15.5 }), 'b-r1', { position: { x: 36.2, y: 0, z: 24 } }), 'b-hq', 9),
      [{ type: 'moveFigure', figureId: 'b-r1', to: { x: 43.8, z: 24 } }],
    )
    expect(m.state.figures['b-r1']?.position.x).toBeCloseTo(43.8, 6)
    expect(revealed(m.entries.at(-1)!.events)).toHaveLength(1)
    expect(m.state.teams['r-b']?.hidden).toBe(false)
  })

  it('SMLE-SCEN-05: the whole path counts, not only the 1" steps: a pass within 8" between two step ends reveals too', () => {
    // Closest approach 7.995" at x = 40, half-way between the step ends at 39.5 and 40.5 (8.009" there).
    const m = play(
      inTurn(withFigure(hiddenRedB({ x: 40, z: 15.005 }), 'b-r1', { position: { x: 36.5, y: 0, z: 24 } }), 'b-hq', 9),
      [{ type: 'moveFigure', figureId: 'b-r1', to: { x: 43.5, z: 24 } }],
    )
    expect(m.state.teams['r-b']?.hidden).toBe(false)
  })

  it('SMLE-SCEN-05: a pass that stays beyond 8" reveals nothing; nor does one within 8" with no line of sight', () => {
    const far = play(
      inTurn(withFigure(hiddenRedB({ x: 40, z: 14.9 }), 'b-r1', { position: { x: 36.5, y: 0, z: 24 } }), 'b-hq', 9),
      [{ type: 'moveFigure', figureId: 'b-r1', to: { x: 43.5, z: 24 } }],
    )
    expect(far.state.teams['r-b']?.hidden).toBe(true)
    // Red B1 tucked behind the house's north-east corner (house x 19.5–28.5, z 20–28); Blue R1 walks past south of it.
    const unseen = play(
      inTurn(withFigure(hiddenRedB({ x: 27, z: 19 }), 'b-r1', { position: { x: 22, y: 0, z: 33 } }), 'b-hq', 9),
      [{ type: 'moveFigure', figureId: 'b-r1', to: { x: 29, z: 33 } }],
    )
    expect(unseen.state.teams['r-b']?.hidden).toBe(true)
  })
})

describe('no opportunity fire offered at a hidden team (SMLE-SCEN-05, SMLE-COMBAT-04)', () => {
  /** Red B (hidden) acting at B9; Blue waiting at B5, Blue R1 at (40, 30) looking north. */
  const redBMoving = (): Match =>
    inTurn(withFigure(hiddenRedB({ x: 40, z: 8 }), 'b-r1', { position: { x: 40, y: 0, z: 30 } }), 'r-b', 9, 5)

  it('SMLE-SCEN-05: a hidden team moving in the enemy’s sight beyond 8" is offered to no one, from its first inch to its last', () => {
    const r = dispatch(redBMoving(), { type: 'moveFigure', figureId: 'r-b1', to: { x: 40, z: 15 } })
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    expect(r.decision.events.filter((e) => e.type === 'PendingSet')).toEqual([])
    expect(r.match.state.pending).toBeNull()
    expect(r.match.state.teams['r-b']?.hidden).toBe(true)
    expect(r.match.state.figures['r-b1']?.position.z).toBeCloseTo(15, 6)
  })

  it('SMLE-SCEN-05: once an enemy with line of sight is within 8" it is revealed, and only then may the enemy fire at it', () => {
    const start = withFigure(redBMoving(), 'r-b1', { position: { x: 40, y: 0, z: 16 } })
    const r = dispatch(start, { type: 'moveFigure', figureId: 'r-b1', to: { x: 40, z: 22 } })
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    const es = r.decision.events
    const at = es.findIndex((e) => e.type === 'TeamRevealed' && e.teamId === 'r-b')
    const offered = es.findIndex((e) => e.type === 'PendingSet')
    expect(at).toBeGreaterThanOrEqual(0)
    expect(offered).toBeGreaterThan(at)
    // Revealed at the step that brought it within 8" of Blue R1 (z 21: 9" centre to centre, 8" edge to edge), not before.
    const moved = es.slice(0, at).filter((e) => e.type === 'FigureMoved')
    expect(moved.at(-1)?.type === 'FigureMoved' && moved.at(-1)?.to.z).toBeCloseTo(21, 6)
    expect(r.match.state.pending).toMatchObject({ kind: 'opportunity', targetTeamId: 'r-b', sideId: 'blue' })
  })
})
