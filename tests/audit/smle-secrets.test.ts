/**
 * Audit of the promise "whatever a seat may not know never leaves the engine for that seat" (ARCHITECTURE.md,
 * "Seats and views"; docs/engine.md), against the secrets of shared/rules/smle.md: teams set up hidden
 * (SMLE-SCEN-05 Ambush, SMLE-PTS-07), concealed prepared positions (SMLE-SHOOT-26 "unseen until its occupants
 * fire"), the raider's secret objective (SMLE-SCEN-04) until it is held, and the dice generator's state.
 *
 * Every way a seat is told something is probed: the viewed state, scenario and events, the log lines, the
 * legal commands, the refusals of commands the seat gives (the host's `dispatchAs` path), the replay, and the
 * host's snapshot and change stream. A test that fails shows a leak.
 */
import * as fsp from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openReplay, viewReplayStep } from '../../src-engine/core/replay'
import { dispatchAs } from '../../src-engine/core/seat-dispatch'
import { sidesViewer, type Viewer } from '../../src-engine/core/viewer'
import { HIDDEN_RNG } from '../../src-engine/dice/dice-event'
import { physicsRoll } from '../../src-engine/dice/physics-dice'
import { seedRng } from '../../src-engine/rng/sfc32'
import type { GameEvent } from '../../src-engine/rules/smle/events/events'
import { dispatch, type Match, newHeader, startMatch } from '../../src-engine/rules/smle/match'
import { describeEvent } from '../../src-engine/rules/smle/queries/describe-event'
import { legalCommands, randomPlayer } from '../../src-engine/rules/smle/queries/legal-commands'
import { labelledOptions } from '../../src-engine/rules/smle/queries/options'
import { smle } from '../../src-engine/rules/smle/ruleset'
import { type Scenario, ScenarioSchema } from '../../src-engine/rules/smle/scenario/schema'
import { activeTeam } from '../../src-engine/rules/smle/sequence'
import type { MatchState } from '../../src-engine/rules/smle/state/state'
import { secretsFor, viewScenario, viewState } from '../../src-engine/rules/smle/view'
import { mentionsSecret, viewEvents } from '../../src-engine/rules/smle/view-events'
import { buildWorld } from '../../src-engine/world/create-world'
import { createGameHost, HOT_SEAT, sideSeat, SPECTATOR_SEAT } from '../../src-main/services/game-host'
import { createFileSaveStore } from '../../src-main/services/save-store'
import { type AnyScenario, createMemoryScenarioLibrary } from '../../src-main/services/scenario-library'
import type { MatchChanged } from '../../src-main/ipc/types'
import { nextCommand } from '../fixtures/drive'
import { inTurn, newMatch } from '../fixtures/play'
import { field, fig, team } from './helpers'

const COLUMN = sidesViewer('column')
const PARTISANS = sidesViewer('partisans')
const SPECTATOR: Viewer = { kind: 'spectator' }

const read = (name: string): unknown =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'assets', 'scenarios', name), 'utf8'))
const ambushJson = read('smle-ambush.json') as Record<string, unknown>
const ambush: Scenario = ScenarioSchema.parse(ambushJson)
const commando: Scenario = ScenarioSchema.parse(read('smle-commando.json'))

interface Batch {
  readonly command: unknown
  readonly events: readonly GameEvent[]
  readonly before: MatchState
  readonly state: MatchState
}

/** Plays `scenario` with the random player until `stop` or `limit` commands; every batch with the states around it. */
function playRandom(
  scenario: Scenario,
  seed: number,
  stop: (m: Match) => boolean,
  limit = 400,
): { match: Match; batches: Batch[] } {
  let match = startMatch(newHeader(scenario, seed, 'quick'))
  const player = randomPlayer([seed, 7, 11, 13])
  const batches: Batch[] = []
  for (let i = 0; i < limit && !stop(match); i++) {
    const command = player.next(match.state, match.world)
    if (command === null) break
    const r = dispatch(match, command)
    if (!r.decision.ok) throw new Error(`the random player was refused: ${r.decision.reason.message}`)
    batches.push({ command, events: r.decision.events, before: match.state, state: r.match.state })
    match = r.match
  }
  return { match, batches }
}

