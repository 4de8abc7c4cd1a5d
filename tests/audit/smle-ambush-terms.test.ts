/**
 * Audit of the terms that decide "Ambush!" (SMLE-SCEN-05), written from shared/rules/smle.md alone:
 * SMLE-SCEN-05 (the column enters at one edge, must exit at the opposite one, wins with at least half its
 * figures off within 8 rounds; hidden units revealed when they fire or when an enemy figure with line of
 * sight comes within 8"), SMLE-PTS-07 (hidden set-up ×2), the §16 default (a side with no units, or only
 * broken ones, loses at once; it has no clause id of its own), leaving the table (SMLE-OPT-07 falling back
 * to the own base line, SMLE-OPT-08 Break, SMLE-DMG-12 casualties carried off), SMLE-MOVE-08/09 (running,
 * breath) and SMLE-COMBAT-04/05 (Opportunity Fire, the way a hidden team fires first).
 *
 * Reading used for distances: SMLE-GEN-05 (nearest base edges), SMLE-GEN-06 ("within X" is ≤ X, contact
 * tolerance 0.1"). The reference has no clause on how a figure leaves the table; the tests take "exit at the
 * opposite edge" to mean stepping off that edge, which needs the figure's base to reach it.
 */
import { describe, expect, it } from 'vitest'
import { dispatch, type GameEvent, type Match, sidePoints } from '../../src-engine/index'
import { exitCount, immediateVerdict } from '../../src-engine/rules/smle/victory'
import { inTurn, withFigure, withTeam } from '../fixtures/play'
import { act, builtIn, clauseOf, endTurnCommand, playToRound, start, withAl } from './smle-s09-s16-helpers'

type Patch = Parameters<typeof withFigure>[2]
type Band = Parameters<typeof inTurn>[2]

const SERIOUS: Patch = { status: 'seriousWound', prone: true }
const DEAD: Patch = { status: 'dead' }

const COLUMN = [
  'cl-lt',
  'cl-h2',
  'cl1-1',
  'cl1-2',
  'cl1-3',
  'cl1-4',
  'cl2-1',
  'cl2-2',
  'cl2-3',
  'cl2-4',
  'cl-mg1',
  'cl-mg2',
]
const PARTISAN_TEAMS = ['pt-a', 'pt-b', 'pt-c']
const COLUMN_TEAMS = ['cl-hq', 'cl-1', 'cl-2', 'cl-mg']

/** The real Ambush! scenario, at set-up. */
const ambush = (seed = 1): Match => start(builtIn('smle-ambush'), seed)

function at(m: Match, id: string, x: number, z: number): Match {
  return withFigure(m, id, { position: { x, y: m.world.groundHeightAt(x, z), z } })
}
function each(m: Match, ids: readonly string[], patch: Patch): Match {
  let out = m
  for (const id of ids) out = withFigure(out, id, patch)
  return out
}
/** Marks figures as already off the table by `edge`, as earlier exits would have left them. */
function offBy(m: Match, ids: readonly string[], edge: 'east' | 'west'): Match {
  return each(m, ids, { offTable: 'exited', exitEdge: edge })
}
const eastOff = (m: Match) => exitCount(m.state, 'column', 'east').exited
const verdict = (m: Match) => immediateVerdict(m.state, m.world)
const revealedIn = (es: readonly GameEvent[], teamId: string) =>
  es.some((e) => e.type === 'TeamRevealed' && e.teamId === teamId)

/** Every partisan team waiting at `al` (AL 4 = B3: no Opportunity Fire), pt-c at `ptC` if given. */
function partisansAt(m0: Match, al: number, ptC = al): Match {
  let m = m0
  for (const t of PARTISAN_TEAMS) m = withAl(m, t, t === 'pt-c' ? ptC : al)
  return m
}

/** Ends every turn until the game is over. */
function playOut(m0: Match, limit = 3000): Match {
  let m = m0
  for (let i = 0; i < limit && m.state.phase !== 'ended'; i++) m = act(m, endTurnCommand(m)).match
  return m
}

/**
 * The partisans moved out of the way: Chief's men and the hill party in the north-east corner (far from
 * everything below), the farm party (pt-c1, pt-c2) on open ground at (52, 18) and (53.6, 18).
 */
