/**
 * Audit of the §16 default victory condition read with SMLE-ACT-09 (casualties),
 * SMLE-DMG-12 (helping and evacuating casualties) and SMLE-ACT-15 (broken and
 * removed units), from shared/rules/smle.md alone.
 *
 * §16 default: "a side that loses all its units, or whose remaining units are
 * all broken, loses at once". A casualty is a figure that is dead or seriously
 * wounded; a lightly wounded figure is not one. Casualties carried off the own
 * base line are evacuated: they are off the table and keep no unit in the game.
 */
import { describe, expect, it } from 'vitest'
import type { Match } from '../../src-engine/index'
import { immediateVerdict } from '../../src-engine/rules/smle/victory'
import { inTurn, play, withFigure, withTeam } from '../fixtures/play'
import { act, builtIn, fig, flat, reseed, start } from './smle-s09-s16-helpers'

type Patch = Parameters<typeof withFigure>[2]
type More = Parameters<typeof flat>[1]

const SERIOUS: Patch = { status: 'seriousWound', prone: true }
const DEAD: Patch = { status: 'dead' }

/**
 * A flat table with no scenario victory terms, so only the §16 default can end
 * the game early. Blue: teams b1 (b1a–b1c) and b2 (b2a–b2b) in the south.
 * Red: teams r1 (r1a–r1c) and r2 (r2a–r2b) in the north.
 */
function skirmish(more: More = {}, extraTeams: Parameters<typeof flat>[0] = []): Match {
  return start(
    flat(
      [
        { id: 'b1', name: 'B1', sideId: 'blue', figures: [fig('b1a', 10, 40), fig('b1b', 12, 40), fig('b1c', 14, 40)] },
        { id: 'b2', name: 'B2', sideId: 'blue', figures: [fig('b2a', 30, 40), fig('b2b', 32, 40)] },
        { id: 'r1', name: 'R1', sideId: 'red', figures: [fig('r1a', 10, 8), fig('r1b', 12, 8), fig('r1c', 14, 8)] },
        { id: 'r2', name: 'R2', sideId: 'red', figures: [fig('r2a', 30, 8), fig('r2b', 32, 8)] },
        ...extraTeams,
      ],
      more,
    ),
  )
}

/** Applies one patch to several figures. */
function each(m: Match, ids: readonly string[], patch: Patch): Match {
  let out = m
  for (const id of ids) out = withFigure(out, id, patch)
  return out
}

const verdict = (m: Match) => immediateVerdict(m.state, m.world)