const anyHidden = (s: MatchState): boolean => Object.values(s.teams).some((t) => t.hidden)
const allRevealed = (m: Match): boolean => !anyHidden(m.state)

/** The same game with every still-hidden team's figures `dx` inches to the east (state, scenario and world). */
function elsewhere(m: Match, dx: number): Match {
  const hidden = new Set(
    Object.values(m.state.teams)
      .filter((t) => t.hidden)
      .map((t) => t.id),
  )
  const figures: Record<string, MatchState['figures'][string]> = {}
  for (const [id, f] of Object.entries(m.state.figures))
    figures[id] = hidden.has(f.teamId) ? { ...f, position: { ...f.position, x: f.position.x + dx } } : f
  const scenario: Scenario = {
    ...m.header.scenario,
    teams: m.header.scenario.teams.map((t) =>
      hidden.has(t.id)
        ? { ...t, figures: t.figures.map((f) => ({ ...f, position: { x: f.position.x + dx, z: f.position.z } })) }
        : t,
    ),
  }
  return { ...m, header: { ...m.header, scenario }, state: { ...m.state, figures }, world: buildWorld(scenario) }
}

const refusalOf = (r: ReturnType<typeof dispatchAs>): string =>
  r.decision.ok ? 'accepted' : `${r.decision.reason.clause}: ${r.decision.reason.message}`