function cleared(m0: Match = ambush()): Match {
  let m = m0
  m = at(m, 'pt-chief', 58, 1)
  m = at(m, 'pt-a2', 58, 2.6)
  m = at(m, 'pt-a3', 58, 4.2)
  m = at(m, 'pt-b1', 55, 1)
  m = at(m, 'pt-b2', 55, 2.6)
  m = at(m, 'pt-b3', 55, 4.2)
  m = at(m, 'pt-c1', 52, 18)
  m = at(m, 'pt-c2', 53.6, 18)
  return m
}

describe('SMLE-SCEN-05: the scenario file', () => {
  it('SMLE-SCEN-05: the column (large force) enters by one edge and its exit edge is the opposite one; 8 rounds; every partisan team hidden', () => {
    const s = builtIn('smle-ambush')
    const own = s.baseLines.find((b) => b.sideId === 'column')?.edge
    const exit = s.victory.conditions.find((c) => c.kind === 'exit' && c.sideId === 'column')
    expect(own).toBe('west')
    expect(exit).toMatchObject({ kind: 'exit', sideId: 'column', edge: 'east', fraction: 0.5 })
    expect(s.roundLimit).toBe(8)
    expect(s.victory.atTimeLimit).toBe('partisans')
    expect(s.teams.filter((t) => t.sideId === 'partisans').every((t) => t.hidden)).toBe(true)
    expect(s.teams.filter((t) => t.sideId === 'column').some((t) => t.hidden)).toBe(false)
    // The column is the larger force and starts at its entry (west) edge.
    const count = (side: string) => s.teams.filter((t) => t.sideId === side).flatMap((t) => t.figures).length
    expect(count('column')).toBeGreaterThan(count('partisans'))
    expect(s.sides.find((x) => x.id === 'column')?.deploymentZone.minX).toBe(0)
  })

  it('SMLE-PTS-07 / SMLE-SCEN-05: the partisans set up hidden, so their value is ×2; the same force set up openly is worth half; the column gets no multiplier', () => {
    const s = builtIn('smle-ambush')
    const hidden = sidePoints(s, 'partisans')
    expect(hidden.multiplier).toBeGreaterThanOrEqual(2)
    expect(hidden.total).toBe(Math.floor(hidden.subtotal * hidden.multiplier + 0.5))
    const open = { ...s, teams: s.teams.map((t) => ({ ...t, hidden: false })) }
    const plain = sidePoints(open, 'partisans')
    expect(plain.multiplier).toBe(1)
    expect(plain.subtotal).toBe(hidden.subtotal)
    expect(hidden.total).toBe(2 * plain.total)
    expect(sidePoints(s, 'column').multiplier).toBe(1)
  })
})

