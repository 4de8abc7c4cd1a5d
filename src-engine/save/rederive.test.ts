import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { drive, nextCommand } from '../../tests/fixtures/drive'
import { newMatch } from '../../tests/fixtures/play'
import { hutScenario } from '../../tests/fixtures/scenarios'
import { rulesetFor } from '../rules/index'
import { parseSave } from '../rules/loading'
import { dispatch, type LogEntry, type Match, type MatchHeader, replay } from '../rules/smle/match'
import { SMLE_RULES_VERSION } from '../rules/smle/ruleset'
import { randomPlayer } from '../rules/smle/queries/legal-commands'
import type { CommandInput } from '../rules/smle/commands/index'
import { ScenarioSchema } from '../rules/smle/scenario/schema'
import { seedRng } from '../rng/sfc32'
import { parseSave as parseSaveWith, serializeSave, stateHash } from './format'
import { firstDifference } from './rederive'

const meta = { name: 'Forged', savedAt: '2026-12-02T10:00:00.000Z' }

/** A real game on the hut table: activation rolls, moves, fire with hits and misses, interrupt windows. */
function realGame(): Match {
  let m = newMatch(5, hutScenario())
  const player = randomPlayer(seedRng(1))
  while (m.entries.length < 60 && m.state.phase !== 'ended') {
    const c = player.next(m.state, m.world)
    if (!c) break
    const r = dispatch(m, c)
    if (!r.decision.ok) throw new Error(r.decision.reason.message)
    m = r.match
  }
  return m
}

interface RawEvent {
  type: string
  [key: string]: unknown
}
interface RawEntry {
  seq: number
  command: { type: string; [key: string]: unknown }
  events: RawEvent[]
  barrier: boolean
}
interface RawSave {
  header: { seed: number; [key: string]: unknown }
  entries: RawEntry[]
  snapshot: { seq: number; stateHash: string }
}

const game = realGame()
const text = serializeSave(game, meta)
const fresh = (): RawSave => JSON.parse(text) as RawSave

/**
 * Writes the forged file as a careful forger would: the snapshot rehashed to
 * the state the edited log folds to, so the file passes every check but
 * playing it again through the rules.
 */
function forged(raw: RawSave): string {
  const state = replay(raw.header as unknown as MatchHeader, raw.entries as unknown as LogEntry[])
  raw.snapshot = { seq: raw.entries.length, stateHash: stateHash(state) }
  return JSON.stringify(raw, null, 1)
}

/** The first [entry, event] where `pick` holds. */
function find(raw: RawSave, pick: (e: RawEvent, entry: RawEntry) => boolean): [number, number] {
  for (const [i, entry] of raw.entries.entries())
    for (const [j, e] of entry.events.entries()) if (pick(e, entry)) return [i, j]
  throw new Error('not in the game')
}

function refusal(textOfSave: string): string {
  const r = parseSave(textOfSave)
  if (r.ok) throw new Error('the forged save was accepted')
  return r.message
}

