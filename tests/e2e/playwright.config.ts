import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'

// One fresh save folder per run; workers inherit it through the environment.
process.env.SMLE_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'smle-e2e-'))
const port = Number(process.env.SMLE_E2E_PORT ?? 7911)
process.env.SMLE_E2E_PORT = String(port)
/**
 * Flows run side by side, each worker with a host of its own (its own game,
 * port and save folder: `support.ts`'s `workerPort` and `dataDir`), so no
 * flow sees another's game. Two by default (the machines have two cores).
 */
const workers = Math.max(1, Number(process.env.SMLE_E2E_WORKERS ?? 2))
const dataOf = (i: number): string => join(process.env.SMLE_E2E_DATA!, `worker-${i}`)
// Set in each worker's process (0 in the runner's, which only starts the hosts).
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0)

export default defineConfig({
  testDir: '.',
  outputDir: '../results/playwright',
  // A flow's time limit only catches a hang: two flows at once on a shared machine draw their frames slowly.
  timeout: 240_000,
  expect: { timeout: 20_000 },
  workers,
  // A flow that fails is run once more on a fresh page (its host's game is started anew by the flow);
  // the report names it flaky. Two flows at once on two cores slow the frames of both.
  retries: 1,
  fullyParallel: false,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    baseURL: `http://127.0.0.1:${port + slot}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: Array.from({ length: workers }, (_, i) => ({
    command: `node out/main/web.js --port ${port + i} --data-dir "${dataOf(i)}"`,
    cwd: join(import.meta.dirname, '..', '..'),
    url: `http://127.0.0.1:${port + i}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe' as const,
  })),
})
