import { randomInt } from 'node:crypto'
import { join } from 'node:path'
import type { RouterServices } from '../ipc/router'
import { removeTemporaryFiles } from './atomic-write'
import { createGameHost } from './game-host'
import { fileJournal } from './journal-file'
import { createFileSaveStore } from './save-store'
import { createScenarioLibrary } from './scenario-library'

/** The scenario a first start opens. */
export const DEFAULT_SCENARIO_ID = 'farmhouse-skirmish'

/**
 * Wires the plain services together: the same in the desktop app and in
 * browser mode. Saves go to `<dataDir>/saves`, with the autosave's journal:
 * an action is answered once it is on disk.
 */
export async function createAppServices(options: { dataDir: string; assetsDir: string }): Promise<RouterServices> {
  const savesDir = join(options.dataDir, 'saves')
  // Left by writes a crash interrupted; nothing else writes there yet.
  await removeTemporaryFiles(savesDir)
  const saves = createFileSaveStore(savesDir)
  const scenarios = createScenarioLibrary(join(options.assetsDir, 'scenarios'))
  const host = createGameHost({
    saves,
    scenarios,
    defaultScenarioId: DEFAULT_SCENARIO_ID,
    now: Date.now,
    randomSeed: () => randomInt(0, 0x100000000),
    journal: fileJournal(savesDir),
  })
  await host.start()
  return { host, saves, scenarios }
}
