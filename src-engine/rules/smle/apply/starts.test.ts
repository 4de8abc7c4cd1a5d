import { describe, expect, it } from 'vitest'
import { nextCommand } from '../../../../tests/fixtures/drive'
import { hutMatch, newMatch, play, withFigure, withTeam } from '../../../../tests/fixtures/play'
import { sidesViewer } from '../../../core/viewer'
import { parseSave } from '../../loading'
import { serializeSave } from '../../../save/format'
import { canonicalJson } from '../../../util/canonical-json'
import type { GameEvent } from '../events/events'
import { dispatch, type Match } from '../match'
import type { MatchState } from '../state/state'
import { viewState } from '../view'
import { applyEvents } from './apply'

const at = (x: number, z: number) => ({ x, y: 0, z })
const moved = (figureId: string, from: { x: number; z: number }, to: { x: number; z: number }): GameEvent => ({
  type: 'FigureMoved',
  figureId,
  from: at(from.x, from.z),
  to: at(to.x, to.z),
  distanceIn: Math.hypot(to.x - from.x, to.z - from.z),
  facingDeg: 90,
  endsMove: false,
  crawl: false,
  forced: false,
})
const roundEnded = (s: MatchState): GameEvent => ({
  type: 'RoundEnded',
  round: s.round,
  braced: [],
  recovered: [],
  breath: {},
  nextSideId: s.firstSideId,
})

describe('Table 11.2: where each figure began the round', () => {
  it('is kept from its first move of the round, not moved by later ones, and forgotten when the round ends', () => {
    const m = hutMatch()
    const b1 = m.state.figures.b1!.position
    let s = applyEvents(m.state, [moved('b1', b1, { x: 13, z: 16 })])
    expect(s.figures.b1!.roundStartAt).toEqual(b1)
    // A figure that has not moved keeps nothing: it stands where it began.
    expect(s.figures.b2!.roundStartAt).toBeUndefined()
    s = applyEvents(s, [moved('b1', { x: 13, z: 16 }, { x: 13, z: 15 })])
    expect(s.figures.b1!.roundStartAt).toEqual(b1)
    expect(s.figures.b1!.position).toEqual(at(13, 15))
    s = applyEvents(s, [roundEnded(s)])
    expect(s.figures.b1!.roundStartAt).toBeUndefined()
    expect(s.figures.b1!.position).toEqual(at(13, 15))
    // Next round it begins where it stood at the end of the last.
    s = applyEvents(s, [moved('b1', { x: 13, z: 15 }, { x: 13, z: 14 })])
    expect(s.figures.b1!.roundStartAt).toEqual(at(13, 15))
  })

  it('a figure aboard a vehicle or off the table keeps nothing until it moves on foot on the table: then where it got out or came on', () => {
    let m = withFigure(hutMatch(), 'b1', { vehicleId: 'truck' })
    m = withFigure(m, 'b2', { offTable: 'reserve' })
    let s = applyEvents(m.state, [moved('b1', { x: 13, z: 17 }, { x: 14, z: 17 })])
    expect(s.figures.b1!.roundStartAt).toBeUndefined()
    s = { ...s, figures: { ...s.figures, b1: { ...s.figures.b1!, vehicleId: null } } }
    s = applyEvents(s, [moved('b1', { x: 14, z: 17 }, { x: 14, z: 16 })])
    expect(s.figures.b1!.roundStartAt).toEqual(at(14, 17))
    s = applyEvents(s, [moved('b2', { x: 20, z: 22 }, { x: 20, z: 21 })])
    expect(s.figures.b2!.roundStartAt).toBeUndefined()
  })

  it('nothing is kept while the figures are set up', () => {
    const m = newMatch()
    const s = applyEvents({ ...m.state, phase: 'setup' }, [
      { type: 'FigurePlaced', figureId: 'b1', at: at(12, 18), facingDeg: 0 },
    ])
    expect(s.figures.b1!.position).toEqual(at(12, 18))
    expect(s.figures.b1!.roundStartAt).toBeUndefined()
  })

  it('through a real game: every figure on the table stood, when its round began, at its `roundStartAt` (or where it stands, having not moved)', () => {
    let m: Match = newMatch(42)
    let round = m.state.round
    let starts = new Map(Object.values(m.state.figures).map((f) => [f.id, f.position]))
    let kept = 0
    for (let i = 0; i < 80 && m.state.phase !== 'ended'; i++) {
      const r = dispatch(m, nextCommand(m))
      expect(r.decision.ok).toBe(true)
      m = r.match
      if (m.state.round !== round) {
        round = m.state.round
        for (const f of Object.values(m.state.figures)) expect(f.roundStartAt, f.id).toBeUndefined()
        starts = new Map(Object.values(m.state.figures).map((f) => [f.id, f.position]))
      }
      for (const f of Object.values(m.state.figures)) {
        if (f.offTable !== null || f.vehicleId !== null) continue
        if (f.roundStartAt) kept++
        expect(f.roundStartAt ?? f.position, `${f.id} after command ${i + 1}`).toEqual(starts.get(f.id))
      }
    }
    expect(round).toBeGreaterThan(1)
    expect(kept).toBeGreaterThan(0)
  })
})

