import { randomInt } from 'node:crypto'
import { join } from 'node:path'
import type { RouterServices } from '../ipc/router'
import { createGameHost } from './game-host'
import { createFileSaveStore } from './save-store'
import { createScenarioLibrary } from './scenario-library'

/** The scenario a first start opens. */
export const DEFAULT_SCENARIO_ID = 'farmhouse-skirmish'

/**
 * Wires the plain services together: the same in the desktop app and in
 * browser mode. Saves go to `<dataDir>/saves`.
 */
export async function createAppServices(options: { dataDir: string; assetsDir: string }): Promise<RouterServices> {
  const saves = createFileSaveStore(join(options.dataDir, 'saves'))
  const scenarios = createScenarioLibrary(join(options.assetsDir, 'scenarios'))
  const host = createGameHost({
    saves,
    scenarios,
    defaultScenarioId: DEFAULT_SCENARIO_ID,
    now: Date.now,
    randomSeed: () => randomInt(0, 0x100000000),
  })
  await host.start()
  return { host, saves, scenarios }
}
