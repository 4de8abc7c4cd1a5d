import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type Match, newMatchHeader, startMatchOf } from '../../src-engine/core/match'
import { openReplay, type Replay, viewReplayStep } from '../../src-engine/core/replay'
import type { AnyRuleset } from '../../src-engine/core/ruleset'
import { REFEREE, sidesViewer, type Viewer } from '../../src-engine/core/viewer'
import { RngCursor, seedRng } from '../../src-engine/rng/sfc32'
import { playOut } from '../../src-engine/rules/smle/queries/playout'
import { smle } from '../../src-engine/rules/smle/ruleset'
import { ScenarioSchema } from '../../src-engine/rules/smle/scenario/schema'
import { secretsFor } from '../../src-engine/rules/smle/view'
import { playOutSmr } from '../../src-engine/rules/smr/random-player'
import { smr } from '../../src-engine/rules/smr/ruleset'
import { SmrScenarioSchema } from '../../src-engine/rules/smr/scenario'
import { stateHash } from '../../src-engine/save/format'
import { drive } from '../fixtures/drive'
import { newMatch } from '../fixtures/play'
import { deepFreeze, hutScenario } from '../fixtures/scenarios'
import { REPO_ROOT } from './clauses'

const asset = (id: string): unknown =>
  JSON.parse(readFileSync(join(REPO_ROOT, 'assets', 'scenarios', `${id}.json`), 'utf8'))

/** A game's header and log, with the hash of its state after every command (index 0: before the first). */
interface Played {
  readonly ruleset: AnyRuleset
  readonly match: Match<unknown, unknown, unknown, never>
  readonly hashes: readonly string[]
}

/** The hashes of the states a game went through, by replaying its log command by command through `dispatch`'s own fold. */
function recorded(m: Match<unknown, unknown, unknown, never>): string[] {
  let state = m.ruleset.initialState(m.header.scenario, m.header.seed, m.header.dice)
  const hashes = [stateHash(state)]
  for (const entry of m.entries) {
    for (const e of entry.events) state = m.ruleset.apply(state, e)
    hashes.push(stateHash(state))
  }
  expect(hashes.at(-1)).toBe(stateHash(m.state))
  return hashes
}

/** An SMLE game played to its end by the sim's random player: hashes recorded as it was played. */
function smleGame(id: string, seed: number, dice: 'quick' | 'physics'): Played {
  const hashes: string[] = []
  const start = startMatchOf(smle, newMatchHeader(smle, ScenarioSchema.parse(asset(id)), seed, dice))
  hashes.push(stateHash(start.state))
  const r = playOut(start, seed, 5000, (m) => hashes.push(stateHash(m.state)))
  return { ruleset: smle, match: r.match as never, hashes }
}

function smrGame(id: string, seed: number): Played {
  const hashes: string[] = []
  const start = startMatchOf(smr, newMatchHeader(smr, SmrScenarioSchema.parse(asset(id)), seed, 'quick'))
  hashes.push(stateHash(start.state))
  const r = playOutSmr(start, seedRng(seed + 1000), 8000, (m) => hashes.push(stateHash(m.state)))
  return { ruleset: smr, match: r.match as never, hashes }
}

function replayOf(g: Played, keyframeEvery?: number): Replay {
  const { header, entries } = g.match
  return openReplay(g.ruleset, deepFreeze(header), deepFreeze(entries), keyframeEvery ? { keyframeEvery } : {})
}

/** Every index forward, every index back, then `n` seeded random jumps: each state's hash is the original's. */
function expectSeeksMatch(g: Played, replay: Replay, jumps = 200): void {
  const n = g.match.entries.length
  expect(replay.length).toBe(n)
  const at = (i: number) => expect(stateHash(replay.stateAt(i)), `state after ${i} of ${n} commands`).toBe(g.hashes[i])
  for (let i = 0; i <= n; i++) at(i)
  for (let i = n; i >= 0; i--) at(i)
  const cursor = new RngCursor(seedRng(n))
  for (let k = 0; k < jumps; k++) at(cursor.int(n + 1))
}

/** Seed 1 of the ambush: some partisans take turns while still hidden from the column. */
const ambush = smleGame('smle-ambush', 1, 'quick')
const farmhouse = smleGame('farmhouse-skirmish', 3, 'physics')

