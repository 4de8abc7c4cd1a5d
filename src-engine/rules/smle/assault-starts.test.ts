import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  actingTeamId,
  applyRule,
  awaitingTurns,
  inTurn,
  newMatch,
  withFigure,
  withTeam,
} from '../../../tests/fixtures/play'
import { unitActivation } from './activation'
import type { CommandInput } from './commands/index'
import type { GameEvent, GameEventOf } from './events/events'
import { dispatch, type Match, newHeader, startMatch } from './match'
import { ScenarioSchema, type ScenarioInput } from './scenario/schema'
import { selectNextUnit } from './sequence'
import { fig, flat } from '../../../tests/audit/smle-s09-s16-helpers'

/*
 * SMLE-CA-08 ("surprised or unaware": the defender had no line of sight to any
 * attacking figure at the start of the attacker's move, or the attackers were
 * hidden) and Table 11.2 (D ≥ 2A: the attacker falls back to where it started
 * the round), each judged at its own start: the attacking team's move in this
 * turn for the first, the round for the second.
 */

type Rolled = GameEventOf<'DiceRolled'>
const rolls = (events: readonly GameEvent[], purpose: string): Rolled[] =>
  events.filter((e): e is Rolled => e.type === 'DiceRolled' && e.purpose === purpose)
const surprise = (r: Rolled): number | undefined => r.modifiers.find((m) => m.clause === 'SMLE-CA-08')?.value

function act(m: Match, c: CommandInput): { match: Match; events: readonly GameEvent[] } {
  const r = dispatch(m, c)
  if (!r.decision.ok) throw new Error(`${r.decision.reason.clause}: ${r.decision.reason.message}`)
  return { match: r.match, events: r.decision.events }
}
const at = (m: Match, id: string): { x: number; z: number } => {
  const f = m.state.figures[id]!
  return { x: f.position.x, z: f.position.z }
}
const place = (m: Match, id: string, x: number, z: number): Match => withFigure(m, id, { position: { x, y: 0, z } })
/** Every team but `teamId` waits at AL 4 (no opportunity fire), kept there when its modifiers are worked out again. */
function othersWait(m: Match, teamId: string): Match {
  let out = m
  for (const id of Object.keys(m.state.teams)) {
    if (id === teamId) continue
    const die = 4 - unitActivation(out.state, out.world, id, 0).al
    const r = unitActivation(out.state, out.world, id, die)
    out = withTeam(out, id, {
      activation: { die, al: r.al, band: r.band, modifiers: [...r.modifiers], shifts: [...r.shifts], blockId: id },
    })
  }
  return out
}
/** `teamId` acting at `band`, every other team waiting at AL 4. */
const turnOf = (m: Match, teamId: string, band: 9 | 10): Match => othersWait(inTurn(m, teamId, band), teamId)
const reseed = (m: Match, seed: number): Match => ({
  ...m,
  state: { ...m.state, rng: startMatch(newHeader(m.header.scenario, seed, 'quick')).state.rng },
})

// ---------------------------------------------------------------------------------------------
// The farmhouse (walls x 30–40, z 18–26, no windows; the front door in the south wall, x 34.2–35.8).

const HQ = 'br-section-hq'
const GA = 'de-gruppe-a'
const farmhouse = ScenarioSchema.parse(
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'assets', 'scenarios', 'farmhouse-skirmish.json'), 'utf8'),
  ),
)

/** Gruppe A inside, the Unteroffizier right behind the front door; the HQ outside, Hale (br-sgt) before the door. */
function farm(seed = 1, door: 'open' | 'closed' = 'closed'): Match {
  let m = startMatch(newHeader(farmhouse, seed, 'quick'))
  m = place(m, 'de-uffz', 35, 24.15)
  m = place(m, 'de-s1', 33, 21)
  m = place(m, 'de-s2', 37.5, 21)
  // The riflemen stand along the wall, where no German inside can see them, open door or not.
  m = place(m, 'br-r1', 31, 27)
  m = place(m, 'br-r2', 39, 27)
  const front = m.state.doors['farmhouse-front']!
  return { ...m, state: { ...m.state, doors: { ...m.state.doors, [front.id]: { ...front, state: door } } } }
}
const charge = (figureId = 'br-sgt'): CommandInput => ({
  type: 'closeAssault',
  teamId: HQ,
  targetTeamId: GA,
  moves: [{ figureId, to: { x: 35, z: 25.2 } }],
})
/** Whether the Unteroffizier sees any figure of the HQ, as the game stands. */
const uffzSeesHq = (m: Match): boolean =>
  ['br-sgt', 'br-r1', 'br-r2'].some((id) =>
    m.world.sees(m.state.figures['de-uffz']!, m.state.figures[id]!, m.state.doors),
  )

