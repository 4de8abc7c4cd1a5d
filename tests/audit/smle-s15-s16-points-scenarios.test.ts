/** Audit of SMLE §15 (points) and §16 (the six scenarios' victory terms), from shared/rules/smle.md alone. */
import { describe, expect, it } from 'vitest'
import { dispatch, type Match, sidePoints } from '../../src-engine/index'
import { inTurn, withFigure, withTeam } from '../fixtures/play'
import { act, builtIn, endTurnCommand, fig, flat, start } from './smle-s09-s16-helpers'

type Teams = Parameters<typeof flat>[0]
const red: Teams[number] = {
  id: 'r',
  name: 'R',
  sideId: 'red',
  figures: [fig('r1', 1, 4), fig('r2', 2, 4), fig('r3', 3, 4)],
}
const blueTotal = (teams: Teams, more: Parameters<typeof flat>[1] = {}) =>
  sidePoints(flat([...teams, red], more), 'blue').total
const three = (more: Partial<Parameters<typeof fig>[3]> = {}) => [
  fig('b1', 1, 40, more),
  fig('b2', 2, 40, more),
  fig('b3', 3, 40, more),
]

describe('§15 Points', () => {
  it('SMLE-PTS-01 / SMLE-PTS-E01: a basic team is 12; Elite Veteran ×2 = 24; Fanatic Green with better weapons 12 × 1.5 × 1.5 = 27; an unarmoured Untrained mob 6', () => {
    expect(blueTotal([{ id: 'b', name: 'B', sideId: 'blue', figures: three() }])).toBe(12)
    expect(
      blueTotal([{ id: 'b', name: 'B', sideId: 'blue', quality: 'veteran', motivation: 'elite', figures: three() }]),
    ).toBe(24)
    expect(
      blueTotal([
        {
          id: 'b',
          name: 'B',
          sideId: 'blue',
          quality: 'green',
          motivation: 'fanatic',
          figures: [...three({ weapon: 'shotgun' }), fig('b4', 4, 40, { weapon: 'shotgun' })],
        },
      ]),
    ).toBe(27)
    expect(
      blueTotal([
        {
          id: 'b',
          name: 'B',
          sideId: 'blue',
          quality: 'untrained',
          figures: [
            ...three({ armour: 'none' }),
            fig('b4', 4, 40, { armour: 'none' }),
            fig('b5', 5, 40, { armour: 'none' }),
          ],
        },
      ]),
    ).toBe(6)
  })

  it('SMLE-PTS-06: Warriors ×1.5, heavy weapons (1D+2) ×2, Heavy armour ×1.5', () => {
    expect(blueTotal([{ id: 'b', name: 'B', sideId: 'blue', motivation: 'warriors', figures: three() }])).toBe(18)
    expect(blueTotal([{ id: 'b', name: 'B', sideId: 'blue', figures: three({ weapon: 'mmg' }) }])).toBe(24)
    expect(blueTotal([{ id: 'b', name: 'B', sideId: 'blue', figures: three({ armour: 'heavy' }) }])).toBe(18)
  })

  it('SMLE-PTS-06 / SMLE-PTS-09: modern Body armour has no points multiplier (the list has Heavy ×1.5 and Unarmoured ×0.5 only)', () => {
    expect(blueTotal([{ id: 'b', name: 'B', sideId: 'blue', figures: three({ armour: 'body' }) }])).toBe(12)
  })

  it('SMLE-PTS-02 / SMLE-PTS-04 / SMLE-PTS-05: section leader +6, grenades 1 each, RPG rounds 2 each, a prepared position 12', () => {
    const t: Teams = [
      {
        id: 'b',
        name: 'B',
        sideId: 'blue',
        groupId: 'sec',
        ammo: { 'hand-grenade': 3, bazooka: 2 },
        preparedPositionId: 'pit',
        figures: [fig('b1', 10, 40), fig('b2', 11, 40), fig('b3', 12, 40)],
      },
    ]
    const total = blueTotal(t, {
      groups: [{ id: 'sec', name: 'Sec', sideId: 'blue', leaderFigureId: 'b1' }],
      positions: [{ id: 'pit', kind: 'trench', x: 11, z: 40, arcDeg: 0, sideId: 'blue' }],
    } as Parameters<typeof flat>[1])
    expect(total).toBe(12 + 6 + 3 + 4 + 12)
  })

  it('SMLE-PTS-07 / SMLE-SCEN-05: a side that sets up hidden has its value ×2', () => {
    expect(blueTotal([{ id: 'b', name: 'B', sideId: 'blue', hidden: true, figures: three() }])).toBe(24)
    const ambush = builtIn('smle-ambush')
    const p = sidePoints(ambush, 'partisans')
    expect(p.multiplier).toBe(2)
    expect(p.total).toBe(2 * p.subtotal)
  })

  it('SMLE-PTS-09: a vehicle is 12 × its armour factor plus its weapons priced as a heavy-weapons team', () => {
    // A soft-skin truck (None 0.5) with no weapons: 6, on top of its crew team (12).
    const sc = flat(
      [
        { id: 'crew', name: 'Crew', sideId: 'blue', kind: 'crew', vehicleId: 'truck', figures: [fig('d1', 24, 40)] },
        red,
      ],
      {
        vehicles: [
          {
            id: 'truck',
            name: 'Truck',
            sideId: 'blue',
            profile: 'truck',
            crewTeamId: 'crew',
            position: { x: 24, z: 40 },
            weapons: [],
          },
        ],
      } as Parameters<typeof flat>[1],
    )
    expect(sidePoints(sc, 'blue').total).toBe(12 + 6)
  })

  it("SMLE-SCEN-01..06: each built-in scenario's stated points are what the calculator gives", () => {
    for (const n of [
      'smle-few-brave-sentients',
      'smle-magnificent-seven',
      'smle-multiple-signals',
      'smle-commando',
      'smle-ambush',
      'smle-exterminator',
    ]) {
      const s = builtIn(n)
      for (const side of s.sides) expect(sidePoints(s, side.id).total, `${n} ${side.id}`).toBe(side.points)
    }
  })
})