describe('SMLE-SCEN-05: leaving the table by the east edge', () => {
  it('SMLE-SCEN-05: a figure whose base touches the east edge (within the 0.1" contact tolerance) may step off it; it then counts as exited east', () => {
    for (const x of [59.5, 59.45]) {
      const m = inTurn(at(ambush(), 'cl2-1', x, 20), 'cl-2', 9)
      const done = act(m, { type: 'exitTable', figureId: 'cl2-1' }).match
      expect(done.state.figures['cl2-1']).toMatchObject({ offTable: 'exited', exitEdge: 'east' })
      expect(eastOff(done)).toBe(1)
    }
  })

  it('SMLE-SCEN-05 / SMLE-GEN-06: a figure 0.2" short of the east edge has not reached it and may not step off; a base merely touching the edge is still on the table', () => {
    const m = inTurn(at(ambush(), 'cl2-1', 59.3, 20), 'cl-2', 9)
    expect(clauseOf(m, { type: 'exitTable', figureId: 'cl2-1' })).not.toBe('accepted')
    const touching = inTurn(at(ambush(), 'cl2-1', 59.5, 20), 'cl-2', 9)
    expect(touching.state.figures['cl2-1']?.offTable).toBeNull()
    expect(eastOff(touching)).toBe(0)
  })

  it('SMLE-SCEN-05: exactly half (6 of 12) off by the east edge wins for the column at once; 5 of 12 does not', () => {
    const five = offBy(ambush(), COLUMN.slice(0, 5), 'east')
    let m = inTurn(at(five, 'cl2-1', 59.45, 20), 'cl-2', 9)
    expect(m.state.phase).toBe('play')
    expect(verdict(m)).toBeNull()
    m = act(m, { type: 'exitTable', figureId: 'cl2-1' }).match
    expect(eastOff(m)).toBe(6)
    expect(m.state.phase).toBe('ended')
    expect(m.state.result?.winnerSideId).toBe('column')

    const four = offBy(ambush(), COLUMN.slice(0, 4), 'east')
    const short = act(inTurn(at(four, 'cl2-1', 59.45, 20), 'cl-2', 9), { type: 'exitTable', figureId: 'cl2-1' }).match
    expect(eastOff(short)).toBe(5)
    expect(short.state.phase).not.toBe('ended')
  })

  it('SMLE-SCEN-05: the half is of all the column’s figures, dead ones included: 6 of 12 win though 4 are dead; 5 of the 8 still alive do not', () => {
    let m = offBy(ambush(), ['cl-lt', 'cl-h2', 'cl1-1', 'cl1-2', 'cl1-3'], 'east')
    m = each(m, ['cl-mg1', 'cl-mg2', 'cl2-3', 'cl2-4'], DEAD)
    m = inTurn(at(m, 'cl2-1', 59.45, 20), 'cl-2', 9)
    // 5 off of the 8 that lived: more than half of those, but not half of the 12 that entered.
    expect(verdict(m)).toBeNull()
    m = act(m, { type: 'exitTable', figureId: 'cl2-1' }).match
    expect(m.state.result?.winnerSideId).toBe('column')
  })

  it('SMLE-SCEN-05: a figure off by the wrong edge does not count: 5 off east and 1 off west (its own base line) is not half off east', () => {
    const five = offBy(ambush(), COLUMN.slice(0, 5), 'east')
    const m = act(inTurn(at(five, 'cl2-1', 0.55, 20), 'cl-2', 9), { type: 'exitTable', figureId: 'cl2-1' }).match
    expect(m.state.figures['cl2-1']).toMatchObject({ offTable: 'exited', exitEdge: 'west' })
    expect(eastOff(m)).toBe(5)
    expect(m.state.phase).not.toBe('ended')
  })

  it('SMLE-SCEN-05: a figure stepping off the north or south edge does not count toward the east exit', () => {
    const five = offBy(ambush(), COLUMN.slice(0, 5), 'east')
    for (const [x, z] of [
      [50, 0.55],
      [50, 35.45],
    ] as const) {
      const m = inTurn(at(five, 'cl2-1', x, z), 'cl-2', 9)
      const r = dispatch(m, { type: 'exitTable', figureId: 'cl2-1' })
      const after = r.decision.ok ? r.match : m
      expect(eastOff(after)).toBe(5)
      expect(after.state.phase).not.toBe('ended')
    }
  })

  it('SMLE-SCEN-05 / SMLE-DMG-12: a seriously wounded man carried off the east edge by his helper exits with him: 4 + helper + casualty = 6 of 12, the column wins', () => {
    let m = offBy(ambush(), COLUMN.slice(0, 4), 'east')
    m = withFigure(at(m, 'cl2-2', 58.45, 20), 'cl2-2', SERIOUS)
    m = withFigure(at(m, 'cl2-1', 59.45, 20), 'cl2-1', { helping: 'cl2-2' })
    m = act(inTurn(m, 'cl-2', 9), { type: 'exitTable', figureId: 'cl2-1' }).match
    expect(m.state.figures['cl2-2']?.offTable).not.toBeNull()
    expect(m.state.figures['cl2-2']?.exitEdge).toBe('east')
    expect(eastOff(m)).toBe(6)
    expect(m.state.result?.winnerSideId).toBe('column')
  })

  it('SMLE-DMG-12 / SMLE-SCEN-05: a casualty carried off the column’s own base line (west) is evacuated, not lost, and does not count as exited east', () => {
    let m = withFigure(at(ambush(), 'cl2-2', 1.55, 20), 'cl2-2', SERIOUS)
    m = withFigure(at(m, 'cl2-1', 0.55, 20), 'cl2-1', { helping: 'cl2-2' })
    m = act(inTurn(m, 'cl-2', 9), { type: 'exitTable', figureId: 'cl2-1' }).match
    expect(m.state.figures['cl2-2']).toMatchObject({ offTable: 'evacuated', exitEdge: 'west' })
    expect(m.state.figures['cl2-2']?.status).not.toBe('dead')
    expect(eastOff(m)).toBe(0)
  })

  it('SMLE-DMG-06 / SMLE-SCEN-05: a seriously wounded man can still move (half distance), so one whose base touches the east edge may drag himself off it and counts', () => {
    const five = offBy(ambush(), COLUMN.slice(0, 5), 'east')
    const m = inTurn(withFigure(at(five, 'cl2-1', 59.45, 20), 'cl2-1', SERIOUS), 'cl-2', 9)
    const r = dispatch(m, { type: 'exitTable', figureId: 'cl2-1' })
    expect(r.decision.ok ? 'accepted' : r.decision.reason.clause).toBe('accepted')
    expect(r.match.state.result?.winnerSideId).toBe('column')
  })
})