describe('§16 default with SMLE-ACT-09: a team whose men left are all casualties is lost', () => {
  it('SMLE-ACT-09 / §16: the last able man of a side seriously wounded by fire ends the game at once for the other side; lightly wounded, it goes on', () => {
    // Red is down to one team: r1a dead, r1b seriously wounded, r1c the last able man, 3" from two Veteran SMGs.
    const sc = flat([
      {
        id: 'b',
        name: 'B',
        sideId: 'blue',
        quality: 'veteran',
        figures: [fig('b1', 20, 22, { weapon: 'smg' }), fig('b2', 22, 22, { weapon: 'smg' })],
      },
      { id: 'r', name: 'R', sideId: 'red', figures: [fig('r1a', 18, 19), fig('r1b', 20, 19), fig('r1c', 22, 19)] },
    ])
    let base = start(sc)
    base = withFigure(base, 'r1a', DEAD)
    base = withFigure(base, 'r1b', SERIOUS)
    base = inTurn(base, 'b', 9)
    expect(verdict(base)).toBeNull()
    let ended = 0
    let goesOn = 0
    for (let seed = 1; seed <= 60 && (ended === 0 || goesOn === 0); seed++) {
      const after = act(reseed(base, seed), { type: 'directFire', teamId: 'b', targetTeamId: 'r' }).match
      const last = after.state.figures.r1c!
      if (last.status === 'seriousWound') {
        // Nothing able is left of Red: the command that wounded him ends the game.
        expect(after.state.phase, `seed ${seed}`).toBe('ended')
        expect(after.state.result?.winnerSideId).toBe('blue')
        ended++
      } else if (last.status === 'lightWound' || last.status === 'ok') {
        // A lightly wounded (or unhurt) man is no casualty: Red is still in the game.
        expect(after.state.phase, `seed ${seed}`).not.toBe('ended')
        expect(after.state.result).toBeNull()
        goesOn++
      }
    }
    expect(ended).toBeGreaterThan(0)
    expect(goesOn).toBeGreaterThan(0)
  })

  it('SMLE-ACT-09 / §16: dead and seriously wounded together: one team all dead, the other all seriously wounded, the side loses', () => {
    let m = skirmish()
    m = each(m, ['r1a', 'r1b', 'r1c'], DEAD)
    m = each(m, ['r2a', 'r2b'], SERIOUS)
    m = inTurn(m, 'b1', 9)
    expect(verdict(m)).toMatchObject({ winnerSideId: 'blue' })
    const done = play(m, [{ type: 'endActivation', teamId: 'b1' }])
    expect(done.state.phase).toBe('ended')
    expect(done.state.result?.winnerSideId).toBe('blue')
  })

  it('SMLE-ACT-09 / §16: a mixed team (one dead, two seriously wounded) is lost, but one unhurt man in the other team keeps the side in the game', () => {
    let m = skirmish()
    m = withFigure(m, 'r1a', DEAD)
    m = each(m, ['r1b', 'r1c'], SERIOUS)
    m = withFigure(m, 'r2a', SERIOUS)
    expect(verdict(inTurn(m, 'b1', 9))).toBeNull()
    m = withFigure(m, 'r2b', SERIOUS)
    expect(verdict(inTurn(m, 'b1', 9))).toMatchObject({ winnerSideId: 'blue' })
  })

  it('SMLE-ACT-09 / SMLE-ACT-15 / §16: one broken team that still has an able man and one team of only seriously wounded men: every remaining unit is broken or lost, the side loses', () => {
    let m = skirmish()
    m = withTeam(m, 'r1', { breaks: 1 })
    m = withFigure(m, 'r1a', SERIOUS)
    m = each(m, ['r2a', 'r2b'], SERIOUS)
    m = inTurn(m, 'b1', 9)
    expect(verdict(m)).toMatchObject({ winnerSideId: 'blue' })
    // The same broken team beside an unbroken team with one able man: Red is still in the game.
    const able = withFigure(m, 'r2b', { status: 'ok', prone: false })
    expect(verdict(able)).toBeNull()
  })

  it('SMLE-ACT-15 / §16: a unit with two Break results counts as lost; with the other team all seriously wounded, the side loses', () => {
    let m = skirmish()
    m = withTeam(m, 'r1', { breaks: 2 })
    m = each(m, ['r2a', 'r2b'], SERIOUS)
    expect(verdict(inTurn(m, 'b1', 9))).toMatchObject({ winnerSideId: 'blue' })
  })

  it('SMLE-ACT-09: an unbroken team whose only able man is lightly wounded is not lost: the side does not lose', () => {
    let m = skirmish()
    m = each(m, ['r1a', 'r1b', 'r1c'], DEAD)
    m = withFigure(m, 'r2a', SERIOUS)
    m = withFigure(m, 'r2b', { status: 'lightWound', spent: 'lightWound' })
    m = inTurn(m, 'b1', 9)
    expect(verdict(m)).toBeNull()
    expect(play(m, [{ type: 'endActivation', teamId: 'b1' }]).state.phase).not.toBe('ended')
    // Treated (SMLE-DMG-12), he is no more a casualty than before.
    expect(verdict(withFigure(m, 'r2b', { status: 'lightWound', treated: true, spent: null }))).toBeNull()
  })

  it('SMLE-ACT-09 / SMLE-FODDER-03: Camera Fodder lying "dead" is no casualty and comes back: a team of them keeps the side in the game; really dead, it does not', () => {
    const fodder = { cameraFodder: true }
    const m0 = skirmish({ settings: { optional: { cameraFodder: true } } } as More, [
      { id: 'r3', name: 'R3', sideId: 'red', figures: [fig('r3a', 20, 8, fodder), fig('r3b', 22, 8, fodder)] },
    ])
    let m = each(m0, ['r1a', 'r1b', 'r1c'], DEAD)
    m = each(m, ['r2a', 'r2b'], SERIOUS)
    m = inTurn(m, 'b1', 9)
    expect(verdict(each(m, ['r3a', 'r3b'], { status: 'playingDead', prone: true }))).toBeNull()
    expect(verdict(each(m, ['r3a', 'r3b'], DEAD))).toMatchObject({ winnerSideId: 'blue' })
  })

  it('SMLE-ACT-09: a team of lightly wounded men only is still in the game', () => {
    let m = skirmish()
    m = each(m, ['r1a', 'r1b', 'r1c'], DEAD)
    m = each(m, ['r2a', 'r2b'], { status: 'lightWound' })
    expect(verdict(inTurn(m, 'b1', 9))).toBeNull()
  })
})