/** Ends every turn until the game is over (or `limit` commands). */
function playOut(m0: Match, limit = 3000): Match {
  let m = m0
  for (let i = 0; i < limit && m.state.phase !== 'ended'; i++) m = act(m, endTurnCommand(m)).match
  return m
}
/** The game moved on to the start of the last round (phase 1 about to roll). */
function lastRound(m: Match): Match {
  let x = m
  while (x.state.phase === 'setup') x = act(x, endTurnCommand(x)).match
  return { ...x, state: { ...x.state, round: x.state.roundLimit } }
}
function moveFig(m: Match, id: string, x: number, z: number): Match {
  return withFigure(m, id, { position: { x, y: 0, z } })
}
function kill(m: Match, id: string): Match {
  return withFigure(m, id, { status: 'dead' })
}

describe('§16 Scenarios', () => {
  it('§16 files: every figure of the six scenarios starts on the table', () => {
    for (const n of [
      'smle-few-brave-sentients',
      'smle-magnificent-seven',
      'smle-multiple-signals',
      'smle-commando',
      'smle-ambush',
      'smle-exterminator',
    ]) {
      const s = builtIn(n)
      for (const t of s.teams)
        for (const f of t.figures) {
          const r = f.baseRadiusIn
          expect(
            f.position.x - r >= 0 &&
              f.position.x + r <= s.table.widthIn &&
              f.position.z - r >= 0 &&
              f.position.z + r <= s.table.depthIn,
            `${n}: ${f.id} at (${f.position.x}, ${f.position.z})`,
          ).toBe(true)
        }
    }
  })

  it('§16 files: round limits and terms as the reference sets them (10, 10, 8, 10, 8, 12)', () => {
    expect(builtIn('smle-few-brave-sentients').roundLimit).toBe(10)
    expect(builtIn('smle-magnificent-seven').roundLimit).toBe(10)
    expect(builtIn('smle-multiple-signals').roundLimit).toBe(8)
    expect(builtIn('smle-commando').roundLimit).toBe(10)
    expect(builtIn('smle-ambush').roundLimit).toBe(8)
    expect(builtIn('smle-exterminator').roundLimit).toBe(12)
    expect(builtIn('smle-multiple-signals').positions.length).toBeGreaterThanOrEqual(2)
    expect(builtIn('smle-commando').objectives.length).toBe(3)
    expect(builtIn('smle-exterminator').objectives.filter((o) => o.kind === 'cache').length).toBe(3)
    expect(
      builtIn('smle-ambush')
        .teams.filter((t) => t.sideId === 'partisans')
        .every((t) => t.hidden),
    ).toBe(true)
  })

  it('SMLE-SCEN-01: the side controlling the marker at the end of round 10 wins; contested, nobody does', () => {
    const base = start(builtIn('smle-few-brave-sentients'))
    // Rangers' rifle team on the crossroads (24, 24), nobody else near.
    let m = base
    m = moveFig(m, 'rgr-1', 24, 23)
    m = moveFig(m, 'rgr-2', 25, 24)
    m = moveFig(m, 'rgr-3', 23.5, 25)
    const won = playOut(lastRound(m))
    expect(won.state.result?.winnerSideId).toBe('rangers')
    expect(won.state.result?.round).toBe(10)
    // A militia team within 2" as well: nobody controls it.
    let c = m
    c = moveFig(c, 'm2a-1', 25.5, 22.5)
    c = moveFig(c, 'm2a-2', 26, 23.5)
    c = moveFig(c, 'm2a-3', 26.5, 22.5)
    c = moveFig(c, 'm2a-4', 26, 21.5)
    expect(playOut(lastRound(c)).state.result?.winnerSideId).toBeNull()
  })

  it('SMLE-SCEN-01: a broken team does not control the marker', () => {
    let m = start(builtIn('smle-few-brave-sentients'))
    m = moveFig(m, 'rgr-1', 24, 23)
    m = moveFig(m, 'rgr-2', 25, 24)
    m = moveFig(m, 'rgr-3', 23.5, 25)
    m = lastRound(m)
    m = withTeam(m, 'rg-rifles', { breaks: 1 })
    expect(playOut(m).state.result?.winnerSideId).not.toBe('rangers')
  })

  it('SMLE-SCEN-02: the bandits must take the well; if it is still not theirs at the end, the Seven win', () => {
    const base = start(builtIn('smle-magnificent-seven'))
    expect(playOut(lastRound(base)).state.result?.winnerSideId).toBe('seven')
    // Bandits hold the well (24, 26) and the Seven are gone from it.
    let m = base
    for (const [i, id] of ['bd1-1', 'bd1-2', 'bd1-3', 'bd1-4'].entries()) m = moveFig(m, id, 23 + i, 25)
    for (const id of ['s7-chris', 's7-vin', 's7-britt', 's7-lee', 's7-oreilly', 's7-harry', 's7-chico'])
      m = moveFig(m, id, 4 + Math.random() * 0, 44)
    for (const [i, id] of ['s7-chris', 's7-vin', 's7-britt', 's7-lee', 's7-oreilly', 's7-harry', 's7-chico'].entries())
      m = moveFig(m, id, 4 + 1.6 * i, 44)
    expect(playOut(lastRound(m)).state.result?.winnerSideId).toBe('bandits')
  })

  it('SMLE-SCEN-03: defenders win if any defender figure is in the objective area when the drop ship arrives (end of round 8); else the attackers', () => {
    const base = start(builtIn('smle-multiple-signals'))
    const held = playOut(lastRound(base))
    expect(held.state.result?.winnerSideId).toBe('marines')
    expect(held.state.result?.round).toBe(8)
    let m = base
    // Every marine but one outside the 10" area; the last one is dead.
    const ids = ['mr-sgt', 'mr-2', 'mr-a1', 'mr-a2', 'mr-b1']
    for (const [i, id] of ids.entries()) m = moveFig(m, id, 2 + 1.6 * i, 44)
    m = kill(m, 'mr-b2')
    expect(playOut(lastRound(m)).state.result?.winnerSideId).toBe('aliens')
  })

  it('SMLE-SCEN-05: the column wins at once when at least half its figures have left by the east edge; fewer is not enough', () => {
    const base = start(builtIn('smle-ambush'))
    const column = Object.values(base.state.figures).filter((f) => f.sideId === 'column')
    const need = Math.ceil(column.length / 2)
    let m = base
    for (const f of column.slice(0, need - 1)) m = withFigure(m, f.id, { offTable: 'exited', exitEdge: 'east' })
    // The next one steps off the east edge.
    const last = column.find((f) => f.teamId === 'cl-2' && !m.state.figures[f.id]!.offTable)!
    m = withFigure(m, last.id, { position: { x: 59.45, y: 0, z: 20 } })
    m = inTurn(m, last.teamId, 9)
    const before = m.state.phase
    expect(before).toBe('play')
    const r = act(m, { type: 'exitTable', figureId: last.id })
    expect(r.match.state.result?.winnerSideId).toBe('column')
    // One fewer off the table: no win yet.
    let short = base
    for (const f of column.slice(0, need - 2)) short = withFigure(short, f.id, { offTable: 'exited', exitEdge: 'east' })
    short = withFigure(short, last.id, { position: { x: 59.45, y: 0, z: 20 } })
    short = inTurn(short, last.teamId, 9)
    expect(act(short, { type: 'exitTable', figureId: last.id }).match.state.phase).not.toBe('ended')
  })

  it('SMLE-SCEN-05: the partisans win if the column has not got half off within 8 rounds', () => {
    expect(playOut(lastRound(start(builtIn('smle-ambush')))).state.result?.winnerSideId).toBe('partisans')
  })

  it('SMLE-SCEN-06: the attacker wins when every defender is dead; the defenders when time runs out', () => {
    const base = start(builtIn('smle-exterminator'))
    expect(playOut(lastRound(base)).state.result?.winnerSideId).toBe('survivors')
    let m = base
    const survivors = Object.values(m.state.figures).filter((f) => f.sideId === 'survivors')
    for (const f of survivors.slice(1)) m = kill(m, f.id)
    while (m.state.phase === 'setup') m = act(m, endTurnCommand(m)).match
    m = act(m, endTurnCommand(m)).match
    expect(m.state.phase).not.toBe('ended')
    m = kill(m, survivors[0]!.id)
    m = act(m, endTurnCommand(m)).match
    expect(m.state.result?.winnerSideId).toBe('monster')
  })

  it('SMLE-SCEN-06 / SMLE-MONSTER-03: the defenders win when the monster is killed for good (after its revivals), not when it only plays dead', () => {
    let m = start(builtIn('smle-exterminator'))
    while (m.state.phase === 'setup') m = act(m, endTurnCommand(m)).match
    const lurking = withFigure(m, 'mn-thing', { status: 'dead', lurking: 'playingDead', revivals: 0 })
    expect(act(lurking, endTurnCommand(lurking)).match.state.phase).not.toBe('ended')
    const done = withFigure(m, 'mn-thing', { status: 'dead', lurking: null, revivals: 2 })
    expect(act(done, endTurnCommand(done)).match.state.result?.winnerSideId).toBe('survivors')
  })

  it('SMLE-SCEN-04: the raider records one objective before set-up; only one of the three', () => {
    const m = start(builtIn('smle-commando'))
    expect(m.state.phase).toBe('setup')
    expect(dispatch(m, { type: 'chooseObjective', sideId: 'garrison', objectiveId: 'bridge' }).decision.ok).toBe(false)
    const r = act(m, { type: 'chooseObjective', sideId: 'commandos', objectiveId: 'bridge' })
    expect(r.match.state.raid.objectiveId).toBe('bridge')
    expect(
      dispatch(r.match, { type: 'chooseObjective', sideId: 'commandos', objectiveId: 'fuel-dump' }).decision.ok,
    ).toBe(false)
  })

  it('SMLE-SCEN-04: holding the chosen objective for one full round, then getting half the raiders off by their own edge, wins', () => {
    let m = start(builtIn('smle-commando'))
    m = act(m, { type: 'chooseObjective', sideId: 'commandos', objectiveId: 'bridge' }).match
    // The bridge guard is elsewhere; the assault group stands on the bridge (24, 30) all through round 1.
    for (const [i, id] of ['grb-mg', 'grb-2', 'grb-3', 'grb-4'].entries()) m = moveFig(m, id, 40 + 1.6 * i, 2)
    for (const [i, id] of ['cm-capt', 'cm-a2', 'cm-a3'].entries()) m = moveFig(m, id, 23 + i, 30)
    while (m.state.phase === 'setup') m = act(m, endTurnCommand(m)).match
    // Round 1 and round 2 end with them there.
    let guard = 0
    while (m.state.round < 3 && m.state.phase !== 'ended' && guard++ < 500) m = act(m, endTurnCommand(m)).match
    expect(m.state.raid.held).toBe(true)
    expect(m.state.phase).not.toBe('ended')
    // Three of the six commandos leave by the south edge: the raid is won.
    const s = m.state
    let x = m
    x = { ...x, state: { ...s, phase: 'play' } }
    x = withFigure(x, 'cm-b1', { offTable: 'exited', exitEdge: 'south' })
    x = withFigure(x, 'cm-b2', { offTable: 'exited', exitEdge: 'south' })
    x = moveFig(x, 'cm-b3', 24, 47.45)
    x = inTurn(x, 'cm-b', 9)
    const r = act(x, { type: 'exitTable', figureId: 'cm-b3' })
    expect(r.match.state.result?.winnerSideId).toBe('commandos')
  })

  it('SMLE-SCEN-04: getting away without having held the objective does not win', () => {
    let m = start(builtIn('smle-commando'))
    m = act(m, { type: 'chooseObjective', sideId: 'commandos', objectiveId: 'bridge' }).match
    while (m.state.phase === 'setup') m = act(m, endTurnCommand(m)).match
    m = act(m, endTurnCommand(m)).match
    let x = withFigure(m, 'cm-b1', { offTable: 'exited', exitEdge: 'south' })
    x = withFigure(x, 'cm-b2', { offTable: 'exited', exitEdge: 'south' })
    x = moveFig(x, 'cm-b3', 24, 47.45)
    x = inTurn(x, 'cm-b', 9)
    expect(act(x, { type: 'exitTable', figureId: 'cm-b3' }).match.state.phase).not.toBe('ended')
  })
})
