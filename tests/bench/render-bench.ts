import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import WebSocket from 'ws'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium'
import type { Figure } from './figures'

const root = join(import.meta.dirname, '..', '..')

async function request(port: number, channel: string, payload: unknown): Promise<void> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (d) => {
      const msg = JSON.parse(String(d)) as { id?: number; reply?: { ok: boolean; error?: { message: string } } }
      if (msg.id !== 1) return
      if (msg.reply?.ok) resolve()
      else reject(new Error(msg.reply?.error?.message ?? 'request failed'))
    })
    ws.send(JSON.stringify({ id: 1, channel, payload }))
  })
  ws.close()
}

/**
 * What drawing the table costs in browser mode (Chromium with SwiftShader: no
 * GPU, so frame time is only a relative figure): draw calls, triangles and
 * the mean time of a frame, on the largest built-in table.
 */
export async function renderFigures(): Promise<Figure[]> {
  const scenarioId = existsSync(join(root, 'assets', 'scenarios', 'reference-town.json')) ? 'reference-town' : 'farmhouse-skirmish'
  const dataDir = await mkdtemp(join(tmpdir(), 'smle-bench-render-'))
  const child = spawn(process.execPath, ['out/main/web.js', '--port', '0', '--data-dir', dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout.on('data', (b: Buffer) => {
        out += String(b)
        const m = /ready at (http:\/\/\S+)/.exec(out)
        if (m?.[1]) resolve(m[1])
      })
      child.once('exit', (code) => reject(new Error(`web server exited (${code})`)))
    })
    await request(Number(new URL(url).port), 'match:new', { scenarioId, seed: 1 })
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(url)
    await page.waitForSelector('html[data-ready="true"]', { timeout: 120_000 })
    const stats = await page.evaluate(() => window.smleInspect!.timeFrames(20))
    const note = `${scenarioId}, default camera, 1280×800`
    return [
      { name: 'render.drawCalls', value: stats.drawCalls, unit: 'calls', note },
      { name: 'render.triangles', value: stats.triangles, unit: 'tris', note },
      { name: 'render.frameMs', value: stats.meanMs, unit: 'ms', note: `${note}; mean of 20 frames in SwiftShader (CPU), relative figure only` },
    ]
  } finally {
    await browser.close()
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    await rm(dataDir, { recursive: true, force: true })
  }
}
