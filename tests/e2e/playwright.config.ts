import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium'

// One fresh save folder per run; workers inherit it through the environment.
process.env.SMLE_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'smle-e2e-'))
const port = Number(process.env.SMLE_E2E_PORT ?? 7911)
process.env.SMLE_E2E_PORT = String(port)

export default defineConfig({
  testDir: '.',
  outputDir: '../results/playwright',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  workers: 1,
  fullyParallel: false,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `node out/main/web.js --port ${port} --data-dir "${process.env.SMLE_E2E_DATA}"`,
    cwd: join(import.meta.dirname, '..', '..'),
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
})
