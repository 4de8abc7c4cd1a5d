import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DiceRolledSchema } from '../dice/dice-event'
import { DiceRoller } from '../dice/roll'
import { type RngState, seedRng } from '../rng/sfc32'
import { parseSave, serializeSave } from '../save/format'
import { parseScenario } from '../scenario/load'
import { TableSchema, TerrainSchema, type TableScenario } from '../scenario/schema'
import { canonicalJson } from '../util/canonical-json'
import { accept, type Checked, reject, rejectCore } from './decision'
import { canUndo, dispatch, newMatchHeader, replayLog, startMatchOf, undo } from './match'
import type { AnyRuleset, Ruleset } from './ruleset'
import { REFEREE, sidesViewer, type Viewer, viewerHoldsSide } from './viewer'

/**
 * A second ruleset, as small as a game can be, played through the kernel
 * alone: proof that nothing in core/ (log, barriers, undo, replay, saves,
 * views) is SMLE's. "Race to ten": the sides take turns; on its turn a side
 * either rolls a die and adds it to its score, or passes a note with a
 * secret number (only that side may see it). First to 10 wins.
 */
interface RaceScenario extends TableScenario {
  readonly target: number
}
interface RaceState {
  readonly rng: RngState
  readonly rollCount: number
  readonly dice: 'physics' | 'quick'
  readonly turn: string
  readonly scores: Readonly<Record<string, number>>
  readonly secrets: Readonly<Record<string, number | null>>
  readonly winner: string | null
}
const RaceCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('roll'), sideId: z.string() }),
  z.object({ type: z.literal('note'), sideId: z.string(), secret: z.number().int() }),
])
type RaceCommand = z.infer<typeof RaceCommandSchema>
const RaceEventSchema = z.discriminatedUnion('type', [
  DiceRolledSchema.extend({ sideId: z.string() }),
  z.object({ type: z.literal('NoteWritten'), sideId: z.string(), secret: z.number().int() }),
])
type RaceEvent = z.infer<typeof RaceEventSchema>

const other = (side: string): string => (side === 'a' ? 'b' : 'a')
const empty = { buildings: [], linearFeatures: [], positions: [], obstacles: [], objectives: [], baseLines: [] }
const RaceScenarioSchema = z
  .object({
    formatVersion: z.literal(1),
    id: z.string(),
    name: z.string(),
    description: z.string().default(''),
    ruleset: z.literal('race'),
    table: TableSchema.prefault({}),
    terrain: TerrainSchema.prefault({}),
    target: z.number().int().positive().default(10),
  })
  .transform((s): RaceScenario => ({
    ...s,
    ...empty,
    sides: [
      { id: 'a', deploymentZone: { minX: 0, minZ: 0, maxX: 10, maxZ: 10 } },
      { id: 'b', deploymentZone: { minX: 0, minZ: 30, maxX: 10, maxZ: 40 } },
    ],
  }))

const race: Ruleset<RaceState, RaceCommand, RaceEvent, RaceScenario> = {
  id: 'race',
  name: 'Race to ten',
  version: 1,
  scenarioSchema: RaceScenarioSchema as unknown as z.ZodType<RaceScenario>,
  commandSchema: RaceCommandSchema,
  eventSchema: RaceEventSchema,
  initialState: (_scenario, seed, dice) => ({
    rng: seedRng(seed),
    rollCount: 0,
    dice,
    turn: 'a',
    scores: { a: 0, b: 0 },
    secrets: { a: null, b: null },
    winner: null,
  }),
  parseCommand(command): Checked<RaceCommand> {
    const r = RaceCommandSchema.safeParse(command)
    return r.success ? { ok: true, value: r.data } : rejectCore('CORE-CMD-02')
  },
  decide(state, command) {
    if (state.winner) return rejectCore('CORE-PHASE-01')
    if (command.sideId !== state.turn) return rejectCore('CORE-TURN-01')
    if (command.type === 'note') {
      if (command.secret < 0) return reject('RACE-01', 'A secret is a number from 0 up.')
      return accept<RaceEvent>([{ type: 'NoteWritten', sideId: command.sideId, secret: command.secret }])
    }
    const rolled = new DiceRoller(state).roll({ purpose: 'race', dice: 1, modifiers: [] })
    return accept<RaceEvent>([{ ...rolled, sideId: command.sideId }])
  },
  apply(state, event) {
    if (event.type === 'NoteWritten')
      return { ...state, secrets: { ...state.secrets, [event.sideId]: event.secret }, turn: other(event.sideId) }
    const score = (state.scores[event.sideId] ?? 0) + event.total
    return {
      ...state,
      rng: event.rng,
      rollCount: state.rollCount + 1,
      scores: { ...state.scores, [event.sideId]: score },
      turn: other(event.sideId),
      winner: score >= 10 ? event.sideId : null,
    }
  },
  revealsRandomness: (event) => event.type === 'DiceRolled',
  sideToAct: (state) => (state.winner ? null : state.turn),
  legalCommands: (state, _world, sideId) => (state.winner || sideId !== state.turn ? [] : [{ type: 'roll', sideId }]),
  round: (state) => state.rollCount,
  outcome: (state) => (state.winner ? { winnerSideId: state.winner, reason: 'Reached ten.' } : null),
  describe: (event) =>
    event.type === 'NoteWritten' ? `${event.sideId} wrote a note.` : `${event.sideId} rolled ${event.total}.`,
  view(state, viewer: Viewer) {
    const secrets: Record<string, number | null> = {}
    for (const [side, secret] of Object.entries(state.secrets))
      secrets[side] = viewerHoldsSide(viewer, side) ? secret : null
    return { ...state, secrets }
  },
  viewScenario: (scenario) => scenario,
  viewEvents: (events, _state, viewer) =>
    events.filter((e) => e.type !== 'NoteWritten' || viewerHoldsSide(viewer, e.sideId)),
}