describe('SMLE-OPT-07 / SMLE-OPT-08: falling back and breaking lead to the own base line, not to the exit', () => {
  it('SMLE-OPT-07: a falling-back (B2) column figure at its own (west) base line may leave the table there; it is off by the west edge and does not count for the exit', () => {
    const m = inTurn(at(ambush(), 'cl1-1', 0.55, 14), 'cl-1', 2)
    const done = act(m, { type: 'exitTable', figureId: 'cl1-1' }).match
    expect(done.state.figures['cl1-1']).toMatchObject({ offTable: 'exited', exitEdge: 'west' })
    expect(eastOff(done)).toBe(0)
  })

  it('SMLE-OPT-07: a column team at B2 or B1 must withdraw toward its own base line; its figure touching the east (exit) edge may not "fall back" off it and score the winning exit', () => {
    for (const band of [2, 1] as Band[]) {
      const five = offBy(ambush(), COLUMN.slice(0, 5), 'east')
      const m = inTurn(at(five, 'cl2-1', 59.45, 20), 'cl-2', band)
      const r = dispatch(m, { type: 'exitTable', figureId: 'cl2-1' })
      expect(r.decision.ok, `B${band}: stepping off the east edge while falling back`).toBe(false)
      expect(clauseOf(m, { type: 'exitTable', figureId: 'cl2-1' })).toBe('SMLE-OPT-07')
      expect((r.decision.ok ? r.match : m).state.result?.winnerSideId).not.toBe('column')
    }
  })

  it('SMLE-OPT-08: a breaking (B0) column team runs toward its own base line; it may not leave by the east edge and score an exit', () => {
    const five = offBy(ambush(), COLUMN.slice(0, 5), 'east')
    const m = inTurn(at(five, 'cl2-1', 59.45, 20), 'cl-2', 0)
    const r = dispatch(m, { type: 'exitTable', figureId: 'cl2-1' })
    expect(r.decision.ok).toBe(false)
    expect(clauseOf(m, { type: 'exitTable', figureId: 'cl2-1' })).toBe('SMLE-OPT-08')
    expect((r.decision.ok ? r.match : m).state.result?.winnerSideId).not.toBe('column')
  })

  it('SMLE-OPT-06: a pinned (B3) team has no movement: its figure touching the east edge may not step off', () => {
    const m = inTurn(at(ambush(), 'cl2-1', 59.45, 20), 'cl-2', 3)
    expect(clauseOf(m, { type: 'exitTable', figureId: 'cl2-1' })).toBe('SMLE-OPT-06')
  })
})

describe('SMLE-SCEN-05: "within 8 rounds"', () => {
  it('SMLE-SCEN-05: exits made in round 8 count: the sixth man off in round 8 wins', () => {
    let m = offBy(ambush(), COLUMN.slice(0, 5), 'east')
    m = inTurn(at(m, 'cl2-1', 59.45, 20), 'cl-2', 9)
    m = { ...m, state: { ...m.state, round: 8 } }
    const done = act(m, { type: 'exitTable', figureId: 'cl2-1' }).match
    expect(done.state.result).toMatchObject({ winnerSideId: 'column', round: 8 })
  })

  it('SMLE-SCEN-05: at the end of round 8 with only 5 of 12 off east, the partisans win; no round 9 is played', () => {
    let m = offBy(ambush(), COLUMN.slice(0, 5), 'east')
    m = inTurn(m, 'cl-2', 9)
    m = { ...m, state: { ...m.state, round: 8 } }
    const done = playOut(m)
    expect(done.state.phase).toBe('ended')
    expect(done.state.result).toMatchObject({ winnerSideId: 'partisans', round: 8 })
    // Nothing more can be done: a column man at the east edge may not step off in a "round 9".
    const late = withFigure(at(done, 'cl2-1', 59.45, 20), 'cl2-1', {})
    expect(clauseOf(late, { type: 'exitTable', figureId: 'cl2-1' })).not.toBe('accepted')
    expect(late.state.result?.winnerSideId).toBe('partisans')
  })

  it('SMLE-SCEN-05: with 5 off east at the end of round 7, the game goes on into round 8 (the column still has time)', () => {
    let m = offBy(ambush(), COLUMN.slice(0, 5), 'east')
    m = inTurn(m, 'cl-2', 9)
    m = { ...m, state: { ...m.state, round: 7 } }
    const next = playToRound(m, 8)
    expect(next.state.phase).toBe('play')
    expect(next.state.round).toBe(8)
  })
})

