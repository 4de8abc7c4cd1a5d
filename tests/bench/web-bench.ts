import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium'
import type { Figure } from './figures'

const root = join(import.meta.dirname, '..', '..')

/**
 * Browser mode from a cold start to the first frame: start `node out/main/web.js`,
 * open the page in Chromium (already running), wait for `data-ready`.
 */
export async function webFigures(runs = 3): Promise<Figure[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const ready: number[] = []
  const serverUp: number[] = []
  try {
    for (let i = 0; i < runs; i++) {
      const dataDir = await mkdtemp(join(tmpdir(), 'smle-bench-web-'))
      const t0 = performance.now()
      const child = spawn(process.execPath, ['out/main/web.js', '--port', '0', '--data-dir', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let out = ''
          child.stdout.on('data', (b: Buffer) => {
            out += String(b)
            const m = /ready at (http:\/\/\S+)/.exec(out)
            if (m?.[1]) resolve(m[1])
          })
          child.once('exit', (code) => reject(new Error(`web server exited (${code}) before it was ready`)))
        })
        serverUp.push(performance.now() - t0)
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
        await page.goto(url)
        await page.waitForSelector('html[data-ready="true"]', { timeout: 120_000 })
        ready.push(performance.now() - t0)
        await page.close()
      } finally {
        child.kill('SIGTERM')
        await new Promise((r) => child.once('exit', r))
        await rm(dataDir, { recursive: true, force: true })
      }
    }
  } finally {
    await browser.close()
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
  return [
    { name: 'web.readyMs', value: med(ready), unit: 'ms', note: `median of ${runs}: server spawn → first frame in Chromium (SwiftShader, no GPU)` },
    { name: 'web.serverStartMs', value: med(serverUp), unit: 'ms', note: `median of ${runs}: server spawn → "ready" printed` },
  ]
}