/** The HQ at B10 (a Double Move), every other team done: its first turn begins. */
function doubleMove(m: Match): Match {
  const ready = awaitingTurns(m, { [HQ]: 13 })
  const started = applyRule(ready, selectNextUnit).match
  expect(actingTeamId(started)).toBe(HQ)
  expect(started.state.teams[HQ]?.secondTurn).toBe('waiting')
  return started
}
/** Ends the acting team's first turn: the HQ's second turn (phase 6) begins. */
function secondTurn(m: Match): Match {
  const next = act(m, { type: 'endActivation', teamId: HQ }).match
  expect(next.state.activeUnit?.turn).toBe('second')
  expect(actingTeamId(next)).toBe(HQ)
  return next
}

describe('SMLE-CA-08: surprise is judged at the start of the attackers\u2019 move', () => {
  it('a defender that saw an attacker through the open door when the move began is not surprised, though none is in its sight when the assault is declared', () => {
    let m = turnOf(farm(1, 'open'), HQ, 9)
    expect(uffzSeesHq(m)).toBe(true)
    // Hale steps aside along the wall, out of the doorway's line: nobody of the HQ is in the Unteroffizier's sight.
    m = act(m, { type: 'moveFigure', figureId: 'br-sgt', to: { x: 33, z: 27 } }).match
    expect(uffzSeesHq(m)).toBe(false)
    const r = act(m, charge())
    const def = rolls(r.events, 'close assault (defence)')
    expect(def.map((x) => x.figureId)).toEqual(['de-uffz'])
    for (const x of def) expect(surprise(x), JSON.stringify(x.modifiers)).toBeUndefined()
  })

  it('the contrary: behind the closed door he saw nobody when the move began; Hale opens it and charges: surprised (−2), though the door is open when the assault is declared', () => {
    let m = turnOf(farm(), HQ, 9)
    expect(uffzSeesHq(m)).toBe(false)
    m = act(m, { type: 'openDoor', figureId: 'br-sgt', doorId: 'farmhouse-front' }).match
    expect(uffzSeesHq(m)).toBe(true)
    const def = rolls(act(m, charge()).events, 'close assault (defence)')
    expect(def.length).toBe(1)
    for (const x of def) expect(surprise(x)).toBe(-2)
  })

  it('a Double Move: the door Hale opened in his first turn is open when his second turn\u2019s move begins: the assault then finds the Unteroffizier aware', () => {
    let m = doubleMove(farm())
    m = act(m, { type: 'openDoor', figureId: 'br-sgt', doorId: 'farmhouse-front' }).match
    m = secondTurn(m)
    const def = rolls(act(m, charge()).events, 'close assault (defence)')
    expect(def.length).toBe(1)
    for (const x of def) expect(surprise(x)).toBeUndefined()
  })
})

describe('Table 11.2 (D ≥ 2A): the attacker falls back to where it started the round', () => {
  /** Plays `run` on seeds until a single fight ends D ≥ 2A; returns that game. */
  function fallBack(run: (seed: number) => { match: Match; events: readonly GameEvent[] }): Match {
    for (let seed = 1; seed <= 300; seed++) {
      const r = run(seed)
      const a = rolls(r.events, 'close assault')
      const d = rolls(r.events, 'close assault (defence)')
      if (a.length !== 1 || d.length !== 1 || d[0]!.total < 2 * a[0]!.total) continue
      return r.match
    }
    throw new Error('no fight ended D ≥ 2A')
  }

  it('a Double Move: Hale edged along the wall in his first turn and charges in his second: he falls back to where he began the round, not where his second turn began', () => {
    let m = doubleMove(farm())
    const began = at(m, 'br-sgt')
    m = act(m, { type: 'moveFigure', figureId: 'br-sgt', to: { x: 35.3, z: 27 } }).match
    m = secondTurn(m)
    m = act(m, { type: 'openDoor', figureId: 'br-sgt', doorId: 'farmhouse-front' }).match
    const second = m
    const after = fallBack((seed) => act(reseed(second, seed), charge()))
    expect(after.state.figures['br-sgt']?.status).toBe('ok')
    expect(at(after, 'br-sgt')).toEqual(began)
  })
})

// ---------------------------------------------------------------------------------------------
// The open field: nothing blocks sight.

