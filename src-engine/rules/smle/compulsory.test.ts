import { describe, expect, it } from 'vitest'
import {
  actingTeamId,
  applyRule,
  awaitingTurns,
  inTurn,
  newMatch,
  play,
  refusedClause,
  withFigure,
  withTeam,
} from '../../../tests/fixtures/play'
import { sectionScenario } from '../../../tests/fixtures/scenarios'
import type { Match } from './match'
import { selectNextUnit } from './sequence'

const sections = (seed = 1): Match => newMatch(seed, sectionScenario())
/** Red A takes its turn at this AL (everyone else has acted). */
const redAAt = (al: number, m: Match = inOpen()): Match =>
  applyRule(awaitingTurns(m, { 'r-a': al }), selectNextUnit).match
/** Red A moved west, out of the house's shadow: in the open, in sight of Blue. */
function inOpen(m: Match = sections()): Match {
  let g = m
  for (const [id, x] of [
    ['r-cpl', 4],
    ['r-a1', 6],
    ['r-a2', 8],
  ] as const)
    g = withFigure(g, id, { position: { x, y: 0, z: 5 } })
  return g
}

describe('Break (SMLE-OPT-08, SMLE-ACT-15)', () => {
  it('SMLE-OPT-08: at B0 the team breaks at once: a Break result, one to two full moves toward its base line, and its turn is over', () => {
    const m = redAAt(0)
    const team = m.state.teams['r-a']
    expect(team?.breaks).toBe(1)
    // Red's base line is the north edge (z = 0): at z 5 the figures are within two moves of it and flee the table.
    expect(['r-cpl', 'r-a1', 'r-a2'].map((id) => m.state.figures[id]?.offTable)).toEqual(['fled', 'fled', 'fled'])
    expect(actingTeamId(m)).toBeUndefined()
  })
  it('SMLE-OPT-08: a breaking team further from home runs at least one full move and at most two, and stops on the table', () => {
    let m = sections()
    for (const [id, x] of [
      ['r-cpl', 4],
      ['r-a1', 6],
      ['r-a2', 8],
    ] as const)
      m = withFigure(m, id, { position: { x, y: 0, z: 30 } })
    const broken = redAAt(0, m)
    for (const id of ['r-cpl', 'r-a1', 'r-a2']) {
      const f = broken.state.figures[id]
      expect(f?.offTable).toBeNull()
      const run = 30 - (f?.position.z ?? 30)
      expect(run).toBeGreaterThanOrEqual(8 - 1e-6)
      expect(run).toBeLessThanOrEqual(16 + 1e-6)
    }
  })
  it('SMLE-ACT-15: a unit with two Break results leaves the battlefield', () => {
    const m = redAAt(0, withTeam(inOpen(), 'r-a', { breaks: 1 }))
    expect(m.state.teams['r-a']?.gone).toBe('fled')
  })
  it('SMLE-OPT-08 / SMLE-CA-13: a breaking unit in contact with the enemy is captured', () => {
    const m = redAAt(0, withFigure(inOpen(), 'b-r1', { position: { x: 6, y: 0, z: 6.05 } }))
    expect(m.state.teams['r-a']?.gone).toBe('captured')
    expect(m.state.figures['r-a1']?.offTable).toBe('captured')
  })
})