describe('§16 default victory in the Ambush (a side with no units, or only broken ones, loses at once)', () => {
  it('§16: every partisan dead: the column wins at once though nobody has exited', () => {
    let m = inTurn(ambush(), 'cl-1', 9)
    m = each(m, ['pt-chief', 'pt-a2', 'pt-a3', 'pt-b1', 'pt-b2', 'pt-b3', 'pt-c1', 'pt-c2'], DEAD)
    expect(verdict(m)).toMatchObject({ winnerSideId: 'column' })
    const done = act(m, { type: 'endActivation', teamId: 'cl-1' }).match
    expect(done.state.result?.winnerSideId).toBe('column')
  })

  it('§16 / SMLE-ACT-15: every partisan team broken: the column wins at once', () => {
    let m = inTurn(ambush(), 'cl-1', 9)
    for (const t of PARTISAN_TEAMS) m = withTeam(m, t, { breaks: 1 })
    expect(verdict(m)).toMatchObject({ winnerSideId: 'column' })
  })

  it('§16 / SMLE-ACT-15: every column team broken and none exited: the partisans win at once', () => {
    let m = inTurn(ambush(), 'pt-a', 9)
    for (const t of COLUMN_TEAMS) m = withTeam(m, t, { breaks: 1 })
    expect(verdict(m)).toMatchObject({ winnerSideId: 'partisans' })
  })

  it('§16 / SMLE-SCEN-05: one partisan team left unbroken: nobody has won yet', () => {
    let m = inTurn(ambush(), 'cl-1', 9)
    for (const t of ['pt-a', 'pt-b']) m = withTeam(m, t, { breaks: 1 })
    expect(verdict(m)).toBeNull()
  })

  it('§16 / SMLE-SCEN-05: 5 of 12 off east and the other 7 dead: the column can no longer make half, and the partisans win', () => {
    let m = offBy(ambush(), COLUMN.slice(0, 5), 'east')
    m = each(m, COLUMN.slice(5), DEAD)
    m = inTurn(m, 'pt-a', 9)
    const done = playOut(m)
    expect(done.state.result?.winnerSideId).toBe('partisans')
  })
})

describe('SMLE-SCEN-05: hidden units revealed when an enemy figure with line of sight comes within 8"', () => {
  /** cl1-1 walks east along z = 18 from x = 40 toward the hidden farm party at (52, 18). */
  const walk = (toX: number) => {
    const m = partisansAt(inTurn(at(cleared(), 'cl1-1', 40, 18), 'cl-1', 9), 4)
    expect(m.state.teams['pt-c']?.hidden).toBe(true)
    return act(m, { type: 'moveFigure', figureId: 'cl1-1', to: { x: toX, z: 18 } })
  }

  it('SMLE-SCEN-05 / SMLE-GEN-05/06: ending 8.0" away (base edge to base edge) in clear sight reveals the hidden team', () => {
    // Centres 9" apart, bases 0.5" in radius: 8.0" between base edges.
    const r = walk(43)
    expect(r.match.state.teams['pt-c']?.hidden).toBe(false)
    expect(revealedIn(r.events, 'pt-c')).toBe(true)
  })

  it('SMLE-SCEN-05 / SMLE-GEN-06: ending 8.1" away reveals nothing', () => {
    const r = walk(42.9)
    expect(r.match.state.teams['pt-c']?.hidden).toBe(true)
    expect(revealedIn(r.events, 'pt-c')).toBe(false)
  })

  it('SMLE-SCEN-05: within 8" but with the farm between them (no line of sight): still hidden; stepping round into sight within 8" reveals', () => {
    // Farm: x 38–44, z 22–27. The farm party just south of it; the column man north of it.
    let m = cleared()
    m = at(m, 'pt-c1', 41, 28)
    m = at(m, 'pt-c2', 42.6, 28)
    m = at(m, 'cl1-1', 41, 17)
    m = at(m, 'cl1-2', 35, 21)
    m = partisansAt(inTurn(m, 'cl-1', 9), 4)
    const blind = act(m, { type: 'moveFigure', figureId: 'cl1-1', to: { x: 41, z: 20 } }).match
    // 8" centre to centre, 7" between bases: within 8", but the farm blocks sight.
    expect(blind.state.teams['pt-c']?.hidden).toBe(true)
    const seen = act(blind, { type: 'moveFigure', figureId: 'cl1-2', to: { x: 35, z: 28 } }).match
    expect(seen.state.teams['pt-c']?.hidden).toBe(false)
  })

  it('SMLE-SCEN-05 / SMLE-SHOOT-01: a hidden team seen beyond 8" is not known: the column may not aim Direct Fire at it', () => {
    const m = inTurn(at(cleared(), 'cl1-1', 34, 18), 'cl-1', 8)
    expect(m.state.teams['pt-c']?.hidden).toBe(true)
    expect(
      clauseOf(m, { type: 'directFire', teamId: 'cl-1', targetTeamId: 'pt-c', weapons: {}, atVehicle: false }),
    ).not.toBe('accepted')
  })
})

