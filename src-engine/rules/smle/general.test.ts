import { describe, expect, it } from 'vitest'
import {
  applyRule,
  awaitingTurns,
  hutTurn,
  inTurn,
  newMatch,
  play,
  refusedClause,
  withFigure,
  withTeam,
} from '../../../tests/fixtures/play'
import { convoyScenario, hutScenario, sectionScenario } from '../../../tests/fixtures/scenarios'
import { withDifficultGround } from '../../../tests/fixtures/worlds'
import type { GameEvent } from './events/events'
import { dispatch, type Match } from './match'
import { MotivationSchema } from './scenario/schema'
import { drive } from '../../../tests/fixtures/drive'
import { halfMoveIn } from './movement'
import { selectNextUnit } from './sequence'
import { unitsForRoll } from './units'

const all = (m: Match): GameEvent[] => m.entries.flatMap((e) => e.events)

describe('§0.2 general conventions', () => {
  it('SMLE-GEN-01: each figure of the forces is one figure of the game; each vehicle model is one vehicle', () => {
    const s = convoyScenario()
    const m = newMatch(1, s)
    expect(Object.keys(m.state.figures).sort()).toEqual(s.teams.flatMap((t) => t.figures.map((f) => f.id)).sort())
    expect(Object.keys(m.state.vehicles).sort()).toEqual(['heli', 'ht'])
  })
  it('SMLE-GEN-02: every die is a D6; nD adds n dice', () => {
    const m = drive(newMatch(3, sectionScenario()), 40)
    const rolls = all(m).filter((e) => e.type === 'DiceRolled')
    expect(rolls.length).toBeGreaterThan(0)
    for (const r of rolls) {
      if (r.type !== 'DiceRolled') continue
      expect(r.faces.every((f) => f >= 1 && f <= 6)).toBe(true)
      expect(r.total).toBe(r.faces.reduce((a, b) => a + b, 0) + r.modifiers.reduce((a, x) => a + x.value, 0))
    }
  })
  it('SMLE-GEN-03: a round lasts until every unit has acted, however long that takes', () => {
    let m = applyRule(
      awaitingTurns(newMatch(1, sectionScenario()), { 'r-a': 3, 'b-hq': 7, 'r-b': 8, 'b-bren': 9 }),
      selectNextUnit,
    ).match
    const acted: string[] = []
    while (m.state.phase === 'play') {
      acted.push(m.state.activeUnit?.teamIds[0] ?? '')
      m = play({ ...m, state: { ...m.state, pending: null } }, [
        { type: 'endActivation', teamId: m.state.activeUnit?.teamIds[0] ?? '' },
      ])
    }
    expect(acted.sort()).toEqual(['b-bren', 'b-hq', 'r-a', 'r-b'])
    expect(m.state.round).toBe(2)
  })
  it('SMLE-GEN-04 / SMLE-GEN-05: distances are inches on the table, between the nearest edges of bases', () => {
    const m = hutTurn(1, 9)
    const a = m.state.figures.b1!
    const b = m.state.figures.b2!
    expect(m.world.distanceIn(a, b)).toBeCloseTo(Math.hypot(7, 5) - 1)
    const moved = play(m, [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 25 } }])
    expect(moved.state.figures.b2?.movedIn).toBeCloseTo(3)
  })
  it('SMLE-GEN-06: "within X" is ≤ X; contact is within 0.1"', () => {
    let m = newMatch(1, sectionScenario())
    m = withFigure(m, 'b-r1', { position: { x: 22, y: 0, z: 6.1 } })
    // 6.1 − 5 − 0.5 − 0.5 = 0.1: in contact, so a breaking Red A is captured.
    const r = applyRule(awaitingTurns(m, { 'r-a': 0 }), selectNextUnit).match
    expect(r.state.teams['r-a']?.gone).toBe('captured')
    const apart = applyRule(
      awaitingTurns(withFigure(m, 'b-r1', { position: { x: 22, y: 0, z: 6.12 } }), { 'r-a': 0 }),
      selectNextUnit,
    ).match
    expect(apart.state.teams['r-a']?.gone).not.toBe('captured')
  })
  it('SMLE-GEN-07: halving a distance keeps its fraction (a 7" move halves to 3.5")', () => {
    const m = withFigure(hutTurn(1, 7), 'b2', { armour: 'light' })
    const heavy = {
      ...m,
      state: { ...m.state, figures: { ...m.state.figures, b2: { ...m.state.figures.b2!, weapons: ['lmg'] } } },
    }
    expect(dispatch(heavy, { type: 'moveFigure', figureId: 'b2', to: { x: 23.5, z: 22 } }).decision.ok).toBe(true)
    expect(dispatch(heavy, { type: 'moveFigure', figureId: 'b2', to: { x: 23.6, z: 22 } }).decision.ok).toBe(false)
    expect(halfMoveIn('light')).toBe(4)
  })
  it('SMLE-GEN-08: the unit that rolls is a team at section level and a section at platoon level', () => {
    expect(unitsForRoll(newMatch(1, sectionScenario()).state, 'blue', []).map((u) => u.teamIds)).toEqual([
      ['b-hq'],
      ['b-bren'],
    ])
    expect(
      unitsForRoll(newMatch(1, sectionScenario({ level: 'platoon' })).state, 'blue', []).map((u) => u.teamIds),
    ).toEqual([['b-hq', 'b-bren']])
  })
  it('SMLE-GEN-09: the optional rules and every [decision] parameter are settings a scenario switches', () => {
    const m = newMatch(1, hutScenario({ settings: { doorKickTarget: 5, optional: { heroes: true } } }))
    expect(m.state.settings.doorKickTarget).toBe(5)
    expect(m.state.settings.optional.heroes).toBe(true)
    expect(m.state.settings.optional.monsters).toBe(false)
  })
  it('SMLE-MOVE-04: difficult ground costs 2" of move per inch crossed (as the world measures it)', () => {
    const base = hutTurn(1, 9)
    const world = withDifficultGround(base.world, { minX: 19, minZ: 22, maxX: 30, maxZ: 30 })
    const m = { ...base, world }
    const moved = play(m, [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 25 } }])
    expect(moved.state.figures.b2?.movedIn).toBeCloseTo(6, 1)
    expect(dispatch(moved, { type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 26.5 } }).decision.ok).toBe(false)
  })
  it('SMLE-TURN-01: events resolve the moment they happen: a figure struck down in mid-move moves no farther', () => {
    // Red's opportunity fire kills Blue Two mid-move (found by seed); its remaining steps are dropped.
    for (let seed = 1; seed < 60; seed++) {
      let m = withFigure(withFigure(newMatch(seed, hutScenario()), 'r1', { position: { x: 25, y: 0, z: 4 } }), 'r2', {
        position: { x: 27, y: 0, z: 4 },
      })
      m = play(inTurn(m, 'blue-1', 9, 7), [{ type: 'moveFigure', figureId: 'b2', to: { x: 20, z: 15 } }])
      m = play(m, [
        { type: 'opportunityFire', sideId: 'red', teamId: 'red-1' },
        { type: 'reactToFire', sideId: 'blue', prone: [] },
      ])
      if (m.state.figures.b2?.status !== 'dead') continue
      const z = m.state.figures.b2.position.z
      while (m.state.pending?.kind === 'opportunity') m = play(m, [{ type: 'holdFire', sideId: 'red', until: 'move' }])
      expect(m.state.figures.b2?.position.z).toBe(z)
      expect(z).toBeGreaterThan(15)
      return
    }
    throw new Error('no seed killed the mover')
  })
})