describe('§16 default with SMLE-DMG-12: helped and evacuated casualties', () => {
  it('SMLE-DMG-12: a seriously wounded man helped along by an able team-mate: the helper is able, the team is not lost', () => {
    let m = skirmish()
    m = each(m, ['r1a', 'r1b', 'r1c'], DEAD)
    m = withFigure(m, 'r2a', { ...SERIOUS, position: { x: 31, y: 0, z: 8 } })
    m = withFigure(m, 'r2b', { helping: 'r2a' })
    expect(verdict(inTurn(m, 'b1', 9))).toBeNull()
  })

  it('SMLE-DMG-12: a seriously wounded man whose helper has been killed: nobody able is left, the team is lost', () => {
    let m = skirmish()
    m = each(m, ['r1a', 'r1b', 'r1c'], DEAD)
    m = withFigure(m, 'r2a', { ...SERIOUS, position: { x: 31, y: 0, z: 8 } })
    m = withFigure(m, 'r2b', { status: 'dead', helping: 'r2a' })
    expect(verdict(inTurn(m, 'b1', 9))).toMatchObject({ winnerSideId: 'blue' })
  })

  it('SMLE-DMG-12: casualties already evacuated off the own base line do not keep a team in the game', () => {
    let m = skirmish()
    m = each(m, ['r1a', 'r1b', 'r1c'], DEAD)
    // r2a was carried off the north edge (Red's side of the table); r2b lies seriously wounded.
    m = withFigure(m, 'r2a', { ...SERIOUS, offTable: 'evacuated', exitEdge: 'north' })
    m = withFigure(m, 'r2b', SERIOUS)
    expect(verdict(inTurn(m, 'b1', 9))).toMatchObject({ winnerSideId: 'blue' })
  })

  it('SMLE-DMG-12 / §16: the last partisan able to walk carries his wounded comrade off his own base line: both are off the table and the partisans have lost all their units', () => {
    // The Ambush: the partisans' base line is the north edge; every partisan but pt-b1 and pt-b2 is dead.
    let m = start(builtIn('smle-ambush'))
    const partisans = Object.values(m.state.figures).filter((f) => f.sideId === 'partisans')
    for (const f of partisans) if (f.id !== 'pt-b1' && f.id !== 'pt-b2') m = withFigure(m, f.id, DEAD)
    m = withTeam(m, 'pt-b', { hidden: false })
    m = withFigure(m, 'pt-b1', { ...SERIOUS, position: { x: 30, y: 0, z: 1.55 } })
    m = withFigure(m, 'pt-b2', { helping: 'pt-b1', position: { x: 30, y: 0, z: 0.55 } })
    m = inTurn(m, 'pt-b', 9)
    expect(verdict(m)).toBeNull()
    const done = play(m, [{ type: 'exitTable', figureId: 'pt-b2' }])
    expect(done.state.figures['pt-b1']?.offTable).toBe('evacuated')
    expect(done.state.figures['pt-b2']?.offTable).not.toBeNull()
    expect(done.state.phase).toBe('ended')
    expect(done.state.result?.winnerSideId).toBe('column')
  })
})