describe('re-deriving a save: only the game the rules give loads', () => {
  it('the untouched save loads to the same state hash', () => {
    const r = parseSave(text)
    expect(r.ok).toBe(true)
    if (r.ok) expect(stateHash(r.match.state)).toBe(stateHash(game.state))
  })

  it('the game has what the forgeries need', () => {
    const raw = fresh()
    expect(find(raw, (e) => e.type === 'DiceRolled' && e.success === false)).toBeTruthy()
    expect(find(raw, (e) => e.type === 'FigureMoved')).toBeTruthy()
  })

  it('refuses dice faces changed (the total changed to match)', () => {
    const raw = fresh()
    const [i, j] = find(raw, (e) => e.type === 'DiceRolled')
    const roll = raw.entries[i]!.events[j]! as RawEvent & { faces: number[]; total: number }
    const before = roll.faces[0]!
    roll.faces[0] = before === 6 ? 5 : before + 1
    roll.total += roll.faces[0] - before
    expect(refusal(forged(raw))).toBe(
      `The save does not match its own game: entry ${i + 1} (${raw.entries[i]!.command.type}) records events the rules do not give (first difference at events[${j}].faces[0]: the file has ${roll.faces[0]}, the rules give ${before}).`,
    )
  })

  it("refuses an event's success flipped", () => {
    const raw = fresh()
    const [i, j] = find(raw, (e) => e.type === 'DiceRolled' && e.success === false)
    raw.entries[i]!.events[j]!.success = true
    expect(refusal(forged(raw))).toContain(
      `entry ${i + 1} (${raw.entries[i]!.command.type}) records events the rules do not give (first difference at events[${j}].success: the file has true, the rules give false)`,
    )
  })

  it("refuses an event's total changed", () => {
    const raw = fresh()
    const [i, j] = find(raw, (e) => e.type === 'DiceRolled' && e.success === false)
    const roll = raw.entries[i]!.events[j]! as RawEvent & { total: number }
    roll.total += 5
    expect(refusal(forged(raw))).toContain(`entry ${i + 1} (`)
    expect(refusal(forged(raw))).toContain(`first difference at events[${j}].total`)
  })

  it('refuses a figure moved by editing its FigureMoved event', () => {
    const raw = fresh()
    const [i, j] = find(raw, (e) => e.type === 'FigureMoved')
    const moved = raw.entries[i]!.events[j]! as RawEvent & { to: { x: number } }
    moved.to.x += 2
    const message = refusal(forged(raw))
    expect(message).toContain(`entry ${i + 1} (${raw.entries[i]!.command.type}) records events the rules do not give`)
    expect(message).toMatch(new RegExp(`first difference at events\\[${j}\\]\\.`))
  })

  it('refuses the seed changed with the log kept, at the first roll', () => {
    const raw = fresh()
    raw.header.seed = raw.header.seed + 1
    const [i] = find(raw, (e) => e.type === 'DiceRolled')
    const message = refusal(forged(raw))
    expect(message).toContain(`entry ${i + 1} (${raw.entries[i]!.command.type}) records events the rules do not give`)
  })

  it('refuses a barrier flag cleared (undo would pass the dice)', () => {
    const raw = fresh()
    const i = raw.entries.findIndex((e) => e.barrier)
    raw.entries[i]!.barrier = false
    expect(refusal(forged(raw))).toBe(
      `The save does not match its own game: entry ${i + 1} (${raw.entries[i]!.command.type}) has its undo barrier cleared, though its events reveal randomness (undo would pass the dice).`,
    )
  })

  it('refuses a barrier flag added', () => {
    const raw = fresh()
    const i = raw.entries.findIndex((e) => !e.barrier)
    raw.entries[i]!.barrier = true
    expect(refusal(forged(raw))).toContain(`entry ${i + 1} (${raw.entries[i]!.command.type}) is marked an undo barrier`)
  })

  it('refuses an event inserted', () => {
    const raw = fresh()
    const [i, j] = find(raw, (e) => e.type === 'FigureMoved')
    const events = raw.entries[i]!.events
    events.splice(j + 1, 0, structuredClone(events[j]!))
    const message = refusal(forged(raw))
    expect(message).toContain(`entry ${i + 1} (${raw.entries[i]!.command.type}) records events the rules do not give`)
    expect(message).toMatch(new RegExp(`first difference at events\\[${j + 1}\\]`))
  })

  it('refuses an event removed', () => {
    const raw = fresh()
    const i = raw.entries.findIndex((e) => e.command.type === 'endActivation' && e.events.length > 1)
    const removed = raw.entries[i]!.events.pop()!
    expect(refusal(forged(raw))).toContain(
      `entry ${i + 1} (endActivation) records events the rules do not give (first difference at events[${raw.entries[i]!.events.length}]: the file has nothing, the rules give a ${removed.type} event).`,
    )
  })

  it('refuses a command changed (its recorded events no longer follow)', () => {
    const raw = fresh()
    const i = raw.entries.findIndex((e) => e.command.type === 'moveFigure')
    const command = raw.entries[i]!.command as unknown as { to: { x: number; z: number } }
    const moved = raw.entries[i]!.events.find((e) => e.type === 'FigureMoved') as unknown as {
      to: { x: number; z: number }
    }
    command.to = { x: moved.to.x + (moved.to.x > 15 ? -0.5 : 0.5), z: moved.to.z }
    const message = refusal(forged(raw))
    expect(message).toContain(`entry ${i + 1} (moveFigure) records events the rules do not give`)
  })

  it('refuses a command the rules would not accept there, with its clause', () => {
    const raw = fresh()
    const i = raw.entries.findIndex((e) => e.command.type === 'endActivation')
    const team = raw.entries[i]!.command.teamId
    raw.entries[i]!.command.teamId = team === 'blue-1' ? 'red-1' : 'blue-1'
    expect(refusal(forged(raw))).toMatch(
      new RegExp(
        `entry ${i + 1} \\(endActivation\\) is a command the rules refuse at that point \\([A-Z]+-[A-Z]+-\\d+: `,
      ),
    )
  })

  it('refuses entries renumbered', () => {
    const raw = fresh()
    raw.entries[3]!.seq = 9
    expect(refusal(forged(raw))).toContain('entry 4 (')
    expect(refusal(forged(raw))).toContain('is numbered 9')
  })

  it('a save from older rules that play differently now is refused saying so, naming the entry', () => {
    const raw = fresh()
    const [i, j] = find(raw, (e) => e.type === 'DiceRolled' && e.success === false)
    raw.entries[i]!.events[j]!.success = true
    const newer = (id: string) => {
      const found = rulesetFor(id)
      return found.ok ? { ok: true as const, value: { ...found.value, version: found.value.version + 1 } } : found
    }
    const r = parseSaveWith(forged(raw), newer)
    expect(r.ok).toBe(false)
    if (!r.ok)
      expect(r.message).toMatch(
        new RegExp(
          `^The save was played under older SMLE \\(Slammer\\) rules \\(version ${SMLE_RULES_VERSION}\\), which this program's rules \\(version ${SMLE_RULES_VERSION + 1}\\) no longer give: entry ${i + 1} \\(`,
        ),
      )
  })

  it('a save with a UTF-8 byte-order mark loads', () => {
    const r = parseSave(`\uFEFF${text}`)
    expect(r.ok).toBe(true)
    if (r.ok) expect(stateHash(r.match.state)).toBe(stateHash(game.state))
  })
})