describe('motivation and options', () => {
  it('SMLE-MOT-01 / SMLE-MOT-02: motivation is the scenario\u2019s choice, none by default, and a team has at most one', () => {
    expect(newMatch(1, sectionScenario()).state.teams['b-hq']?.motivation).toBe('none')
    expect(MotivationSchema.safeParse(['elite', 'steady']).success).toBe(false)
    expect(MotivationSchema.options).toEqual(['none', 'elite', 'fanatic', 'reluctant', 'steady', 'warriors'])
  })
  it('SMLE-MOT-08: "prefer" is advice for Warriors and the like (a Warriors team may still fall back); Fanatic is enforced', () => {
    const warriors = withTeam(inTurn(newMatch(1, sectionScenario()), 'b-hq', 9), 'b-hq', { motivation: 'warriors' })
    expect(dispatch(warriors, { type: 'fallBack', teamId: 'b-hq' }).decision.ok).toBe(true)
    const fanatic = withTeam(inTurn(newMatch(1, sectionScenario()), 'b-hq', 9), 'b-hq', { motivation: 'fanatic' })
    // The house hides Red from Blue HQ and nobody can reach it: the most aggressive option left is Panic Fire, which it must take.
    expect(refusedClause(fanatic, { type: 'endActivation', teamId: 'b-hq' })).toBe('SMLE-MOT-04')
    const fired = play(fanatic, [{ type: 'panicFire', teamId: 'b-hq' }])
    expect(dispatch(fired, { type: 'endActivation', teamId: 'b-hq' }).decision.ok).toBe(true)
  })
  it('SMLE-OPT-01 / SMLE-OPT-03: Close: at B9 a full move and Close Assault; at B8 a half move and Direct Fire, no assault', () => {
    const b9 = inTurn(newMatch(1, sectionScenario()), 'b-hq', 9)
    expect(dispatch(b9, { type: 'moveFigure', figureId: 'b-r1', to: { x: 22, z: 34.5 } }).decision.ok).toBe(true)
    const b8 = inTurn(newMatch(1, sectionScenario()), 'b-hq', 8)
    expect(refusedClause(b8, { type: 'moveFigure', figureId: 'b-r1', to: { x: 22, z: 34.5 } })).toBe('SMLE-MOVE-01')
    expect(
      refusedClause(b8, {
        type: 'closeAssault',
        teamId: 'b-hq',
        targetTeamId: 'r-a',
        moves: [{ figureId: 'b-r1', to: { x: 22, z: 38 } }],
      }),
    ).toBe('SMLE-COMBAT-01')
  })
  it('SMLE-OPT-04: Advance: a half move; Direct Fire at B7 but not at B6, which may only Opportunity Fire', () => {
    const b6 = inTurn(newMatch(1, sectionScenario()), 'b-hq', 6)
    expect(dispatch(b6, { type: 'moveFigure', figureId: 'b-r1', to: { x: 22, z: 38.5 } }).decision.ok).toBe(true)
    expect(refusedClause(b6, { type: 'directFire', teamId: 'b-hq', targetTeamId: 'r-a' })).toBe('SMLE-COMBAT-02')
  })
  it('SMLE-ORG-07: group cohesion is not compulsory: a team far from its group still acts, only its activation suffers', () => {
    let m = withFigure(newMatch(1, sectionScenario()), 'b-lmg', { position: { x: 44, y: 0, z: 30 } })
    m = withFigure(m, 'b-no2', { position: { x: 45, y: 0, z: 31 } })
    expect(
      dispatch(inTurn(m, 'b-bren', 9), { type: 'moveFigure', figureId: 'b-no2', to: { x: 45, z: 29 } }).decision.ok,
    ).toBe(true)
  })
  it('SMLE-QUAL-04: at platoon level a team\u2019s figures share its rating; leaders and heroes keep their own', () => {
    const teams = sectionScenario().teams.map((t) =>
      t.id === 'b-hq'
        ? { ...t, quality: 'green' as const, figures: t.figures.map((f) => ({ ...f, quality: 'veteran' as const })) }
        : t,
    )
    const section = newMatch(1, sectionScenario({ teams }))
    expect(section.state.figures['b-r1']?.quality).toBe('veteran')
    const platoon = newMatch(1, sectionScenario({ teams, level: 'platoon' }))
    expect(platoon.state.figures['b-r1']?.quality).toBe('green')
    expect(platoon.state.figures['b-sgt']?.quality).toBe('veteran')
  })
  it('SMLE-WPN-12: ranges are for open ground: terrain cuts them down through line of sight', () => {
    // Red A is well within rifle range of Blue HQ but the house is in the way.
    expect(
      refusedClause(inTurn(newMatch(1, sectionScenario()), 'b-hq', 7), {
        type: 'directFire',
        teamId: 'b-hq',
        targetTeamId: 'r-a',
      }),
    ).toBe('SMLE-SHOOT-01')
  })
})
