import { describe, expect, it } from 'vitest'
import {
  holdAll,
  inTurn,
  newMatch,
  play,
  refusedClause,
  sectionsFacing,
  withFigure,
  withTeam,
} from '../../../tests/fixtures/play'
import { sectionScenario } from '../../../tests/fixtures/scenarios'
import type { GameEvent } from './events/events'
import type { Match } from './match'
import { legalCommands } from './queries/legal-commands'

const events = (m: Match, from = 0): GameEvent[] => m.entries.slice(from).flatMap((e) => e.events)

/**
 * Blue HQ 3" south of Red A (Red's base line is the north edge). Blue R1,
 * a Veteran Warrior with a sword (1D6 + 6), assaults Red A1; Red A are
 * Untrained, lightly wounded riflemen (1D6 − 3), so every fight ends A ≥ 2D:
 * the defender breaks, whatever the dice.
 */
function rout(seed = 1): Match {
  let m = sectionsFacing(seed)
  for (const [id, x] of [
    ['b-sgt', 4],
    ['b-r1', 6],
    ['b-r2', 8],
  ] as const)
    m = withFigure(m, id, { position: { x, y: 0, z: 17 } })
  m = withFigure(m, 'b-r1', { quality: 'veteran', weapons: ['sword'] })
  m = withTeam(m, 'b-hq', { motivation: 'warriors' })
  for (const id of ['r-cpl', 'r-a1', 'r-a2'])
    m = withFigure(m, id, { quality: 'untrained', status: 'lightWound', treated: false, weapons: ['rifle'] })
  // Red A2 is 7" from the fight and takes no part in it.
  m = withFigure(m, 'r-a2', { position: { x: 12, y: 0, z: 10 } })
  return inTurn(m, 'b-hq', 9, 4)
}
const assault = {
  type: 'closeAssault' as const,
  teamId: 'b-hq',
  targetTeamId: 'r-a',
  moves: [{ figureId: 'b-r1', to: { x: 6, z: 15.02 } }],
}

describe('close assault results (§11.2, SMLE-CA-10/11)', () => {
  it('SMLE-CA-11: a defender that breaks runs a full move away, every figure of its team, and is not captured for the contact it broke from', () => {
    for (const seed of [1, 2, 3]) {
      const m = rout(seed)
      const done = holdAll(play(m, [assault]))
      const es = events(done, m.entries.length)
      expect(es.some((e) => e.type === 'TeamBroke' && e.teamId === 'r-a')).toBe(true)
      expect(es.some((e) => e.type === 'TeamGone')).toBe(false)
      const team = done.state.teams['r-a']!
      expect(team.gone).toBeNull()
      expect(team.breaks).toBe(1)
      for (const id of ['r-cpl', 'r-a1', 'r-a2']) {
        const before = m.state.figures[id]!
        const after = done.state.figures[id]!
        expect(after.offTable).toBeNull()
        expect(after.status).not.toBe('dead')
        // Away from the attackers, toward Red's (north) base line, a full move (8").
        const moved = Math.hypot(after.position.x - before.position.x, after.position.z - before.position.z)
        expect(moved).toBeGreaterThan(7.5)
        expect(after.position.z).toBeLessThan(before.position.z)
      }
    }
  })
  it('SMLE-CA-11 / SMLE-OPT-08: a breaking figure that reaches its base line leaves the table (fled), the rest run on', () => {
    const m = withFigure(rout(), 'r-a2', { position: { x: 12, y: 0, z: 4 } })
    const done = holdAll(play(m, [assault]))
    expect(done.state.figures['r-a2']?.offTable).toBe('fled')
    expect(done.state.figures['r-a1']?.offTable).toBeNull()
    expect(done.state.teams['r-a']?.gone).toBeNull()
  })
  it('SMLE-CA-13: a team already broken once is captured when reached, no dice (the second Break is never fought)', () => {
    const m = withTeam(rout(), 'r-a', { breaks: 1 })
    const done = holdAll(play(m, [assault]))
    expect(done.state.teams['r-a']?.gone).toBe('captured')
  })
})