describe('SMLE-SCEN-05: hidden partisans, what the column and the spectator are told', { timeout: 300_000 }, () => {
  it('SMLE-SCEN-05: the spectator is kept from every hidden partisan exactly as the column is (state, scenario, events)', () => {
    for (const seed of [1, 2]) {
      const { batches } = playRandom(ambush, seed, allRevealed, 300)
      expect(batches.length).toBeGreaterThan(5)
      for (const b of batches) {
        expect(JSON.stringify(viewState(b.state, SPECTATOR, ambush))).toBe(
          JSON.stringify(viewState(b.state, COLUMN, ambush)),
        )
        expect(JSON.stringify(viewScenario(ambush, b.state, SPECTATOR))).toBe(
          JSON.stringify(viewScenario(ambush, b.state, COLUMN)),
        )
        expect(JSON.stringify(viewEvents(b.events, b.state, SPECTATOR))).toBe(
          JSON.stringify(viewEvents(b.events, b.state, COLUMN)),
        )
      }
    }
  })

  it('SMLE-SCEN-05: the log lines the column reads (describeEvent over its view) name no hidden partisan', () => {
    for (const seed of [1, 2, 3]) {
      const { batches } = playRandom(ambush, seed, allRevealed, 300)
      for (const b of batches) {
        const secrets = secretsFor(b.state, COLUMN)
        const seen = viewState(b.before, COLUMN, ambush)
        for (const e of viewEvents(b.events, b.state, COLUMN)) {
          const line = describeEvent(e, seen)
          expect(mentionsSecret(line, secrets), line).toBe(false)
        }
      }
    }
  })

  it('SMLE-SCEN-05: the commands offered to the column are the same wherever the hidden partisans stand, and name none of them', () => {
    let probes = 0
    for (const seed of [1, 2, 5, 6]) {
      const { match, batches } = playRandom(ambush, seed, allRevealed, 300)
      for (const b of batches) {
        const here: Match = { ...match, state: b.state }
        const team = activeTeam(b.state)
        if (b.state.phase !== 'play' || team?.sideId !== 'column' || !anyHidden(b.state)) continue
        const there = elsewhere(here, 2.5)
        const secrets = secretsFor(b.state, COLUMN)
        expect(mentionsSecret(legalCommands(here.state, here.world, 'column'), secrets)).toBe(false)
        expect(JSON.stringify(labelledOptions(here.state, here.world, 'column'))).toBe(
          JSON.stringify(labelledOptions(there.state, there.world, 'column')),
        )
        probes++
      }
    }
    expect(probes).toBeGreaterThan(5)
  })

  it("SMLE-SCEN-05: a move the column orders onto a hidden partisan's spot is refused as the same move onto empty ground (no locating by refusals)", () => {
    const leaks: string[] = []
    let probes = 0
    for (const seed of [1, 2, 5]) {
      const { match, batches } = playRandom(ambush, seed, allRevealed, 300)
      for (const b of batches) {
        const team = activeTeam(b.state)
        if (b.state.phase !== 'play' || b.state.pending !== null || team?.sideId !== 'column') continue
        const here: Match = { ...match, state: b.state }
        const there = elsewhere(here, 2.5)
        for (const hidden of Object.values(b.state.teams).filter((t) => t.hidden)) {
          for (const id of hidden.figureIds) {
            const f = b.state.figures[id]!
            // Far beyond the mover's reach: a refusal either way; only its reason can differ.
            const move = { type: 'moveFigure', figureId: team.figureIds[0]!, to: { x: f.position.x, z: f.position.z } }
            const told = refusalOf(dispatchAs(here, move, COLUMN))
            const blind = refusalOf(dispatchAs(there, move, COLUMN))
            probes++
            if (told !== blind) leaks.push(`${id} at (${f.position.x}, ${f.position.z}): "${told}" vs "${blind}"`)
          }
        }
      }
    }
    expect(probes).toBeGreaterThan(5)
    expect(leaks.slice(0, 3)).toEqual([])
  })

  it('SMLE-SCEN-05 / SMLE-COMBAT-04: the column is never shown an opportunity window that only a hidden partisan team could fire in', () => {
    const leaks: string[] = []
    for (const seed of [1, 2, 3, 4]) {
      const { batches } = playRandom(ambush, seed, allRevealed, 300)
      for (const [i, b] of batches.entries()) {
        const p = viewState(b.state, COLUMN, ambush).pending
        if (p?.kind === 'opportunity' && p.eligibleTeamIds.length === 0)
          leaks.push(
            `seed ${seed} batch ${i}: partisans may fire at ${p.targetTeamId} (${JSON.stringify(b.state.pending)})`,
          )
        for (const e of viewEvents(b.events, b.state, COLUMN))
          if (e.type === 'PendingSet' && e.pending.kind === 'opportunity' && e.pending.eligibleTeamIds.length === 0)
            leaks.push(`seed ${seed} batch ${i}: PendingSet event with no team the column sees`)
      }
    }
    expect(leaks.slice(0, 3)).toEqual([])
  })

  it('SMLE-SCEN-05 / SMLE-TURN-12: with early interrupts, no interrupt offer shown to the column is about a hidden partisan unit', () => {
    const scenario = ScenarioSchema.parse({ ...ambushJson, settings: { allowEarlyInterrupt: true } })
    const leaks: string[] = []
    for (const seed of [1, 2, 4]) {
      const { batches } = playRandom(scenario, seed, allRevealed, 300)
      for (const [i, b] of batches.entries()) {
        const p = viewState(b.state, COLUMN, scenario).pending
        if (p?.kind !== 'interrupt') continue
        // An offer to the column before a unit it cannot see, or an offer to the partisans it cannot see who may take.
        if (p.nextTeamIds.length === 0 || p.eligibleTeamIds.length === 0)
          leaks.push(
            `seed ${seed} batch ${i}: column sees ${JSON.stringify(p)} (real ${JSON.stringify(b.state.pending)})`,
          )
      }
    }
    expect(leaks.slice(0, 3)).toEqual([])
  })

  it('SMLE-SCEN-05 / SMLE-PTS-07: the roll count and roll ids the column is sent do not count the hidden partisans’ dice', () => {
    const { batches } = playRandom(ambush, 1, allRevealed, 300)
    const end = batches.findIndex((b) => b.state.phase === 'play')
    const phase1 = batches.slice(0, end + 1)
    const seenInPhase1 = phase1
      .flatMap((b) => viewEvents(b.events, b.state, COLUMN))
      .filter((e) => e.type === 'DiceRolled').length
    const last = phase1.at(-1)!.state
    expect(anyHidden(last)).toBe(true)
    // Round 1, phase 1 over: the column has seen its own roll only; the three hidden teams rolled too.
    expect.soft(viewState(last, COLUMN, ambush).rollCount, 'rollCount in the column view').toBe(seenInPhase1)
    // The roll ids on the dice the column is shown run on without the gaps the hidden teams' rolls leave.
    const ids = batches
      .flatMap((b) => viewEvents(b.events, b.state, COLUMN))
      .flatMap((e) => (e.type === 'DiceRolled' ? [e.rollId] : []))
    expect(ids.length).toBeGreaterThan(4)
    expect.soft(ids.slice(0, 5), 'roll ids the column is shown').toEqual([0, 1, 2, 3, 4])
  })

  it('SMLE-SCEN-05: over whole games, every seat is shown its rolls numbered 0, 1, 2… with no gap, and its roll count is how many it was shown', () => {
    for (const seed of [1, 2, 3]) {
      const { batches } = playRandom(ambush, seed, (m) => m.state.phase === 'ended', 600)
      for (const viewer of [COLUMN, PARTISANS, SPECTATOR, sidesViewer('column', 'partisans')]) {
        const ids = batches
          .flatMap((b) => viewEvents(b.events, b.state, viewer))
          .flatMap((e) => (e.type === 'DiceRolled' ? [e.rollId] : []))
        expect(ids, `seed ${seed}`).toEqual(ids.map((_, i) => i))
        expect(viewState(batches.at(-1)!.state, viewer, ambush).rollCount).toBe(ids.length)
      }
      // How many rolls the partisans made hidden is theirs alone.
      for (const viewer of [COLUMN, SPECTATOR])
        expect(viewState(batches.at(-1)!.state, viewer, ambush).hiddenRolls).toBeUndefined()
      // The hidden teams rolled: the column was shown fewer rolls than were made.
      const made = batches.at(-1)!.state.rollCount
      expect(viewState(batches.at(-1)!.state, COLUMN, ambush).rollCount).toBeLessThan(made)
    }
  })

  // A known leak, not yet closed (docs/engine.md, "What a seat can still learn"): skipped until it is.
  it.skip('SMLE-SCEN-05: the column is not shown that a hidden partisan unit is taking its turn (activation order, units still to act)', () => {
    const leaks: string[] = []
    for (const seed of [1, 2]) {
      const { batches } = playRandom(ambush, seed, allRevealed, 300)
      for (const [i, b] of batches.entries()) {
        const v = viewState(b.state, COLUMN, ambush)
        const real = activeTeam(b.state)
        if (v.phase === 'play' && v.pending === null && v.activeUnit === null && real?.hidden === true)
          leaks.push(`seed ${seed} batch ${i}: activeSideId ${v.activeSideId}, no unit shown (${real.id} acts)`)
      }
    }
    expect(leaks.slice(0, 3)).toEqual([])
  })

  it('SMLE-SCEN-05: a replay opened from the column’s seat names no hidden partisan in its states, events, lines, scenario or marks', () => {
    const { match } = playRandom(ambush, 2, allRevealed, 300)
    const replay = openReplay(smle, match.header, match.entries, { viewer: COLUMN })
    const hiddenNames = ambush.teams.filter((t) => t.hidden).map((t) => t.name)
    for (let i = 0; i <= replay.length; i++) {
      const after = replay.stateAt(i)
      const step = viewReplayStep(replay, i, COLUMN)
      const secrets = secretsFor(after, COLUMN)
      expect(mentionsSecret({ s: step.state, e: step.events, l: step.lines, sc: step.scenario }, secrets)).toBe(false)
      expect(step.state.rng).toEqual(HIDDEN_RNG)
      for (const m of replay.marks.filter((m) => m.index === i && m.kind === 'activation'))
        if (anyHidden(after))
          for (const name of hiddenNames)
            if (Object.values(after.teams).some((t) => t.hidden && t.name === name)) expect(m.label).not.toBe(name)
    }
  })
})