type TeamInput = ScenarioInput['teams'][number]
/** The flat table of the audits: Blue's team b (b1, b2) facing Red's r (r1, r2) 4" apart, each with `more` over it. */
function field(blue: Partial<TeamInput>, red: Partial<TeamInput>): Match {
  return newMatch(
    1,
    flat([
      { id: 'b', name: 'B', sideId: 'blue', figures: [fig('b1', 20, 22), fig('b2', 23, 22)], ...blue },
      { id: 'r', name: 'R', sideId: 'red', figures: [fig('r1', 20, 18), fig('r2', 23, 18)], ...red },
    ]),
  )
}

describe('SMLE-CA-08 on the open field: hidden attackers', () => {
  /** Blue 7.9" from Red (in sight, within 8": spotted at the first reveal check); b2 steps aside, b1 charges r1. */
  const approach = (hidden: boolean): { before: Match; events: readonly GameEvent[] } => {
    const m = turnOf(field({ hidden, figures: [fig('b1', 20, 26.9), fig('b2', 26, 26.9)] }, {}), 'b', 9)
    const step = act(m, { type: 'moveFigure', figureId: 'b2', to: { x: 26.5, z: 26.9 } })
    const r = act(step.match, {
      type: 'closeAssault',
      teamId: 'b',
      targetTeamId: 'r',
      moves: [{ figureId: 'b1', to: { x: 20, z: 19.05 } }],
    })
    return { before: step.match, events: [...step.events, ...r.events] }
  }

  it('attackers hidden when their move began surprise the defenders, though in plain sight, and revealed before the assault was declared', () => {
    const { before, events } = approach(true)
    expect(events.some((e) => e.type === 'TeamRevealed' && e.teamId === 'b')).toBe(true)
    expect(before.state.teams.b?.hidden).toBe(false)
    const def = rolls(events, 'close assault (defence)')
    expect(def.length).toBeGreaterThan(0)
    for (const x of def) expect(surprise(x)).toBe(-2)
  })

  it('the same attackers not hidden: the defenders saw them, not surprised', () => {
    const def = rolls(approach(false).events, 'close assault (defence)')
    expect(def.length).toBeGreaterThan(0)
    for (const x of def) expect(surprise(x)).toBeUndefined()
  })
})

describe('Table 11.2 on the open field: who falls back where', () => {
  /**
   * Every fight ends D ≥ 2A: Blue are Untrained, lightly wounded riflemen
   * (1D6 + 1 − 2 − 2, at most 3); Red Veteran Warriors with swords (1D6 + 3 + 1 + 2, at least 7).
   * b2 stands in base contact with r2 from the start of the round; b1 is 3" from r1.
   */
  function weakOnStrong(): Match {
    let m = field(
      { quality: 'untrained', figures: [fig('b1', 20, 22), fig('b2', 23, 19.05)] },
      {
        quality: 'veteran',
        motivation: 'warriors',
        figures: [fig('r1', 20, 18, { weapon: 'sword' }), fig('r2', 23, 18, { weapon: 'sword' })],
      },
    )
    for (const id of ['b1', 'b2']) m = withFigure(m, id, { status: 'lightWound', treated: false })
    return turnOf(m, 'b', 9)
  }

  it('one that moved earlier in its turn falls back to where it began the round; one that never moved stays where it stands', () => {
    for (const seed of [1, 2, 3]) {
      let m = reseed(weakOnStrong(), seed)
      m = act(m, { type: 'moveFigure', figureId: 'b1', to: { x: 20, z: 21 } }).match
      const r = act(m, {
        type: 'closeAssault',
        teamId: 'b',
        targetTeamId: 'r',
        moves: [{ figureId: 'b1', to: { x: 20, z: 19.05 } }],
      })
      const att = rolls(r.events, 'close assault')
      const def = rolls(r.events, 'close assault (defence)')
      expect(att.map((x) => x.figureId).sort()).toEqual(['b1', 'b2'])
      for (let i = 0; i < att.length; i++) expect(def[i]!.total).toBeGreaterThanOrEqual(2 * att[i]!.total)
      expect(r.match.state.figures.b1?.status).toBe('lightWound')
      expect(at(r.match, 'b1')).toEqual({ x: 20, z: 22 })
      expect(at(r.match, 'b2')).toEqual({ x: 23, z: 19.05 })
      // Nothing to move for the one already where it began.
      expect(r.events.some((e) => e.type === 'FigureMoved' && e.figureId === 'b2')).toBe(false)
    }
  })
})