describe('Fall Back, Pinned and Stand', () => {
  it('SMLE-OPT-07: at B2 the team must fall back a half move before its turn may end; every figure ends farther from the enemy', () => {
    let m = sections()
    for (const [id, x] of [
      ['r-cpl', 4],
      ['r-a1', 6],
      ['r-a2', 8],
    ] as const)
      m = withFigure(m, id, { position: { x, y: 0, z: 20 } })
    m = inTurn(m, 'r-a', 2)
    expect(refusedClause(m, { type: 'endActivation', teamId: 'r-a' })).toBe('SMLE-OPT-07')
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'r-a1', to: { x: 6, z: 18 } })).toBe('SMLE-OPT-07')
    const back = play(m, [{ type: 'fallBack', teamId: 'r-a' }])
    for (const id of ['r-cpl', 'r-a1', 'r-a2']) expect(back.state.figures[id]?.position.z).toBeCloseTo(16, 5)
    expect(refusedClause(back, { type: 'fallBack', teamId: 'r-a' })).toBe('SMLE-TURN-10')
    expect(() => play(back, [{ type: 'endActivation', teamId: 'r-a' }])).not.toThrow()
  })
  it('SMLE-OPT-07: at B1 it may fall back a full move', () => {
    let m = sections()
    for (const [id, x] of [
      ['r-cpl', 4],
      ['r-a1', 6],
      ['r-a2', 8],
    ] as const)
      m = withFigure(m, id, { position: { x, y: 0, z: 20 } })
    const back = play(inTurn(m, 'r-a', 1), [{ type: 'fallBack', teamId: 'r-a', distance: 'full' }])
    expect(back.state.figures['r-a1']?.position.z).toBeCloseTo(12, 5)
    expect(refusedClause(inTurn(m, 'r-a', 2), { type: 'fallBack', teamId: 'r-a', distance: 'full' })).toBe(
      'SMLE-OPT-07',
    )
  })
  it('SMLE-OPT-06: a Pinned team\u2019s figures in the open drop prone as its turn begins, and it may not move', () => {
    const m = redAAt(4)
    expect(m.state.teams['r-a']?.activation?.band).toBe(3)
    expect(['r-cpl', 'r-a1', 'r-a2'].every((id) => m.state.figures[id]?.prone)).toBe(true)
    const free = { ...m, state: { ...m.state, pending: null } }
    expect(refusedClause(free, { type: 'moveFigure', figureId: 'r-a1', to: { x: 6, z: 4 }, pace: 'crawl' })).toBe(
      'SMLE-OPT-06',
    )
    expect(refusedClause(free, { type: 'standUp', figureId: 'r-a1' })).toBe('SMLE-OPT-06')
  })
  it('SMLE-OPT-05: a Stand team with no cover near lies down; it may not move toward the enemy, only into cover', () => {
    const m = redAAt(6)
    expect(m.state.teams['r-a']?.activation?.band).toBe(5)
    expect(m.state.figures['r-a1']?.prone).toBe(true)
    const free = { ...m, state: { ...m.state, pending: null } }
    expect(refusedClause(free, { type: 'moveFigure', figureId: 'r-a1', to: { x: 6, z: 7 } })).toBe('SMLE-OPT-05')
    expect(refusedClause(free, { type: 'moveFigure', figureId: 'r-a1', to: { x: 5.5, z: 3 } })).toBe('SMLE-OPT-05')
  })
  it('SMLE-OPT-05: a Stand team next to the house keeps its feet and may step into its lee', () => {
    let m = sections()
    // Red A stands against the north wall of the house (x 20–28, z 20–28), out of Blue's sight behind it:
    // within 2" of the wall, so in hard cover (SMLE-SHOOT-24, SMLE-ACT-11).
    for (const [id, x] of [
      ['r-cpl', 23],
      ['r-a1', 21],
      ['r-a2', 25],
    ] as const)
      m = withFigure(m, id, { position: { x, y: 0, z: 18.5 } })
    const g = redAAt(6, m)
    expect(g.state.figures['r-a1']?.prone).toBe(false)
    const free = { ...g, state: { ...g.state, pending: null } }
    // Toward the enemy (south): refused. Out of the house's shadow: refused. In its lee, away from the enemy: allowed.
    expect(refusedClause(free, { type: 'moveFigure', figureId: 'r-a1', to: { x: 21, z: 19.1 } })).toBe('SMLE-OPT-05')
    expect(refusedClause(free, { type: 'moveFigure', figureId: 'r-a1', to: { x: 18.5, z: 16 } })).toBe('SMLE-OPT-05')
    expect(() => play(free, [{ type: 'moveFigure', figureId: 'r-a1', to: { x: 21, z: 17.8 } }])).not.toThrow()
  })
  it('SMLE-OPT-05 / SMLE-ACT-11: 4" from the house, out of sight but in the open, is no cover: stepping farther from it is refused', () => {
    let m = sections()
    for (const [id, x] of [
      ['r-cpl', 23],
      ['r-a1', 21],
      ['r-a2', 25],
    ] as const)
      m = withFigure(m, id, { position: { x, y: 0, z: 16 } })
    const g = redAAt(6, m)
    const free = { ...g, state: { ...g.state, pending: null } }
    expect(refusedClause(free, { type: 'moveFigure', figureId: 'r-a1', to: { x: 22, z: 13 } })).toBe('SMLE-OPT-05')
  })
})
