import { type ChildProcessByStdio, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import WebSocket from 'ws'

const root = join(import.meta.dirname, '..', '..')

/** A browser-mode server started as its own process on a free port, with a fresh save folder. */
export interface WebProcess {
  readonly url: string
  readonly port: number
  stop(): Promise<void>
}

/** Starts `node out/main/web.js --port 0` and waits until it prints its address. */
export async function startWebProcess(): Promise<WebProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'smle-bench-web-'))
  const child: ChildProcessByStdio<null, Readable, Readable> = spawn(
    process.execPath,
    ['out/main/web.js', '--port', '0', '--data-dir', dataDir],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    await rm(dataDir, { recursive: true, force: true })
  }
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
    return { url, port: Number(new URL(url).port), stop }
  } catch (err) {
    await stop()
    throw err
  }
}

/** One request to a running host over its WebSocket. */
export async function hostRequest(port: number, channel: string, payload?: unknown): Promise<unknown> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`)
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  try {
    return await new Promise((resolve, reject) => {
      ws.on('message', (d) => {
        const msg = JSON.parse(String(d)) as {
          id?: number
          reply?: { ok: boolean; value?: unknown; error?: { message: string } }
        }
        if (msg.id !== 1) return
        if (msg.reply?.ok) resolve(msg.reply.value)
        else reject(new Error(msg.reply?.error?.message ?? 'request failed'))
      })
      ws.send(JSON.stringify({ id: 1, channel, payload }))
    })
  } finally {
    ws.close()
  }
}
