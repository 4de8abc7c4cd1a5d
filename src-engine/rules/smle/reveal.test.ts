import { describe, expect, it } from 'vitest'
import { inTurn, newMatch, play, withFigure, withTeam } from '../../../tests/fixtures/play'
import { hutScenario, sectionScenario } from '../../../tests/fixtures/scenarios'
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

describe('hidden teams revealed along short moves outside the stepped move (SMLE-SCEN-05)', () => {
  it('SMLE-SCEN-05 / SMLE-DOOR-04: a team tumbling through a rushed door reveals a hidden team it passed within 8" of, in sight, on its way to the door', () => {
    // Red (hidden) R1 east of the hut at (24, 15); Blue Two runs from (24, 26) to the door at (13, 16): 7.6" from Red R1 half-way, 10" at both ends.
    const base = hutScenario()
    let m = newMatch(2, hutScenario({ teams: base.teams.map((t) => (t.id === 'red-1' ? { ...t, hidden: true } : t)) }))
    m = withFigure(m, 'b2', { position: { x: 24, y: 0, z: 26 } })
    m = withFigure(m, 'r1', { position: { x: 24, y: 0, z: 15 } })
    m = withFigure(m, 'r2', { position: { x: 2, y: 0, z: 2 } })
    m = play(inTurn(m, 'blue-1', 9), [{ type: 'rushDoor', teamId: 'blue-1', doorId: 'hut-door' }])
    expect(m.state.teams['red-1']?.hidden).toBe(true)
    const r = dispatch(m, { type: 'kickDoor', figureId: 'b1', doorId: 'hut-door' })
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    expect(r.decision.events).toContainEqual(
      expect.objectContaining({ type: 'DoorForced', success: false, rushed: true }),
    )
    // Blue Two ends inside the hut, out of Red R1's sight: only its way there can reveal.
    expect(r.match.state.figures['b2']?.position.z).toBeLessThan(16)
    expect(r.match.state.teams['red-1']?.hidden).toBe(false)
    expect(r.decision.events).toContainEqual(expect.objectContaining({ type: 'TeamRevealed', teamId: 'red-1' }))
  })

  it('SMLE-SCEN-05 / Table 11.2: an attacker falling back to where it started reveals a hidden team it passes within 8" of, in sight, though both ends are farther', () => {
    // Blue R1 (an Untrained, wounded machine-gunner: 1D6 − 5) assaults Red A1 (a Veteran Warrior with a sword: 1D6 + 6)
    // coming round by the west; every fight ends D ≥ 2A and it falls back straight to (6, 20), passing 7.8" from Red B1.
    let m = hiddenRedB({ x: 14.8, z: 17.5 })
    for (const [id, x, z] of [
      ['b-sgt', 2, 26],
      ['b-r1', 6, 20],
      ['b-r2', 4, 26],
      ['b-lmg', 10, 40],
      ['b-no2', 12, 40],
      ['r-cpl', 4, 10],
      ['r-a1', 6, 14],
      ['r-a2', 8, 10],
    ] as const)
      m = withFigure(m, id, { position: { x, y: 0, z } })
    m = withFigure(m, 'b-r1', { quality: 'untrained', status: 'lightWound', treated: false, weapons: ['mmg'] })
    m = withFigure(m, 'r-a1', { quality: 'veteran', weapons: ['sword'] })
    m = withTeam(inTurn(m, 'b-hq', 9), 'r-a', { motivation: 'warriors' })
    expect(m.state.teams['r-b']?.hidden).toBe(true)
    const r = dispatch(m, {
      type: 'closeAssault',
      teamId: 'b-hq',
      targetTeamId: 'r-a',
      moves: [{ figureId: 'b-r1', to: { x: 6, z: 15.02 }, via: [{ x: 4.5, z: 17.5 }] }],
    })
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    expect(r.match.state.figures['b-r1']?.position).toMatchObject({ x: 6, z: 20 })
    expect(r.match.state.teams['r-b']?.hidden).toBe(false)
  })
})