describe('SMLE-SHOOT-26: concealed prepared positions', () => {
  const table = (kind: 'bunker' | 'foxhole', withPosition: boolean): Match =>
    inTurn(
      newMatch(
        1,
        field(
          [team('blue-1', 'blue', [fig('b1', 24, 44), fig('b2', 26, 44)]), team('red-1', 'red', [fig('r1', 24, 4)])],
          withPosition
            ? { positions: [{ id: 'pos', kind, x: 25, z: 24, arcDeg: 180, concealed: true, sideId: 'red' }] }
            : {},
        ),
      ),
      'blue-1',
      9,
    )

  it('SMLE-SHOOT-26: a refusal tells Blue nothing of a concealed Red position it cannot see (not its walls, nor the way round it)', () => {
    const blue = sidesViewer('blue')
    for (const kind of ['bunker', 'foxhole'] as const) {
      const hidden = table(kind, true)
      const none = table(kind, false)
      expect(viewScenario(hidden.header.scenario, hidden.state, blue).positions).toEqual([])
      const move = { type: 'moveFigure', figureId: 'b1', to: { x: 25, z: 24 } }
      expect.soft(refusalOf(dispatchAs(hidden, move, blue)), kind).toBe(refusalOf(dispatchAs(none, move, blue)))
    }
  })
})