describe('physics dice are thrown again on load', () => {
  const physics = drive(newMatch(42, hutScenario(), 'physics'), 12)
  const physicsText = serializeSave(physics, meta)

  it('a physics-dice save round-trips', () => {
    expect(
      physics.entries.some((e) => e.events.some((ev) => ev.type === 'DiceRolled' && ev.method === 'physics')),
    ).toBe(true)
    const r = parseSave(physicsText)
    expect(r.ok).toBe(true)
    if (r.ok) expect(stateHash(r.match.state)).toBe(stateHash(physics.state))
  })

  it('a face edited in a physics roll does not survive', () => {
    const raw = JSON.parse(physicsText) as RawSave
    const [i, j] = find(raw, (e) => e.type === 'DiceRolled')
    const roll = raw.entries[i]!.events[j]! as RawEvent & { faces: number[] }
    roll.faces[0] = roll.faces[0] === 6 ? 1 : 6
    expect(refusal(forged(raw))).toContain(`entry ${i + 1} (rollActivation) records events the rules do not give`)
  })
})

/**
 * A real Ambush game (SMLE-SCEN-05) in which a column rifleman, 1" from the
 * column's own base line (west), steps up to it and off the table as soon as
 * his team acts.
 */
function ambushExit(): Match {
  const scenario = ScenarioSchema.parse(
    JSON.parse(readFileSync(join(import.meta.dirname, '../../assets/scenarios/smle-ambush.json'), 'utf8')),
  )
  const toEdge: CommandInput = { type: 'moveFigure', figureId: 'cl1-1', to: { x: 0.55, z: 14 } }
  const exit: CommandInput = { type: 'exitTable', figureId: 'cl1-1' }
  let m = newMatch(1, scenario)
  while (m.state.figures['cl1-1']?.offTable === null && m.state.phase !== 'ended' && m.entries.length < 400) {
    const mine = [exit, toEdge].find((c) => dispatch(m, c).decision.ok)
    m = dispatch(m, mine ?? nextCommand(m)).match
  }
  return m
}

describe('a save from before exits named their edge (SMLE rules version 2)', () => {
  const exited = ambushExit()
  const exitText = serializeSave(exited, meta)

  /**
   * The same game as rules version 2 wrote it: its exit event names no edge,
   * and its snapshot is the hash of the state those rules reached, which had
   * no edge on the figure.
   */
  function olderSave(): { text: string; entry: number } {
    const raw = JSON.parse(exitText) as RawSave
    raw.header.rulesVersion = 2
    const [i, j] = find(raw, (e) => e.type === 'FigureLeftTable')
    delete raw.entries[i]!.events[j]!.edge
    const { exitEdge: _, ...figure } = exited.state.figures['cl1-1']!
    const state = { ...exited.state, figures: { ...exited.state.figures, 'cl1-1': figure } }
    raw.snapshot = { seq: raw.entries.length, stateHash: stateHash(state) }
    return { text: JSON.stringify(raw, null, 1), entry: i + 1 }
  }

  it('the game as this version saves it loads, with the edge the figure left by', () => {
    expect(exited.state.figures['cl1-1']).toMatchObject({ offTable: 'exited', exitEdge: 'west' })
    const r = parseSave(exitText)
    expect(r.ok).toBe(true)
    if (r.ok) expect(stateHash(r.match.state)).toBe(stateHash(exited.state))
  })

  it('the older save loads as a replay: its log leads to the state it recorded, the figure off the table by no edge', () => {
    const r = parseSave(olderSave().text, { rederive: false })
    expect(r.ok).toBe(true)
    if (r.ok) {
      const figure = (r.match.state as Match['state']).figures['cl1-1']
      expect(figure?.offTable).toBe('exited')
      expect(figure && 'exitEdge' in figure).toBe(false)
    }
  })

  it('played again under these rules it is refused as a game of older rules, naming the exit', () => {
    const { text: older, entry } = olderSave()
    expect(refusal(older)).toMatch(
      new RegExp(
        `^The save was played under older SMLE \\(Slammer\\) rules \\(version 2\\), which this program's rules \\(version ${SMLE_RULES_VERSION}\\) no longer give: entry ${entry} \\(exitTable\\) records events the rules do not give \\(first difference at events\\[\\d+\\]\\.edge`,
      ),
    )
  })
})

describe('firstDifference', () => {
  it('names the deepest path where two JSON values part', () => {
    expect(firstDifference([{ a: 1, b: [1, 2] }], [{ a: 1, b: [1, 3] }], 'events')).toEqual({
      path: 'events[0].b[1]',
      recorded: 2,
      derived: 3,
    })
    expect(firstDifference([1], [1, 2], 'events')).toEqual({ path: 'events[1]', recorded: undefined, derived: 2 })
    expect(firstDifference({ a: 1, b: undefined }, { a: 1 })).toBeNull()
  })
})