describe('SMLE-COMBAT-04/05 and SMLE-SCEN-05: a hidden team fires, and firing reveals it', () => {
  /** The farm party hidden at (52, 18), waiting at `band`; cl1-1 at (30, 18) about to move east, 21" off. */
  const moving = (band: 5 | 4) => partisansAt(inTurn(at(cleared(), 'cl1-1', 30, 18), 'cl-1', 9), 4, band + 1)

  it('SMLE-COMBAT-05 / SMLE-COMBAT-04: a hidden team at B5 that sees the mover is offered Opportunity Fire; firing reveals it', () => {
    let m = act(moving(5), { type: 'moveFigure', figureId: 'cl1-1', to: { x: 34, z: 18 } }).match
    expect(m.state.pending).toMatchObject({ kind: 'opportunity', sideId: 'partisans' })
    const eligible = m.state.pending?.kind === 'opportunity' ? m.state.pending.eligibleTeamIds : []
    expect(eligible).toContain('pt-c')
    expect(m.state.teams['pt-c']?.hidden).toBe(true)
    const events: GameEvent[] = []
    let r = act(m, { type: 'opportunityFire', sideId: 'partisans', teamId: 'pt-c', weapons: {}, atVehicle: false })
    events.push(...r.events)
    m = r.match
    if (m.state.pending?.kind === 'fireReaction') {
      r = act(m, { type: 'reactToFire', sideId: 'column', prone: [] })
      events.push(...r.events)
      m = r.match
    }
    expect(m.state.teams['pt-c']?.hidden).toBe(false)
    expect(revealedIn(events, 'pt-c')).toBe(true)
    expect(m.state.teams['pt-c']?.attack).toBe('opportunity')
  })

  it('SMLE-COMBAT-04: a hidden team at B4 may not Opportunity Fire: no interrupt is offered to it and it stays hidden', () => {
    let m = moving(4)
    // The other partisan teams are out of sight in the north-east corner anyway; make sure only pt-c could be offered.
    m = act(m, { type: 'moveFigure', figureId: 'cl1-1', to: { x: 34, z: 18 } }).match
    const eligible = m.state.pending?.kind === 'opportunity' ? m.state.pending.eligibleTeamIds : []
    expect(eligible).not.toContain('pt-c')
    expect(m.state.teams['pt-c']?.hidden).toBe(true)
  })

  it('SMLE-COMBAT-04: after Opportunity Fire the team may not Direct Fire in its own turn, but may still move', () => {
    let m = act(moving(5), { type: 'moveFigure', figureId: 'cl1-1', to: { x: 34, z: 18 } }).match
    m = act(m, { type: 'opportunityFire', sideId: 'partisans', teamId: 'pt-c', weapons: {}, atVehicle: false }).match
    if (m.state.pending?.kind === 'fireReaction') m = act(m, { type: 'reactToFire', sideId: 'column', prone: [] }).match
    while (m.state.pending?.kind === 'opportunity')
      m = act(m, { type: 'holdFire', sideId: m.state.pending.sideId, until: 'move' }).match
    const own = inTurn(m, 'pt-c', 8)
    expect(own.state.teams['pt-c']?.attack).toBe('opportunity')
    expect(
      clauseOf(own, { type: 'directFire', teamId: 'pt-c', targetTeamId: 'cl-1', weapons: {}, atVehicle: false }),
    ).not.toBe('accepted')
    expect(clauseOf(own, { type: 'moveFigure', figureId: 'pt-c1', to: { x: 52, z: 19.5 } })).toBe('accepted')
  })

  it('SMLE-SCEN-05: a hidden team that makes Direct Fire in its own turn is revealed', () => {
    const m = inTurn(at(cleared(), 'cl1-1', 34, 18), 'pt-c', 8)
    expect(m.state.teams['pt-c']?.hidden).toBe(true)
    const r = act(m, { type: 'directFire', teamId: 'pt-c', targetTeamId: 'cl-1', weapons: {}, atVehicle: false })
    expect(revealedIn(r.events, 'pt-c')).toBe(true)
    expect(r.match.state.teams['pt-c']?.hidden).toBe(false)
  })

  it('SMLE-SCEN-05 / SMLE-COMBAT-09: a hidden team that Panic Fires (B2) is revealed: panic fire is fire too', () => {
    const m = inTurn(at(cleared(), 'cl1-1', 34, 18), 'pt-c', 2)
    const r = act(m, { type: 'panicFire', teamId: 'pt-c' })
    expect(revealedIn(r.events, 'pt-c')).toBe(true)
    expect(r.match.state.teams['pt-c']?.hidden).toBe(false)
  })

  it('SMLE-SCEN-05: a hidden team that only moves (beyond 8" of every enemy) is not revealed by moving', () => {
    const m = inTurn(at(cleared(), 'cl1-1', 30, 18), 'pt-c', 9)
    const r = act(m, { type: 'moveFigure', figureId: 'pt-c1', to: { x: 50, z: 18 } })
    expect(r.match.state.teams['pt-c']?.hidden).toBe(true)
  })
})