describe('§16 default: units still to come on', () => {
  it('§16 reinforcements: a team of seriously wounded men on the table and a whole team still to arrive: the side has not lost', () => {
    const m0 = skirmish({}, [
      { id: 'r3', name: 'R3', sideId: 'red', entersRound: 3, figures: [fig('r3a', 20, 2), fig('r3b', 22, 2)] },
    ])
    expect(m0.state.figures.r3a?.offTable).toBe('reserve')
    let m = each(m0, ['r1a', 'r1b', 'r1c'], DEAD)
    m = each(m, ['r2a', 'r2b'], SERIOUS)
    expect(verdict(inTurn(m, 'b1', 9))).toBeNull()
  })

  it('§16 reinforcements: a seriously wounded man whose team-mate is still to come on: his team is not lost', () => {
    let m = skirmish()
    m = each(m, ['r1a', 'r1b', 'r1c'], DEAD)
    m = withFigure(m, 'r2a', SERIOUS)
    m = withFigure(m, 'r2b', { offTable: 'reserve' })
    expect(verdict(inTurn(m, 'b1', 9))).toBeNull()
  })
})

describe('§16 default: both sides at once, and the scenario first', () => {
  it('§16: both sides reduced to casualties at once: a draw, "Both sides are broken or gone."', () => {
    let m = skirmish()
    m = each(m, ['b1a', 'b2a', 'r1a', 'r2a'], DEAD)
    m = each(m, ['b1b', 'b1c', 'b2b', 'r1b', 'r1c', 'r2b'], SERIOUS)
    m = inTurn(m, 'b1', 9)
    expect(verdict(m)).toEqual({ winnerSideId: null, reason: 'Both sides are broken or gone.' })
    const done = play(m, [{ type: 'endActivation', teamId: 'b1' }])
    expect(done.state.phase).toBe('ended')
    expect(done.state.result?.winnerSideId).toBeNull()
  })

  it('§16 / SMLE-ACT-15: one side all casualties, the other all broken: a draw', () => {
    let m = skirmish()
    m = each(m, ['r1a', 'r1b', 'r1c', 'r2a', 'r2b'], SERIOUS)
    m = withTeam(m, 'b1', { breaks: 1 })
    m = withTeam(m, 'b2', { breaks: 1 })
    expect(verdict(inTurn(m, 'b1', 9))).toEqual({ winnerSideId: null, reason: 'Both sides are broken or gone.' })
  })

  it('SMLE-SCEN-05 / §16: the scenario’s own condition is read before the default: half the column off by the east edge and the rest lying seriously wounded, the column wins', () => {
    let m = start(builtIn('smle-ambush'))
    const column = Object.values(m.state.figures).filter((f) => f.sideId === 'column')
    expect(column).toHaveLength(12)
    for (const f of column.slice(0, 6)) m = withFigure(m, f.id, { offTable: 'exited', exitEdge: 'east' })
    for (const f of column.slice(6)) m = withFigure(m, f.id, SERIOUS)
    // Every partisan seriously wounded too: both sides would lose by the default, but the exit is read first.
    for (const f of Object.values(m.state.figures).filter((x) => x.sideId === 'partisans'))
      m = withFigure(m, f.id, SERIOUS)
    const v = verdict(inTurn(m, 'cl-1', 9))
    expect(v?.winnerSideId).toBe('column')
    expect(v?.reason).toContain('6 of 12')
  })

  it('SMLE-SCEN-05 / §16: one short of half off by the east edge and the rest of the column seriously wounded: the partisans win at once', () => {
    let m = start(builtIn('smle-ambush'))
    const column = Object.values(m.state.figures).filter((f) => f.sideId === 'column')
    for (const f of column.slice(0, 5)) m = withFigure(m, f.id, { offTable: 'exited', exitEdge: 'east' })
    for (const f of column.slice(5)) m = withFigure(m, f.id, SERIOUS)
    expect(verdict(inTurn(m, 'pt-a', 9))).toMatchObject({ winnerSideId: 'partisans' })
  })
})