describe('SMLE-CA-08: the acting team\u2019s turn as it began', () => {
  it('nothing is kept until something changes; then the first pose of each figure and the first state of each door, until the turn ends', () => {
    const m = hutMatch()
    expect(m.state.turnStart).toBeUndefined()
    const b1 = m.state.figures.b1!
    let s = applyEvents(m.state, [moved('b1', b1.position, { x: 13, z: 16 })])
    expect(s.turnStart).toEqual({
      teamId: 'blue-1',
      hidden: false,
      figures: { b1: { position: b1.position, prone: false, facingDeg: b1.facingDeg } },
      doors: {},
    })
    s = applyEvents(s, [
      { type: 'FigureWentProne', figureId: 'b1', facingDeg: 0, endsMove: true },
      { type: 'DoorOpened', doorId: 'hut-door', figureId: 'b2', moveCapIn: 4 },
      { type: 'DoorClosed', doorId: 'hut-door', figureId: 'b2' },
      { type: 'DoorStateChanged', doorId: 'hut-door', state: 'broken', cause: 'a grenade' },
    ])
    // The first of each is kept: b1 as it stood before it moved, the door shut as it was.
    expect(s.turnStart?.figures).toEqual({ b1: { position: b1.position, prone: false, facingDeg: b1.facingDeg } })
    expect(s.turnStart?.doors).toEqual({ 'hut-door': 'closed' })
    expect(applyEvents(s, [{ type: 'TurnEnded', teamId: 'blue-1', turn: 'first' }]).turnStart).toBeUndefined()
    const again = applyEvents(s, [
      {
        type: 'TurnStarted',
        sideId: 'blue',
        teamIds: ['blue-1'],
        index: 0,
        turn: 'second',
        interrupt: false,
        doubleMove: false,
      },
    ])
    expect(again.turnStart).toBeUndefined()
    expect(applyEvents(s, [roundEnded(s)]).turnStart).toBeUndefined()
  })

  it('a hidden team revealed in its turn is kept as hidden at the start, though nothing of it moved', () => {
    const m = withTeam(hutMatch(), 'blue-1', { hidden: true })
    const s = applyEvents(m.state, [{ type: 'TeamRevealed', teamId: 'blue-1', reason: 'spotted' }])
    expect(s.teams['blue-1']!.hidden).toBe(false)
    expect(s.turnStart).toEqual({ teamId: 'blue-1', hidden: true, figures: {}, doors: {} })
  })

  it("a hidden team's turn as it began is kept from the other side's view (SMLE-SCEN-05), not from its own", () => {
    const m = withTeam(hutMatch(), 'blue-1', { hidden: true })
    const s = applyEvents(m.state, [moved('b1', m.state.figures.b1!.position, { x: 13, z: 16 })])
    expect(s.turnStart?.teamId).toBe('blue-1')
    expect(viewState(s, sidesViewer('red')).turnStart).toBeUndefined()
    expect(JSON.stringify(viewState(s, sidesViewer('red')))).not.toContain('"b1"')
    expect(viewState(s, sidesViewer('blue')).turnStart).toEqual(s.turnStart)
  })
})

describe('saved and loaded with the game', () => {
  it('a game saved in the middle of a turn, after moves, loads to the same state, with where its figures began', () => {
    let m: Match = newMatch(42)
    for (let i = 0; i < 200 && !(m.state.turnStart && Object.values(m.state.figures).some((f) => f.roundStartAt)); i++)
      m = play(m, [nextCommand(m)])
    expect(m.state.turnStart).toBeDefined()
    const r = parseSave(serializeSave(m, { name: 'mid-turn', savedAt: '2026-12-07T10:00:00.000Z' }))
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(canonicalJson(r.match.state)).toBe(canonicalJson(m.state))
    expect(r.match.state.turnStart).toEqual(m.state.turnStart)
  })
})
