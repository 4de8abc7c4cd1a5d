import { describe, expect, it } from 'vitest'
import {
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
import type { CommandInput } from './commands/index'
import { endRound } from './end-round'
import type { GameEvent } from './events/events'
import type { Match } from './match'
import { legalCommands } from './queries/legal-commands'
import { selectNextUnit } from './sequence'

/** Blue's sergeant (command team) observes for a light mortar (reload) carried by the Bren gunner. */
function mortar(seed = 1): Match {
  let m = newMatch(seed, sectionScenario())
  m = withFigure(m, 'b-lmg', { weapons: ['light-mortar'], position: { x: 10, y: 0, z: 31 } })
  for (const [id, x, z] of [
    ['b-sgt', 4, 30],
    ['b-r1', 6, 30],
    ['b-r2', 8, 30],
    ['r-cpl', 4, 14],
    ['r-a1', 6, 14],
    ['r-a2', 8, 14],
  ] as const)
    m = withFigure(m, id, { position: { x, y: 0, z } })
  return m
}
const call: CommandInput = { type: 'callFire', observerId: 'b-sgt', firingTeamId: 'b-bren', point: { x: 6, z: 14 } }
/** The round ends and the next begins (per-round flags clear; missions carry over). */
const endOfRound = (m: Match): Match =>
  applyRule({ ...m, state: { ...m.state, phase: 'play', pending: null, activeUnit: null } }, endRound).match
/** The next unit starts its turn (missions for it land first). */
const nextTurn = (m: Match): { match: Match; events: readonly GameEvent[] } => applyRule(m, selectNextUnit)
/** Fire called in round 1; in round 2 the mortar team starts its turn at B7 and the round lands. */
function landed(seed = 1): { match: Match; events: readonly GameEvent[] } {
  const called = play(inTurn(mortar(seed), 'b-hq', 6), [call])
  return nextTurn(awaitingTurns(endOfRound(called), { 'b-bren': 8 }))
}
const moves = (m: Match, teamId: string): CommandInput[] =>
  legalCommands(m.state, m.world, 'blue').filter(
    (c) =>
      (('figureId' in c && c.figureId !== undefined && m.state.figures[c.figureId]?.teamId === teamId) ||
        ('teamId' in c && c.teamId === teamId)) &&
      ['moveFigure', 'standUp', 'fallBack', 'exitTable', 'rushDoor', 'board'].includes(c.type),
  )

describe('indirect fire in play (SMLE-IND-01..06)', () => {
  it('SMLE-IND-02: the firing unit may not move in the turn its fire lands: every move is refused and none is offered', () => {
    const { match: m, events } = landed()
    expect(events.some((e) => e.type === 'Explosion')).toBe(true)
    expect(m.state.teams['b-bren']?.moveOption?.kind).toBe('halted')
    expect(refusedClause(m, { type: 'moveFigure', figureId: 'b-no2', to: { x: 31, z: 44 } })).toBe('SMLE-IND-02')
    expect(refusedClause(m, { type: 'fallBack', teamId: 'b-bren' })).toBe('SMLE-IND-02')
    expect(refusedClause(withFigure(m, 'b-no2', { prone: true }), { type: 'standUp', figureId: 'b-no2' })).toBe(
      'SMLE-IND-02',
    )
    expect(moves(m, 'b-bren')).toEqual([])
    expect(() => play(m, [{ type: 'endActivation', teamId: 'b-bren' }])).not.toThrow()
  })
  it('SMLE-IND-02: the halt is for that turn only: next round the mortar team moves again', () => {
    const { match: m } = landed()
    const next = nextTurn(awaitingTurns(endOfRound(m), { 'b-bren': 8 })).match
    expect(next.state.teams['b-bren']?.moveOption).toBeNull()
    expect(() => play(next, [{ type: 'moveFigure', figureId: 'b-no2', to: { x: 31, z: 44 } }])).not.toThrow()
  })
  it('SMLE-IND-06: a mission whose firing unit did not get to fire it is cancelled, and the unit may move', () => {
    const called = play(inTurn(mortar(), 'b-hq', 6), [call])
    const { match: m, events } = nextTurn(awaitingTurns(endOfRound(called), { 'b-bren': 6 }))
    expect(events.some((e) => e.type === 'MissionEnded' && e.outcome === 'cancelled')).toBe(true)
    expect(m.state.teams['b-bren']?.moveOption).toBeNull()
  })
  it('SMLE-WPN-01 / Table 6: a light mortar that has fired and not reloaded lands no second mission; the mission is cancelled and the unit not halted', () => {
    const called = play(inTurn(mortar(), 'b-hq', 6), [call])
    const unready = withFigure(endOfRound(called), 'b-lmg', { weaponState: { 'light-mortar': 'needsReload' } })
    const { match: m, events } = nextTurn(awaitingTurns(unready, { 'b-bren': 8 }))
    expect(events.some((e) => e.type === 'Explosion')).toBe(false)
    expect(events.some((e) => e.type === 'MissionEnded' && e.outcome === 'cancelled')).toBe(true)
    expect(m.state.teams['b-bren']?.moveOption).toBeNull()
    expect(m.state.teams['b-bren']?.attack).toBeNull()
  })
  it('SMLE-WPN-11: a mortar whose counted rounds ran out lands nothing', () => {
    const called = play(inTurn(mortar(), 'b-hq', 6), [call])
    const empty = withTeam(endOfRound(called), 'b-bren', { ammo: { 'light-mortar': 0 } })
    const { events } = nextTurn(awaitingTurns(empty, { 'b-bren': 8 }))
    expect(events.some((e) => e.type === 'Explosion')).toBe(false)
    expect(events.some((e) => e.type === 'MissionEnded' && e.outcome === 'cancelled')).toBe(true)
  })
  it('SMLE-TURN-07 / SMLE-IND-06: no second mission is called on a unit whose fire lands this round (its one attack); after landing the unloaded mortar takes none until reloaded', () => {
    const called = play(inTurn(mortar(), 'b-hq', 6), [call])
    const round2 = nextTurn(awaitingTurns(endOfRound(called), { 'b-hq': 7, 'b-bren': 8 })).match
    expect(round2.state.activeUnit?.teamIds).toEqual(['b-hq'])
    expect(refusedClause(round2, call)).toBe('SMLE-TURN-07')
    expect(legalCommands(round2.state, round2.world, 'blue').some((c) => c.type === 'callFire')).toBe(false)
    // Round 3: the mortar fired in round 2 and needs its Reload option before another call.
    const { match: fired } = landed()
    const round3 = inTurn(endOfRound(fired), 'b-hq', 6)
    expect(round3.state.figures['b-lmg']?.weaponState['light-mortar']).toBe('needsReload')
    expect(refusedClause(round3, call)).toBe('SMLE-WPN-01')
    const reloaded = play(inTurn(round3, 'b-bren', 4), [{ type: 'reload', teamId: 'b-bren' }])
    expect(() => play(inTurn(reloaded, 'b-hq', 6), [call])).not.toThrow()
  })
})

describe('an unfit gunner fires no mission (SMLE-DMG-06/07/08, SMLE-IND-06)', () => {
  /** The fire called in round 1, the gunner struck before his team's turn in round 2, then that turn starts. */
  const landedWith = (patch: Parameters<typeof withFigure>[2]): { match: Match; events: readonly GameEvent[] } => {
    const called = play(inTurn(mortar(), 'b-hq', 6), [call])
    return nextTurn(awaitingTurns(withFigure(endOfRound(called), 'b-lmg', patch), { 'b-bren': 8 }))
  }
  const cancelledUnfired = ({ match: m, events }: { match: Match; events: readonly GameEvent[] }): void => {
    expect(events.some((e) => e.type === 'Explosion')).toBe(false)
    expect(events.some((e) => e.type === 'MissionEnded' && e.outcome === 'cancelled')).toBe(true)
    expect(m.state.missions).toEqual([])
    expect(m.state.teams['b-bren']?.moveOption).toBeNull()
    expect(m.state.teams['b-bren']?.attack).toBeNull()
    expect(m.state.figures['b-lmg']?.weaponState['light-mortar']).toBeUndefined()
  }
  it('SMLE-DMG-06: a seriously wounded gunner may not shoot: his mission is cancelled, no round lands', () => {
    cancelledUnfired(landedWith({ status: 'seriousWound', prone: true }))
  })
  it('SMLE-DMG-08: a gunner shaken by a near miss this round may not fire: his mission is cancelled', () => {
    cancelledUnfired(landedWith({ spent: 'shaken' }))
  })
  it('SMLE-DMG-07: a gunner lightly wounded this round loses any further action: his mission is cancelled', () => {
    cancelledUnfired(landedWith({ status: 'lightWound', treated: false, spent: 'lightWound' }))
  })
  it('SMLE-DMG-07: a light wound from an earlier round does not stop him: the round lands', () => {
    const { events } = landedWith({ status: 'lightWound', treated: false, spent: null })
    expect(events.some((e) => e.type === 'Explosion')).toBe(true)
  })
  it('SMLE-OPT-09: a gunner who dropped his mortar (his team broke since the call) fires nothing: the mission is cancelled', () => {
    cancelledUnfired(landedWith({ weapons: [] }))
  })
  it('SMLE-DMG-06: no fire is called on a mortar whose only gunner is seriously wounded; none is offered', () => {
    const m = withFigure(inTurn(mortar(), 'b-hq', 6), 'b-lmg', { status: 'seriousWound', prone: true })
    expect(refusedClause(m, call)).toBe('SMLE-DMG-06')
    expect(legalCommands(m.state, m.world, 'blue').some((c) => c.type === 'callFire')).toBe(false)
  })
})
