import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createGameHost, HOT_SEAT } from '../../src-main/services/game-host'
import { fileJournal } from '../../src-main/services/journal-file'
import { createFileSaveStore, createMemorySaveStore } from '../../src-main/services/save-store'
import { createMemoryScenarioLibrary } from '../../src-main/services/scenario-library'
import { nextCommand } from '../fixtures/drive'
import { farmhouseScenario } from '../fixtures/scenarios'
import { referenceTownArmies } from '../fixtures/reference-town/armies'
import type { Scenario } from '../../src-engine/rules/smle/scenario/schema'
import { referenceTownScenario } from '../fixtures/world-tables'
import type { Figure } from './figures'

async function rate(autosaveDir: string | null, commands: number): Promise<number> {
  const scenario = farmhouseScenario()
  const journal = autosaveDir ? fileJournal(autosaveDir) : null
  const host = createGameHost({
    saves: autosaveDir ? createFileSaveStore(autosaveDir) : createMemorySaveStore(),
    scenarios: createMemoryScenarioLibrary([scenario]),
    defaultScenarioId: scenario.id,
    now: Date.now,
    randomSeed: () => 1,
    autosave: autosaveDir !== null,
    ...(journal ? { journal } : {}),
  })
  await host.newMatch({ scenarioId: scenario.id, seed: 1 }, HOT_SEAT)
  await host.flush()
  const t0 = performance.now()
  for (let i = 0; i < commands; i++) {
    if (host.match().state.phase === 'ended') await host.newMatch({ scenarioId: scenario.id, seed: i }, HOT_SEAT)
    // A real game: activation rolls, moves, interrupt windows and ends of activation, as the test driver plays it.
    const d = await host.dispatch(nextCommand(host.match()), HOT_SEAT)
    if (!d.ok) throw new Error(`bench command refused: ${d.reason.clause} ${d.reason.message}`)
  }
  await host.flush()
  const perSecond = commands / ((performance.now() - t0) / 1000)
  await journal?.close()
  return perSecond
}

/** Mean milliseconds of `match:legal` (the Actions panel's options) over the first positions of a reference-town game. */
async function legalMs(samples: number): Promise<number> {
  const scenario = referenceTownScenario()
  const host = createGameHost({
    saves: createMemorySaveStore(),
    scenarios: createMemoryScenarioLibrary([scenario]),
    defaultScenarioId: scenario.id,
    now: Date.now,
    randomSeed: () => 1,
    autosave: false,
  })
  await host.newMatch({ scenarioId: scenario.id, seed: 1 }, HOT_SEAT)
  let total = 0
  for (let i = 0; i < samples && host.match().state.phase !== 'ended'; i++) {
    const t0 = performance.now()
    host.legal(HOT_SEAT)
    total += performance.now() - t0
    const d = await host.dispatch(nextCommand(host.match()), HOT_SEAT)
    if (!d.ok) throw new Error(`bench command refused: ${d.reason.clause} ${d.reason.message}`)
  }
  return total / samples
}

/**
 * Mean milliseconds per command of a game on `scenario` played by the test
 * driver through GameHost.dispatch (choosing the command, its trial moves
 * included), after `warmUp` commands (the world's sight and path structures
 * are built on first need). A game that ends is followed by a new one.
 */
async function msPerCommand(scenario: Scenario, commands: number, warmUp = 30): Promise<number> {
  const host = createGameHost({
    saves: createMemorySaveStore(),
    scenarios: createMemoryScenarioLibrary([scenario]),
    defaultScenarioId: scenario.id,
    now: Date.now,
    randomSeed: () => 1,
    autosave: false,
  })
  await host.newMatch({ scenarioId: scenario.id, seed: 1 }, HOT_SEAT)
  let games = 1
  /** Plays one command; its milliseconds (a game that ended is followed by a new one, not timed). */
  const play = async (): Promise<number> => {
    if (host.match().state.phase === 'ended') await host.newMatch({ scenarioId: scenario.id, seed: ++games }, HOT_SEAT)
    const t0 = performance.now()
    const d = await host.dispatch(nextCommand(host.match()), HOT_SEAT)
    const ms = performance.now() - t0
    if (!d.ok) throw new Error(`bench command refused: ${d.reason.clause} ${d.reason.message}`)
    return ms
  }
  for (let i = 0; i < warmUp; i++) await play()
  let total = 0
  for (let i = 0; i < commands; i++) total += await play()
  return total / commands
}

/** Milliseconds to list 200 saves of 40-command farmhouse games (headers only: no world, no replay). */
async function listMs(dir: string, saves: number): Promise<number> {
  const store = createFileSaveStore(dir)
  const scenario = farmhouseScenario()
  const host = createGameHost({
    saves: createMemorySaveStore(),
    scenarios: createMemoryScenarioLibrary([scenario]),
    defaultScenarioId: scenario.id,
    now: Date.now,
    randomSeed: () => 1,
    autosave: false,
  })
  await host.newMatch({ scenarioId: scenario.id, seed: 1 }, HOT_SEAT)
  for (let i = 0; i < 40; i++) await host.dispatch(nextCommand(host.match()), HOT_SEAT)
  for (let i = 0; i < saves; i++) await store.save(host.match(), `Save ${i}`)
  await store.list() // warm-up
  const t0 = performance.now()
  const listed = await store.list()
  const ms = performance.now() - t0
  if (listed.length !== saves || listed.some((s) => s.problem)) throw new Error('bench: the saves did not list')
  return ms
}

/** GameHost throughput: rules, log and push, with and without each command made durable on disk before its reply. */
export async function hostFigures(): Promise<Figure[]> {
  await rate(null, 300) // warm-up
  const pure = await rate(null, 3000)
  const dir = await mkdtemp(join(tmpdir(), 'smle-bench-'))
  try {
    const withAutosave = await rate(dir, 300)
    const list200 = await listMs(join(dir, 'list'), 200)
    const per10 = await msPerCommand(referenceTownArmies(10), 300)
    const per100 = await msPerCommand(referenceTownScenario(), 200)
    const per400 = await msPerCommand(referenceTownArmies(400), 200)
    return [
      {
        name: 'host.commandsPerSecond',
        value: pure,
        unit: 'cmd/s',
        note: '3,000 commands of a real game (rolls, moves, windows, ends of activation) through GameHost.dispatch, no autosave',
      },
      {
        name: 'host.legalMs',
        value: await legalMs(40),
        unit: 'ms',
        note: 'match:legal (labelled options for the Actions panel), mean over 40 positions of a reference-town game (a company a side)',
      },
      {
        name: 'host.commandsPerSecondAutosave',
        value: withAutosave,
        unit: 'cmd/s',
        note: '300 commands, each answered after its line is fsynced to the autosave journal (one at a time, no batching), the autosave rewritten every 64',
      },
      {
        name: 'host.msPerCommand10',
        value: per10,
        unit: 'ms',
        note: 'reference town, 10 figures a side (two teams): mean of 300 commands of the test driver through GameHost.dispatch, after 30',
      },
      {
        name: 'host.msPerCommand100',
        value: per100,
        unit: 'ms',
        note: 'reference town with its own forces (100 figures a side): mean of 200 commands, after 30',
      },
      {
        name: 'host.msPerCommand400',
        value: per400,
        unit: 'ms',
        note: 'reference town, 400 figures a side (80 teams): mean of 200 commands, after 30',
      },
      {
        name: 'save.list200Ms',
        value: list200,
        unit: 'ms',
        note: 'save:list over 200 save files (40-command farmhouse games): headers and summaries only, no world built, no replay',
      },
    ]
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