const registry: Record<string, AnyRuleset> = { race }
const lookup = (id: string) =>
  registry[id] ? { ok: true as const, value: registry[id] } : rejectCore('CORE-RULESET-01', `No ruleset "${id}".`)
const scenario = RaceScenarioSchema.parse({
  formatVersion: 1,
  id: 'race-table',
  name: 'Race',
  ruleset: 'race',
  table: { widthIn: 12, depthIn: 40 },
})

function playToEnd(seed: number) {
  let m = startMatchOf(race, newMatchHeader(race, scenario, seed, 'quick'))
  for (let n = 0; n < 100 && race.sideToAct(m.state) !== null; n++) {
    const side = race.sideToAct(m.state)!
    const command =
      n % 5 === 1 ? { type: 'note', sideId: side, secret: n } : race.legalCommands(m.state, m.world, side)[0]
    const r = dispatch(m, command)
    expect(r.decision.ok).toBe(true)
    m = r.match
  }
  return m
}

describe('the kernel plays a ruleset that is not SMLE', () => {
  it('plays a whole game to its outcome: the log, the state and the world come from the kernel', () => {
    const m = playToEnd(7)
    expect(race.outcome(m.state)?.winnerSideId).toMatch(/^[ab]$/)
    expect(m.world.widthIn).toBe(12)
    expect(m.header).toMatchObject({ ruleset: 'race', rulesVersion: 1, seed: 7, dice: 'quick' })
    expect(canonicalJson(replayLog(race, m.header, m.entries))).toBe(canonicalJson(m.state))
  })

  it('is deterministic: the same seed and commands give the same game; another seed another', () => {
    expect(canonicalJson(playToEnd(7).state)).toBe(canonicalJson(playToEnd(7).state))
    expect(canonicalJson(playToEnd(8).entries)).not.toBe(canonicalJson(playToEnd(7).entries))
  })

  it('refuses an illegal command with its clause and leaves the game unchanged', () => {
    const m = startMatchOf(race, newMatchHeader(race, scenario, 1, 'quick'))
    const wrongSide = dispatch(m, { type: 'roll', sideId: 'b' })
    expect(wrongSide.decision).toMatchObject({ ok: false, reason: { clause: 'CORE-TURN-01' } })
    expect(wrongSide.match).toBe(m)
    expect(dispatch(m, { type: 'note', sideId: 'a', secret: -1 }).decision).toMatchObject({
      ok: false,
      reason: { clause: 'RACE-01' },
    })
    expect(dispatch(m, { type: 'fly' }).decision).toMatchObject({ ok: false, reason: { clause: 'CORE-CMD-02' } })
  })

  it('CORE-UNDO-01: undo takes back a note but never a die roll', () => {
    let m = startMatchOf(race, newMatchHeader(race, scenario, 1, 'quick'))
    m = dispatch(m, { type: 'roll', sideId: 'a' }).match
    expect(m.entries[0]?.barrier).toBe(true)
    expect(canUndo(m)).toBe(false)
    expect(undo(m)).toMatchObject({ ok: false, reason: { clause: 'CORE-UNDO-01' } })
    const noted = dispatch(m, { type: 'note', sideId: 'b', secret: 3 }).match
    expect(canUndo(noted)).toBe(true)
    const undone = undo(noted)
    expect(undone.ok && canonicalJson(undone.match.state)).toBe(canonicalJson(m.state))
  })

  it('saves and loads through the kernel, the ruleset picked from the registry by the file', () => {
    const m = playToEnd(3)
    const text = serializeSave(m, { name: 'race', savedAt: '2026-12-01T00:00:00.000Z' })
    const loaded = parseSave(text, lookup)
    expect(loaded.ok).toBe(true)
    if (!loaded.ok) return
    expect(loaded.match.ruleset).toBe(race)
    expect(canonicalJson(loaded.match.state)).toBe(canonicalJson(m.state))
    const foreign = parseSave(text.replace('"ruleset": "race"', '"ruleset": "chess"'), lookup)
    expect(foreign).toEqual({ ok: false, message: 'No ruleset "chess".' })
  })

  it('reads a scenario by its ruleset field, and refuses one of a ruleset it does not have', () => {
    const raw = { formatVersion: 1, id: 'r', name: 'R', ruleset: 'race' }
    const ok = parseScenario(raw, lookup)
    expect(ok.ok && ok.ruleset.id).toBe('race')
    expect(parseScenario({ ...raw, ruleset: 'smr' }, lookup)).toEqual({ ok: false, message: 'No ruleset "smr".' })
  })

  it("a view keeps a side's secret from the other side and a spectator, not from its own side or the referee", () => {
    let m = startMatchOf(race, newMatchHeader(race, scenario, 1, 'quick'))
    const r = dispatch(m, { type: 'note', sideId: 'a', secret: 42 })
    m = r.match
    expect(race.view(m.state, sidesViewer('a'), scenario).secrets.a).toBe(42)
    expect(race.view(m.state, REFEREE, scenario).secrets.a).toBe(42)
    expect(JSON.stringify(race.view(m.state, sidesViewer('b'), scenario))).not.toContain('42')
    expect(JSON.stringify(race.view(m.state, { kind: 'spectator' }, scenario))).not.toContain('42')
    const events = r.entry?.events ?? []
    expect(race.viewEvents(events, m.state, sidesViewer('b'))).toEqual([])
    expect(race.viewEvents(events, m.state, sidesViewer('a'))).toEqual(events)
  })
})
