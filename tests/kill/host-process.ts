import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { WebSocket } from 'ws'

/** How the browser-mode host is started: the build (`out/main/web.js`) or the sources through tsx. */
export type HostLaunch = 'built' | 'source'

/** The command line that starts browser mode on `dataDir`, on a free port. */
export function hostCommand(root: string, launch: HostLaunch, dataDir: string): { command: string; args: string[] } {
  const args = ['--port', '0', '--data-dir', dataDir]
  if (launch === 'built') {
    const web = join(root, 'out', 'main', 'web.js')
    if (!existsSync(web)) throw new Error(`${web} does not exist: run npm run build first.`)
    return { command: process.execPath, args: [web, ...args] }
  }
  return { command: process.execPath, args: ['--import', 'tsx', join(root, 'src-main', 'web', 'cli.ts'), ...args] }
}

/** A running host process and its port (read from its "ready at" line). */
export interface HostProcess {
  readonly child: ChildProcess
  readonly port: number
  /** Everything it wrote to stderr so far. */
  stderr(): string
  /** SIGKILL, then waits for the process to be gone. */
  kill(): Promise<void>
}

export async function startHost(root: string, launch: HostLaunch, dataDir: string): Promise<HostProcess> {
  const { command, args } = hostCommand(root, launch, dataDir)
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stderr.on('data', (d: Buffer) => (err += d.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the host did not start within 60 s: ${err}`)), 60_000)
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /ready at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out)
      if (m) {
        clearTimeout(timer)
        resolve(Number(m[1]))
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the host exited (code ${code}) before it was ready: ${err}`))
    })
  })
  return {
    child,
    port,
    stderr: () => err,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
  }
}

/** Starts the host and kills it `afterMs` later, ready or not (a crash while it restores and compacts the autosave). */
export async function startAndKill(root: string, launch: HostLaunch, dataDir: string, afterMs: number): Promise<void> {
  const { command, args } = hostCommand(root, launch, dataDir)
  const child = spawn(command, args, { cwd: root, stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const timer = setTimeout(() => child.kill('SIGKILL'), afterMs)
  await exited
  clearTimeout(timer)
}

/** A WebSocket client in the hot seat: requests by channel, replies matched by id. */
export interface HostClient {
  /** Resolves with the reply (`{ ok, value }` or `{ ok: false, error }`); rejects when the connection is gone. */
  request(channel: string, payload?: unknown): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>
  close(): void
}

export async function connect(port: number): Promise<HostClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?seat=all`)
  const pending = new Map<number, { resolve: (r: never) => void; reject: (e: Error) => void }>()
  let nextId = 1
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data)) as { id?: number; reply?: never }
    if (typeof msg.id !== 'number' || !msg.reply) return
    const p = pending.get(msg.id)
    pending.delete(msg.id)
    p?.resolve(msg.reply)
  })
  const gone = (): void => {
    for (const p of pending.values()) p.reject(new Error('connection closed'))
    pending.clear()
  }
  ws.on('close', gone)
  ws.on('error', gone)
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return {
    request(channel, payload) {
      return new Promise((resolve, reject) => {
        if (ws.readyState !== ws.OPEN) return reject(new Error('connection closed'))
        const id = nextId++
        pending.set(id, { resolve, reject })
        ws.send(JSON.stringify(payload === undefined ? { id, channel } : { id, channel, payload }))
      })
    },
    close: () => ws.terminate(),
  }
}