describe('SMLE-MOVE-08: running', () => {
  it('SMLE-MOVE-08 / SMLE-MOVE-E03: a Light team at B7 (half move 4") may run 8", but no farther; walking it may not pass 4"', () => {
    const m = inTurn(at(cleared(), 'cl1-1', 20, 20), 'cl-1', 7)
    expect(clauseOf(m, { type: 'moveFigure', figureId: 'cl1-1', to: { x: 28, z: 20 }, pace: 'run' })).toBe('accepted')
    expect(clauseOf(m, { type: 'moveFigure', figureId: 'cl1-1', to: { x: 28.5, z: 20 }, pace: 'run' })).not.toBe(
      'accepted',
    )
    expect(clauseOf(m, { type: 'moveFigure', figureId: 'cl1-1', to: { x: 24.5, z: 20 } })).not.toBe('accepted')
    expect(clauseOf(m, { type: 'moveFigure', figureId: 'cl1-1', to: { x: 24, z: 20 } })).toBe('accepted')
  })

  it('SMLE-MOVE-08: a running team may not Direct Fire; Panic Fire is still allowed', () => {
    let m = cleared()
    m = withTeam(m, 'pt-c', { hidden: false })
    m = inTurn(at(m, 'cl1-1', 34, 18), 'cl-1', 8)
    m = act(m, { type: 'moveFigure', figureId: 'cl1-1', to: { x: 36, z: 18 }, pace: 'run' }).match
    expect(m.state.teams['cl-1']?.moveOption?.kind).toBe('run')
    expect(
      clauseOf(m, { type: 'directFire', teamId: 'cl-1', targetTeamId: 'pt-c', weapons: {}, atVehicle: false }),
    ).toBe('SMLE-MOVE-08')
    expect(clauseOf(m, { type: 'panicFire', teamId: 'cl-1' })).toBe('accepted')
  })

  it('SMLE-MOVE-08: running cannot be combined with Pinned (B3) or Fall Back (B2, B1) moves', () => {
    for (const band of [3, 2, 1] as Band[]) {
      const m = inTurn(at(cleared(), 'cl1-1', 20, 20), 'cl-1', band)
      expect(
        clauseOf(m, { type: 'moveFigure', figureId: 'cl1-1', to: { x: 19, z: 20 }, pace: 'run' }),
        `B${band}`,
      ).not.toBe('accepted')
    }
  })
})