describe('a replay rebuilds exactly the states of the original game (state hashes)', () => {
  const contact = smrGame('smr-contact', 4)

  it(`SMLE farmhouse (random player, physics dice, ${farmhouse.match.entries.length} commands): forward, backward and random seeks, default keyframes`, () => {
    expect(farmhouse.match.state).toMatchObject({ phase: 'ended' })
    expectSeeksMatch(farmhouse, replayOf(farmhouse))
  })

  it('SMLE ambush (random player, hidden set-up): a keyframe at every command, or every 7th, gives the same states', () => {
    for (const every of [1, 7]) expectSeeksMatch(ambush, replayOf(ambush, every), 50)
  })

  it('SMLE hut game driven by the test driver: the hashes recorded while it was played', () => {
    let m = newMatch(5, hutScenario())
    const hashes = [stateHash(m.state)]
    for (let i = 0; i < 60 && m.state.phase !== 'ended'; i++) {
      m = drive(m, 1)
      hashes.push(stateHash(m.state))
    }
    expect(recorded(m as never)).toEqual(hashes)
    expectSeeksMatch(
      { ruleset: smle, match: m as never, hashes },
      replayOf({ ruleset: smle, match: m as never, hashes }, 4),
    )
  })

  it(`SMR contact (random player, ${contact.match.entries.length} commands): forward, backward and random seeks`, () => {
    expectSeeksMatch(contact, replayOf(contact))
    expectSeeksMatch(contact, replayOf(contact, 5), 50)
  })

  it('an index off the timeline is refused, naming the range', () => {
    const r = replayOf(farmhouse)
    expect(() => r.stateAt(-1)).toThrow(/runs from 0 to/)
    expect(() => r.stateAt(r.length + 1)).toThrow(RangeError)
    expect(() => r.stateAt(1.5)).toThrow(RangeError)
    expect(() => openReplay(smle, farmhouse.match.header as never, [], { keyframeEvery: 0 })).toThrow(/keyframe/)
  })
})

describe('replay marks and steps as a viewer may see them', () => {
  const { header, entries } = ambush.match

  it('marks every round and every team turn, each at the command that began it', () => {
    const r = openReplay(smle, header as never, entries as never)
    const rounds = r.marks.filter((m) => m.kind === 'round')
    const state = (i: number) => r.stateAt(i) as { round: number }
    for (const m of rounds) {
      expect(state(m.index).round).not.toBe(state(m.index - 1).round)
      expect(m.label).toBe(`Round ${state(m.index).round}`)
    }
    // A round mark for every round the game reached after the first.
    expect(rounds.map((m) => m.label)).toEqual(
      Array.from({ length: state(r.length).round - 1 }, (_, k) => `Round ${k + 2}`),
    )
    const turns = entries.filter((e) => e.events.some((ev) => (ev as { type: string }).type === 'TurnStarted'))
    expect(r.marks.filter((m) => m.kind === 'activation')).toHaveLength(turns.length)
  })

  it("a seat's marks never name a team still hidden from it (SMLE-SCEN-05); the referee's name them", () => {
    const column = sidesViewer('column')
    const seat = openReplay(smle, header as never, entries as never, { viewer: column })
    const referee = openReplay(smle, header as never, entries as never, { viewer: REFEREE })
    expect(seat.marks.length).toBeLessThan(referee.marks.length)
    for (const m of seat.marks.filter((k) => k.kind === 'activation')) {
      const state = seat.stateAt(m.index) as Parameters<typeof secretsFor>[0]
      const hidden = [...secretsFor(state, column).teamIds].map((id) => state.teams[id]?.name)
      expect(hidden, `mark "${m.label}" at ${m.index}`).not.toContain(m.label)
    }
  })

  it("a step shows the viewer's view of the state, the events it may see and their words", () => {
    const r = openReplay(smle, header as never, entries as never)
    const viewers: Viewer[] = [REFEREE, sidesViewer('column'), sidesViewer('partisans'), { kind: 'spectator' }]
    const cursor = new RngCursor(seedRng(11))
    for (let k = 0; k < 40; k++) {
      const i = 1 + cursor.int(r.length)
      for (const viewer of viewers) {
        const step = viewReplayStep(r, i, viewer)
        const after = r.stateAt(i)
        expect(step.index).toBe(i)
        expect(stateHash(step.state)).toBe(stateHash(smle.view(after as never, viewer, header.scenario as never)))
        expect(step.events).toEqual(smle.viewEvents(entries[i - 1]!.events as never, after as never, viewer))
        expect(step.lines.length).toBeLessThanOrEqual(step.events.length)
        expect(step.lines.every((l) => l.length > 0)).toBe(true)
      }
    }
    const start = viewReplayStep(r, 0, REFEREE)
    expect(start.events).toEqual([])
    expect(stateHash(start.state)).toBe(ambush.hashes[0])
  })

  it("a step's dice are the recorded rolls, physics throws and all", () => {
    const r = openReplay(smle, farmhouse.match.header as never, farmhouse.match.entries as never)
    const i =
      farmhouse.match.entries.findIndex((e) => e.events.some((ev) => (ev as { type: string }).type === 'DiceRolled')) +
      1
    expect(i).toBeGreaterThan(0)
    const step = viewReplayStep(r, i, REFEREE)
    const dice = step.events.filter((e) => (e as { type: string }).type === 'DiceRolled')
    expect(dice.length).toBeGreaterThan(0)
    expect(dice[0]).toMatchObject({ method: 'physics', physics: { throws: expect.any(Array) } })
    expect(step.lines.some((l) => / rolled for /.test(l))).toBe(true)
  })

  it('a replay never changes the log it was opened on (frozen header and entries)', () => {
    const frozen = deepFreeze(structuredClone({ header, entries }))
    const r = openReplay(smle, frozen.header as never, frozen.entries as never)
    for (let i = r.length; i >= 0; i -= 7) viewReplayStep(r, i, sidesViewer('column'))
    expect(frozen.entries).toEqual(entries)
  })
})
