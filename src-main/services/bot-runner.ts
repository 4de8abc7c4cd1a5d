import { Worker } from 'node:worker_threads'
import { type BotRequest, createBotBrain } from '../../src-engine/ai/brain'

export type { BotRequest } from '../../src-engine/ai/brain'

/** Where the computer's decisions are worked out: answers with the command for the side asked, or rejects. */
export interface BotRunner {
  choose(request: BotRequest): Promise<unknown>
  close(): Promise<void>
}

/** The computer in the host's own thread (tests and tools; the app uses a worker thread). */
export function createLocalBotRunner(): BotRunner {
  const brain = createBotBrain()
  return {
    choose: (request) =>
      new Promise((resolve, reject) =>
        setImmediate(() => {
          try {
            resolve(brain.choose(request))
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)))
          }
        }),
      ),
    close: async () => undefined,
  }
}

/**
 * The computer in a worker thread (`bot-worker.ts`, built beside the host's
 * entry): the host's thread, and so every window and stream it serves, never
 * waits on a decision. One request at a time; a worker that dies is started
 * again for the next request.
 */
export function createWorkerBotRunner(workerPath: string, execArgv: readonly string[] = []): BotRunner {
  let worker: Worker | null = null
  let next = 1
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  const failAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err)
    waiting.clear()
  }
  const start = (): Worker => {
    if (worker) return worker
    const w = new Worker(workerPath, { execArgv: [...execArgv] })
    w.unref()
    w.on('message', (msg: { id: number; command?: unknown; error?: string }) => {
      const entry = waiting.get(msg.id)
      if (!entry) return
      waiting.delete(msg.id)
      if (msg.error !== undefined) entry.reject(new Error(msg.error))
      else entry.resolve(msg.command ?? null)
    })
    w.on('error', (err) => {
      worker = null
      failAll(err)
    })
    w.on('exit', (code) => {
      worker = null
      if (code !== 0) failAll(new Error(`The computer's worker stopped (exit code ${code}).`))
    })
    worker = w
    return w
  }
  return {
    choose(request) {
      const id = next++
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        start().postMessage({ id, request })
      })
    },
    async close() {
      const w = worker
      worker = null
      failAll(new Error('The computer was stopped.'))
      if (w) await w.terminate()
    },
  }
}

/** The worker, and this thread when the worker cannot be had (it could not start, or it died on a request). */
export function withFallback(first: BotRunner, second: BotRunner): BotRunner {
  let broken = false
  return {
    async choose(request) {
      if (!broken)
        try {
          return await first.choose(request)
        } catch (err) {
          if (!(err instanceof Error) || !/worker|stopped|Cannot find/i.test(err.message)) throw err
          broken = true
        }
      return second.choose(request)
    },
    async close() {
      await Promise.all([first.close(), second.close()])
    },
  }
}
