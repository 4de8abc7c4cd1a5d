import { randomInt } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type BotRunner, createLocalBotRunner, createWorkerBotRunner, withFallback } from './bot-runner'
import type { RouterServices } from '../ipc/router'
import { removeTemporaryFiles } from './atomic-write'
import { createGameHost } from './game-host'
import { fileJournal } from './journal-file'
import { createFileSaveStore } from './save-store'
import { createRecordingStore } from './recording-store'
import { createScenarioLibrary } from './scenario-library'

/** The scenario a first start opens. */
export const DEFAULT_SCENARIO_ID = 'farmhouse-skirmish'

/**
 * The computer's thread: `bot-worker.js`, built beside the app's entry
 * points (this module sits in their `chunks` folder). Run from the sources
 * (tools, tests), where nothing is built, it thinks in this thread.
 */
function botRunner(): BotRunner {
  const here = import.meta.dirname
  const built = [join(here, '..', 'bot-worker.js'), join(here, 'bot-worker.js')].find((p) => existsSync(p))
  return built ? withFallback(createWorkerBotRunner(built), createLocalBotRunner()) : createLocalBotRunner()
}

/**
 * Wires the plain services together: the same in the desktop app and in
 * browser mode. Saves go to `<dataDir>/saves`, with the autosave's journal:
 * an action is answered once it is on disk; the player's scenarios to
 * `<dataDir>/scenarios`; recordings of the table to `<dataDir>/recordings`.
 */
export async function createAppServices(options: { dataDir: string; assetsDir: string }): Promise<RouterServices> {
  const savesDir = join(options.dataDir, 'saves')
  // Left by writes a crash interrupted; nothing else writes there yet.
  await removeTemporaryFiles(savesDir)
  const saves = createFileSaveStore(savesDir)
  // The player's own scenarios live beside their saves.
  const scenarios = createScenarioLibrary(join(options.assetsDir, 'scenarios'), join(options.dataDir, 'scenarios'))
  const host = createGameHost({
    saves,
    scenarios,
    defaultScenarioId: DEFAULT_SCENARIO_ID,
    now: Date.now,
    randomSeed: () => randomInt(0, 0x100000000),
    journal: fileJournal(savesDir),
    bots: botRunner(),
  })
  await host.start()
  // Recordings of the table beside the saves; a recording a crash cut short is not kept.
  const recordingsDir = join(options.dataDir, 'recordings')
  await removeTemporaryFiles(recordingsDir)
  return { host, saves, scenarios, recordings: createRecordingStore(recordingsDir) }
}
