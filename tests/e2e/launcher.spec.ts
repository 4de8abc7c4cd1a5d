import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'

const root = join(import.meta.dirname, '..', '..')

test('npm start without the Electron binary says so in one sentence and serves browser mode', async ({ page }) => {
  const port = Number(process.env.SMLE_E2E_PORT ?? 7911) + 20
  const child = spawn(process.execPath, ['out/main/launcher.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      SMLE_DATA_DIR: mkdtempSync(join(tmpdir(), 'smle-launcher-')),
      // As on a machine where Electron's binary cannot be had.
      ELECTRON_OVERRIDE_DIST_PATH: join(tmpdir(), 'no-electron-here'),
      ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout.on('data', (b: Buffer) => (out += String(b)))
  child.stderr.on('data', (b: Buffer) => (err += String(b)))
  try {
    await expect.poll(() => out, { timeout: 30_000 }).toContain(`Open http://127.0.0.1:${port}/`)
    const lines = out.trim().split('\n')
    expect(lines[0]).toBe(
      'The Electron desktop binary is not installed and could not be downloaded (is this machine offline?), so SMLE Table is starting in browser mode instead.',
    )
    expect(err).not.toMatch(/\n\s+at /)
    await page.goto(`http://127.0.0.1:${port}/`)
    await page.waitForSelector('html[data-ready="true"]', { timeout: 60_000 })
  } finally {
    child.kill('SIGTERM')
  }
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  expect(code).toBe(0)
  expect(out).toContain('Stopping SMLE Table browser mode')
})