describe('SMLE-SCEN-04: the raiders’ secret objective', { timeout: 300_000 }, () => {
  it('SMLE-SCEN-04: the garrison and the spectator learn nothing of the chosen objective until it is held (state, events, lines, replay)', () => {
    let chosen = 0
    for (const seed of [1, 2, 3]) {
      const { match, batches } = playRandom(commando, seed, (m) => m.state.raid.held || m.state.phase === 'ended', 500)
      const objective = match.state.raid.objectiveId
      if (objective === null) continue
      chosen++
      for (const viewer of [sidesViewer('garrison'), SPECTATOR]) {
        for (const b of batches) {
          if (b.state.raid.held) continue
          const v = viewState(b.state, viewer, commando)
          expect(v.raid.objectiveId).toBeNull()
          expect(v.raid.heldSince).toBeNull()
          const events = viewEvents(b.events, b.state, viewer)
          expect(JSON.stringify(events)).not.toContain(`"${objective}"`)
          expect(events.some((e) => e.type === 'ObjectiveChosen' || e.type === 'RaidHold')).toBe(false)
          const seen = viewState(b.before, viewer, commando)
          for (const e of events) expect(describeEvent(e, seen)).not.toMatch(/objective/i)
        }
        const replay = openReplay(smle, match.header, match.entries, { viewer })
        for (let i = 0; i <= replay.length; i++) {
          if (replay.stateAt(i).raid.held) break
          const step = viewReplayStep(replay, i, viewer)
          expect(step.state.raid.objectiveId).toBeNull()
          expect(JSON.stringify(step.events)).not.toContain(`"${objective}"`)
        }
      }
      // The raiders' own seat knows it.
      expect(viewState(match.state, sidesViewer('commandos'), commando).raid.objectiveId).toBe(objective)
    }
    expect(chosen).toBeGreaterThan(0)
  })
})