/**
 * Red A (two riflemen) holds a foxhole at (6, 14), arc to the south: Red A1
 * is in it, Red A2 beside it at (9, 14). Blue HQ is 3" south, at B9. The
 * foxhole is 1.6" across with a 0.35" parapet: a Blue figure touching the
 * parapet's outside stands 0.65" from Red A1's base.
 */
function foxhole(): Match {
  const base = sectionScenario()
  const s = sectionScenario({
    positions: [{ id: 'fox', kind: 'foxhole', x: 6, z: 14, arcDeg: 180, sideId: 'red' }],
    teams: base.teams.map((t) =>
      t.id === 'r-a'
        ? {
            ...t,
            preparedPositionId: 'fox',
            figures: t.figures.filter((f) => f.id !== 'r-cpl'),
          }
        : t.id === 'r-b'
          ? {
              ...t,
              figures: [
                ...t.figures,
                ...base.teams.find((x) => x.id === 'r-a')!.figures.filter((f) => f.id === 'r-cpl'),
              ],
            }
          : t,
    ),
  })
  let m = newMatch(1, s)
  const place: [string, number, number][] = [
    ['b-sgt', 4, 17],
    ['b-r1', 6, 17],
    ['b-r2', 8, 17],
    ['b-lmg', 10, 31],
    ['b-no2', 12, 31],
    ['r-a1', 6, 14],
    ['r-a2', 9, 14],
    ['r-cpl', 30, 13],
    ['r-b1', 32, 13],
    ['r-b2', 34, 13],
    ['r-b3', 36, 13],
  ]
  for (const [id, x, z] of place) m = withFigure(m, id, { position: { x, y: 0, z } })
  return inTurn(m, 'b-hq', 9, 4)
}
/** Just outside the foxhole's parapet, south of Red A1 (0.8" pit half-width + 0.35" parapet + 0.5" base + 0.02"). */
const atTheLip = { x: 6, z: 15.67 }

describe('assaulting a prepared position (SMLE-CA-01/03, Table 5)', () => {
  it('SMLE-CA-03: an attacker touching the outside of a foxhole\u2019s parapet is in base contact with the figure in it', () => {
    const m = foxhole()
    expect(m.world.positionAt({ x: 6, z: 14 })?.id).toBe('fox')
    const done = holdAll(
      play(m, [
        { type: 'closeAssault', teamId: 'b-hq', targetTeamId: 'r-a', moves: [{ figureId: 'b-r1', to: atTheLip }] },
      ]),
    )
    const es = events(done, m.entries.length)
    const defence = es.filter(
      (e): e is Extract<GameEvent, { type: 'DiceRolled' }> =>
        e.type === 'DiceRolled' && e.purpose === 'close assault (defence)',
    )
    expect(defence.map((e) => e.figureId)).toContain('r-a1')
    // Table 5: the position gives its defender +2; it does not make him immune.
    for (const e of defence.filter((d) => d.figureId === 'r-a1'))
      expect(e.modifiers).toContainEqual(expect.objectContaining({ label: 'Defending a prepared position', value: 2 }))
  })
  it('SMLE-CA-03: short of the parapet is not contact; the refusal names the clause', () => {
    const m = foxhole()
    expect(
      refusedClause(m, {
        type: 'closeAssault',
        teamId: 'b-hq',
        targetTeamId: 'r-a',
        moves: [{ figureId: 'b-r1', to: { x: 6, z: 16 } }],
      }),
    ).toBe('SMLE-CA-03')
  })
  it('SMLE-CA-01: the legal commands offer the assault on a team in a foxhole, and every one offered is accepted', () => {
    const m = foxhole()
    const offered = legalCommands(m.state, m.world, 'blue').filter(
      (c) => c.type === 'closeAssault' && c.targetTeamId === 'r-a',
    )
    const atFoxhole = offered.filter(
      (c) => c.type === 'closeAssault' && c.moves.some((mv) => Math.hypot(mv.to.x - 6, mv.to.z - 14) < 1.8),
    )
    expect(atFoxhole.length).toBeGreaterThan(0)
    for (const c of offered) expect(() => play(m, [c])).not.toThrow()
  })
})