describe('SMLE-MOVE-09: rounds of running in a row halt a team', () => {
  /**
   * Plays one whole round with `teamId` acting first at B9: it makes one move with `pace` (1" east or west,
   * back and forth), or none; then every other turn is ended and the next round is rolled.
   */
  function round(m0: Match, teamId: string, figureId: string, pace: 'run' | 'tactical' | null): Match {
    let m = inTurn(m0, teamId, 9)
    if (pace !== null) {
      const p = m.state.figures[figureId]!.position
      const to = { x: p.x < 20 ? p.x + 1 : p.x - 1, z: p.z }
      m = act(m, { type: 'moveFigure', figureId, to, pace }).match
    }
    m = act(m, { type: 'endActivation', teamId }).match
    return playToRound(m, m0.state.round + 1)
  }
  const setUp = (figureId: string) => {
    // The column man stands well inside the west half, far from the (cleared) partisans.
    let m = at(cleared(), figureId, 10, 20)
    m = { ...m, state: { ...m.state, round: 1 } }
    return m
  }
  const canMove = (m: Match, teamId: string, figureId: string) => {
    const t = inTurn(m, teamId, 9)
    const p = t.state.figures[figureId]!.position
    return clauseOf(t, { type: 'moveFigure', figureId, to: { x: p.x + 1, z: p.z } })
  }

  it('SMLE-MOVE-09 / SMLE-MOVE-E02: a Light team that runs in rounds 1, 2 and 3 must halt in round 4 (no movement), and may move again in round 5', () => {
    let m = setUp('cl1-1')
    for (let i = 0; i < 3; i++) m = round(m, 'cl-1', 'cl1-1', 'run')
    expect(m.state.round).toBe(4)
    expect(canMove(m, 'cl-1', 'cl1-1')).toBe('SMLE-MOVE-09')
    m = round(m, 'cl-1', 'cl1-1', null)
    expect(m.state.round).toBe(5)
    expect(canMove(m, 'cl-1', 'cl1-1')).toBe('accepted')
  })

  it('SMLE-MOVE-09 / SMLE-MOVE-E02: the MG team (its gunner encumbered by the LMG: heavy equipment) that runs in rounds 1–3 halts in rounds 4 and 5', () => {
    let m = setUp('cl-mg1')
    m = at(m, 'cl-mg2', 10, 21.6)
    for (let i = 0; i < 3; i++) m = round(m, 'cl-mg', 'cl-mg1', 'run')
    expect(canMove(m, 'cl-mg', 'cl-mg1')).toBe('SMLE-MOVE-09')
    m = round(m, 'cl-mg', 'cl-mg1', null)
    expect(m.state.round).toBe(5)
    expect(canMove(m, 'cl-mg', 'cl-mg1')).toBe('SMLE-MOVE-09')
    m = round(m, 'cl-mg', 'cl-mg1', null)
    expect(m.state.round).toBe(6)
    expect(canMove(m, 'cl-mg', 'cl-mg1')).toBe('accepted')
  })

  it('SMLE-MOVE-09: the rounds must be in a row: run, run, walk, run leaves the team free to move in round 5', () => {
    let m = setUp('cl1-1')
    m = round(m, 'cl-1', 'cl1-1', 'run')
    m = round(m, 'cl-1', 'cl1-1', 'run')
    m = round(m, 'cl-1', 'cl1-1', 'tactical')
    m = round(m, 'cl-1', 'cl1-1', 'run')
    expect(m.state.round).toBe(5)
    expect(canMove(m, 'cl-1', 'cl1-1')).toBe('accepted')
  })

  it('SMLE-MOVE-09: a halted team may still fire as its band allows (halt = no movement only)', () => {
    let m = setUp('cl1-1')
    for (let i = 0; i < 3; i++) m = round(m, 'cl-1', 'cl1-1', 'run')
    m = withTeam(m, 'pt-c', { hidden: false })
    m = at(m, 'pt-c1', 24, 20)
    m = at(m, 'pt-c2', 25.6, 20)
    const t = inTurn(m, 'cl-1', 8)
    expect(canMove(m, 'cl-1', 'cl1-1')).toBe('SMLE-MOVE-09')
    expect(
      clauseOf(t, { type: 'directFire', teamId: 'cl-1', targetTeamId: 'pt-c', weapons: {}, atVehicle: false }),
    ).toBe('accepted')
  })

  it('SMLE-MOVE-09: a halted team may not step off the table either (leaving is movement)', () => {
    let m = setUp('cl1-1')
    for (let i = 0; i < 3; i++) m = round(m, 'cl-1', 'cl1-1', 'run')
    const t = inTurn(at(m, 'cl1-1', 59.45, 20), 'cl-1', 9)
    expect(clauseOf(t, { type: 'exitTable', figureId: 'cl1-1' })).toBe('SMLE-MOVE-09')
  })
})