describe('the dice generator: no seat is told the state that gives every die to come', { timeout: 300_000 }, () => {
  it('CORE dice: no viewed state or viewed event of any seat carries the generator state', () => {
    const { batches } = playRandom(ambush, 3, () => false, 150)
    for (const viewer of [COLUMN, PARTISANS, SPECTATOR, sidesViewer('column', 'partisans')])
      for (const b of batches) {
        expect(viewState(b.state, viewer, ambush).rng).toEqual(HIDDEN_RNG)
        for (const e of viewEvents(b.events, b.state, viewer))
          if (e.type === 'DiceRolled') expect(e.rng).toEqual(HIDDEN_RNG)
      }
  })

  it("CORE dice: the host's snapshot does not give a seat the game's seed (with it the seat rebuilds the generator and knows the next throw)", async () => {
    const dir = await fsp.mkdtemp(join(tmpdir(), 'smle-secrets-'))
    try {
      let clock = Date.UTC(2024, 5, 1)
      const now = (): number => (clock += 1000)
      const host = createGameHost({
        saves: createFileSaveStore(dir, now),
        scenarios: createMemoryScenarioLibrary([ambush as AnyScenario]),
        defaultScenarioId: 'smle-ambush',
        now,
        randomSeed: () => 0x5eed,
        autosave: false,
        prepareWhenIdle: false,
      })
      await host.start()
      const m = host.match() as unknown as Match
      expect(m.state.rollCount).toBe(0)
      // What each seat can rebuild from what it was sent: the generator as it stands (no die thrown yet).
      const rebuilt = [sideSeat('column'), SPECTATOR_SEAT].map((seat) => {
        const snap = host.snapshot(seat) as unknown as { seed?: number; state: MatchState }
        expect(snap.state.rng).toEqual(HIDDEN_RNG)
        return typeof snap.seed === 'number' ? seedRng(snap.seed) : null
      })
      for (const r of rebuilt) expect.soft(r, 'the generator state, rebuilt from the snapshot').not.toEqual(m.state.rng)
      const reply = await host.dispatch({ type: 'rollActivation', sideId: m.state.activeSideId }, HOT_SEAT)
      if (!reply.ok) throw new Error(reply.reason.message)
      const roll = (reply.events as GameEvent[]).find((e) => e.type === 'DiceRolled')
      if (roll?.type !== 'DiceRolled' || !roll.physics) throw new Error('no physics roll')
      // Not a lucky guess at a face: the very throws (trajectories) the host then made.
      for (const r of rebuilt)
        expect
          .soft(r ? physicsRoll(r, roll.faces.length).throws.map((t) => t.trajectoryHash) : null, 'the next throw')
          .not.toEqual(roll.physics.throws.map((t) => t.trajectoryHash))
      await host.flush()
    } finally {
      await fsp.rm(dir, { recursive: true, force: true })
    }
  })
})

describe('SMLE-SCEN-05: the host’s change stream', { timeout: 300_000 }, () => {
  // A known leak, not yet closed (docs/engine.md, "What a seat can still learn"): skipped until it is.
  it.skip('SMLE-SCEN-05: the host sends the column no change while only a hidden partisan acts (each would count its commands)', async () => {
    const dir = await fsp.mkdtemp(join(tmpdir(), 'smle-secrets-'))
    try {
      let clock = Date.UTC(2024, 5, 1)
      const now = (): number => (clock += 1000)
      const host = createGameHost({
        saves: createFileSaveStore(dir, now),
        scenarios: createMemoryScenarioLibrary([ambush as AnyScenario]),
        defaultScenarioId: 'smle-ambush',
        now,
        randomSeed: () => 11,
        autosave: false,
        prepareWhenIdle: false,
      })
      await host.start()
      const told: MatchChanged[] = []
      host.subscribe(sideSeat('column'), (c) => told.push(c))
      const empty: string[] = []
      for (let i = 0; i < 60; i++) {
        const m = host.match() as unknown as Match
        if (!anyHidden(m.state) || m.state.phase === 'ended') break
        const actor = activeTeam(m.state)
        const before = told.length
        const r = await host.dispatch(nextCommand(m), HOT_SEAT)
        expect(r.ok).toBe(true)
        const change = told.slice(before).at(-1)
        const hiddenActs = actor?.hidden === true && m.state.pending === null
        if (hiddenActs && change && change.events.length === 0)
          empty.push(`command ${m.entries.length}: seq ${change.seq}, no event, by hidden ${actor.id}`)
      }
      await host.flush()
      expect(empty.slice(0, 3)).toEqual([])
    } finally {
      await fsp.rm(dir, { recursive: true, force: true })
    }
  })
})