/**
 * `rout` turned round: Blue HQ comes at Red A from the north, between Red A
 * and Red's own (north) base line; Red A2 waits 6" south of the fight.
 */
function routFromTheNorth(seed = 1): Match {
  let m = rout(seed)
  for (const [id, x] of [
    ['b-sgt', 4],
    ['b-r1', 6],
    ['b-r2', 8],
  ] as const)
    m = withFigure(m, id, { position: { x, y: 0, z: 11 } })
  m = withFigure(m, 'r-a2', { position: { x: 12, y: 0, z: 20 } })
  return inTurn(m, 'b-hq', 9, 4)
}
const fromTheNorth = { ...assault, moves: [{ figureId: 'b-r1', to: { x: 6, z: 12.98 } }] }
const nearestBlueIn = (m: Match, id: string): number =>
  Math.min(
    ...['b-sgt', 'b-r1', 'b-r2'].map((b) => {
      const f = m.state.figures[id]!.position
      const a = m.state.figures[b]!.position
      return Math.hypot(f.x - a.x, f.z - a.z)
    }),
  )

describe('a defender broken in close assault runs away from the attackers (SMLE-CA-11)', () => {
  it('SMLE-CA-11: with the attackers between it and its base line, the broken team runs a full move away from them, not toward home, and is not captured', () => {
    for (const seed of [1, 2, 3]) {
      const m = routFromTheNorth(seed)
      const done = holdAll(play(m, [fromTheNorth]))
      const es = events(done, m.entries.length)
      expect(es.some((e) => e.type === 'TeamBroke' && e.teamId === 'r-a')).toBe(true)
      expect(es.some((e) => e.type === 'TeamGone' || e.type === 'FigureLeftTable')).toBe(false)
      for (const id of ['r-cpl', 'r-a1', 'r-a2']) {
        const before = m.state.figures[id]!.position
        const after = done.state.figures[id]!
        expect(after.offTable).toBeNull()
        expect(Math.hypot(after.position.x - before.x, after.position.z - before.z)).toBeGreaterThan(7.5)
        // Away from Blue (north of it): south, farther from every attacker than it was.
        expect(after.position.z).toBeGreaterThan(before.z + 5)
        expect(nearestBlueIn(done, id)).toBeGreaterThan(nearestBlueIn({ ...m, state: { ...m.state } }, id))
      }
    }
  })
  it('SMLE-CA-11 / SMLE-DMG-06: a seriously wounded defender cannot run a full move when its team breaks: it is captured, the rest run', () => {
    const m = withFigure(rout(), 'r-a2', { status: 'seriousWound', prone: true })
    const done = holdAll(play(m, [assault]))
    const es = events(done, m.entries.length)
    expect(es).toContainEqual({ type: 'FigureLeftTable', figureId: 'r-a2', reason: 'captured' })
    expect(done.state.figures['r-a2']?.offTable).toBe('captured')
    expect(done.state.figures['r-a1']?.offTable).toBeNull()
    expect(done.state.teams['r-a']?.gone).toBeNull()
  })
  it('SMLE-CA-11 / SMLE-DMG-12: a figure helping a seriously wounded one lets go and runs its full move; the wounded man is captured', () => {
    let m = withFigure(rout(), 'r-a2', { status: 'seriousWound', prone: true, position: { x: 8, y: 0, z: 10 } })
    m = withFigure(m, 'r-cpl', { helping: 'r-a2', position: { x: 8, y: 0, z: 11 } })
    const done = holdAll(play(m, [{ ...assault, moves: [{ figureId: 'b-r1', to: { x: 6, z: 15.02 } }] }]))
    expect(done.state.figures['r-a2']?.offTable).toBe('captured')
    const cpl = done.state.figures['r-cpl']!
    expect(cpl.offTable).toBeNull()
    expect(cpl.helping).toBeNull()
    expect(Math.hypot(cpl.position.x - 8, cpl.position.z - 11)).toBeGreaterThan(7.5)
  })
})
